package io.panrocks;

/**
 * RocksDB's tickers, named as RocksDB names them ({@link #rocksName()}),
 * as RocksJava's {@code TickerType}: those of RocksDB 7.8.3 (generated from
 * its {@code rocksdb::TickersNameMap}), then those RocksDB 10 and 11 added
 * (from the name map of 11.8.1 and RocksJava 11.8.1's constants), then
 * RocksJava's own constant names where they differ from RocksDB's, naming
 * the same tickers. panrocks looks tickers up by name, never by number, so
 * the engine renumbering its enum (it does, between releases) cannot make a
 * count appear under the wrong ticker; a name the running engine does not
 * know reads as -1 through {@link Statistics#getTickerCount}.
 */
public enum TickerType {
    /** RocksDB's ticker {@code rocksdb.block.cache.miss}. */
    BLOCK_CACHE_MISS("rocksdb.block.cache.miss"),
    /** RocksDB's ticker {@code rocksdb.block.cache.hit}. */
    BLOCK_CACHE_HIT("rocksdb.block.cache.hit"),
    /** RocksDB's ticker {@code rocksdb.block.cache.add}. */
    BLOCK_CACHE_ADD("rocksdb.block.cache.add"),
    /** RocksDB's ticker {@code rocksdb.block.cache.add.failures}. */
    BLOCK_CACHE_ADD_FAILURES("rocksdb.block.cache.add.failures"),
    /** RocksDB's ticker {@code rocksdb.block.cache.index.miss}. */
    BLOCK_CACHE_INDEX_MISS("rocksdb.block.cache.index.miss"),
    /** RocksDB's ticker {@code rocksdb.block.cache.index.hit}. */
    BLOCK_CACHE_INDEX_HIT("rocksdb.block.cache.index.hit"),
    /** RocksDB's ticker {@code rocksdb.block.cache.index.add}. */
    BLOCK_CACHE_INDEX_ADD("rocksdb.block.cache.index.add"),
    /** RocksDB's ticker {@code rocksdb.block.cache.index.bytes.insert}. */
    BLOCK_CACHE_INDEX_BYTES_INSERT("rocksdb.block.cache.index.bytes.insert"),
    /** RocksDB's ticker {@code rocksdb.block.cache.index.bytes.evict}. */
    BLOCK_CACHE_INDEX_BYTES_EVICT("rocksdb.block.cache.index.bytes.evict"),
    /** RocksDB's ticker {@code rocksdb.block.cache.filter.miss}. */
    BLOCK_CACHE_FILTER_MISS("rocksdb.block.cache.filter.miss"),
    /** RocksDB's ticker {@code rocksdb.block.cache.filter.hit}. */
    BLOCK_CACHE_FILTER_HIT("rocksdb.block.cache.filter.hit"),
    /** RocksDB's ticker {@code rocksdb.block.cache.filter.add}. */
    BLOCK_CACHE_FILTER_ADD("rocksdb.block.cache.filter.add"),
    /** RocksDB's ticker {@code rocksdb.block.cache.filter.bytes.insert}. */
    BLOCK_CACHE_FILTER_BYTES_INSERT("rocksdb.block.cache.filter.bytes.insert"),
    /** RocksDB's ticker {@code rocksdb.block.cache.filter.bytes.evict}. */
    BLOCK_CACHE_FILTER_BYTES_EVICT("rocksdb.block.cache.filter.bytes.evict"),
    /** RocksDB's ticker {@code rocksdb.block.cache.data.miss}. */
    BLOCK_CACHE_DATA_MISS("rocksdb.block.cache.data.miss"),
    /** RocksDB's ticker {@code rocksdb.block.cache.data.hit}. */
    BLOCK_CACHE_DATA_HIT("rocksdb.block.cache.data.hit"),
    /** RocksDB's ticker {@code rocksdb.block.cache.data.add}. */
    BLOCK_CACHE_DATA_ADD("rocksdb.block.cache.data.add"),
    /** RocksDB's ticker {@code rocksdb.block.cache.data.bytes.insert}. */
    BLOCK_CACHE_DATA_BYTES_INSERT("rocksdb.block.cache.data.bytes.insert"),
    /** RocksDB's ticker {@code rocksdb.block.cache.bytes.read}. */
    BLOCK_CACHE_BYTES_READ("rocksdb.block.cache.bytes.read"),
    /** RocksDB's ticker {@code rocksdb.block.cache.bytes.write}. */
    BLOCK_CACHE_BYTES_WRITE("rocksdb.block.cache.bytes.write"),
    /** RocksDB's ticker {@code rocksdb.bloom.filter.useful}. */
    BLOOM_FILTER_USEFUL("rocksdb.bloom.filter.useful"),
    /** RocksDB's ticker {@code rocksdb.bloom.filter.full.positive}. */
    BLOOM_FILTER_FULL_POSITIVE("rocksdb.bloom.filter.full.positive"),
    /** RocksDB's ticker {@code rocksdb.bloom.filter.full.true.positive}. */
    BLOOM_FILTER_FULL_TRUE_POSITIVE("rocksdb.bloom.filter.full.true.positive"),
    /** RocksDB's ticker {@code rocksdb.bloom.filter.micros}. */
    BLOOM_FILTER_MICROS("rocksdb.bloom.filter.micros"),
    /** RocksDB's ticker {@code rocksdb.persistent.cache.hit}. */
    PERSISTENT_CACHE_HIT("rocksdb.persistent.cache.hit"),
    /** RocksDB's ticker {@code rocksdb.persistent.cache.miss}. */
    PERSISTENT_CACHE_MISS("rocksdb.persistent.cache.miss"),
    /** RocksDB's ticker {@code rocksdb.sim.block.cache.hit}. */
    SIM_BLOCK_CACHE_HIT("rocksdb.sim.block.cache.hit"),
    /** RocksDB's ticker {@code rocksdb.sim.block.cache.miss}. */
    SIM_BLOCK_CACHE_MISS("rocksdb.sim.block.cache.miss"),
    /** RocksDB's ticker {@code rocksdb.memtable.hit}. */
    MEMTABLE_HIT("rocksdb.memtable.hit"),
    /** RocksDB's ticker {@code rocksdb.memtable.miss}. */
    MEMTABLE_MISS("rocksdb.memtable.miss"),
    /** RocksDB's ticker {@code rocksdb.l0.hit}. */
    L0_HIT("rocksdb.l0.hit"),
    /** RocksDB's ticker {@code rocksdb.l1.hit}. */
    L1_HIT("rocksdb.l1.hit"),
    /** RocksDB's ticker {@code rocksdb.l2andup.hit}. */
    L2ANDUP_HIT("rocksdb.l2andup.hit"),
    /** RocksDB's ticker {@code rocksdb.compaction.key.drop.new}. */
    COMPACTION_KEY_DROP_NEW("rocksdb.compaction.key.drop.new"),
    /** RocksDB's ticker {@code rocksdb.compaction.key.drop.obsolete}. */
    COMPACTION_KEY_DROP_OBSOLETE("rocksdb.compaction.key.drop.obsolete"),
    /** RocksDB's ticker {@code rocksdb.compaction.key.drop.range_del}. */
    COMPACTION_KEY_DROP_RANGE_DEL("rocksdb.compaction.key.drop.range_del"),
    /** RocksDB's ticker {@code rocksdb.compaction.key.drop.user}. */
    COMPACTION_KEY_DROP_USER("rocksdb.compaction.key.drop.user"),
    /** RocksDB's ticker {@code rocksdb.compaction.range_del.drop.obsolete}. */
    COMPACTION_RANGE_DEL_DROP_OBSOLETE("rocksdb.compaction.range_del.drop.obsolete"),
    /** RocksDB's ticker {@code rocksdb.compaction.optimized.del.drop.obsolete}. */
    COMPACTION_OPTIMIZED_DEL_DROP_OBSOLETE("rocksdb.compaction.optimized.del.drop.obsolete"),
    /** RocksDB's ticker {@code rocksdb.compaction.cancelled}. */
    COMPACTION_CANCELLED("rocksdb.compaction.cancelled"),
    /** RocksDB's ticker {@code rocksdb.number.keys.written}. */
    NUMBER_KEYS_WRITTEN("rocksdb.number.keys.written"),
    /** RocksDB's ticker {@code rocksdb.number.keys.read}. */
    NUMBER_KEYS_READ("rocksdb.number.keys.read"),
    /** RocksDB's ticker {@code rocksdb.number.keys.updated}. */
    NUMBER_KEYS_UPDATED("rocksdb.number.keys.updated"),
    /** RocksDB's ticker {@code rocksdb.bytes.written}. */
    BYTES_WRITTEN("rocksdb.bytes.written"),
    /** RocksDB's ticker {@code rocksdb.bytes.read}. */
    BYTES_READ("rocksdb.bytes.read"),
    /** RocksDB's ticker {@code rocksdb.number.db.seek}. */
    NUMBER_DB_SEEK("rocksdb.number.db.seek"),
    /** RocksDB's ticker {@code rocksdb.number.db.next}. */
    NUMBER_DB_NEXT("rocksdb.number.db.next"),
    /** RocksDB's ticker {@code rocksdb.number.db.prev}. */
    NUMBER_DB_PREV("rocksdb.number.db.prev"),
    /** RocksDB's ticker {@code rocksdb.number.db.seek.found}. */
    NUMBER_DB_SEEK_FOUND("rocksdb.number.db.seek.found"),
    /** RocksDB's ticker {@code rocksdb.number.db.next.found}. */
    NUMBER_DB_NEXT_FOUND("rocksdb.number.db.next.found"),
    /** RocksDB's ticker {@code rocksdb.number.db.prev.found}. */
    NUMBER_DB_PREV_FOUND("rocksdb.number.db.prev.found"),
    /** RocksDB's ticker {@code rocksdb.db.iter.bytes.read}. */
    DB_ITER_BYTES_READ("rocksdb.db.iter.bytes.read"),
    /** RocksDB's ticker {@code rocksdb.no.file.closes}. */
    NO_FILE_CLOSES("rocksdb.no.file.closes"),
    /** RocksDB's ticker {@code rocksdb.no.file.opens}. */
    NO_FILE_OPENS("rocksdb.no.file.opens"),
    /** RocksDB's ticker {@code rocksdb.no.file.errors}. */
    NO_FILE_ERRORS("rocksdb.no.file.errors"),
    /** RocksDB's ticker {@code rocksdb.l0.slowdown.micros}. */
    L0_SLOWDOWN_MICROS("rocksdb.l0.slowdown.micros"),
    /** RocksDB's ticker {@code rocksdb.memtable.compaction.micros}. */
    MEMTABLE_COMPACTION_MICROS("rocksdb.memtable.compaction.micros"),
    /** RocksDB's ticker {@code rocksdb.l0.num.files.stall.micros}. */
    L0_NUM_FILES_STALL_MICROS("rocksdb.l0.num.files.stall.micros"),
    /** RocksDB's ticker {@code rocksdb.stall.micros}. */
    STALL_MICROS("rocksdb.stall.micros"),
    /** RocksDB's ticker {@code rocksdb.db.mutex.wait.micros}. */
    DB_MUTEX_WAIT_MICROS("rocksdb.db.mutex.wait.micros"),
    /** RocksDB's ticker {@code rocksdb.rate.limit.delay.millis}. */
    RATE_LIMIT_DELAY_MILLIS("rocksdb.rate.limit.delay.millis"),
    /** RocksDB's ticker {@code rocksdb.num.iterators}. */
    NUM_ITERATORS("rocksdb.num.iterators"),
    /** RocksDB's ticker {@code rocksdb.number.multiget.get}. */
    NUMBER_MULTIGET_GET("rocksdb.number.multiget.get"),
    /** RocksDB's ticker {@code rocksdb.number.multiget.keys.read}. */
    NUMBER_MULTIGET_KEYS_READ("rocksdb.number.multiget.keys.read"),
    /** RocksDB's ticker {@code rocksdb.number.multiget.bytes.read}. */
    NUMBER_MULTIGET_BYTES_READ("rocksdb.number.multiget.bytes.read"),
    /** RocksDB's ticker {@code rocksdb.number.deletes.filtered}. */
    NUMBER_DELETES_FILTERED("rocksdb.number.deletes.filtered"),
    /** RocksDB's ticker {@code rocksdb.number.merge.failures}. */
    NUMBER_MERGE_FAILURES("rocksdb.number.merge.failures"),
    /** RocksDB's ticker {@code rocksdb.bloom.filter.prefix.checked}. */
    BLOOM_FILTER_PREFIX_CHECKED("rocksdb.bloom.filter.prefix.checked"),
    /** RocksDB's ticker {@code rocksdb.bloom.filter.prefix.useful}. */
    BLOOM_FILTER_PREFIX_USEFUL("rocksdb.bloom.filter.prefix.useful"),
    /** RocksDB's ticker {@code rocksdb.number.reseeks.iteration}. */
    NUMBER_RESEEKS_ITERATION("rocksdb.number.reseeks.iteration"),
    /** RocksDB's ticker {@code rocksdb.getupdatessince.calls}. */
    GETUPDATESSINCE_CALLS("rocksdb.getupdatessince.calls"),
    /** RocksDB's ticker {@code rocksdb.block.cachecompressed.miss}. */
    BLOCK_CACHECOMPRESSED_MISS("rocksdb.block.cachecompressed.miss"),
    /** RocksDB's ticker {@code rocksdb.block.cachecompressed.hit}. */
    BLOCK_CACHECOMPRESSED_HIT("rocksdb.block.cachecompressed.hit"),
    /** RocksDB's ticker {@code rocksdb.block.cachecompressed.add}. */
    BLOCK_CACHECOMPRESSED_ADD("rocksdb.block.cachecompressed.add"),
    /** RocksDB's ticker {@code rocksdb.block.cachecompressed.add.failures}. */
    BLOCK_CACHECOMPRESSED_ADD_FAILURES("rocksdb.block.cachecompressed.add.failures"),
    /** RocksDB's ticker {@code rocksdb.wal.synced}. */
    WAL_SYNCED("rocksdb.wal.synced"),
    /** RocksDB's ticker {@code rocksdb.wal.bytes}. */
    WAL_BYTES("rocksdb.wal.bytes"),
    /** RocksDB's ticker {@code rocksdb.write.self}. */
    WRITE_SELF("rocksdb.write.self"),
    /** RocksDB's ticker {@code rocksdb.write.other}. */
    WRITE_OTHER("rocksdb.write.other"),
    /** RocksDB's ticker {@code rocksdb.write.timeout}. */
    WRITE_TIMEOUT("rocksdb.write.timeout"),
    /** RocksDB's ticker {@code rocksdb.write.wal}. */
    WRITE_WAL("rocksdb.write.wal"),
    /** RocksDB's ticker {@code rocksdb.compact.read.bytes}. */
    COMPACT_READ_BYTES("rocksdb.compact.read.bytes"),
    /** RocksDB's ticker {@code rocksdb.compact.write.bytes}. */
    COMPACT_WRITE_BYTES("rocksdb.compact.write.bytes"),
    /** RocksDB's ticker {@code rocksdb.flush.write.bytes}. */
    FLUSH_WRITE_BYTES("rocksdb.flush.write.bytes"),
    /** RocksDB's ticker {@code rocksdb.compact.read.marked.bytes}. */
    COMPACT_READ_MARKED_BYTES("rocksdb.compact.read.marked.bytes"),
    /** RocksDB's ticker {@code rocksdb.compact.read.periodic.bytes}. */
    COMPACT_READ_PERIODIC_BYTES("rocksdb.compact.read.periodic.bytes"),
    /** RocksDB's ticker {@code rocksdb.compact.read.ttl.bytes}. */
    COMPACT_READ_TTL_BYTES("rocksdb.compact.read.ttl.bytes"),
    /** RocksDB's ticker {@code rocksdb.compact.write.marked.bytes}. */
    COMPACT_WRITE_MARKED_BYTES("rocksdb.compact.write.marked.bytes"),
    /** RocksDB's ticker {@code rocksdb.compact.write.periodic.bytes}. */
    COMPACT_WRITE_PERIODIC_BYTES("rocksdb.compact.write.periodic.bytes"),
    /** RocksDB's ticker {@code rocksdb.compact.write.ttl.bytes}. */
    COMPACT_WRITE_TTL_BYTES("rocksdb.compact.write.ttl.bytes"),
    /** RocksDB's ticker {@code rocksdb.number.direct.load.table.properties}. */
    NUMBER_DIRECT_LOAD_TABLE_PROPERTIES("rocksdb.number.direct.load.table.properties"),
    /** RocksDB's ticker {@code rocksdb.number.superversion_acquires}. */
    NUMBER_SUPERVERSION_ACQUIRES("rocksdb.number.superversion_acquires"),
    /** RocksDB's ticker {@code rocksdb.number.superversion_releases}. */
    NUMBER_SUPERVERSION_RELEASES("rocksdb.number.superversion_releases"),
    /** RocksDB's ticker {@code rocksdb.number.superversion_cleanups}. */
    NUMBER_SUPERVERSION_CLEANUPS("rocksdb.number.superversion_cleanups"),
    /** RocksDB's ticker {@code rocksdb.number.block.compressed}. */
    NUMBER_BLOCK_COMPRESSED("rocksdb.number.block.compressed"),
    /** RocksDB's ticker {@code rocksdb.number.block.decompressed}. */
    NUMBER_BLOCK_DECOMPRESSED("rocksdb.number.block.decompressed"),
    /** RocksDB's ticker {@code rocksdb.number.block.not_compressed}. */
    NUMBER_BLOCK_NOT_COMPRESSED("rocksdb.number.block.not_compressed"),
    /** RocksDB's ticker {@code rocksdb.merge.operation.time.nanos}. */
    MERGE_OPERATION_TIME_NANOS("rocksdb.merge.operation.time.nanos"),
    /** RocksDB's ticker {@code rocksdb.filter.operation.time.nanos}. */
    FILTER_OPERATION_TIME_NANOS("rocksdb.filter.operation.time.nanos"),
    /** RocksDB's ticker {@code rocksdb.row.cache.hit}. */
    ROW_CACHE_HIT("rocksdb.row.cache.hit"),
    /** RocksDB's ticker {@code rocksdb.row.cache.miss}. */
    ROW_CACHE_MISS("rocksdb.row.cache.miss"),
    /** RocksDB's ticker {@code rocksdb.read.amp.estimate.useful.bytes}. */
    READ_AMP_ESTIMATE_USEFUL_BYTES("rocksdb.read.amp.estimate.useful.bytes"),
    /** RocksDB's ticker {@code rocksdb.read.amp.total.read.bytes}. */
    READ_AMP_TOTAL_READ_BYTES("rocksdb.read.amp.total.read.bytes"),
    /** RocksDB's ticker {@code rocksdb.number.rate_limiter.drains}. */
    NUMBER_RATE_LIMITER_DRAINS("rocksdb.number.rate_limiter.drains"),
    /** RocksDB's ticker {@code rocksdb.number.iter.skip}. */
    NUMBER_ITER_SKIP("rocksdb.number.iter.skip"),
    /** RocksDB's ticker {@code rocksdb.blobdb.num.put}. */
    BLOBDB_NUM_PUT("rocksdb.blobdb.num.put"),
    /** RocksDB's ticker {@code rocksdb.blobdb.num.write}. */
    BLOBDB_NUM_WRITE("rocksdb.blobdb.num.write"),
    /** RocksDB's ticker {@code rocksdb.blobdb.num.get}. */
    BLOBDB_NUM_GET("rocksdb.blobdb.num.get"),
    /** RocksDB's ticker {@code rocksdb.blobdb.num.multiget}. */
    BLOBDB_NUM_MULTIGET("rocksdb.blobdb.num.multiget"),
    /** RocksDB's ticker {@code rocksdb.blobdb.num.seek}. */
    BLOBDB_NUM_SEEK("rocksdb.blobdb.num.seek"),
    /** RocksDB's ticker {@code rocksdb.blobdb.num.next}. */
    BLOBDB_NUM_NEXT("rocksdb.blobdb.num.next"),
    /** RocksDB's ticker {@code rocksdb.blobdb.num.prev}. */
    BLOBDB_NUM_PREV("rocksdb.blobdb.num.prev"),
    /** RocksDB's ticker {@code rocksdb.blobdb.num.keys.written}. */
    BLOBDB_NUM_KEYS_WRITTEN("rocksdb.blobdb.num.keys.written"),
    /** RocksDB's ticker {@code rocksdb.blobdb.num.keys.read}. */
    BLOBDB_NUM_KEYS_READ("rocksdb.blobdb.num.keys.read"),
    /** RocksDB's ticker {@code rocksdb.blobdb.bytes.written}. */
    BLOBDB_BYTES_WRITTEN("rocksdb.blobdb.bytes.written"),
    /** RocksDB's ticker {@code rocksdb.blobdb.bytes.read}. */
    BLOBDB_BYTES_READ("rocksdb.blobdb.bytes.read"),
    /** RocksDB's ticker {@code rocksdb.blobdb.write.inlined}. */
    BLOBDB_WRITE_INLINED("rocksdb.blobdb.write.inlined"),
    /** RocksDB's ticker {@code rocksdb.blobdb.write.inlined.ttl}. */
    BLOBDB_WRITE_INLINED_TTL("rocksdb.blobdb.write.inlined.ttl"),
    /** RocksDB's ticker {@code rocksdb.blobdb.write.blob}. */
    BLOBDB_WRITE_BLOB("rocksdb.blobdb.write.blob"),
    /** RocksDB's ticker {@code rocksdb.blobdb.write.blob.ttl}. */
    BLOBDB_WRITE_BLOB_TTL("rocksdb.blobdb.write.blob.ttl"),
    /** RocksDB's ticker {@code rocksdb.blobdb.blob.file.bytes.written}. */
    BLOBDB_BLOB_FILE_BYTES_WRITTEN("rocksdb.blobdb.blob.file.bytes.written"),
    /** RocksDB's ticker {@code rocksdb.blobdb.blob.file.bytes.read}. */
    BLOBDB_BLOB_FILE_BYTES_READ("rocksdb.blobdb.blob.file.bytes.read"),
    /** RocksDB's ticker {@code rocksdb.blobdb.blob.file.synced}. */
    BLOBDB_BLOB_FILE_SYNCED("rocksdb.blobdb.blob.file.synced"),
    /** RocksDB's ticker {@code rocksdb.blobdb.blob.index.expired.count}. */
    BLOBDB_BLOB_INDEX_EXPIRED_COUNT("rocksdb.blobdb.blob.index.expired.count"),
    /** RocksDB's ticker {@code rocksdb.blobdb.blob.index.expired.size}. */
    BLOBDB_BLOB_INDEX_EXPIRED_SIZE("rocksdb.blobdb.blob.index.expired.size"),
    /** RocksDB's ticker {@code rocksdb.blobdb.blob.index.evicted.count}. */
    BLOBDB_BLOB_INDEX_EVICTED_COUNT("rocksdb.blobdb.blob.index.evicted.count"),
    /** RocksDB's ticker {@code rocksdb.blobdb.blob.index.evicted.size}. */
    BLOBDB_BLOB_INDEX_EVICTED_SIZE("rocksdb.blobdb.blob.index.evicted.size"),
    /** RocksDB's ticker {@code rocksdb.blobdb.gc.num.files}. */
    BLOBDB_GC_NUM_FILES("rocksdb.blobdb.gc.num.files"),
    /** RocksDB's ticker {@code rocksdb.blobdb.gc.num.new.files}. */
    BLOBDB_GC_NUM_NEW_FILES("rocksdb.blobdb.gc.num.new.files"),
    /** RocksDB's ticker {@code rocksdb.blobdb.gc.failures}. */
    BLOBDB_GC_FAILURES("rocksdb.blobdb.gc.failures"),
    /** RocksDB's ticker {@code rocksdb.blobdb.gc.num.keys.overwritten}. */
    BLOBDB_GC_NUM_KEYS_OVERWRITTEN("rocksdb.blobdb.gc.num.keys.overwritten"),
    /** RocksDB's ticker {@code rocksdb.blobdb.gc.num.keys.expired}. */
    BLOBDB_GC_NUM_KEYS_EXPIRED("rocksdb.blobdb.gc.num.keys.expired"),
    /** RocksDB's ticker {@code rocksdb.blobdb.gc.num.keys.relocated}. */
    BLOBDB_GC_NUM_KEYS_RELOCATED("rocksdb.blobdb.gc.num.keys.relocated"),
    /** RocksDB's ticker {@code rocksdb.blobdb.gc.bytes.overwritten}. */
    BLOBDB_GC_BYTES_OVERWRITTEN("rocksdb.blobdb.gc.bytes.overwritten"),
    /** RocksDB's ticker {@code rocksdb.blobdb.gc.bytes.expired}. */
    BLOBDB_GC_BYTES_EXPIRED("rocksdb.blobdb.gc.bytes.expired"),
    /** RocksDB's ticker {@code rocksdb.blobdb.gc.bytes.relocated}. */
    BLOBDB_GC_BYTES_RELOCATED("rocksdb.blobdb.gc.bytes.relocated"),
    /** RocksDB's ticker {@code rocksdb.blobdb.fifo.num.files.evicted}. */
    BLOBDB_FIFO_NUM_FILES_EVICTED("rocksdb.blobdb.fifo.num.files.evicted"),
    /** RocksDB's ticker {@code rocksdb.blobdb.fifo.num.keys.evicted}. */
    BLOBDB_FIFO_NUM_KEYS_EVICTED("rocksdb.blobdb.fifo.num.keys.evicted"),
    /** RocksDB's ticker {@code rocksdb.blobdb.fifo.bytes.evicted}. */
    BLOBDB_FIFO_BYTES_EVICTED("rocksdb.blobdb.fifo.bytes.evicted"),
    /** RocksDB's ticker {@code rocksdb.txn.overhead.mutex.prepare}. */
    TXN_OVERHEAD_MUTEX_PREPARE("rocksdb.txn.overhead.mutex.prepare"),
    /** RocksDB's ticker {@code rocksdb.txn.overhead.mutex.old.commit.map}. */
    TXN_OVERHEAD_MUTEX_OLD_COMMIT_MAP("rocksdb.txn.overhead.mutex.old.commit.map"),
    /** RocksDB's ticker {@code rocksdb.txn.overhead.duplicate.key}. */
    TXN_OVERHEAD_DUPLICATE_KEY("rocksdb.txn.overhead.duplicate.key"),
    /** RocksDB's ticker {@code rocksdb.txn.overhead.mutex.snapshot}. */
    TXN_OVERHEAD_MUTEX_SNAPSHOT("rocksdb.txn.overhead.mutex.snapshot"),
    /** RocksDB's ticker {@code rocksdb.txn.get.tryagain}. */
    TXN_GET_TRYAGAIN("rocksdb.txn.get.tryagain"),
    /** RocksDB's ticker {@code rocksdb.number.multiget.keys.found}. */
    NUMBER_MULTIGET_KEYS_FOUND("rocksdb.number.multiget.keys.found"),
    /** RocksDB's ticker {@code rocksdb.num.iterator.created}. */
    NUM_ITERATOR_CREATED("rocksdb.num.iterator.created"),
    /** RocksDB's ticker {@code rocksdb.num.iterator.deleted}. */
    NUM_ITERATOR_DELETED("rocksdb.num.iterator.deleted"),
    /** RocksDB's ticker {@code rocksdb.block.cache.compression.dict.miss}. */
    BLOCK_CACHE_COMPRESSION_DICT_MISS("rocksdb.block.cache.compression.dict.miss"),
    /** RocksDB's ticker {@code rocksdb.block.cache.compression.dict.hit}. */
    BLOCK_CACHE_COMPRESSION_DICT_HIT("rocksdb.block.cache.compression.dict.hit"),
    /** RocksDB's ticker {@code rocksdb.block.cache.compression.dict.add}. */
    BLOCK_CACHE_COMPRESSION_DICT_ADD("rocksdb.block.cache.compression.dict.add"),
    /** RocksDB's ticker {@code rocksdb.block.cache.compression.dict.bytes.insert}. */
    BLOCK_CACHE_COMPRESSION_DICT_BYTES_INSERT("rocksdb.block.cache.compression.dict.bytes.insert"),
    /** RocksDB's ticker {@code rocksdb.block.cache.compression.dict.bytes.evict}. */
    BLOCK_CACHE_COMPRESSION_DICT_BYTES_EVICT("rocksdb.block.cache.compression.dict.bytes.evict"),
    /** RocksDB's ticker {@code rocksdb.block.cache.add.redundant}. */
    BLOCK_CACHE_ADD_REDUNDANT("rocksdb.block.cache.add.redundant"),
    /** RocksDB's ticker {@code rocksdb.block.cache.index.add.redundant}. */
    BLOCK_CACHE_INDEX_ADD_REDUNDANT("rocksdb.block.cache.index.add.redundant"),
    /** RocksDB's ticker {@code rocksdb.block.cache.filter.add.redundant}. */
    BLOCK_CACHE_FILTER_ADD_REDUNDANT("rocksdb.block.cache.filter.add.redundant"),
    /** RocksDB's ticker {@code rocksdb.block.cache.data.add.redundant}. */
    BLOCK_CACHE_DATA_ADD_REDUNDANT("rocksdb.block.cache.data.add.redundant"),
    /** RocksDB's ticker {@code rocksdb.block.cache.compression.dict.add.redundant}. */
    BLOCK_CACHE_COMPRESSION_DICT_ADD_REDUNDANT("rocksdb.block.cache.compression.dict.add.redundant"),
    /** RocksDB's ticker {@code rocksdb.files.marked.trash}. */
    FILES_MARKED_TRASH("rocksdb.files.marked.trash"),
    /** RocksDB's ticker {@code rocksdb.files.deleted.immediately}. */
    FILES_DELETED_IMMEDIATELY("rocksdb.files.deleted.immediately"),
    /** RocksDB's ticker {@code rocksdb.error.handler.bg.errro.count}. */
    ERROR_HANDLER_BG_ERRRO_COUNT("rocksdb.error.handler.bg.errro.count"),
    /** RocksDB's ticker {@code rocksdb.error.handler.bg.io.errro.count}. */
    ERROR_HANDLER_BG_IO_ERRRO_COUNT("rocksdb.error.handler.bg.io.errro.count"),
    /** RocksDB's ticker {@code rocksdb.error.handler.bg.retryable.io.errro.count}. */
    ERROR_HANDLER_BG_RETRYABLE_IO_ERRRO_COUNT("rocksdb.error.handler.bg.retryable.io.errro.count"),
    /** RocksDB's ticker {@code rocksdb.error.handler.autoresume.count}. */
    ERROR_HANDLER_AUTORESUME_COUNT("rocksdb.error.handler.autoresume.count"),
    /** RocksDB's ticker {@code rocksdb.error.handler.autoresume.retry.total.count}. */
    ERROR_HANDLER_AUTORESUME_RETRY_TOTAL_COUNT("rocksdb.error.handler.autoresume.retry.total.count"),
    /** RocksDB's ticker {@code rocksdb.error.handler.autoresume.success.count}. */
    ERROR_HANDLER_AUTORESUME_SUCCESS_COUNT("rocksdb.error.handler.autoresume.success.count"),
    /** RocksDB's ticker {@code rocksdb.memtable.payload.bytes.at.flush}. */
    MEMTABLE_PAYLOAD_BYTES_AT_FLUSH("rocksdb.memtable.payload.bytes.at.flush"),
    /** RocksDB's ticker {@code rocksdb.memtable.garbage.bytes.at.flush}. */
    MEMTABLE_GARBAGE_BYTES_AT_FLUSH("rocksdb.memtable.garbage.bytes.at.flush"),
    /** RocksDB's ticker {@code rocksdb.secondary.cache.hits}. */
    SECONDARY_CACHE_HITS("rocksdb.secondary.cache.hits"),
    /** RocksDB's ticker {@code rocksdb.verify_checksum.read.bytes}. */
    VERIFY_CHECKSUM_READ_BYTES("rocksdb.verify_checksum.read.bytes"),
    /** RocksDB's ticker {@code rocksdb.backup.read.bytes}. */
    BACKUP_READ_BYTES("rocksdb.backup.read.bytes"),
    /** RocksDB's ticker {@code rocksdb.backup.write.bytes}. */
    BACKUP_WRITE_BYTES("rocksdb.backup.write.bytes"),
    /** RocksDB's ticker {@code rocksdb.remote.compact.read.bytes}. */
    REMOTE_COMPACT_READ_BYTES("rocksdb.remote.compact.read.bytes"),
    /** RocksDB's ticker {@code rocksdb.remote.compact.write.bytes}. */
    REMOTE_COMPACT_WRITE_BYTES("rocksdb.remote.compact.write.bytes"),
    /** RocksDB's ticker {@code rocksdb.hot.file.read.bytes}. */
    HOT_FILE_READ_BYTES("rocksdb.hot.file.read.bytes"),
    /** RocksDB's ticker {@code rocksdb.warm.file.read.bytes}. */
    WARM_FILE_READ_BYTES("rocksdb.warm.file.read.bytes"),
    /** RocksDB's ticker {@code rocksdb.cold.file.read.bytes}. */
    COLD_FILE_READ_BYTES("rocksdb.cold.file.read.bytes"),
    /** RocksDB's ticker {@code rocksdb.hot.file.read.count}. */
    HOT_FILE_READ_COUNT("rocksdb.hot.file.read.count"),
    /** RocksDB's ticker {@code rocksdb.warm.file.read.count}. */
    WARM_FILE_READ_COUNT("rocksdb.warm.file.read.count"),
    /** RocksDB's ticker {@code rocksdb.cold.file.read.count}. */
    COLD_FILE_READ_COUNT("rocksdb.cold.file.read.count"),
    /** RocksDB's ticker {@code rocksdb.last.level.read.bytes}. */
    LAST_LEVEL_READ_BYTES("rocksdb.last.level.read.bytes"),
    /** RocksDB's ticker {@code rocksdb.last.level.read.count}. */
    LAST_LEVEL_READ_COUNT("rocksdb.last.level.read.count"),
    /** RocksDB's ticker {@code rocksdb.non.last.level.read.bytes}. */
    NON_LAST_LEVEL_READ_BYTES("rocksdb.non.last.level.read.bytes"),
    /** RocksDB's ticker {@code rocksdb.non.last.level.read.count}. */
    NON_LAST_LEVEL_READ_COUNT("rocksdb.non.last.level.read.count"),
    /** RocksDB's ticker {@code rocksdb.block.checksum.compute.count}. */
    BLOCK_CHECKSUM_COMPUTE_COUNT("rocksdb.block.checksum.compute.count"),
    /** RocksDB's ticker {@code rocksdb.multiget.coroutine.count}. */
    MULTIGET_COROUTINE_COUNT("rocksdb.multiget.coroutine.count"),
    /** RocksDB's ticker {@code rocksdb.blobdb.cache.miss}. */
    BLOBDB_CACHE_MISS("rocksdb.blobdb.cache.miss"),
    /** RocksDB's ticker {@code rocksdb.blobdb.cache.hit}. */
    BLOBDB_CACHE_HIT("rocksdb.blobdb.cache.hit"),
    /** RocksDB's ticker {@code rocksdb.blobdb.cache.add}. */
    BLOBDB_CACHE_ADD("rocksdb.blobdb.cache.add"),
    /** RocksDB's ticker {@code rocksdb.blobdb.cache.add.failures}. */
    BLOBDB_CACHE_ADD_FAILURES("rocksdb.blobdb.cache.add.failures"),
    /** RocksDB's ticker {@code rocksdb.blobdb.cache.bytes.read}. */
    BLOBDB_CACHE_BYTES_READ("rocksdb.blobdb.cache.bytes.read"),
    /** RocksDB's ticker {@code rocksdb.blobdb.cache.bytes.write}. */
    BLOBDB_CACHE_BYTES_WRITE("rocksdb.blobdb.cache.bytes.write"),
    /** RocksDB's ticker {@code rocksdb.read.async.micros}. */
    READ_ASYNC_MICROS("rocksdb.read.async.micros"),
    /** RocksDB's ticker {@code rocksdb.async.read.error.count}. */
    ASYNC_READ_ERROR_COUNT("rocksdb.async.read.error.count"),

