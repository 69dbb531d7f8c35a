package io.panrocks;

/**
 * RocksDB's histograms, named as RocksDB names them, as RocksJava's
 * {@code HistogramType}: those of RocksDB 7.8.3 (generated from its
 * {@code rocksdb::HistogramsNameMap}), then those RocksDB 10 and 11 added
 * (from 11.8.1's name map and RocksJava 11.8.1's constants), then RocksJava's
 * own constant names where they differ from RocksDB's. Looked up by name
 * (see {@link TickerType}); one the running engine does not know reads as
 * null through {@link Statistics#getHistogramData}.
 */
public enum HistogramType {
    /** RocksDB's histogram {@code rocksdb.db.get.micros}. */
    DB_GET_MICROS("rocksdb.db.get.micros"),
    /** RocksDB's histogram {@code rocksdb.db.write.micros}. */
    DB_WRITE_MICROS("rocksdb.db.write.micros"),
    /** RocksDB's histogram {@code rocksdb.compaction.times.micros}. */
    COMPACTION_TIMES_MICROS("rocksdb.compaction.times.micros"),
    /** RocksDB's histogram {@code rocksdb.compaction.times.cpu_micros}. */
    COMPACTION_TIMES_CPU_MICROS("rocksdb.compaction.times.cpu_micros"),
    /** RocksDB's histogram {@code rocksdb.subcompaction.setup.times.micros}. */
    SUBCOMPACTION_SETUP_TIMES_MICROS("rocksdb.subcompaction.setup.times.micros"),
    /** RocksDB's histogram {@code rocksdb.table.sync.micros}. */
    TABLE_SYNC_MICROS("rocksdb.table.sync.micros"),
    /** RocksDB's histogram {@code rocksdb.compaction.outfile.sync.micros}. */
    COMPACTION_OUTFILE_SYNC_MICROS("rocksdb.compaction.outfile.sync.micros"),
    /** RocksDB's histogram {@code rocksdb.wal.file.sync.micros}. */
    WAL_FILE_SYNC_MICROS("rocksdb.wal.file.sync.micros"),
    /** RocksDB's histogram {@code rocksdb.manifest.file.sync.micros}. */
    MANIFEST_FILE_SYNC_MICROS("rocksdb.manifest.file.sync.micros"),
    /** RocksDB's histogram {@code rocksdb.table.open.io.micros}. */
    TABLE_OPEN_IO_MICROS("rocksdb.table.open.io.micros"),
    /** RocksDB's histogram {@code rocksdb.db.multiget.micros}. */
    DB_MULTIGET_MICROS("rocksdb.db.multiget.micros"),
    /** RocksDB's histogram {@code rocksdb.read.block.compaction.micros}. */
    READ_BLOCK_COMPACTION_MICROS("rocksdb.read.block.compaction.micros"),
    /** RocksDB's histogram {@code rocksdb.read.block.get.micros}. */
    READ_BLOCK_GET_MICROS("rocksdb.read.block.get.micros"),
    /** RocksDB's histogram {@code rocksdb.write.raw.block.micros}. */
    WRITE_RAW_BLOCK_MICROS("rocksdb.write.raw.block.micros"),
    /** RocksDB's histogram {@code rocksdb.l0.slowdown.count}. */
    L0_SLOWDOWN_COUNT("rocksdb.l0.slowdown.count"),
    /** RocksDB's histogram {@code rocksdb.memtable.compaction.count}. */
    MEMTABLE_COMPACTION_COUNT("rocksdb.memtable.compaction.count"),
    /** RocksDB's histogram {@code rocksdb.num.files.stall.count}. */
    NUM_FILES_STALL_COUNT("rocksdb.num.files.stall.count"),
    /** RocksDB's histogram {@code rocksdb.hard.rate.limit.delay.count}. */
    HARD_RATE_LIMIT_DELAY_COUNT("rocksdb.hard.rate.limit.delay.count"),
    /** RocksDB's histogram {@code rocksdb.soft.rate.limit.delay.count}. */
    SOFT_RATE_LIMIT_DELAY_COUNT("rocksdb.soft.rate.limit.delay.count"),
    /** RocksDB's histogram {@code rocksdb.numfiles.in.singlecompaction}. */
    NUMFILES_IN_SINGLECOMPACTION("rocksdb.numfiles.in.singlecompaction"),
    /** RocksDB's histogram {@code rocksdb.db.seek.micros}. */
    DB_SEEK_MICROS("rocksdb.db.seek.micros"),
    /** RocksDB's histogram {@code rocksdb.db.write.stall}. */
    DB_WRITE_STALL("rocksdb.db.write.stall"),
    /** RocksDB's histogram {@code rocksdb.sst.read.micros}. */
    SST_READ_MICROS("rocksdb.sst.read.micros"),
    /** RocksDB's histogram {@code rocksdb.num.subcompactions.scheduled}. */
    NUM_SUBCOMPACTIONS_SCHEDULED("rocksdb.num.subcompactions.scheduled"),
    /** RocksDB's histogram {@code rocksdb.bytes.per.read}. */
    BYTES_PER_READ("rocksdb.bytes.per.read"),
    /** RocksDB's histogram {@code rocksdb.bytes.per.write}. */
    BYTES_PER_WRITE("rocksdb.bytes.per.write"),
    /** RocksDB's histogram {@code rocksdb.bytes.per.multiget}. */
    BYTES_PER_MULTIGET("rocksdb.bytes.per.multiget"),
    /** RocksDB's histogram {@code rocksdb.bytes.compressed}. */
    BYTES_COMPRESSED("rocksdb.bytes.compressed"),
    /** RocksDB's histogram {@code rocksdb.bytes.decompressed}. */
    BYTES_DECOMPRESSED("rocksdb.bytes.decompressed"),
    /** RocksDB's histogram {@code rocksdb.compression.times.nanos}. */
    COMPRESSION_TIMES_NANOS("rocksdb.compression.times.nanos"),
    /** RocksDB's histogram {@code rocksdb.decompression.times.nanos}. */
    DECOMPRESSION_TIMES_NANOS("rocksdb.decompression.times.nanos"),
    /** RocksDB's histogram {@code rocksdb.read.num.merge_operands}. */
    READ_NUM_MERGE_OPERANDS("rocksdb.read.num.merge_operands"),
    /** RocksDB's histogram {@code rocksdb.blobdb.key.size}. */
    BLOBDB_KEY_SIZE("rocksdb.blobdb.key.size"),
    /** RocksDB's histogram {@code rocksdb.blobdb.value.size}. */
    BLOBDB_VALUE_SIZE("rocksdb.blobdb.value.size"),
    /** RocksDB's histogram {@code rocksdb.blobdb.write.micros}. */
    BLOBDB_WRITE_MICROS("rocksdb.blobdb.write.micros"),
    /** RocksDB's histogram {@code rocksdb.blobdb.get.micros}. */
    BLOBDB_GET_MICROS("rocksdb.blobdb.get.micros"),
    /** RocksDB's histogram {@code rocksdb.blobdb.multiget.micros}. */
    BLOBDB_MULTIGET_MICROS("rocksdb.blobdb.multiget.micros"),
    /** RocksDB's histogram {@code rocksdb.blobdb.seek.micros}. */
    BLOBDB_SEEK_MICROS("rocksdb.blobdb.seek.micros"),
    /** RocksDB's histogram {@code rocksdb.blobdb.next.micros}. */
    BLOBDB_NEXT_MICROS("rocksdb.blobdb.next.micros"),
    /** RocksDB's histogram {@code rocksdb.blobdb.prev.micros}. */
    BLOBDB_PREV_MICROS("rocksdb.blobdb.prev.micros"),
    /** RocksDB's histogram {@code rocksdb.blobdb.blob.file.write.micros}. */
    BLOBDB_BLOB_FILE_WRITE_MICROS("rocksdb.blobdb.blob.file.write.micros"),
    /** RocksDB's histogram {@code rocksdb.blobdb.blob.file.read.micros}. */
    BLOBDB_BLOB_FILE_READ_MICROS("rocksdb.blobdb.blob.file.read.micros"),
    /** RocksDB's histogram {@code rocksdb.blobdb.blob.file.sync.micros}. */
    BLOBDB_BLOB_FILE_SYNC_MICROS("rocksdb.blobdb.blob.file.sync.micros"),
    /** RocksDB's histogram {@code rocksdb.blobdb.gc.micros}. */
    BLOBDB_GC_MICROS("rocksdb.blobdb.gc.micros"),
    /** RocksDB's histogram {@code rocksdb.blobdb.compression.micros}. */
    BLOBDB_COMPRESSION_MICROS("rocksdb.blobdb.compression.micros"),
    /** RocksDB's histogram {@code rocksdb.blobdb.decompression.micros}. */
    BLOBDB_DECOMPRESSION_MICROS("rocksdb.blobdb.decompression.micros"),
    /** RocksDB's histogram {@code rocksdb.db.flush.micros}. */
    DB_FLUSH_MICROS("rocksdb.db.flush.micros"),
    /** RocksDB's histogram {@code rocksdb.sst.batch.size}. */
    SST_BATCH_SIZE("rocksdb.sst.batch.size"),
    /** RocksDB's histogram {@code rocksdb.num.index.and.filter.blocks.read.per.level}. */
    NUM_INDEX_AND_FILTER_BLOCKS_READ_PER_LEVEL("rocksdb.num.index.and.filter.blocks.read.per.level"),
    /** RocksDB's histogram {@code rocksdb.num.data.blocks.read.per.level}. */
    NUM_DATA_BLOCKS_READ_PER_LEVEL("rocksdb.num.data.blocks.read.per.level"),
    /** RocksDB's histogram {@code rocksdb.num.sst.read.per.level}. */
    NUM_SST_READ_PER_LEVEL("rocksdb.num.sst.read.per.level"),
    /** RocksDB's histogram {@code rocksdb.error.handler.autoresume.retry.count}. */
    ERROR_HANDLER_AUTORESUME_RETRY_COUNT("rocksdb.error.handler.autoresume.retry.count"),
    /** RocksDB's histogram {@code rocksdb.async.read.bytes}. */
    ASYNC_READ_BYTES("rocksdb.async.read.bytes"),
    /** RocksDB's histogram {@code rocksdb.poll.wait.micros}. */
    POLL_WAIT_MICROS("rocksdb.poll.wait.micros"),
    /** RocksDB's histogram {@code rocksdb.prefetched.bytes.discarded}. */
    PREFETCHED_BYTES_DISCARDED("rocksdb.prefetched.bytes.discarded"),
    /** RocksDB's histogram {@code rocksdb.multiget.io.batch.size}. */
    MULTIGET_IO_BATCH_SIZE("rocksdb.multiget.io.batch.size"),
    /** RocksDB's histogram {@code rocksdb.num.level.read.per.multiget}. */
    NUM_LEVEL_READ_PER_MULTIGET("rocksdb.num.level.read.per.multiget"),
    /** RocksDB's histogram {@code rocksdb.async.prefetch.abort.micros}. */
    ASYNC_PREFETCH_ABORT_MICROS("rocksdb.async.prefetch.abort.micros"),

