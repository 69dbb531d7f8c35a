package io.panrocks;

import io.panrocks.internal.NativeDb;
import io.panrocks.internal.data.Reads;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.perf.ThreadCounters;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Map;

/**
 * RocksDB's {@code PerfContext} of one thread, as RocksJava's
 * {@code PerfContext}: what that thread's operations cost, counted as
 * {@link RocksDB#setPerfLevel(PerfLevel)} says (counts from
 * {@link PerfLevel#ENABLE_COUNT}, the engine's default, times from
 * {@link PerfLevel#ENABLE_TIME_EXCEPT_FOR_MUTEX}). Get it with
 * {@link RocksDB#getPerfContext()}.
 *
 * <h2>Threads</h2>
 * RocksDB keeps the context per thread, for every DB of the process: a
 * {@code PerfContext} shows the counters of the thread that got it, which
 * grow with that thread's operations on any DB until {@link #reset()}.
 * It is confined to that thread: on another, every getter and
 * {@link #reset()} throw {@link WrongThreadException} (get that thread's own
 * context there), and {@link #toString()} says whose it is. On a virtual
 * thread the counters are those of the carrier thread it runs on at each
 * call (RocksDB's {@code thread_local}), shared with the other virtual
 * threads of that carrier: measure on platform threads.
 *
 * <h2>Cost</h2>
 * A getter is one load from the context's memory: no native call, no
 * allocation. {@link #getCounters()} reads them all the same way.
 * {@link #toString(boolean)} and {@link #reset()} are one native call each.
 *
 * <h2>Closing</h2>
 * The context is the thread's and lives as long as it: {@link #close()}
 * releases nothing. It is a view of its DB, as RocksJava's is obtained
 * from one: once that DB is closed, getters and {@link #reset()} throw
 * {@link IllegalStateException}.
 */
public final class PerfContext implements AutoCloseable {
    /** RocksDB's names of the counters, in the order of its {@code PerfContextBase} (RocksDB 9.11.2, then those 10 and 11 added). */
    private static final String[] NAMES = {
            "user_key_comparison_count",
            "block_cache_hit_count",
            "block_read_count",
            "block_read_byte",
            "block_read_time",
            "block_read_cpu_time",
            "block_cache_index_hit_count",
            "block_cache_standalone_handle_count",
            "block_cache_real_handle_count",
            "index_block_read_count",
            "block_cache_filter_hit_count",
            "filter_block_read_count",
            "compression_dict_block_read_count",
            "block_cache_index_read_byte",
            "block_cache_filter_read_byte",
            "block_cache_compression_dict_read_byte",
            "block_cache_read_byte",
            "secondary_cache_hit_count",
            "compressed_sec_cache_insert_real_count",
            "compressed_sec_cache_insert_dummy_count",
            "compressed_sec_cache_uncompressed_bytes",
            "compressed_sec_cache_compressed_bytes",
            "block_checksum_time",
            "block_decompress_time",
            "block_decompress_count",
            "get_read_bytes",
            "multiget_read_bytes",
            "iter_read_bytes",
            "blob_cache_hit_count",
            "blob_cache_read_byte",
            "blob_read_count",
            "blob_read_byte",
            "blob_read_time",
            "blob_checksum_time",
            "blob_decompress_time",
            "internal_key_skipped_count",
            "internal_delete_skipped_count",
            "internal_recent_skipped_count",
            "internal_merge_count",
            "internal_merge_point_lookup_count",
            "internal_range_del_reseek_count",
            "get_snapshot_time",
            "get_from_memtable_time",
            "get_from_memtable_count",
            "get_post_process_time",
            "get_from_output_files_time",
            "seek_on_memtable_time",
            "seek_on_memtable_count",
            "next_on_memtable_count",
            "prev_on_memtable_count",
            "seek_child_seek_time",
            "seek_child_seek_count",
            "seek_min_heap_time",
            "seek_max_heap_time",
            "seek_internal_seek_time",
            "find_next_user_entry_time",
            "write_wal_time",
            "write_memtable_time",
            "write_delay_time",
            "write_scheduling_flushes_compactions_time",
            "write_pre_and_post_process_time",
            "write_thread_wait_nanos",
            "db_mutex_lock_nanos",
            "db_condition_wait_nanos",
            "merge_operator_time_nanos",
            "read_index_block_nanos",
            "read_filter_block_nanos",
            "new_table_block_iter_nanos",
            "new_table_iterator_nanos",
            "block_seek_nanos",
            "find_table_nanos",
            "bloom_memtable_hit_count",
            "bloom_memtable_miss_count",
            "bloom_sst_hit_count",
            "bloom_sst_miss_count",
            "key_lock_wait_time",
            "key_lock_wait_count",
            "env_new_sequential_file_nanos",
            "env_new_random_access_file_nanos",
            "env_new_writable_file_nanos",
            "env_reuse_writable_file_nanos",
            "env_new_random_rw_file_nanos",
            "env_new_directory_nanos",
            "env_file_exists_nanos",
            "env_get_children_nanos",
            "env_get_children_file_attributes_nanos",
            "env_delete_file_nanos",
            "env_create_dir_nanos",
            "env_create_dir_if_missing_nanos",
            "env_delete_dir_nanos",
            "env_get_file_size_nanos",
            "env_get_file_modification_time_nanos",
            "env_rename_file_nanos",
            "env_link_file_nanos",
            "env_lock_file_nanos",
            "env_unlock_file_nanos",
            "env_new_logger_nanos",
            "get_cpu_nanos",
            "iter_next_cpu_nanos",
            "iter_prev_cpu_nanos",
            "iter_seek_cpu_nanos",
            "iter_next_count",
            "iter_prev_count",
            "iter_seek_count",
            "encrypt_data_nanos",
            "decrypt_data_nanos",
            "number_async_seek",
            "file_ingestion_nanos",
            "file_ingestion_blocking_live_writes_nanos",
            "data_block_read_byte",
            "index_block_read_byte",
            "filter_block_read_byte",
            "compression_dict_block_read_byte",
            "metadata_block_read_byte",
            "multiscan_prepare_count",
            "multiscan_blocks_prefetched",
            "multiscan_blocks_from_cache",
            "multiscan_prefetch_bytes",
            "multiscan_io_requests",
            "multiscan_io_coalesced_nonadjacent",
    };