    // ---- RocksDB 10 and 11: the tickers RocksJava 11.8.1 has (under its names) and the engine's
    // ---- newer ones (from rocksdb::TickersNameMap of RocksDB 11.8.1); on an engine without
    // ---- them they read as absent
    /** RocksDB's ticker {@code rocksdb.compaction.aborted}. Not in RocksDB 9.11 (-1 there). */
    COMPACTION_ABORTED("rocksdb.compaction.aborted"),
    /** RocksDB's ticker {@code rocksdb.wal.precreate.hit}. Not in RocksDB 9.11 (-1 there). */
    WAL_PRECREATE_HIT("rocksdb.wal.precreate.hit"),
    /** RocksDB's ticker {@code rocksdb.wal.precreate.miss}. Not in RocksDB 9.11 (-1 there). */
    WAL_PRECREATE_MISS("rocksdb.wal.precreate.miss"),
    /** RocksDB's ticker {@code rocksdb.wal.precreate.waited}. Not in RocksDB 9.11 (-1 there). */
    WAL_PRECREATE_WAITED("rocksdb.wal.precreate.waited"),
    /** RocksDB's ticker {@code rocksdb.wal.precreate.wait.micros}. Not in RocksDB 9.11 (-1 there). */
    WAL_PRECREATE_WAIT_MICROS("rocksdb.wal.precreate.wait.micros"),
    /** RocksDB's ticker {@code rocksdb.wal.precreate.failed}. Not in RocksDB 9.11 (-1 there). */
    WAL_PRECREATE_FAILED("rocksdb.wal.precreate.failed"),
    /** RocksDB's ticker {@code rocksdb.rate.limiter.bytes.read}. Not in RocksDB 9.11 (-1 there). */
    RATE_LIMITER_BYTES_READ("rocksdb.rate.limiter.bytes.read"),
    /** RocksDB's ticker {@code rocksdb.rate.limiter.bytes.write}. Not in RocksDB 9.11 (-1 there). */
    RATE_LIMITER_BYTES_WRITE("rocksdb.rate.limiter.bytes.write"),
    /** RocksDB's ticker {@code rocksdb.rate.limiter.requests.read}. Not in RocksDB 9.11 (-1 there). */
    RATE_LIMITER_REQUESTS_READ("rocksdb.rate.limiter.requests.read"),
    /** RocksDB's ticker {@code rocksdb.rate.limiter.requests.write}. Not in RocksDB 9.11 (-1 there). */
    RATE_LIMITER_REQUESTS_WRITE("rocksdb.rate.limiter.requests.write"),
    /** RocksDB's ticker {@code rocksdb.rate.limiter.delayed.requests.read}. Not in RocksDB 9.11 (-1 there). */
    RATE_LIMITER_DELAYED_REQUESTS_READ("rocksdb.rate.limiter.delayed.requests.read"),
    /** RocksDB's ticker {@code rocksdb.rate.limiter.delayed.requests.write}. Not in RocksDB 9.11 (-1 there). */
    RATE_LIMITER_DELAYED_REQUESTS_WRITE("rocksdb.rate.limiter.delayed.requests.write"),
    /** RocksDB's ticker {@code rocksdb.rate.limiter.total.wait.micros.read}. Not in RocksDB 9.11 (-1 there). */
    RATE_LIMITER_TOTAL_WAIT_MICROS_READ("rocksdb.rate.limiter.total.wait.micros.read"),
    /** RocksDB's ticker {@code rocksdb.rate.limiter.total.wait.micros.write}. Not in RocksDB 9.11 (-1 there). */
    RATE_LIMITER_TOTAL_WAIT_MICROS_WRITE("rocksdb.rate.limiter.total.wait.micros.write"),
    /** RocksDB's ticker {@code rocksdb.remote.compact.resumed.bytes}. Not in RocksDB 9.11 (-1 there). */
    REMOTE_COMPACT_RESUMED_BYTES("rocksdb.remote.compact.resumed.bytes"),
    /** RocksDB's ticker {@code rocksdb.cool.file.read.bytes}. Not in RocksDB 9.11 (-1 there). */
    COOL_FILE_READ_BYTES("rocksdb.cool.file.read.bytes"),
    /** RocksDB's ticker {@code rocksdb.ice.file.read.bytes}. Not in RocksDB 9.11 (-1 there). */
    ICE_FILE_READ_BYTES("rocksdb.ice.file.read.bytes"),
    /** RocksDB's ticker {@code rocksdb.cool.file.read.count}. Not in RocksDB 9.11 (-1 there). */
    COOL_FILE_READ_COUNT("rocksdb.cool.file.read.count"),
    /** RocksDB's ticker {@code rocksdb.ice.file.read.count}. Not in RocksDB 9.11 (-1 there). */
    ICE_FILE_READ_COUNT("rocksdb.ice.file.read.count"),
    /** RocksDB's ticker {@code rocksdb.fifo.change_temperature.compactions}. Not in RocksDB 9.11 (-1 there). */
    FIFO_CHANGE_TEMPERATURE_COMPACTIONS("rocksdb.fifo.change_temperature.compactions"),
    /** RocksDB's ticker {@code rocksdb.number.wbwi.ingest}. Not in RocksDB 9.11 (-1 there). */
    NUMBER_WBWI_INGEST("rocksdb.number.wbwi.ingest"),
    /** RocksDB's ticker {@code rocksdb.sst.user.defined.index.load.fail.count}. Not in RocksDB 9.11 (-1 there). */
    SST_USER_DEFINED_INDEX_LOAD_FAIL_COUNT("rocksdb.sst.user.defined.index.load.fail.count"),
    /** RocksDB's ticker {@code rocksdb.multiscan.prepare.calls}. Not in RocksDB 9.11 (-1 there). */
    MULTISCAN_PREPARE_CALLS("rocksdb.multiscan.prepare.calls"),
    /** RocksDB's ticker {@code rocksdb.multiscan.prepare.errors}. Not in RocksDB 9.11 (-1 there). */
    MULTISCAN_PREPARE_ERRORS("rocksdb.multiscan.prepare.errors"),
    /** RocksDB's ticker {@code rocksdb.multiscan.blocks.prefetched}. Not in RocksDB 9.11 (-1 there). */
    MULTISCAN_BLOCKS_PREFETCHED("rocksdb.multiscan.blocks.prefetched"),
    /** RocksDB's ticker {@code rocksdb.multiscan.blocks.from.cache}. Not in RocksDB 9.11 (-1 there). */
    MULTISCAN_BLOCKS_FROM_CACHE("rocksdb.multiscan.blocks.from.cache"),
    /** RocksDB's ticker {@code rocksdb.multiscan.prefetch.bytes}. Not in RocksDB 9.11 (-1 there). */
    MULTISCAN_PREFETCH_BYTES("rocksdb.multiscan.prefetch.bytes"),
    /** RocksDB's ticker {@code rocksdb.multiscan.prefetch.blocks.wasted}. Not in RocksDB 9.11 (-1 there). */
    MULTISCAN_PREFETCH_BLOCKS_WASTED("rocksdb.multiscan.prefetch.blocks.wasted"),
    /** RocksDB's ticker {@code rocksdb.multiscan.io.requests}. Not in RocksDB 9.11 (-1 there). */
    MULTISCAN_IO_REQUESTS("rocksdb.multiscan.io.requests"),
    /** RocksDB's ticker {@code rocksdb.multiscan.io.coalesced.nonadjacent}. Not in RocksDB 9.11 (-1 there). */
    MULTISCAN_IO_COALESCED_NONADJACENT("rocksdb.multiscan.io.coalesced.nonadjacent"),
    /** RocksDB's ticker {@code rocksdb.multiscan.seek.errors}. Not in RocksDB 9.11 (-1 there). */
    MULTISCAN_SEEK_ERRORS("rocksdb.multiscan.seek.errors"),
    /** RocksDB's ticker {@code rocksdb.prefetch.memory.bytes.granted}. Not in RocksDB 9.11 (-1 there). */
    PREFETCH_MEMORY_BYTES_GRANTED("rocksdb.prefetch.memory.bytes.granted"),
    /** RocksDB's ticker {@code rocksdb.prefetch.memory.bytes.released}. Not in RocksDB 9.11 (-1 there). */
    PREFETCH_MEMORY_BYTES_RELEASED("rocksdb.prefetch.memory.bytes.released"),
    /** RocksDB's ticker {@code rocksdb.prefetch.memory.requests.blocked}. Not in RocksDB 9.11 (-1 there). */
    PREFETCH_MEMORY_REQUESTS_BLOCKED("rocksdb.prefetch.memory.requests.blocked"),
    /** RocksDB's ticker {@code rocksdb.read.path.range.tombstones.inserted}. Not in RocksDB 9.11 (-1 there). */
    READ_PATH_RANGE_TOMBSTONES_INSERTED("rocksdb.read.path.range.tombstones.inserted"),
    /** RocksDB's ticker {@code rocksdb.read.path.range.tombstones.discarded}. Not in RocksDB 9.11 (-1 there). */
    READ_PATH_RANGE_TOMBSTONES_DISCARDED("rocksdb.read.path.range.tombstones.discarded"),
    /** RocksDB's ticker {@code rocksdb.file.open.metadata.retrieved}. Not in RocksDB 9.11 (-1 there). */
    FILE_OPEN_METADATA_RETRIEVED("rocksdb.file.open.metadata.retrieved"),
    /** RocksDB's ticker {@code rocksdb.file.open.metadata.passed}. Not in RocksDB 9.11 (-1 there). */
    FILE_OPEN_METADATA_PASSED("rocksdb.file.open.metadata.passed"),
    /** RocksDB's ticker {@code rocksdb.manifest.validation.failure.count}. Not in RocksDB 9.11 (-1 there). */
    MANIFEST_VALIDATION_FAILURE_COUNT("rocksdb.manifest.validation.failure.count"),
    /** RocksDB's ticker {@code rocksdb.flush.reason.write_buffer_full}. Not in RocksDB 9.11 (-1 there). */
    FLUSH_REASON_WRITE_BUFFER_FULL("rocksdb.flush.reason.write_buffer_full"),
    /** RocksDB's ticker {@code rocksdb.flush.reason.write_buffer_manager}. Not in RocksDB 9.11 (-1 there). */
    FLUSH_REASON_WRITE_BUFFER_MANAGER("rocksdb.flush.reason.write_buffer_manager"),
    /** RocksDB's ticker {@code rocksdb.flush.reason.memtable_max_range_deletions}. Not in RocksDB 9.11 (-1 there). */
    FLUSH_REASON_MEMTABLE_MAX_RANGE_DELETIONS("rocksdb.flush.reason.memtable_max_range_deletions"),
    /** RocksDB's ticker {@code rocksdb.atomic_flush.request.reason.write_buffer_full}. Not in RocksDB 9.11 (-1 there). */
    ATOMIC_FLUSH_REQUEST_REASON_WRITE_BUFFER_FULL("rocksdb.atomic_flush.request.reason.write_buffer_full"),
    /** RocksDB's ticker {@code rocksdb.atomic_flush.request.reason.write_buffer_manager}. Not in RocksDB 9.11 (-1 there). */
    ATOMIC_FLUSH_REQUEST_REASON_WRITE_BUFFER_MANAGER("rocksdb.atomic_flush.request.reason.write_buffer_manager"),
    /** RocksDB's ticker {@code rocksdb.atomic_flush.request.reason.memtable_max_range_deletions}. Not in RocksDB 9.11 (-1 there). */
    ATOMIC_FLUSH_REQUEST_REASON_MEMTABLE_MAX_RANGE_DELETIONS("rocksdb.atomic_flush.request.reason.memtable_max_range_deletions"),
    /** RocksDB's ticker {@code rocksdb.atomic_flush.request.reason.other}. Not in RocksDB 9.11 (-1 there). */
    ATOMIC_FLUSH_REQUEST_REASON_OTHER("rocksdb.atomic_flush.request.reason.other"),
    /** RocksDB's ticker {@code rocksdb.checkpoint.read.bytes}. Not in RocksDB 9.11 (-1 there). */
    CHECKPOINT_READ_BYTES("rocksdb.checkpoint.read.bytes"),
    /** RocksDB's ticker {@code rocksdb.checkpoint.write.bytes}. Not in RocksDB 9.11 (-1 there). */
    CHECKPOINT_WRITE_BYTES("rocksdb.checkpoint.write.bytes"),
    /** RocksDB's ticker {@code rocksdb.file.submit.async.read.fallback}. Not in RocksDB 9.11 (-1 there). */
    FILE_SUBMIT_ASYNC_READ_FALLBACK("rocksdb.file.submit.async.read.fallback"),

