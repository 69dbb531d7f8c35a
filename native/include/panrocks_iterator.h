/*
 * panrocks_iterator.h - iterators: moves, bulk walks, range reads and
 * record-batch collection.
 * Part of the panrocks C ABI; include panrocks.h, which includes this
 * header. Its conventions apply here unchanged.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_ITERATOR_H
#define PANROCKS_ITERATOR_H

/* ---- iterators --------------------------------------------------------- */

/* An iterator over one column family. It owns a copy of its read options
 * (bounds included), so the spec may be freed after create. One thread at
 * a time; release before the DB closes. */
typedef struct panrocks_iterator panrocks_iterator;

/* Where an iterator stands after a move: key and value point into
 * RocksDB's memory and stay valid until the next move or destroy. */
typedef struct panrocks_iter_entry {
    const char *key;
    uint64_t key_size;
    const char *value;
    uint64_t value_size;
    int32_t valid;       /* 0: past either end, or failed (see status) */
    int32_t flags;       /* PANROCKS_ENTRY_*; 0 after a move */
} panrocks_iter_entry;

/* An entry of a bulk walk (panrocks_iterator_next_batch) whose value points
 * into memory the iterator keeps until it is destroyed, whatever its moves:
 * the iterator reads with pin_data, forward, on a family without a merge
 * operator, and the engine keeps this value pinned (not read from a blob
 * file). */
#define PANROCKS_ENTRY_VALUE_STAYS 1

int32_t panrocks_iterator_create(panrocks_db *db, panrocks_cf *cf,
                                 const panrocks_read_options_spec *spec,
                                 panrocks_iterator **iterator_out,
                                 panrocks_error *error);
void panrocks_iterator_destroy(panrocks_iterator *iterator);

/* Each move fills *entry with the new position in the same crossing and
 * returns PANROCKS_OK; a position past either end, or an engine error
 * (see panrocks_iterator_status), is an invalid entry, not a failure.
 * A move fails only when the engine threw (out of memory, say): then the
 * entry is not filled and the iterator is unusable, every later move and
 * walk failing the same way; destroy it. */
int32_t panrocks_iterator_seek_to_first(panrocks_iterator *iterator, panrocks_iter_entry *entry,
                                        panrocks_error *error);
int32_t panrocks_iterator_seek_to_last(panrocks_iterator *iterator, panrocks_iter_entry *entry,
                                       panrocks_error *error);
int32_t panrocks_iterator_seek(panrocks_iterator *iterator, const char *target, size_t target_length,
                               panrocks_iter_entry *entry, panrocks_error *error);
int32_t panrocks_iterator_seek_for_prev(panrocks_iterator *iterator, const char *target,
                                        size_t target_length, panrocks_iter_entry *entry,
                                        panrocks_error *error);
int32_t panrocks_iterator_next(panrocks_iterator *iterator, panrocks_iter_entry *entry,
                               panrocks_error *error);
int32_t panrocks_iterator_prev(panrocks_iterator *iterator, panrocks_iter_entry *entry,
                               panrocks_error *error);

/* The iterator's status: PANROCKS_OK while it is fine, even when invalid at an end. */
int32_t panrocks_iterator_status(panrocks_iterator *iterator, panrocks_error *error);

#define PANROCKS_FORWARD 0
#define PANROCKS_BACKWARD 1
/* A flag of panrocks_iterator_next_batch's direction (C ABI 18). */
#define PANROCKS_WALK_PAST_LAST 2

/* Iterator::Refresh: the iterator reads the DB as of now (snapshot NULL) or
 * as of snapshot (an engine before 8.x answers PANROCKS_NOT_SUPPORTED), and
 * stands on no entry: *entry is invalid until the next seek. Pointers of
 * earlier positions die. A failed iterator stays failed. */
int32_t panrocks_iterator_refresh(panrocks_iterator *iterator, const panrocks_snapshot *snapshot,
                                  panrocks_iter_entry *entry, panrocks_error *error);