    // ---- RocksDB 10 and 11: the histograms RocksJava 11.8.1 has (under its names) and the engine's
    // ---- newer ones (from rocksdb::HistogramsNameMap of RocksDB 11.8.1); on an engine without
    // ---- them they read as absent
    /** RocksDB's histogram {@code rocksdb.compaction.prefetch.bytes}. Not in RocksDB 9.11 (null there). */
    COMPACTION_PREFETCH_BYTES("rocksdb.compaction.prefetch.bytes"),
    /** RocksDB's histogram {@code rocksdb.num.op.per.transaction}. Not in RocksDB 9.11 (null there). */
    NUM_OP_PER_TRANSACTION("rocksdb.num.op.per.transaction"),
    /** RocksDB's histogram {@code rocksdb.multiscan.op.prepare.iterators.micros}. Not in RocksDB 9.11 (null there). */
    MULTISCAN_PREPARE_ITERATORS("rocksdb.multiscan.op.prepare.iterators.micros"),
    /** RocksDB's histogram {@code rocksdb.multiscan.prepare.micros}. Not in RocksDB 9.11 (null there). */
    MULTISCAN_PREPARE_MICROS("rocksdb.multiscan.prepare.micros"),
    /** RocksDB's histogram {@code rocksdb.multiscan.blocks.per.prepare}. Not in RocksDB 9.11 (null there). */
    MULTISCAN_BLOCKS_PER_PREPARE("rocksdb.multiscan.blocks.per.prepare"),
    /** RocksDB's histogram {@code rocksdb.iodispatcher.async.read.observed.completion.micros}. Not in RocksDB 9.11 (null there). */
    IO_DISPATCHER_ASYNC_READ_OBSERVED_COMPLETION_MICROS("rocksdb.iodispatcher.async.read.observed.completion.micros"),
    /** RocksDB's histogram {@code rocksdb.iodispatcher.async.read.poll.wait.micros}. Not in RocksDB 9.11 (null there). */
    IO_DISPATCHER_ASYNC_READ_POLL_WAIT_MICROS("rocksdb.iodispatcher.async.read.poll.wait.micros"),
    /** RocksDB's histogram {@code rocksdb.iodispatcher.async.read.prefetch.lead.micros}. Not in RocksDB 9.11 (null there). */
    IO_DISPATCHER_ASYNC_READ_PREFETCH_LEAD_MICROS("rocksdb.iodispatcher.async.read.prefetch.lead.micros"),
    /** RocksDB's histogram {@code rocksdb.block.key.distribution.cv}. Not in RocksDB 9.11 (null there). */
    BLOCK_KEY_DISTRIBUTION_CV("rocksdb.block.key.distribution.cv"),
    /** RocksDB's histogram {@code rocksdb.ingest.external.file.prepare.micros}. Not in RocksDB 9.11 (null there). */
    INGEST_EXTERNAL_FILE_PREPARE_TIME("rocksdb.ingest.external.file.prepare.micros"),
    /** RocksDB's histogram {@code rocksdb.ingest.external.file.run.micros}. Not in RocksDB 9.11 (null there). */
    INGEST_EXTERNAL_FILE_RUN_TIME("rocksdb.ingest.external.file.run.micros"),
    /** RocksDB's histogram {@code rocksdb.rate.limiter.wait.micros.read}. Not in RocksDB 9.11 (null there). */
    RATE_LIMITER_WAIT_MICROS_READ("rocksdb.rate.limiter.wait.micros.read"),
    /** RocksDB's histogram {@code rocksdb.rate.limiter.wait.micros.write}. Not in RocksDB 9.11 (null there). */
    RATE_LIMITER_WAIT_MICROS_WRITE("rocksdb.rate.limiter.wait.micros.write"),
    /** RocksDB's histogram {@code rocksdb.flush.memtable.memory.bytes}. Not in RocksDB 9.11 (null there). */
    FLUSH_MEMTABLE_MEMORY_BYTES("rocksdb.flush.memtable.memory.bytes"),
    /** RocksDB's histogram {@code rocksdb.flush.memtable.total.data.size.bytes}. Not in RocksDB 9.11 (null there). */
    FLUSH_MEMTABLE_TOTAL_DATA_SIZE("rocksdb.flush.memtable.total.data.size.bytes"),
    /** RocksDB's histogram {@code rocksdb.flush.write_buffer_full.memtable.memory.bytes}. Not in RocksDB 9.11 (null there). */
    FLUSH_WRITE_BUFFER_FULL_MEMTABLE_MEMORY_BYTES("rocksdb.flush.write_buffer_full.memtable.memory.bytes"),
    /** RocksDB's histogram {@code rocksdb.flush.write_buffer_manager.memtable.memory.bytes}. Not in RocksDB 9.11 (null there). */
    FLUSH_WRITE_BUFFER_MANAGER_MEMTABLE_MEMORY_BYTES("rocksdb.flush.write_buffer_manager.memtable.memory.bytes"),
    /** RocksDB's histogram {@code rocksdb.open.and.compact.db.open.micros}. Not in RocksDB 9.11 (null there). */
    OPEN_AND_COMPACT_DB_OPEN_MICROS("rocksdb.open.and.compact.db.open.micros"),

