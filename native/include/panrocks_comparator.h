/*
 * panrocks_comparator.h - comparators whose logic lives behind C function
 * pointers; panrocks_callbacks.h says how a callback reaches a DB (lifetime,
 * threads, failure).
 * Part of the panrocks C ABI; include panrocks.h, which includes this
 * header. Its conventions apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_COMPARATOR_H
#define PANROCKS_COMPARATOR_H

/* ---- comparators ----------------------------------------------------------- */

/* Orders a before b: < 0, 0 or > 0 (or PANROCKS_UPCALL_FAILED). */
typedef int32_t (*panrocks_compare_fn)(void *context, const char *a, size_t a_length, const char *b,
                                       size_t b_length);

/* Shortens key: writes a shorter key into out (at most capacity bytes) and
 * returns its length, or returns -1 to keep key as it is (or
 * PANROCKS_UPCALL_FAILED). As a separator (limit not NULL, key < limit):
 * the result must be >= key and < limit. As a successor (limit NULL): the
 * result must be >= key. A result outside that range is ignored. */
typedef int64_t (*panrocks_shorten_fn)(void *context, const char *key, size_t key_length, const char *limit,
                                       size_t limit_length, char *out, size_t capacity);

typedef struct panrocks_comparator_spec {
    const char *name;                       /* persisted in the DB; checked at every open */
    void *context;
    panrocks_compare_fn compare;
    panrocks_shorten_fn shortest_separator; /* NULL: keys are never shortened */
    panrocks_shorten_fn short_successor;    /* NULL: keys are never shortened */
} panrocks_comparator_spec;

int32_t panrocks_comparator_create(const panrocks_comparator_spec *spec, panrocks_callback **callback_out,
                                   panrocks_error *error);

#endif /* PANROCKS_COMPARATOR_H */
