/*
 * panrocks_merge_operator.h - merge operators whose logic lives behind C
 * function pointers; panrocks_callbacks.h says how a callback reaches a DB
 * (lifetime, threads, failure).
 * Part of the panrocks C ABI; include panrocks.h, which includes this
 * header. Its conventions apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_MERGE_OPERATOR_H
#define PANROCKS_MERGE_OPERATOR_H

/* ---- merge operators -------------------------------------------------------- */

/* Full merge: the existing value (NULL when there is none) and the
 * operands, oldest first, into result. Returns 1 when merged, 0 when the
 * merge fails (or PANROCKS_UPCALL_FAILED). */
typedef int32_t (*panrocks_full_merge_fn)(void *context, const char *key, size_t key_length,
                                          const char *existing_value, size_t existing_length,
                                          const panrocks_slice *operands, size_t operand_count,
                                          panrocks_result *result);

/* Partial merge of two or more operands, oldest first, into one operand.
 * Returns 1 when merged, 0 when they cannot be combined (they are kept). */
typedef int32_t (*panrocks_partial_merge_fn)(void *context, const char *key, size_t key_length,
                                             const panrocks_slice *operands, size_t operand_count,
                                             panrocks_result *result);

/* One step of an associative operator: left (NULL when there is none: no
 * existing value) combined with right into result; the engine folds the
 * operands with it, and uses it for partial merges too.
 * PANROCKS_RESULT_EXISTING_VALUE names left as the result, 0 names right.
 * Returns 1 when merged, 0 when it fails. */
typedef int32_t (*panrocks_associative_merge_fn)(void *context, const char *key, size_t key_length,
                                                 const char *left, size_t left_length, const char *right,
                                                 size_t right_length, panrocks_result *result);

typedef struct panrocks_merge_operator_spec {
    const char *name;
    void *context;
    panrocks_full_merge_fn full_merge;               /* exactly one of full_merge */
    panrocks_associative_merge_fn associative_merge; /* and associative_merge */
    panrocks_partial_merge_fn partial_merge;         /* NULL: none (ignored when associative) */
    int32_t allow_single_operand;                    /* partial merge of one operand too */
    int32_t reserved;
} panrocks_merge_operator_spec;

int32_t panrocks_merge_operator_create(const panrocks_merge_operator_spec *spec,
                                       panrocks_callback **callback_out, panrocks_error *error);

#endif /* PANROCKS_MERGE_OPERATOR_H */