    /** The per-level counters' count, in the order {@link ByLevel}'s components list them. */
    private static final int LEVEL_COUNTERS = panrocks_h.PANROCKS_PERF_LEVEL_COUNTERS();

    private final ThreadCounters counters;

    /** The calling thread's context (inside a check that db is open). */
    PerfContext(NativeDb db) {
        this.counters = new ThreadCounters(db, ThreadCounters.PERF, "PerfContext", NAMES);
    }

    /**
     * Sets every counter of this thread's context back to zero (the per-level
     * counters too; per-level counting stays as it was).
     *
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public void reset() {
        counters.reset();
    }

    /**
     * The {@code user_key_comparison_count} counter: user key comparisons (counted from ENABLE_COUNT).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getUserKeyComparisonCount() {
        return counters.read(0);
    }

    /**
     * The {@code block_cache_hit_count} counter: block cache hits.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlockCacheHitCount() {
        return counters.read(1);
    }

    /**
     * The {@code block_read_count} counter: block reads (with IO).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlockReadCount() {
        return counters.read(2);
    }

    /**
     * The {@code block_read_byte} counter: bytes from block reads.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlockReadByte() {
        return counters.read(3);
    }

    /**
     * The {@code block_read_time} counter: nanoseconds spent on block reads.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlockReadTime() {
        return counters.read(4);
    }

    /**
     * The {@code block_read_cpu_time} counter: CPU nanoseconds spent on block reads.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlockReadCpuTime() {
        return counters.read(5);
    }

    /**
     * The {@code block_cache_index_hit_count} counter: index block hits.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlockCacheIndexHitCount() {
        return counters.read(6);
    }

    /**
     * The {@code block_cache_standalone_handle_count} counter: standalone handles looked up from the secondary cache.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlockCacheStandaloneHandleCount() {
        return counters.read(7);
    }

    /**
     * The {@code block_cache_real_handle_count} counter: real handles looked up from the secondary cache and inserted into the primary cache.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlockCacheRealHandleCount() {
        return counters.read(8);
    }

    /**
     * The {@code index_block_read_count} counter: index block reads.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getIndexBlockReadCount() {
        return counters.read(9);
    }

    /**
     * The {@code block_cache_filter_hit_count} counter: filter block hits.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlockCacheFilterHitCount() {
        return counters.read(10);
    }

    /**
     * The {@code filter_block_read_count} counter: filter block reads.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getFilterBlockReadCount() {
        return counters.read(11);
    }

    /**
     * The {@code compression_dict_block_read_count} counter: compression dictionary block reads.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getCompressionDictBlockReadCount() {
        return counters.read(12);
    }

    /**
     * The {@code block_cache_index_read_byte} counter: bytes of index blocks read from the block cache.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlockCacheIndexReadByte() {
        return counters.read(13);
    }

    /**
     * The {@code block_cache_filter_read_byte} counter: bytes of filter blocks read from the block cache.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlockCacheFilterReadByte() {
        return counters.read(14);
    }

    /**
     * The {@code block_cache_compression_dict_read_byte} counter: bytes of compression dictionary blocks read from the block cache.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlockCacheCompressionDictReadByte() {
        return counters.read(15);
    }

    /**
     * The {@code block_cache_read_byte} counter: bytes read from the block cache.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlockCacheReadByte() {
        return counters.read(16);
    }

    /**
     * The {@code secondary_cache_hit_count} counter: secondary cache hits.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getSecondaryCacheHitCount() {
        return counters.read(17);
    }

    /**
     * The {@code compressed_sec_cache_insert_real_count} counter: real handles inserted into the compressed secondary cache.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getCompressedSecCacheInsertRealCount() {
        return counters.read(18);
    }

    /**
     * The {@code compressed_sec_cache_insert_dummy_count} counter: dummy handles inserted into the compressed secondary cache.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getCompressedSecCacheInsertDummyCount() {
        return counters.read(19);
    }

    /**
     * The {@code compressed_sec_cache_uncompressed_bytes} counter: bytes of values before compression in the compressed secondary cache.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getCompressedSecCacheUncompressedBytes() {
        return counters.read(20);
    }

    /**
     * The {@code compressed_sec_cache_compressed_bytes} counter: bytes of values after compression in the compressed secondary cache.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getCompressedSecCacheCompressedBytes() {
        return counters.read(21);
    }

    /**
     * The {@code block_checksum_time} counter: nanoseconds spent on block checksums.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlockChecksumTime() {
        return counters.read(22);
    }

    /**
     * The {@code block_decompress_time} counter: nanoseconds spent on block decompression.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlockDecompressTime() {
        return counters.read(23);
    }

    /**
     * The {@code get_read_bytes} counter: bytes of values returned by gets.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getReadBytes() {
        return counters.read(25);
    }

    /**
     * The {@code multiget_read_bytes} counter: bytes of values returned by MultiGet.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getMultigetReadBytes() {
        return counters.read(26);
    }

    /**
     * The {@code iter_read_bytes} counter: bytes of keys and values decoded by iterators.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getIterReadBytes() {
        return counters.read(27);
    }

    /**
     * The {@code blob_cache_hit_count} counter: blob cache hits.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlobCacheHitCount() {
        return counters.read(28);
    }

    /**
     * The {@code block_decompress_count} counter: blocks decompressed (RocksDB 10 and later).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlockDecompressCount() {
        return counters.read(24);
    }

    /**
     * The {@code blob_cache_read_byte} counter: bytes read from the blob cache (RocksJava 11's getter) (RocksDB 10 and later).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlobCacheReadByte() {
        return counters.read(29);
    }

    /**
     * The {@code data_block_read_byte} counter: bytes of data blocks read (RocksDB 10 and later).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getDataBlockReadByte() {
        return counters.read(109);
    }

    /**
     * The {@code index_block_read_byte} counter: bytes of index blocks read (RocksDB 10 and later).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getIndexBlockReadByte() {
        return counters.read(110);
    }

    /**
     * The {@code filter_block_read_byte} counter: bytes of filter blocks read (RocksDB 10 and later).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getFilterBlockReadByte() {
        return counters.read(111);
    }

    /**
     * The {@code compression_dict_block_read_byte} counter: bytes of compression dictionary blocks read (RocksDB 10 and later).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getCompressionDictBlockReadByte() {
        return counters.read(112);
    }

    /**
     * The {@code metadata_block_read_byte} counter: bytes of other metadata blocks read (RocksDB 10 and later).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getMetadataBlockReadByte() {
        return counters.read(113);
    }

    /**
     * The {@code multiscan_prepare_count} counter: multi-scan Prepare() calls (RocksDB 10 and later).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getMultiscanPrepareCount() {
        return counters.read(114);
    }

    /**
     * The {@code multiscan_blocks_prefetched} counter: blocks a multi-scan prefetched (RocksDB 10 and later).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getMultiscanBlocksPrefetched() {
        return counters.read(115);
    }

    /**
     * The {@code multiscan_blocks_from_cache} counter: blocks a multi-scan found in the cache (RocksDB 10 and later).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getMultiscanBlocksFromCache() {
        return counters.read(116);
    }

    /**
     * The {@code multiscan_prefetch_bytes} counter: bytes a multi-scan prefetched (RocksDB 10 and later).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getMultiscanPrefetchBytes() {
        return counters.read(117);
    }

    /**
     * The {@code multiscan_io_requests} counter: I/O requests of multi-scans (RocksDB 10 and later).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getMultiscanIoRequests() {
        return counters.read(118);
    }

    /**
     * The {@code multiscan_io_coalesced_nonadjacent} counter: non-adjacent blocks a multi-scan read in one request (RocksDB 10 and later).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getMultiscanIoCoalescedNonadjacent() {
        return counters.read(119);
    }

    /**
     * The {@code blob_read_count} counter: blob reads (with IO).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlobReadCount() {
        return counters.read(30);
    }

    /**
     * The {@code blob_read_byte} counter: bytes from blob reads.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlobReadByte() {
        return counters.read(31);
    }

    /**
     * The {@code blob_read_time} counter: nanoseconds spent on blob reads.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlobReadTime() {
        return counters.read(32);
    }

    /**
     * The {@code blob_checksum_time} counter: nanoseconds spent on blob checksums.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlobChecksumTime() {
        return counters.read(33);
    }

    /**
     * The {@code blob_decompress_time} counter: nanoseconds spent on blob decompression.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlobDecompressTime() {
        return counters.read(34);
    }

    /**
     * The {@code internal_key_skipped_count} counter: internal keys iterators skipped over (overwritten or deleted entries, and the previous key on each next()).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getInternalKeySkippedCount() {
        return counters.read(35);
    }

    /**
     * The {@code internal_delete_skipped_count} counter: deletes and single deletes iterators skipped over.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getInternalDeleteSkippedCount() {
        return counters.read(36);
    }

    /**
     * The {@code internal_recent_skipped_count} counter: internal keys iterators skipped because they are newer than their snapshot.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getInternalRecentSkippedCount() {
        return counters.read(37);
    }

    /**
     * The {@code internal_merge_count} counter: merge operands iterators fed to the merge operator (base values not counted).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getInternalMergeCount() {
        return counters.read(38);
    }

    /**
     * The {@code internal_merge_point_lookup_count} counter: merge operands point lookups fed to the merge operator (base values not counted).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getInternalMergePointLookupCount() {
        return counters.read(39);
    }

    /**
     * The {@code internal_range_del_reseek_count} counter: reseeks inside a merging iterator to skip a range covered by a range deletion.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getInternalRangeDelReseekCount() {
        return counters.read(40);
    }

    /**
     * The {@code get_snapshot_time} counter: nanoseconds spent getting snapshots.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getSnapshotTime() {
        return counters.read(41);
    }

    /**
     * The {@code get_from_memtable_time} counter: nanoseconds spent querying memtables.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getFromMemtableTime() {
        return counters.read(42);
    }

    /**
     * The {@code get_from_memtable_count} counter: memtables queried.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getFromMemtableCount() {
        return counters.read(43);
    }

    /**
     * The {@code get_post_process_time} counter: nanoseconds spent after a get found its key.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getPostProcessTime() {
        return counters.read(44);
    }

    /**
     * The {@code get_from_output_files_time} counter: nanoseconds spent reading from SST files.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getFromOutputFilesTime() {
        return counters.read(45);
    }

    /**
     * The {@code seek_on_memtable_time} counter: nanoseconds spent seeking memtables.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getSeekOnMemtableTime() {
        return counters.read(46);
    }

    /**
     * The {@code seek_on_memtable_count} counter: seeks issued on memtables (seekForPrev included, seekToFirst and seekToLast not).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getSeekOnMemtableCount() {
        return counters.read(47);
    }

    /**
     * The {@code next_on_memtable_count} counter: next() calls issued on memtables.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getNextOnMemtableCount() {
        return counters.read(48);
    }

    /**
     * The {@code prev_on_memtable_count} counter: prev() calls issued on memtables.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getPrevOnMemtableCount() {
        return counters.read(49);
    }

    /**
     * The {@code seek_child_seek_time} counter: nanoseconds spent seeking child iterators.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getSeekChildSeekTime() {
        return counters.read(50);
    }

    /**
     * The {@code seek_child_seek_count} counter: seeks issued on child iterators.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getSeekChildSeekCount() {
        return counters.read(51);
    }

    /**
     * The {@code seek_min_heap_time} counter: nanoseconds spent on the merge min heap.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getSeekMinHeapTime() {
        return counters.read(52);
    }

    /**
     * The {@code seek_max_heap_time} counter: nanoseconds spent on the merge max heap.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getSeekMaxHeapTime() {
        return counters.read(53);
    }

    /**
     * The {@code seek_internal_seek_time} counter: nanoseconds spent seeking internal entries.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getSeekInternalSeekTime() {
        return counters.read(54);
    }

    /**
     * The {@code find_next_user_entry_time} counter: nanoseconds spent iterating internal entries to find the next user entry.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getFindNextUserEntryTime() {
        return counters.read(55);
    }

    /**
     * The {@code write_wal_time} counter: nanoseconds spent writing to the WAL.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getWriteWalTime() {
        return counters.read(56);
    }

    /**
     * The {@code write_memtable_time} counter: nanoseconds spent writing to memtables.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getWriteMemtableTime() {
        return counters.read(57);
    }

    /**
     * The {@code write_delay_time} counter: nanoseconds spent delaying or throttling writes.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getWriteDelayTime() {
        return counters.read(58);
    }

    /**
     * The {@code write_scheduling_flushes_compactions_time} counter: nanoseconds spent switching memtables and WALs and scheduling flushes and compactions.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getWriteSchedulingFlushesCompactionsTime() {
        return counters.read(59);
    }

    /**
     * The {@code write_pre_and_post_process_time} counter: nanoseconds spent writing a record, apart from the four above.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getWritePreAndPostProcessTime() {
        return counters.read(60);
    }

    /**
     * The {@code write_thread_wait_nanos} counter: nanoseconds spent waiting for other threads of the write group.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getWriteThreadWaitNanos() {
        return counters.read(61);
    }

    /**
     * The {@code db_mutex_lock_nanos} counter: nanoseconds spent acquiring the DB mutex (counted at ENABLE_TIME only).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getDbMutexLockNanos() {
        return counters.read(62);
    }

    /**
     * The {@code db_condition_wait_nanos} counter: nanoseconds spent waiting on a condition variable of the DB mutex (counted at ENABLE_TIME only).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getDbConditionWaitNanos() {
        return counters.read(63);
    }

    /**
     * The {@code merge_operator_time_nanos} counter: nanoseconds spent in the merge operator.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getMergeOperatorTimeNanos() {
        return counters.read(64);
    }

    /**
     * The {@code read_index_block_nanos} counter: nanoseconds spent reading index blocks from the block cache or SST files.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getReadIndexBlockNanos() {
        return counters.read(65);
    }

    /**
     * The {@code read_filter_block_nanos} counter: nanoseconds spent reading filter blocks from the block cache or SST files.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getReadFilterBlockNanos() {
        return counters.read(66);
    }

    /**
     * The {@code new_table_block_iter_nanos} counter: nanoseconds spent creating data block iterators.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getNewTableBlockIterNanos() {
        return counters.read(67);
    }

    /**
     * The {@code new_table_iterator_nanos} counter: nanoseconds spent creating iterators of SST files.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getNewTableIteratorNanos() {
        return counters.read(68);
    }

    /**
     * The {@code block_seek_nanos} counter: nanoseconds spent seeking a key in data and index blocks.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBlockSeekNanos() {
        return counters.read(69);
    }

    /**
     * The {@code find_table_nanos} counter: nanoseconds spent finding or creating table readers.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getFindTableNanos() {
        return counters.read(70);
    }

    /**
     * The {@code bloom_memtable_hit_count} counter: memtable bloom filter hits.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBloomMemtableHitCount() {
        return counters.read(71);
    }

    /**
     * The {@code bloom_memtable_miss_count} counter: memtable bloom filter misses.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBloomMemtableMissCount() {
        return counters.read(72);
    }

    /**
     * The {@code bloom_sst_hit_count} counter: SST bloom filter hits.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBloomSstHitCount() {
        return counters.read(73);
    }

    /**
     * The {@code bloom_sst_miss_count} counter: SST bloom filter misses.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBloomSstMissCount() {
        return counters.read(74);
    }

    /**
     * The {@code key_lock_wait_time} counter: nanoseconds spent waiting for key locks in a transaction DB's lock manager.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getKeyLockWaitTime() {
        return counters.read(75);
    }

    /**
     * The {@code key_lock_wait_count} counter: times acquiring a key lock was blocked by another transaction.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getKeyLockWaitCount() {
        return counters.read(76);
    }

    /**
     * The {@code env_new_sequential_file_nanos} counter: nanoseconds in Env::NewSequentialFile (counted only with a TimedEnv).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getEnvNewSequentialFileNanos() {
        return counters.read(77);
    }

    /**
     * The {@code env_new_random_access_file_nanos} counter: nanoseconds in Env::NewRandomAccessFile (counted only with a TimedEnv).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getEnvNewRandomAccessFileNanos() {
        return counters.read(78);
    }

    /**
     * The {@code env_new_writable_file_nanos} counter: nanoseconds in Env::NewWritableFile (counted only with a TimedEnv).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getEnvNewWritableFileNanos() {
        return counters.read(79);
    }

    /**
     * The {@code env_reuse_writable_file_nanos} counter: nanoseconds in Env::ReuseWritableFile (counted only with a TimedEnv).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getEnvReuseWritableFileNanos() {
        return counters.read(80);
    }

    /**
     * The {@code env_new_random_rw_file_nanos} counter: nanoseconds in Env::NewRandomRWFile (counted only with a TimedEnv).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getEnvNewRandomRwFileNanos() {
        return counters.read(81);
    }

    /**
     * The {@code env_new_directory_nanos} counter: nanoseconds in Env::NewDirectory (counted only with a TimedEnv).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getEnvNewDirectoryNanos() {
        return counters.read(82);
    }

    /**
     * The {@code env_file_exists_nanos} counter: nanoseconds in Env::FileExists (counted only with a TimedEnv).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getEnvFileExistsNanos() {
        return counters.read(83);
    }

    /**
     * The {@code env_get_children_nanos} counter: nanoseconds in Env::GetChildren (counted only with a TimedEnv).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getEnvGetChildrenNanos() {
        return counters.read(84);
    }

    /**
     * The {@code env_get_children_file_attributes_nanos} counter: nanoseconds in Env::GetChildrenFileAttributes (counted only with a TimedEnv).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getEnvGetChildrenFileAttributesNanos() {
        return counters.read(85);
    }

    /**
     * The {@code env_delete_file_nanos} counter: nanoseconds in Env::DeleteFile (counted only with a TimedEnv).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getEnvDeleteFileNanos() {
        return counters.read(86);
    }

    /**
     * The {@code env_create_dir_nanos} counter: nanoseconds in Env::CreateDir (counted only with a TimedEnv).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getEnvCreateDirNanos() {
        return counters.read(87);
    }

    /**
     * The {@code env_create_dir_if_missing_nanos} counter: nanoseconds in Env::CreateDirIfMissing (counted only with a TimedEnv).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getEnvCreateDirIfMissingNanos() {
        return counters.read(88);
    }

    /**
     * The {@code env_delete_dir_nanos} counter: nanoseconds in Env::DeleteDir (counted only with a TimedEnv).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getEnvDeleteDirNanos() {
        return counters.read(89);
    }

    /**
     * The {@code env_get_file_size_nanos} counter: nanoseconds in Env::GetFileSize (counted only with a TimedEnv).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getEnvGetFileSizeNanos() {
        return counters.read(90);
    }

    /**
     * The {@code env_get_file_modification_time_nanos} counter: nanoseconds in Env::GetFileModificationTime (counted only with a TimedEnv).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getEnvGetFileModificationTimeNanos() {
        return counters.read(91);
    }

    /**
     * The {@code env_rename_file_nanos} counter: nanoseconds in Env::RenameFile (counted only with a TimedEnv).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getEnvRenameFileNanos() {
        return counters.read(92);
    }

    /**
     * The {@code env_link_file_nanos} counter: nanoseconds in Env::LinkFile (counted only with a TimedEnv).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getEnvLinkFileNanos() {
        return counters.read(93);
    }

    /**
     * The {@code env_lock_file_nanos} counter: nanoseconds in Env::LockFile (counted only with a TimedEnv).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getEnvLockFileNanos() {
        return counters.read(94);
    }

    /**
     * The {@code env_unlock_file_nanos} counter: nanoseconds in Env::UnlockFile (counted only with a TimedEnv).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getEnvUnlockFileNanos() {
        return counters.read(95);
    }

    /**
     * The {@code env_new_logger_nanos} counter: nanoseconds in Env::NewLogger (counted only with a TimedEnv).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getEnvNewLoggerNanos() {
        return counters.read(96);
    }

    /**
     * The {@code get_cpu_nanos} counter: CPU nanoseconds spent in gets.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getGetCpuNanos() {
        return counters.read(97);
    }

    /**
     * The {@code iter_next_cpu_nanos} counter: CPU nanoseconds spent in iterators' next().
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getIterNextCpuNanos() {
        return counters.read(98);
    }

    /**
     * The {@code iter_prev_cpu_nanos} counter: CPU nanoseconds spent in iterators' prev().
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getIterPrevCpuNanos() {
        return counters.read(99);
    }

    /**
     * The {@code iter_seek_cpu_nanos} counter: CPU nanoseconds spent in iterators' seeks.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getIterSeekCpuNanos() {
        return counters.read(100);
    }

    /**
     * The {@code iter_next_count} counter: iterators' next() calls.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getIterNextCount() {
        return counters.read(101);
    }

    /**
     * The {@code iter_prev_count} counter: iterators' prev() calls.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getIterPrevCount() {
        return counters.read(102);
    }

    /**
     * The {@code iter_seek_count} counter: iterators' seeks.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getIterSeekCount() {
        return counters.read(103);
    }

    /**
     * The {@code encrypt_data_nanos} counter: nanoseconds spent encrypting data (with an encrypted Env).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getEncryptDataNanos() {
        return counters.read(104);
    }

    /**
     * The {@code decrypt_data_nanos} counter: nanoseconds spent decrypting data (with an encrypted Env).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getDecryptDataNanos() {
        return counters.read(105);
    }

    /**
     * The {@code number_async_seek} counter: asynchronous seeks.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getNumberAsyncSeek() {
        return counters.read(106);
    }

    /**
     * The {@code file_ingestion_nanos} counter: nanoseconds spent ingesting external files.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getFileIngestionNanos() {
        return counters.read(107);
    }

    /**
     * The {@code file_ingestion_blocking_live_writes_nanos} counter: nanoseconds an ingestion of external files blocked live writes.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getFileIngestionBlockingLiveWritesNanos() {
        return counters.read(108);
    }

    /**
     * Every counter this engine has, by RocksDB's name ({@code "block_read_count"}), in the
     * order of RocksDB's struct: the values the getters return, read at once (a counter
     * of a newer engine, whose getter reads 0 here, is left out).
     *
     * @return a new map of the counters
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public Map<String, Long> getCounters() {
        return counters.all();
    }

    // ---- per LSM level (RocksDB's EnablePerLevelPerfContext) ----------------------------------

    /**
     * Starts counting reads of SST files per LSM level too (bloom filter
     * use, keys returned, block cache hits and misses), on this thread: off
     * by default, since every read then updates a map of levels. As
     * RocksDB's {@code EnablePerLevelPerfContext()}.
     *
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public void enablePerLevelPerfContext() {
        perLevel(1);
    }

    /**
     * Stops counting per level; the counts so far stay readable.
     *
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public void disablePerLevelPerfContext() {
        perLevel(0);
    }

    /**
     * Drops every per-level count (and stops counting per level), as
     * RocksDB's {@code ClearPerLevelPerfContext()}.
     *
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public void clearPerLevelPerfContext() {
        perLevel(-1);
    }

    private void perLevel(int enable) {
        counters.check();
        // cannot fail for these arguments (the engine's calls allocate at most a map): no error record needed
        int rc = panrocks_h.panrocks_perf_per_level(enable, MemorySegment.NULL);
        if (rc != 0) throw new IllegalStateException("PerfContext: per-level counting failed with status " + rc);
    }

    /**
     * The per-level counters of one LSM level on this thread, counted while
     * {@link #enablePerLevelPerfContext()} was on.
     *
     * @param level the LSM level, from 0
     * @return its counters, or {@code null} if nothing was counted at that level
     * @throws IllegalArgumentException if level is negative
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public ByLevel getLevelPerfContext(int level) {
        if (level < 0) throw new IllegalArgumentException("level must be >= 0, got " + level);
        counters.check();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.JAVA_LONG, LEVEL_COUNTERS);
            int rc = panrocks_h.panrocks_perf_level_counters(level, out, MemorySegment.NULL);
            if (rc == Reads.NOT_FOUND) return null;
            if (rc != 0) throw new IllegalStateException("PerfContext: reading level " + level + " failed with status " + rc);
            long[] c = out.toArray(ValueLayout.JAVA_LONG);
            return new ByLevel(c[0], c[1], c[2], c[3], c[4], c[5], c[6]);
        }
    }

    /**
     * One LSM level's counters, as RocksDB's {@code PerfContextByLevel}.
     *
     * @param bloomFilterUseful reads the bloom filter ruled out
     * @param bloomFilterFullPositive reads the full bloom filter let through
     * @param bloomFilterFullTruePositive of those, reads that found the key
     * @param userKeyReturnCount keys returned from this level
     * @param getFromTableNanos nanoseconds gets spent in this level's files
     * @param blockCacheHitCount block cache hits
     * @param blockCacheMissCount block cache misses
     */
    public record ByLevel(long bloomFilterUseful, long bloomFilterFullPositive, long bloomFilterFullTruePositive,
                          long userKeyReturnCount, long getFromTableNanos, long blockCacheHitCount,
                          long blockCacheMissCount) {
    }

    // ---- text and lifetime ------------------------------------------------------------------------------

    /**
     * As RocksJava: {@link #toString(boolean) toString(true)}, the counters
     * that are not zero.
     *
     * @return the text
     */
    @Override
    public String toString() {
        return toString(true);
    }

    /**
     * The counters as RocksDB prints them ({@code "user_key_comparison_count
     * = 3, block_cache_hit_count = 1, ..."}, then the per-level ones while
     * per-level counting is on); on another thread, or once the DB is
     * closed, a note saying so (never an exception).
     *
     * @param excludeZeroCounters whether to leave out the counters at zero
     * @return the text
     */
    public String toString(boolean excludeZeroCounters) {
        return counters.text(excludeZeroCounters);
    }

    /** Nothing to release: the context belongs to its thread and lives as long as it. Idempotent. */
    @Override
    public void close() {
        // the engine's thread_local: nothing of it is ours to free
    }
}