/* The bulk walk: from the current position (after stepping once if
 * `step_first`), collects up to max_entries entries in one crossing,
 * moving in `direction`. Entries of at most copy_limit bytes (key + value)
 * are copied back to back into buffer while they fit in `capacity`; the walk
 * stops at the first entry that is larger or does not fit, or at the last
 * one allowed, and returns it uncopied with pointers into RocksDB's memory
 * (the iterator stays on it, so those pointers are valid until the next
 * move). Large values thus always travel zero-copy, small ones many per
 * crossing. Walking forward with pin_data, a value the engine keeps for the
 * iterator's life is not copied: its entry's key is (only the key counts
 * against copy_limit and capacity), its value points in place and its flags
 * hold PANROCKS_ENTRY_VALUE_STAYS. *count receives the number of entries
 * filled; 0 means the iterator is exhausted (or failed: see status).
 * With PANROCKS_WALK_PAST_LAST or'ed into direction, the last entry allowed
 * (max_entries) is copied like the others when it is small enough and fits,
 * and the iterator steps past it; an entry within copy_limit that no longer
 * fits in buffer, after one that did, is not returned: the walk stops before
 * it, the iterator on it. Then no entry of the batch points into memory the
 * iterator's next move may free (only a value flagged
 * PANROCKS_ENTRY_VALUE_STAYS stays in place, as ever). An entry over
 * copy_limit (or the first one, not fitting) still ends the batch in place,
 * the iterator on it; the caller tells the two apart by where the last
 * entry's key lies. */
int32_t panrocks_iterator_next_batch(panrocks_iterator *iterator, int32_t direction,
                                     int32_t step_first, size_t max_entries,
                                     size_t copy_limit, char *buffer, size_t capacity,
                                     panrocks_iter_entry *entries, size_t *count,
                                     panrocks_error *error);

/* A short range read in one crossing: an iterator over [lower, upper) of
 * cf (NULL: the default family) with options (NULL: the defaults; bounds
 * in options are ignored: lower or upper NULL means no bound on that side),
 * placed on the range's first entry (direction FORWARD) or last
 * (BACKWARD), then walked as panrocks_iterator_next_batch walks without
 * stepping first. max_entries must be positive. When the walk reaches the
 * end of the range, every entry filled was copied into buffer, the
 * iterator is already released and *iterator_out is NULL. Otherwise
 * *iterator_out is the iterator, standing on the last entry filled (go on
 * with next_batch, step_first = 1), for the caller to destroy. On failure
 * nothing is kept: *count is 0 and *iterator_out NULL. */
int32_t panrocks_iterator_walk_range(panrocks_db *db, panrocks_cf *cf,
                                     const panrocks_read_options *options,
                                     const char *lower, size_t lower_length,
                                     const char *upper, size_t upper_length,
                                     int32_t direction, size_t max_entries,
                                     size_t copy_limit, char *buffer, size_t capacity,
                                     panrocks_iter_entry *entries, size_t *count,
                                     panrocks_iterator **iterator_out,
                                     panrocks_error *error);

/* What a record-batch walk collected. */
typedef struct panrocks_collect_result {
    uint64_t count;   /* entries filled */
    uint64_t bytes;   /* sum of their key and value sizes */
    uint64_t used;    /* bytes of buffer the copies took */
    uint64_t needed;  /* on PANROCKS_INCOMPLETE: buffer room the next entry needs */
} panrocks_collect_result;

/* The record-batch walk: from the current position, collects up to
 * max_entries entries whose keys and values add up to at most max_bytes
 * (with take_first set, the first entry is taken even if it alone is
 * larger), stepping past each one taken. Keys are copied into buffer
 * (RocksDB delta-encodes them, so they do not stay put), each preceded by
 * key_headroom free bytes (room for a frame header). Values are returned in
 * place, without a copy, when they stay valid until the iterator is
 * destroyed: the iterator was created with pin_data = 1, its column family
 * has no merge operator (merged values are built per entry), and RocksDB
 * reports the entry's value pinned (not read from a blob file into the
 * iterator's buffer, which its next step reuses); otherwise they are copied
 * into buffer too.
 * Returns PANROCKS_OK when it stopped at max_entries, max_bytes or the end
 * of the range, and PANROCKS_INCOMPLETE when buffer cannot hold the next
 * entry's copies (result->needed says how much room they need; the entries
 * collected so far are valid): call again with more buffer to go on. */
int32_t panrocks_iterator_collect(panrocks_iterator *iterator, size_t max_entries,
                                  uint64_t max_bytes, int32_t take_first, size_t key_headroom,
                                  char *buffer, size_t capacity,
                                  panrocks_iter_entry *entries, panrocks_collect_result *result,
                                  panrocks_error *error);

#endif /* PANROCKS_ITERATOR_H */
