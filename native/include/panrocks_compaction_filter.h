/*
 * panrocks_compaction_filter.h - compaction filters (through their factory)
 * whose logic lives behind C function pointers; panrocks_callbacks.h says how
 * a callback reaches a DB (lifetime, threads, failure).
 * Part of the panrocks C ABI; include panrocks.h, which includes this
 * header. Its conventions apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_COMPACTION_FILTER_H
#define PANROCKS_COMPACTION_FILTER_H

/* ---- compaction filters ------------------------------------------------------ */

/* Why a filter is created: rocksdb::TableFileCreationReason. */
#define PANROCKS_FILTER_REASON_FLUSH 0
#define PANROCKS_FILTER_REASON_COMPACTION 1
#define PANROCKS_FILTER_REASON_RECOVERY 2
#define PANROCKS_FILTER_REASON_MISC 3

typedef struct panrocks_filter_context {
    int32_t is_full_compaction;
    int32_t is_manual_compaction;
    uint32_t column_family_id;
    int32_t reason;             /* PANROCKS_FILTER_REASON_* */
} panrocks_filter_context;

/* The decisions of a filter. */
#define PANROCKS_FILTER_KEEP 0
#define PANROCKS_FILTER_REMOVE 1
#define PANROCKS_FILTER_CHANGE_VALUE 2

/* What a filtered entry is. */
#define PANROCKS_VALUE_TYPE_VALUE 0
#define PANROCKS_VALUE_TYPE_MERGE_OPERAND 1

/* A filter for one compaction (called by one thread at a time): returns a
 * token > 0 that names it in the calls below, 0 for no filter, or
 * PANROCKS_UPCALL_FAILED (no filter). */
typedef int64_t (*panrocks_create_filter_fn)(void *context, const panrocks_filter_context *filter_context);

/* Decides one entry: PANROCKS_FILTER_KEEP, _REMOVE, or _CHANGE_VALUE with
 * the new value written to new_value (as a merge writes its result).
 * Anything else (PANROCKS_UPCALL_FAILED) keeps the entry. */
typedef int32_t (*panrocks_filter_fn)(void *context, int64_t filter, int32_t level, const char *key,
                                      size_t key_length, int32_t value_type, const char *value,
                                      size_t value_length, panrocks_result *new_value);

/* The compaction is over: the token is not used again. */
typedef void (*panrocks_release_filter_fn)(void *context, int64_t filter);

typedef struct panrocks_filter_factory_spec {
    const char *name;
    void *context;
    panrocks_create_filter_fn create_filter;
    panrocks_filter_fn filter;
    panrocks_release_filter_fn release_filter;
} panrocks_filter_factory_spec;

int32_t panrocks_filter_factory_create(const panrocks_filter_factory_spec *spec,
                                       panrocks_callback **callback_out, panrocks_error *error);

#endif /* PANROCKS_COMPACTION_FILTER_H */