    // ---- RocksJava's names: its constants that RocksDB's names above do not spell ----
    /** RocksJava's name of {@link #BLOBDB_BLOB_FILE_READ_MICROS}. */
    BLOB_DB_BLOB_FILE_READ_MICROS("rocksdb.blobdb.blob.file.read.micros"),
    /** RocksJava's name of {@link #BLOBDB_BLOB_FILE_SYNC_MICROS}. */
    BLOB_DB_BLOB_FILE_SYNC_MICROS("rocksdb.blobdb.blob.file.sync.micros"),
    /** RocksJava's name of {@link #BLOBDB_BLOB_FILE_WRITE_MICROS}. */
    BLOB_DB_BLOB_FILE_WRITE_MICROS("rocksdb.blobdb.blob.file.write.micros"),
    /** RocksJava's name of {@link #BLOBDB_COMPRESSION_MICROS}. */
    BLOB_DB_COMPRESSION_MICROS("rocksdb.blobdb.compression.micros"),
    /** RocksJava's name of {@link #BLOBDB_DECOMPRESSION_MICROS}. */
    BLOB_DB_DECOMPRESSION_MICROS("rocksdb.blobdb.decompression.micros"),
    /** RocksJava's name of {@link #BLOBDB_GC_MICROS}. */
    BLOB_DB_GC_MICROS("rocksdb.blobdb.gc.micros"),
    /** RocksJava's name of {@link #BLOBDB_GET_MICROS}. */
    BLOB_DB_GET_MICROS("rocksdb.blobdb.get.micros"),
    /** RocksJava's name of {@link #BLOBDB_KEY_SIZE}. */
    BLOB_DB_KEY_SIZE("rocksdb.blobdb.key.size"),
    /** RocksJava's name of {@link #BLOBDB_MULTIGET_MICROS}. */
    BLOB_DB_MULTIGET_MICROS("rocksdb.blobdb.multiget.micros"),
    /** RocksJava's name of {@link #BLOBDB_NEXT_MICROS}. */
    BLOB_DB_NEXT_MICROS("rocksdb.blobdb.next.micros"),
    /** RocksJava's name of {@link #BLOBDB_PREV_MICROS}. */
    BLOB_DB_PREV_MICROS("rocksdb.blobdb.prev.micros"),
    /** RocksJava's name of {@link #BLOBDB_SEEK_MICROS}. */
    BLOB_DB_SEEK_MICROS("rocksdb.blobdb.seek.micros"),
    /** RocksJava's name of {@link #BLOBDB_VALUE_SIZE}. */
    BLOB_DB_VALUE_SIZE("rocksdb.blobdb.value.size"),
    /** RocksJava's name of {@link #BLOBDB_WRITE_MICROS}. */
    BLOB_DB_WRITE_MICROS("rocksdb.blobdb.write.micros"),
    /** RocksJava's name of {@link #COMPACTION_TIMES_CPU_MICROS}. */
    COMPACTION_CPU_TIME("rocksdb.compaction.times.cpu_micros"),
    /** RocksJava's name of {@link #COMPACTION_TIMES_MICROS}. */
    COMPACTION_TIME("rocksdb.compaction.times.micros"),
    /** RocksJava's name of {@link #DB_GET_MICROS}. */
    DB_GET("rocksdb.db.get.micros"),
    /** RocksJava's name of {@link #DB_MULTIGET_MICROS}. */
    DB_MULTIGET("rocksdb.db.multiget.micros"),
    /** RocksJava's name of {@link #DB_SEEK_MICROS}. */
    DB_SEEK("rocksdb.db.seek.micros"),
    /** RocksJava's name of {@link #DB_WRITE_MICROS}. */
    DB_WRITE("rocksdb.db.write.micros"),
    /** RocksJava's name of RocksDB's {@code rocksdb.file.read.compaction.micros} (newer engines than 7.8; -1 where the engine lacks it). */
    FILE_READ_COMPACTION_MICROS("rocksdb.file.read.compaction.micros"),
    /** RocksJava's name of RocksDB's {@code rocksdb.file.read.db.iterator.micros} (newer engines than 7.8; -1 where the engine lacks it). */
    FILE_READ_DB_ITERATOR_MICROS("rocksdb.file.read.db.iterator.micros"),
    /** RocksJava's name of RocksDB's {@code rocksdb.file.read.db.open.micros} (newer engines than 7.8; -1 where the engine lacks it). */
    FILE_READ_DB_OPEN_MICROS("rocksdb.file.read.db.open.micros"),
    /** RocksJava's name of RocksDB's {@code rocksdb.file.read.flush.micros} (newer engines than 7.8; -1 where the engine lacks it). */
    FILE_READ_FLUSH_MICROS("rocksdb.file.read.flush.micros"),
    /** RocksJava's name of RocksDB's {@code rocksdb.file.read.get.micros} (newer engines than 7.8; -1 where the engine lacks it). */
    FILE_READ_GET_MICROS("rocksdb.file.read.get.micros"),
    /** RocksJava's name of RocksDB's {@code rocksdb.file.read.multiget.micros} (newer engines than 7.8; -1 where the engine lacks it). */
    FILE_READ_MULTIGET_MICROS("rocksdb.file.read.multiget.micros"),
    /** RocksJava's name of RocksDB's {@code rocksdb.file.read.verify.db.checksum.micros} (newer engines than 7.8; -1 where the engine lacks it). */
    FILE_READ_VERIFY_DB_CHECKSUM_MICROS("rocksdb.file.read.verify.db.checksum.micros"),
    /** RocksJava's name of RocksDB's {@code rocksdb.file.read.verify.file.checksums.micros} (newer engines than 7.8; -1 where the engine lacks it). */
    FILE_READ_VERIFY_FILE_CHECKSUMS_MICROS("rocksdb.file.read.verify.file.checksums.micros"),
    /** RocksJava's name of RocksDB's {@code rocksdb.file.write.compaction.micros} (newer engines than 7.8; -1 where the engine lacks it). */
    FILE_WRITE_COMPACTION_MICROS("rocksdb.file.write.compaction.micros"),
    /** RocksJava's name of RocksDB's {@code rocksdb.file.write.db.open.micros} (newer engines than 7.8; -1 where the engine lacks it). */
    FILE_WRITE_DB_OPEN_MICROS("rocksdb.file.write.db.open.micros"),
    /** RocksJava's name of RocksDB's {@code rocksdb.file.write.flush.micros} (newer engines than 7.8; -1 where the engine lacks it). */
    FILE_WRITE_FLUSH_MICROS("rocksdb.file.write.flush.micros"),
    /** RocksJava's name of {@link #DB_FLUSH_MICROS}. */
    FLUSH_TIME("rocksdb.db.flush.micros"),
    /** RocksJava's name of {@link #NUMFILES_IN_SINGLECOMPACTION}. */
    NUM_FILES_IN_SINGLE_COMPACTION("rocksdb.numfiles.in.singlecompaction"),
    /** RocksJava's name of RocksDB's {@code rocksdb.sst.write.micros} (newer engines than 7.8; -1 where the engine lacks it). */
    SST_WRITE_MICROS("rocksdb.sst.write.micros"),
    /** RocksJava's name of {@link #NUM_FILES_STALL_COUNT}. */
    STALL_L0_NUM_FILES_COUNT("rocksdb.num.files.stall.count"),
    /** RocksJava's name of {@link #L0_SLOWDOWN_COUNT}. */
    STALL_L0_SLOWDOWN_COUNT("rocksdb.l0.slowdown.count"),
    /** RocksJava's name of {@link #MEMTABLE_COMPACTION_COUNT}. */
    STALL_MEMTABLE_COMPACTION_COUNT("rocksdb.memtable.compaction.count"),
    /** RocksJava's name of {@link #SUBCOMPACTION_SETUP_TIMES_MICROS}. */
    SUBCOMPACTION_SETUP_TIME("rocksdb.subcompaction.setup.times.micros"),
    /** RocksJava's name of RocksDB's {@code rocksdb.table.open.prefetch.tail.read.bytes} (newer engines than 7.8; -1 where the engine lacks it). */
    TABLE_OPEN_PREFETCH_TAIL_READ_BYTES("rocksdb.table.open.prefetch.tail.read.bytes"),
    /** RocksJava's name of {@link #DB_WRITE_STALL}. */
    WRITE_STALL("rocksdb.db.write.stall");

    private final String rocksName;

    HistogramType(String rocksName) {
        this.rocksName = rocksName;
    }

    /**
     * RocksDB's name of the histogram, e.g. "rocksdb.db.get.micros".
     *
     * @return the histogram's name in RocksDB
     */
    public String rocksName() {
        return rocksName;
    }
}