    // ---- RocksJava's names: its constants that RocksDB's names above do not spell ----
    /** RocksJava's name of {@link #BLOBDB_BLOB_FILE_BYTES_READ}. */
    BLOB_DB_BLOB_FILE_BYTES_READ("rocksdb.blobdb.blob.file.bytes.read"),
    /** RocksJava's name of {@link #BLOBDB_BLOB_FILE_BYTES_WRITTEN}. */
    BLOB_DB_BLOB_FILE_BYTES_WRITTEN("rocksdb.blobdb.blob.file.bytes.written"),
    /** RocksJava's name of {@link #BLOBDB_BLOB_FILE_SYNCED}. */
    BLOB_DB_BLOB_FILE_SYNCED("rocksdb.blobdb.blob.file.synced"),
    /** RocksJava's name of {@link #BLOBDB_BLOB_INDEX_EVICTED_COUNT}. */
    BLOB_DB_BLOB_INDEX_EVICTED_COUNT("rocksdb.blobdb.blob.index.evicted.count"),
    /** RocksJava's name of {@link #BLOBDB_BLOB_INDEX_EVICTED_SIZE}. */
    BLOB_DB_BLOB_INDEX_EVICTED_SIZE("rocksdb.blobdb.blob.index.evicted.size"),
    /** RocksJava's name of {@link #BLOBDB_BLOB_INDEX_EXPIRED_COUNT}. */
    BLOB_DB_BLOB_INDEX_EXPIRED_COUNT("rocksdb.blobdb.blob.index.expired.count"),
    /** RocksJava's name of {@link #BLOBDB_BLOB_INDEX_EXPIRED_SIZE}. */
    BLOB_DB_BLOB_INDEX_EXPIRED_SIZE("rocksdb.blobdb.blob.index.expired.size"),
    /** RocksJava's name of {@link #BLOBDB_BYTES_READ}. */
    BLOB_DB_BYTES_READ("rocksdb.blobdb.bytes.read"),
    /** RocksJava's name of {@link #BLOBDB_BYTES_WRITTEN}. */
    BLOB_DB_BYTES_WRITTEN("rocksdb.blobdb.bytes.written"),
    /** RocksJava's name of {@link #BLOBDB_CACHE_ADD}. */
    BLOB_DB_CACHE_ADD("rocksdb.blobdb.cache.add"),
    /** RocksJava's name of {@link #BLOBDB_CACHE_ADD_FAILURES}. */
    BLOB_DB_CACHE_ADD_FAILURES("rocksdb.blobdb.cache.add.failures"),
    /** RocksJava's name of {@link #BLOBDB_CACHE_BYTES_READ}. */
    BLOB_DB_CACHE_BYTES_READ("rocksdb.blobdb.cache.bytes.read"),
    /** RocksJava's name of {@link #BLOBDB_CACHE_BYTES_WRITE}. */
    BLOB_DB_CACHE_BYTES_WRITE("rocksdb.blobdb.cache.bytes.write"),
    /** RocksJava's name of {@link #BLOBDB_CACHE_HIT}. */
    BLOB_DB_CACHE_HIT("rocksdb.blobdb.cache.hit"),
    /** RocksJava's name of {@link #BLOBDB_CACHE_MISS}. */
    BLOB_DB_CACHE_MISS("rocksdb.blobdb.cache.miss"),
    /** RocksJava's name of {@link #BLOBDB_FIFO_BYTES_EVICTED}. */
    BLOB_DB_FIFO_BYTES_EVICTED("rocksdb.blobdb.fifo.bytes.evicted"),
    /** RocksJava's name of {@link #BLOBDB_FIFO_NUM_FILES_EVICTED}. */
    BLOB_DB_FIFO_NUM_FILES_EVICTED("rocksdb.blobdb.fifo.num.files.evicted"),
    /** RocksJava's name of {@link #BLOBDB_FIFO_NUM_KEYS_EVICTED}. */
    BLOB_DB_FIFO_NUM_KEYS_EVICTED("rocksdb.blobdb.fifo.num.keys.evicted"),
    /** RocksJava's name of {@link #BLOBDB_GC_BYTES_EXPIRED}. */
    BLOB_DB_GC_BYTES_EXPIRED("rocksdb.blobdb.gc.bytes.expired"),
    /** RocksJava's name of {@link #BLOBDB_GC_BYTES_OVERWRITTEN}. */
    BLOB_DB_GC_BYTES_OVERWRITTEN("rocksdb.blobdb.gc.bytes.overwritten"),
    /** RocksJava's name of {@link #BLOBDB_GC_BYTES_RELOCATED}. */
    BLOB_DB_GC_BYTES_RELOCATED("rocksdb.blobdb.gc.bytes.relocated"),
    /** RocksJava's name of {@link #BLOBDB_GC_FAILURES}. */
    BLOB_DB_GC_FAILURES("rocksdb.blobdb.gc.failures"),
    /** RocksJava's name of {@link #BLOBDB_GC_NUM_FILES}. */
    BLOB_DB_GC_NUM_FILES("rocksdb.blobdb.gc.num.files"),
    /** RocksJava's name of {@link #BLOBDB_GC_NUM_KEYS_EXPIRED}. */
    BLOB_DB_GC_NUM_KEYS_EXPIRED("rocksdb.blobdb.gc.num.keys.expired"),
    /** RocksJava's name of {@link #BLOBDB_GC_NUM_KEYS_OVERWRITTEN}. */
    BLOB_DB_GC_NUM_KEYS_OVERWRITTEN("rocksdb.blobdb.gc.num.keys.overwritten"),
    /** RocksJava's name of {@link #BLOBDB_GC_NUM_KEYS_RELOCATED}. */
    BLOB_DB_GC_NUM_KEYS_RELOCATED("rocksdb.blobdb.gc.num.keys.relocated"),
    /** RocksJava's name of {@link #BLOBDB_GC_NUM_NEW_FILES}. */
    BLOB_DB_GC_NUM_NEW_FILES("rocksdb.blobdb.gc.num.new.files"),
    /** RocksJava's name of {@link #BLOBDB_NUM_GET}. */
    BLOB_DB_NUM_GET("rocksdb.blobdb.num.get"),
    /** RocksJava's name of {@link #BLOBDB_NUM_KEYS_READ}. */
    BLOB_DB_NUM_KEYS_READ("rocksdb.blobdb.num.keys.read"),
    /** RocksJava's name of {@link #BLOBDB_NUM_KEYS_WRITTEN}. */
    BLOB_DB_NUM_KEYS_WRITTEN("rocksdb.blobdb.num.keys.written"),
    /** RocksJava's name of {@link #BLOBDB_NUM_MULTIGET}. */
    BLOB_DB_NUM_MULTIGET("rocksdb.blobdb.num.multiget"),
    /** RocksJava's name of {@link #BLOBDB_NUM_NEXT}. */
    BLOB_DB_NUM_NEXT("rocksdb.blobdb.num.next"),
    /** RocksJava's name of {@link #BLOBDB_NUM_PREV}. */
    BLOB_DB_NUM_PREV("rocksdb.blobdb.num.prev"),
    /** RocksJava's name of {@link #BLOBDB_NUM_PUT}. */
    BLOB_DB_NUM_PUT("rocksdb.blobdb.num.put"),
    /** RocksJava's name of {@link #BLOBDB_NUM_SEEK}. */
    BLOB_DB_NUM_SEEK("rocksdb.blobdb.num.seek"),
    /** RocksJava's name of {@link #BLOBDB_NUM_WRITE}. */
    BLOB_DB_NUM_WRITE("rocksdb.blobdb.num.write"),
    /** RocksJava's name of {@link #BLOBDB_WRITE_BLOB}. */
    BLOB_DB_WRITE_BLOB("rocksdb.blobdb.write.blob"),
    /** RocksJava's name of {@link #BLOBDB_WRITE_BLOB_TTL}. */
    BLOB_DB_WRITE_BLOB_TTL("rocksdb.blobdb.write.blob.ttl"),
    /** RocksJava's name of {@link #BLOBDB_WRITE_INLINED}. */
    BLOB_DB_WRITE_INLINED("rocksdb.blobdb.write.inlined"),
    /** RocksJava's name of {@link #BLOBDB_WRITE_INLINED_TTL}. */
    BLOB_DB_WRITE_INLINED_TTL("rocksdb.blobdb.write.inlined.ttl"),
    /** RocksJava's name of {@link #BLOCK_CACHECOMPRESSED_ADD}. */
    BLOCK_CACHE_COMPRESSED_ADD("rocksdb.block.cachecompressed.add"),
    /** RocksJava's name of {@link #BLOCK_CACHECOMPRESSED_ADD_FAILURES}. */
    BLOCK_CACHE_COMPRESSED_ADD_FAILURES("rocksdb.block.cachecompressed.add.failures"),
    /** RocksJava's name of {@link #BLOCK_CACHECOMPRESSED_HIT}. */
    BLOCK_CACHE_COMPRESSED_HIT("rocksdb.block.cachecompressed.hit"),
    /** RocksJava's name of {@link #BLOCK_CACHECOMPRESSED_MISS}. */
    BLOCK_CACHE_COMPRESSED_MISS("rocksdb.block.cachecompressed.miss"),
    /** RocksJava's name of RocksDB's {@code rocksdb.block.checksum.mismatch.count} (newer engines than 7.8; -1 where the engine lacks it). */
    BLOCK_CHECKSUM_MISMATCH_COUNT("rocksdb.block.checksum.mismatch.count"),
    /** RocksJava's name of RocksDB's {@code rocksdb.bloom.filter.prefix.true.positive} (newer engines than 7.8; -1 where the engine lacks it). */
    BLOOM_FILTER_PREFIX_TRUE_POSITIVE("rocksdb.bloom.filter.prefix.true.positive"),
    /** RocksJava's name of RocksDB's {@code rocksdb.bytes.compressed.from} (newer engines than 7.8; -1 where the engine lacks it). */
    BYTES_COMPRESSED_FROM("rocksdb.bytes.compressed.from"),
    /** RocksJava's name of RocksDB's {@code rocksdb.bytes.compressed.to} (newer engines than 7.8; -1 where the engine lacks it). */
    BYTES_COMPRESSED_TO("rocksdb.bytes.compressed.to"),
    /** RocksJava's name of RocksDB's {@code rocksdb.bytes.compression_bypassed} (newer engines than 7.8; -1 where the engine lacks it). */
    BYTES_COMPRESSION_BYPASSED("rocksdb.bytes.compression_bypassed"),
    /** RocksJava's name of RocksDB's {@code rocksdb.bytes.compression.rejected} (newer engines than 7.8; -1 where the engine lacks it). */
    BYTES_COMPRESSION_REJECTED("rocksdb.bytes.compression.rejected"),
    /** RocksJava's name of RocksDB's {@code rocksdb.bytes.decompressed.from} (newer engines than 7.8; -1 where the engine lacks it). */
    BYTES_DECOMPRESSED_FROM("rocksdb.bytes.decompressed.from"),
    /** RocksJava's name of RocksDB's {@code rocksdb.bytes.decompressed.to} (newer engines than 7.8; -1 where the engine lacks it). */
    BYTES_DECOMPRESSED_TO("rocksdb.bytes.decompressed.to"),
    /** RocksJava's name of RocksDB's {@code rocksdb.compaction.total.time.cpu_micros} (newer engines than 7.8; -1 where the engine lacks it). */
    COMPACTION_CPU_TOTAL_TIME("rocksdb.compaction.total.time.cpu_micros"),
    /** RocksJava's name of {@link #COMPACTION_KEY_DROP_NEW}. */
    COMPACTION_KEY_DROP_NEWER_ENTRY("rocksdb.compaction.key.drop.new"),
    /** RocksJava's name of {@link #COMPACT_READ_MARKED_BYTES}. */
    COMPACT_READ_BYTES_MARKED("rocksdb.compact.read.marked.bytes"),
    /** RocksJava's name of {@link #COMPACT_READ_PERIODIC_BYTES}. */
    COMPACT_READ_BYTES_PERIODIC("rocksdb.compact.read.periodic.bytes"),
    /** RocksJava's name of {@link #COMPACT_READ_TTL_BYTES}. */
    COMPACT_READ_BYTES_TTL("rocksdb.compact.read.ttl.bytes"),
    /** RocksJava's name of {@link #COMPACT_WRITE_MARKED_BYTES}. */
    COMPACT_WRITE_BYTES_MARKED("rocksdb.compact.write.marked.bytes"),
    /** RocksJava's name of {@link #COMPACT_WRITE_PERIODIC_BYTES}. */
    COMPACT_WRITE_BYTES_PERIODIC("rocksdb.compact.write.periodic.bytes"),
    /** RocksJava's name of {@link #COMPACT_WRITE_TTL_BYTES}. */
    COMPACT_WRITE_BYTES_TTL("rocksdb.compact.write.ttl.bytes"),
    /** RocksJava's name of RocksDB's {@code rocksdb.compressed.secondary.cache.dummy.hits} (newer engines than 7.8; -1 where the engine lacks it). */
    COMPRESSED_SECONDARY_CACHE_DUMMY_HITS("rocksdb.compressed.secondary.cache.dummy.hits"),
    /** RocksJava's name of RocksDB's {@code rocksdb.compressed.secondary.cache.hits} (newer engines than 7.8; -1 where the engine lacks it). */
    COMPRESSED_SECONDARY_CACHE_HITS("rocksdb.compressed.secondary.cache.hits"),
    /** RocksJava's name of RocksDB's {@code rocksdb.compressed.secondary.cache.promotions} (newer engines than 7.8; -1 where the engine lacks it). */
    COMPRESSED_SECONDARY_CACHE_PROMOTIONS("rocksdb.compressed.secondary.cache.promotions"),
    /** RocksJava's name of RocksDB's {@code rocksdb.compressed.secondary.cache.promotion.skips} (newer engines than 7.8; -1 where the engine lacks it). */
    COMPRESSED_SECONDARY_CACHE_PROMOTION_SKIPS("rocksdb.compressed.secondary.cache.promotion.skips"),
    /** RocksJava's name of RocksDB's {@code rocksdb.error.handler.bg.error.count} (newer engines than 7.8; -1 where the engine lacks it). */
    ERROR_HANDLER_BG_ERROR_COUNT("rocksdb.error.handler.bg.error.count"),
    /** RocksJava's name of RocksDB's {@code rocksdb.error.handler.bg.io.error.count} (newer engines than 7.8; -1 where the engine lacks it). */
    ERROR_HANDLER_BG_IO_ERROR_COUNT("rocksdb.error.handler.bg.io.error.count"),
    /** RocksJava's name of RocksDB's {@code rocksdb.error.handler.bg.retryable.io.error.count} (newer engines than 7.8; -1 where the engine lacks it). */
    ERROR_HANDLER_BG_RETRYABLE_IO_ERROR_COUNT("rocksdb.error.handler.bg.retryable.io.error.count"),
    /** RocksJava's name of RocksDB's {@code rocksdb.fifo.max.size.compactions} (newer engines than 7.8; -1 where the engine lacks it). */
    FIFO_MAX_SIZE_COMPACTIONS("rocksdb.fifo.max.size.compactions"),
    /** RocksJava's name of RocksDB's {@code rocksdb.fifo.ttl.compactions} (newer engines than 7.8; -1 where the engine lacks it). */
    FIFO_TTL_COMPACTIONS("rocksdb.fifo.ttl.compactions"),
    /** RocksJava's name of RocksDB's {@code rocksdb.files.marked.trash.deleted} (newer engines than 7.8; -1 where the engine lacks it). */
    FILES_DELETED_FROM_TRASH_QUEUE("rocksdb.files.marked.trash.deleted"),
    /** RocksJava's name of RocksDB's {@code rocksdb.file.read.corruption.retry.count} (newer engines than 7.8; -1 where the engine lacks it). */
    FILE_READ_CORRUPTION_RETRY_COUNT("rocksdb.file.read.corruption.retry.count"),
    /** RocksJava's name of RocksDB's {@code rocksdb.file.read.corruption.retry.success.count} (newer engines than 7.8; -1 where the engine lacks it). */
    FILE_READ_CORRUPTION_RETRY_SUCCESS_COUNT("rocksdb.file.read.corruption.retry.success.count"),
    /** RocksJava's name of {@link #FILTER_OPERATION_TIME_NANOS}. */
    FILTER_OPERATION_TOTAL_TIME("rocksdb.filter.operation.time.nanos"),
    /** RocksJava's name of {@link #L0_HIT}. */
    GET_HIT_L0("rocksdb.l0.hit"),
    /** RocksJava's name of {@link #L1_HIT}. */
    GET_HIT_L1("rocksdb.l1.hit"),
    /** RocksJava's name of {@link #L2ANDUP_HIT}. */
    GET_HIT_L2_AND_UP("rocksdb.l2andup.hit"),
    /** RocksJava's name of {@link #GETUPDATESSINCE_CALLS}. */
    GET_UPDATES_SINCE_CALLS("rocksdb.getupdatessince.calls"),
    /** RocksJava's name of {@link #DB_ITER_BYTES_READ}. */
    ITER_BYTES_READ("rocksdb.db.iter.bytes.read"),
    /** RocksJava's name of RocksDB's {@code rocksdb.last.level.seek.data} (newer engines than 7.8; -1 where the engine lacks it). */
    LAST_LEVEL_SEEK_DATA("rocksdb.last.level.seek.data"),
    /** RocksJava's name of RocksDB's {@code rocksdb.last.level.seek.data.useful.filter.match} (newer engines than 7.8; -1 where the engine lacks it). */
    LAST_LEVEL_SEEK_DATA_USEFUL_FILTER_MATCH("rocksdb.last.level.seek.data.useful.filter.match"),
    /** RocksJava's name of RocksDB's {@code rocksdb.last.level.seek.data.useful.no.filter} (newer engines than 7.8; -1 where the engine lacks it). */
    LAST_LEVEL_SEEK_DATA_USEFUL_NO_FILTER("rocksdb.last.level.seek.data.useful.no.filter"),
    /** RocksJava's name of RocksDB's {@code rocksdb.last.level.seek.filtered} (newer engines than 7.8; -1 where the engine lacks it). */
    LAST_LEVEL_SEEK_FILTERED("rocksdb.last.level.seek.filtered"),
    /** RocksJava's name of RocksDB's {@code rocksdb.last.level.seek.filter.match} (newer engines than 7.8; -1 where the engine lacks it). */
    LAST_LEVEL_SEEK_FILTER_MATCH("rocksdb.last.level.seek.filter.match"),
    /** RocksJava's name of {@link #MERGE_OPERATION_TIME_NANOS}. */
    MERGE_OPERATION_TOTAL_TIME("rocksdb.merge.operation.time.nanos"),
    /** RocksJava's name of RocksDB's {@code rocksdb.non.last.level.seek.data} (newer engines than 7.8; -1 where the engine lacks it). */
    NON_LAST_LEVEL_SEEK_DATA("rocksdb.non.last.level.seek.data"),
    /** RocksJava's name of RocksDB's {@code rocksdb.non.last.level.seek.data.useful.filter.match} (newer engines than 7.8; -1 where the engine lacks it). */
    NON_LAST_LEVEL_SEEK_DATA_USEFUL_FILTER_MATCH("rocksdb.non.last.level.seek.data.useful.filter.match"),
    /** RocksJava's name of RocksDB's {@code rocksdb.non.last.level.seek.data.useful.no.filter} (newer engines than 7.8; -1 where the engine lacks it). */
    NON_LAST_LEVEL_SEEK_DATA_USEFUL_NO_FILTER("rocksdb.non.last.level.seek.data.useful.no.filter"),
    /** RocksJava's name of RocksDB's {@code rocksdb.non.last.level.seek.filtered} (newer engines than 7.8; -1 where the engine lacks it). */
    NON_LAST_LEVEL_SEEK_FILTERED("rocksdb.non.last.level.seek.filtered"),
    /** RocksJava's name of RocksDB's {@code rocksdb.non.last.level.seek.filter.match} (newer engines than 7.8; -1 where the engine lacks it). */
    NON_LAST_LEVEL_SEEK_FILTER_MATCH("rocksdb.non.last.level.seek.filter.match"),
    /** RocksJava's name of {@link #NUM_ITERATORS}. */
    NO_ITERATORS("rocksdb.num.iterators"),
    /** RocksJava's name of {@link #NUM_ITERATOR_CREATED}. */
    NO_ITERATOR_CREATED("rocksdb.num.iterator.created"),
    /** RocksJava's name of {@link #NUM_ITERATOR_DELETED}. */
    NO_ITERATOR_DELETED("rocksdb.num.iterator.deleted"),
    /** RocksJava's name of RocksDB's {@code rocksdb.number.block_compression_bypassed} (newer engines than 7.8; -1 where the engine lacks it). */
    NUMBER_BLOCK_COMPRESSION_BYPASSED("rocksdb.number.block_compression_bypassed"),
    /** RocksJava's name of RocksDB's {@code rocksdb.number.block_compression_rejected} (newer engines than 7.8; -1 where the engine lacks it). */
    NUMBER_BLOCK_COMPRESSION_REJECTED("rocksdb.number.block_compression_rejected"),
    /** RocksJava's name of {@link #NUMBER_DELETES_FILTERED}. */
    NUMBER_FILTERED_DELETES("rocksdb.number.deletes.filtered"),
    /** RocksJava's name of {@link #NUMBER_MULTIGET_GET}. */
    NUMBER_MULTIGET_CALLS("rocksdb.number.multiget.get"),
    /** RocksJava's name of {@link #NUMBER_RESEEKS_ITERATION}. */
    NUMBER_OF_RESEEKS_IN_ITERATION("rocksdb.number.reseeks.iteration"),
    /** RocksJava's name of RocksDB's {@code rocksdb.prefetch.bytes} (newer engines than 7.8; -1 where the engine lacks it). */
    PREFETCH_BYTES("rocksdb.prefetch.bytes"),
    /** RocksJava's name of RocksDB's {@code rocksdb.prefetch.bytes.useful} (newer engines than 7.8; -1 where the engine lacks it). */
    PREFETCH_BYTES_USEFUL("rocksdb.prefetch.bytes.useful"),
    /** RocksJava's name of RocksDB's {@code rocksdb.prefetch.hits} (newer engines than 7.8; -1 where the engine lacks it). */
    PREFETCH_HITS("rocksdb.prefetch.hits"),
    /** RocksJava's name of RocksDB's {@code rocksdb.readahead.trimmed} (newer engines than 7.8; -1 where the engine lacks it). */
    READAHEAD_TRIMMED("rocksdb.readahead.trimmed"),
    /** RocksJava's name of RocksDB's {@code rocksdb.secondary.cache.data.hits} (newer engines than 7.8; -1 where the engine lacks it). */
    SECONDARY_CACHE_DATA_HITS("rocksdb.secondary.cache.data.hits"),
    /** RocksJava's name of RocksDB's {@code rocksdb.secondary.cache.filter.hits} (newer engines than 7.8; -1 where the engine lacks it). */
    SECONDARY_CACHE_FILTER_HITS("rocksdb.secondary.cache.filter.hits"),
    /** RocksJava's name of RocksDB's {@code rocksdb.secondary.cache.index.hits} (newer engines than 7.8; -1 where the engine lacks it). */
    SECONDARY_CACHE_INDEX_HITS("rocksdb.secondary.cache.index.hits"),
    /** RocksJava's name of RocksDB's {@code rocksdb.footer.corruption.count} (newer engines than 7.8; -1 where the engine lacks it). */
    SST_FOOTER_CORRUPTION_COUNT("rocksdb.footer.corruption.count"),
    /** RocksJava's name of {@link #L0_NUM_FILES_STALL_MICROS}. */
    STALL_L0_NUM_FILES_MICROS("rocksdb.l0.num.files.stall.micros"),
    /** RocksJava's name of {@link #L0_SLOWDOWN_MICROS}. */
    STALL_L0_SLOWDOWN_MICROS("rocksdb.l0.slowdown.micros"),
    /** RocksJava's name of {@link #MEMTABLE_COMPACTION_MICROS}. */
    STALL_MEMTABLE_COMPACTION_MICROS("rocksdb.memtable.compaction.micros"),
    /** RocksJava's name of RocksDB's {@code rocksdb.table.open.prefetch.tail.hit} (newer engines than 7.8; -1 where the engine lacks it). */
    TABLE_OPEN_PREFETCH_TAIL_HIT("rocksdb.table.open.prefetch.tail.hit"),
    /** RocksJava's name of RocksDB's {@code rocksdb.table.open.prefetch.tail.miss} (newer engines than 7.8; -1 where the engine lacks it). */
    TABLE_OPEN_PREFETCH_TAIL_MISS("rocksdb.table.open.prefetch.tail.miss"),
    /** RocksJava's name of RocksDB's {@code rocksdb.timestamp.filter.table.checked} (newer engines than 7.8; -1 where the engine lacks it). */
    TIMESTAMP_FILTER_TABLE_CHECKED("rocksdb.timestamp.filter.table.checked"),
    /** RocksJava's name of RocksDB's {@code rocksdb.timestamp.filter.table.filtered} (newer engines than 7.8; -1 where the engine lacks it). */
    TIMESTAMP_FILTER_TABLE_FILTERED("rocksdb.timestamp.filter.table.filtered"),
    /** RocksJava's name of {@link #TXN_OVERHEAD_DUPLICATE_KEY}. */
    TXN_DUPLICATE_KEY_OVERHEAD("rocksdb.txn.overhead.duplicate.key"),
    /** RocksJava's name of {@link #TXN_GET_TRYAGAIN}. */
    TXN_GET_TRY_AGAIN("rocksdb.txn.get.tryagain"),
    /** RocksJava's name of {@link #TXN_OVERHEAD_MUTEX_OLD_COMMIT_MAP}. */
    TXN_OLD_COMMIT_MAP_MUTEX_OVERHEAD("rocksdb.txn.overhead.mutex.old.commit.map"),
    /** RocksJava's name of {@link #TXN_OVERHEAD_MUTEX_PREPARE}. */
    TXN_PREPARE_MUTEX_OVERHEAD("rocksdb.txn.overhead.mutex.prepare"),
    /** RocksJava's name of {@link #TXN_OVERHEAD_MUTEX_SNAPSHOT}. */
    TXN_SNAPSHOT_MUTEX_OVERHEAD("rocksdb.txn.overhead.mutex.snapshot"),
    /** RocksJava's name of {@link #WAL_BYTES}. */
    WAL_FILE_BYTES("rocksdb.wal.bytes"),
    /** RocksJava's name of {@link #WAL_SYNCED}. */
    WAL_FILE_SYNCED("rocksdb.wal.synced"),
    /** RocksJava's name of {@link #WRITE_OTHER}. */
    WRITE_DONE_BY_OTHER("rocksdb.write.other"),
    /** RocksJava's name of {@link #WRITE_SELF}. */
    WRITE_DONE_BY_SELF("rocksdb.write.self"),
    /** RocksJava's name of {@link #WRITE_TIMEOUT}. */
    WRITE_TIMEDOUT("rocksdb.write.timeout"),
    /** RocksJava's name of {@link #WRITE_WAL}. */
    WRITE_WITH_WAL("rocksdb.write.wal");

    private final String rocksName;

    TickerType(String rocksName) {
        this.rocksName = rocksName;
    }

    /**
     * RocksDB's name of the ticker, e.g. "rocksdb.block.cache.miss".
     *
     * @return the ticker's name in RocksDB
     */
    public String rocksName() {
        return rocksName;
    }
}
