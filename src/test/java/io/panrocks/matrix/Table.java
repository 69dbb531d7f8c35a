package io.panrocks.matrix;

import io.panrocks.AbstractCompactionFilter;
import io.panrocks.AbstractCompactionFilterFactory;
import io.panrocks.AbstractComparator;
import io.panrocks.AbstractEventListener;
import io.panrocks.AbstractMergeOperator;
import io.panrocks.AssociativeMergeOperator;
import io.panrocks.BackupEngine;
import io.panrocks.BackupEngineOptions;
import io.panrocks.BackupInfo;
import io.panrocks.BlockBasedTableConfig;
import io.panrocks.BloomFilter;
import io.panrocks.ByteBufferGetStatus;
import io.panrocks.Cache;
import io.panrocks.Checkpoint;
import io.panrocks.ClockCache;
import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.ColumnFamilyOptions;
import io.panrocks.ColumnFamilyOptionsInterface;
import io.panrocks.CompactRangeOptions;
import io.panrocks.CompactionJobInfo;
import io.panrocks.DBOptions;
import io.panrocks.DBOptionsInterface;
import io.panrocks.Env;
import io.panrocks.EnvOptions;
import io.panrocks.ExternalSstFileInfo;
import io.panrocks.Filter;
import io.panrocks.FlushJobInfo;
import io.panrocks.FlushOptions;
import io.panrocks.HistogramData;
import io.panrocks.HistogramType;
import io.panrocks.Holder;
import io.panrocks.HyperClockCache;
import io.panrocks.IOStatsContext;
import io.panrocks.IngestExternalFileOptions;
import io.panrocks.LRUCache;
import io.panrocks.LiveFileMetaData;
import io.panrocks.LogConsumer;
import io.panrocks.LogFile;
import io.panrocks.MergeOperands;
import io.panrocks.MergeOperator;
import io.panrocks.MultiGet;
import io.panrocks.NewValue;
import io.panrocks.OptimisticTransactionDB;
import io.panrocks.OptimisticTransactionDBOptions;
import io.panrocks.OptimisticTransactionOptions;
import io.panrocks.Options;
import io.panrocks.PerfContext;
import io.panrocks.PinnedEntities;
import io.panrocks.PinnedEntity;
import io.panrocks.PinnedValue;
import io.panrocks.Range;
import io.panrocks.RateLimiter;
import io.panrocks.ReadOptions;
import io.panrocks.RecordBatch;
import io.panrocks.RecordCursor;
import io.panrocks.RecordLog;
import io.panrocks.RestoreOptions;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;
import io.panrocks.Snapshot;
import io.panrocks.SstFileManager;
import io.panrocks.SstFileReader;
import io.panrocks.SstFileReaderIterator;
import io.panrocks.SstFileWriter;
import io.panrocks.Statistics;
import io.panrocks.Status;
import io.panrocks.Transaction;
import io.panrocks.TransactionDB;
import io.panrocks.TransactionDBOptions;
import io.panrocks.TransactionLogIterator;
import io.panrocks.TransactionOptions;
import io.panrocks.TtlDB;
import io.panrocks.WideColumn;
import io.panrocks.WriteBatch;
import io.panrocks.WriteBatchWithIndex;
import io.panrocks.WriteBufferManager;
import io.panrocks.WriteOptions;
import io.panrocks.WriteStallInfo;

import java.lang.foreign.Arena;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.panrocks.matrix.Entry.Dependence;
import static io.panrocks.matrix.Entry.Expect.CLOSED;
import static io.panrocks.matrix.Entry.Expect.CLOSED_OR_INTACT;
import static io.panrocks.matrix.Entry.Expect.INTACT;
import static io.panrocks.matrix.Entry.Life.NO_OP;
import static io.panrocks.matrix.Entry.Life.RELEASES;
import static io.panrocks.matrix.Entry.Subject;
import static io.panrocks.matrix.World.KEY;
import static io.panrocks.matrix.World.VALUE;
import static io.panrocks.testkit.TestBytes.bytes;

/**
 * The matrix's table: one entry per public type of io.panrocks. A type
 * the reflection finds without an entry here fails the matrix (add one:
 * a factory for a live object and what its documentation promises).
 * Enums need none: each is probed through its constants.
 */
final class Table {
    private Table() {
    }

    static final Map<Class<?>, Entry> ENTRIES = new LinkedHashMap<>();

    private static Entry add(Class<?> type) {
        Entry e = new Entry(type);
        if (ENTRIES.put(type, e) != null) throw new IllegalStateException("two entries for " + type);
        return e;
    }

    /** The entry of a type, or null (an enum without one gets its constants as instances). */
    static Entry of(Class<?> type) {
        Entry e = ENTRIES.get(type);
        if (e == null && type.isEnum()) {
            e = new Entry(type).variant("constant", w -> Subject.of(type.getEnumConstants()[0]));
        }
        return e;
    }

    // ---- moves and changes shared by entries ----------------------------------------------------

    /** Writes enough to a transaction or indexed batch to move its buffer: 2,000 updates. */
    static void fillSource(Object source) throws RocksDBException {
        byte[] big = new byte[1000];
        for (int i = 0; i < 2000; i++) {
            byte[] k = bytes(String.format("fill-%05d", i));
            if (source instanceof Transaction t) t.put(k, big);
            else((WriteBatchWithIndex) source).put(k, big);
        }
    }

    private static final Entry.Action[] NOTHING = {};

    static {
        // ============================== DBs ==============================
        for (Class<?> dbType : List.of(RocksDB.class, TransactionDB.class, OptimisticTransactionDB.class, TtlDB.class)) {
            Entry e = add(dbType).life(RELEASES)
                    // getters of what it knew when opened, and releases of what it owns (no-ops once the DB closed them)
                    .worksAfterClose("isOpen", "isClosed", "getEnv", "getPath", "isReadOnly", "getName", "closeE", "callbackFailure",
                            "callbackFailureCount", "adaptiveReadThreshold", "getDefaultColumnFamily",
                            "destroyColumnFamilyHandle", "releaseSnapshot")
                    .nullable("*#ColumnFamilyHandle", "keyMayExist#Holder", "compactRange#1", "compactRange#2",
                            // "the inclusive lower bound, or null", "the exclusive upper bound, or null"
                            "scanRange#2", "scanRange#3",
                            // "null, or an info that receives the job's description"
                            "compactFiles#CompactionJobInfo",
                            "compactRange(byte[],byte[])#0", "compactRange(byte[],byte[])#1",
                            // "the names of the columns to keep, or null for all of them"
                            "multiGetEntity#3",
                            // "the column family's options as the primary has them; null: RocksDB's defaults"
                            "openAndCompact#1")
                    // "the family", not "null for the default one"
                    .notNull("dropColumnFamily", "dropColumnFamilies", "destroyColumnFamilyHandle")
                    // "its columns copied to the heap"
                    .view("getEntityColumns|*", INTACT);
            if (dbType == RocksDB.class) e.variant("plain", w -> self(w.ownDb()));
            if (dbType == TransactionDB.class) e.variant("pessimistic", w -> self(w.transactionDb()));
            if (dbType == OptimisticTransactionDB.class) e.variant("optimistic", w -> self(w.optimisticDb()));
            if (dbType == TtlDB.class) e.variant("ttl", w -> self(w.ttlDb()));
            // "oldTransaction ... or null for a new one"; the options are not nullable
            e.nullable("beginTransaction#Transaction");
        }
        add(RocksDB.LiveFiles.class).variant("of-db", w -> Subject.of(w.db().getLiveFiles()));

        // ============================== objects a DB owns ==============================
        add(ColumnFamilyHandle.class).life(RELEASES).owned()
                .variant("created", w -> {
                    RocksDB db = w.db();
                    return new Subject(db.createColumnFamily(new ColumnFamilyDescriptor(bytes(w.freshName("family")))), db, null);
                })
                .variant("default", w -> new Subject(w.db().getDefaultColumnFamily(), w.db(), null))
                .worksAfterClose("getName", "getID", "isDefaultColumnFamily", "isReleased", "isOwningHandle");

        add(Snapshot.class).life(RELEASES).owned()
                .variant("db", w -> new Subject(w.db().getSnapshot(), w.db(), null))
                .variant("transaction", w -> {
                    Transaction t = w.transactionDb().beginTransaction(new WriteOptions());
                    t.setSnapshot();
                    return new Subject(t.getSnapshot(), w.transactionDb(), t);
                })
                .worksAfterClose("getSequenceNumber", "isReleased");
        Entry.Variant txnSnapshot = ENTRIES.get(Snapshot.class).variants.get("transaction");
        txnSnapshot.life = NO_OP;  // "close() does nothing to it": the transaction owns it
        txnSnapshot.ends.put("transaction-close", s -> ((Transaction) s.source()).close());
        txnSnapshot.worksAfterEnd.add("getSequenceNumber");
        txnSnapshot.worksAfterEnd.add("isReleased");

        Entry iterator = add(RocksIterator.class).life(RELEASES).owned().confined()
                .variant("db", w -> {
                    RocksIterator it = w.db().newIterator();
                    it.seek(KEY);
                    return new Subject(it, w.db(), null);
                })
                .variant("ttl", w -> {
                    RocksIterator it = w.ttlDb().newIterator();
                    it.seek(KEY);
                    return new Subject(it, w.ttlDb(), null);
                })
                .variant("transaction", w -> {
                    Transaction t = w.transactionDb().beginTransaction(new WriteOptions());
                    byte[] key = bytes(w.freshName("key-txn"));
                    t.put(key, VALUE);
                    RocksIterator it = t.getIterator();
                    it.seek(key);
                    return new Subject(it, w.transactionDb(), t);
                })
                .variant("optimistic-transaction", w -> {
                    Transaction t = w.optimisticDb().beginTransaction(new WriteOptions());
                    byte[] key = bytes(w.freshName("key-txn"));
                    t.put(key, VALUE);
                    RocksIterator it = t.getIterator();
                    it.seek(key);
                    return new Subject(it, w.optimisticDb(), t);
                })
                .variant("indexed-batch", w -> {
                    WriteBatchWithIndex batch = new WriteBatchWithIndex();
                    batch.put(bytes("key-batch"), VALUE);
                    RocksIterator it = batch.newIteratorWithBase(w.db(), null, new ReadOptions());
                    it.seek(bytes("key-batch"));
                    return new Subject(it, w.db(), batch);
                })
                .variant("indexed-batch-java-comparator", w -> {
                    RocksDB db = w.comparatorDb();
                    WriteBatchWithIndex batch = new WriteBatchWithIndex();
                    batch.put(db.getDefaultColumnFamily(), bytes("key-batch"), VALUE);
                    RocksIterator it = batch.newIteratorWithBase(db, db.getDefaultColumnFamily(), new ReadOptions());
                    it.seek(bytes("key-batch"));
                    return new Subject(it, db, batch);
                })
                .move("next", s -> ((RocksIterator) s.instance()).next())
                .move("prev", s -> ((RocksIterator) s.instance()).prev())
                .move("seek", s -> ((RocksIterator) s.instance()).seek(bytes("key3")))
                .move("seekToFirst", s -> ((RocksIterator) s.instance()).seekToFirst())
                .move("scanForward", s -> ((RocksIterator) s.instance()).scanForward((k, v) -> false))
                .nullable("refresh(Snapshot)#0")
                .sanity(s -> {
                    RocksIterator it = (RocksIterator) s.instance();
                    it.seekToFirst();
                    if (!it.isValid()) throw new AssertionError("the iterator found nothing after refused foreign calls");
                    it.key().byteSize();
                });
        for (String v : List.of("transaction", "optimistic-transaction")) {
            Entry.Variant variant = iterator.variants.get(v);
            variant.ends.put("commit", s -> ((Transaction) s.source()).commit());
            variant.ends.put("rollback", s -> ((Transaction) s.source()).rollback());
            variant.ends.put("transaction-close", s -> ((Transaction) s.source()).close());
        }
        for (String v : List.of("indexed-batch", "indexed-batch-java-comparator")) {
            Entry.Variant variant = iterator.variants.get(v);
            variant.ends.put("clear", s -> ((WriteBatchWithIndex) s.source()).clear());
            variant.ends.put("batch-close", s -> ((WriteBatchWithIndex) s.source()).close());
        }
        for (Entry.Variant variant : iterator.variants.values()) {
            // "its key and value stay readable until it moves, its columns not" (columns() throws
            // IllegalStateException once the transaction or batch it reads ended)
            variant.worksAfterEnd.addAll(List.of("key", "value", "keyBytes", "valueBytes", "isValid"));
        }
        for (String v : List.of("transaction", "optimistic-transaction", "indexed-batch", "indexed-batch-java-comparator")) {
            iterator.variants.get(v).changes.put("source-writes", s -> fillSource(s.source()));
        }

        add(TransactionLogIterator.class).life(RELEASES).owned().confined()
                .variant("db", w -> new Subject(walkFromLatest(w.db()), w.db(), null))
                .move("next", s -> ((TransactionLogIterator) s.instance()).next())
                .sanity(s -> ((TransactionLogIterator) s.instance()).status());

        Entry batchResult = add(TransactionLogIterator.BatchResult.class).owned().confined()
                .variant("db", w -> {
                    TransactionLogIterator it = walkFromLatest(w.db());
                    return new Subject(it.getBatch(), w.db(), it);
                })
                // a plain value, kept after the batch is gone
                .worksAfterDbClose("sequenceNumber")
                .anyThread("sequenceNumber")
                // it has no close(): what frees it is its iterator's
                .closer(s -> ((TransactionLogIterator) s.source()).close())
                // "valid until the iterator moves or closes"
                .view("*|end:iterator-next", CLOSED)
                .view("*|end:iterator-close", CLOSED)
                .sanity(s -> ((TransactionLogIterator.BatchResult) s.instance()).data().byteSize());
        Entry.Variant walkedBatch = batchResult.variants.get("db");
        walkedBatch.ends.put("iterator-next", s -> ((TransactionLogIterator) s.source()).next());
        walkedBatch.ends.put("iterator-close", s -> ((TransactionLogIterator) s.source()).close());
        walkedBatch.worksAfterEnd.add("sequenceNumber");

        add(PinnedValue.class).life(RELEASES).owned().confined()
                .variant("pinned", w -> new Subject(w.db().getPinned(bytes("big")), w.db(), null))
                .variant("adaptive-copied", w -> new Subject(
                        w.db().getAdaptive(new ReadOptions(), KEY, Arena.ofAuto().allocate(4096)), w.db(), null))
                .variant("adaptive-pinned", w -> new Subject(
                        w.db().getAdaptive(new ReadOptions(), bytes("big"), Arena.ofAuto().allocate(64)), w.db(), null))
                .variant("transaction", w -> {
                    Transaction t = w.transactionDb().beginTransaction(new WriteOptions());
                    return new Subject(t.getPinned(new ReadOptions(), null, bytes("big")), w.transactionDb(), t);
                })
                .worksAfterClose("size", "isPinned")
                // value() hands out the view, which itself refuses other threads
                .anyThread("size", "isPinned", "value")
                // a copied value holds nothing of the DB: it is the caller's buffer
                .worksAfterDbClose("adaptive-copied:value", "adaptive-copied:toByteArray")
                .anyThread("adaptive-copied:toByteArray")
                // a copied value is a slice of the caller's buffer, which lives as long as the caller's arena
                .view("adaptive-copied:*|close", INTACT)
                .view("adaptive-copied:*|db-close", INTACT)
                .view("adaptive-copied:*|foreign", INTACT)
                .sanity(s -> ((PinnedValue) s.instance()).toByteArray());

        add(PinnedEntity.class).life(RELEASES).owned().confined()
                .variant("db", w -> new Subject(w.db().getEntity(bytes("entity")), w.db(), null))
                .sanity(s -> ((PinnedEntity) s.instance()).columns());
        // one result of many keys: one owner, one release, as a PinnedEntity
        add(PinnedEntities.class).life(RELEASES).owned().confined()
                .variant("db", w -> new Subject(w.db().multiGetEntity(List.of(bytes("entity"), KEY, bytes("absent"))), w.db(), null))
                .variant("selected", w -> new Subject(w.db().multiGetEntity(null, new ReadOptions(),
                        List.of(bytes("entity"), bytes("entity")), List.of(bytes("c1"))), w.db(), null))
                .sanity(s -> ((PinnedEntities) s.instance()).columns(0));

        add(MultiGet.class).life(RELEASES).owned().confined()
                .variant("pinned", w -> {
                    MultiGet m = w.db().newMultiGet().add(KEY).add(bytes("big"));
                    m.executePinned();
                    return new Subject(m, w.db(), null);
                })
                .variant("buffer", w -> {
                    MultiGet m = w.db().newMultiGet().add(KEY).add(bytes("key1"));
                    m.execute(Arena.ofAuto().allocate(4096));
                    return new Subject(m, w.db(), null);
                })
                .worksAfterClose("isReleased", "size")
                .anyThread("isReleased", "size")
                .move("executePinned", s -> ((MultiGet) s.instance()).executePinned())
                .move("clear", s -> ((MultiGet) s.instance()).clear())
                .view("buffer:*|move", INTACT)
                .view("buffer:*|close", INTACT)
                .view("buffer:*|db-close", INTACT)
                .view("buffer:*|foreign", INTACT)
                .sanity(s -> ((MultiGet) s.instance()).executePinned());

        add(RecordBatch.class).life(RELEASES).owned()
                .variant("cursor", w -> new Subject(w.db().newRecordCursor(null, new ReadOptions()).next(10, 1 << 20), w.db(), null))
                .variant("consumer", w -> {
                    RecordLog log = recordLog(w);
                    LogConsumer c = log.consumer(w.freshName("group"));
                    return new Subject(c.poll(10, 1 << 20), w.db(), c);
                })
                .worksAfterClose("isOpen", "size", "isEmpty", "byteSize")
                // "valid until the batch closes", also what its visitor and channels receive
                .view("forEach|call-returned", INTACT)
                .view("writeValuesTo|call-returned", INTACT)
                .view("writeRecordsTo|call-returned", INTACT)
                // the Cleaner closes a forgotten batch's arena: its views then throw (never read freed memory)
                .view("*|gc", CLOSED_OR_INTACT);

        add(RecordCursor.class).owned()
                .variant("db", w -> new Subject(w.db().newRecordCursor(null, new ReadOptions()), w.db(), null));

        add(RecordLog.class).owned()
                .variant("db", w -> new Subject(recordLog(w), w.db(), null))
                .worksAfterDbClose("endOffset");

        add(LogConsumer.class).life(RELEASES).owned()
                .variant("db", w -> new Subject(recordLog(w).consumer(w.freshName("group")), w.db(), null))
                .worksAfterClose("position", "committed");

        add(Transaction.class).life(RELEASES).owned()
                .variant("pessimistic", w -> new Subject(w.transactionDb().beginTransaction(new WriteOptions()), w.transactionDb(), null))
                .variant("optimistic", w -> new Subject(w.optimisticDb().beginTransaction(new WriteOptions()), w.optimisticDb(), null))
                .worksAfterClose("isClosed")
                .nullable("*#ColumnFamilyHandle");
        for (Entry.Variant v : ENTRIES.get(Transaction.class).variants.values()) {
            v.ends.put("commit", s -> ((Transaction) s.instance()).commit());
            v.ends.put("rollback", s -> ((Transaction) s.instance()).rollback());
            // "after commit() or rollback() every operation but the getters and close() throws"
            v.worksAfterEnd.addAll(List.of("getName", "getState", "getID", "getSnapshot", "isDeadlockDetect", "getNumKeys", "getNumPuts",
                    "getNumDeletes", "getNumMerges", "getElapsedTime", "isClosed", "close", "toString", "getId", "getWriteOptions",
                    "getLogNumber", "getWaitingTxns"));
        }

        add(Checkpoint.class).life(RELEASES).owned()
                .variant("db", w -> new Subject(Checkpoint.create(w.db()), w.db(), null));

        add(Statistics.class).life(RELEASES)
                .variant("own", w -> Subject.of(new Statistics()))
                .variant("of-db", w -> {
                    RocksDB db = w.statisticsDb();
                    return new Subject(db.getStatistics(), db, null);
                });
        ENTRIES.get(Statistics.class).variants.get("of-db").dependence = Dependence.OWNED;

        // a thread's counters, a view of its DB: close() releases nothing, the DB's close ends it,
        // other threads get WrongThreadException (close() and toString answer anywhere)
        add(PerfContext.class).life(NO_OP).owned().confined()
                .variant("of-db", w -> new Subject(w.db().getPerfContext(), w.db(), null))
                .anyThread("close");
        add(IOStatsContext.class).life(NO_OP).owned().confined()
                .variant("of-db", w -> new Subject(w.db().getIOStatsContext(), w.db(), null))
                .anyThread("close");

        // ============================== objects of their own, used with DBs ==============================
        add(WriteBatch.class).life(RELEASES).used()
                .variant("plain", w -> Subject.of(new WriteBatch().put(KEY, VALUE)))
                .variant("with-family", w -> new Subject(new WriteBatch().put(w.cf(w.db()), KEY, VALUE), w.db(), null))
                .nullable("*#ColumnFamilyHandle")
                // sizes kept in Java, and RocksJava's constant answers (a panrocks batch holds no markers)
                .worksAfterClose("count", "getDataSize", "getWriteBatch", "hasBeginPrepare", "hasCommit", "hasEndPrepare",
                        "hasRollback", "isOwningHandle");

        ENTRIES.get(WriteBatch.class).variants.get("plain").dependence = Dependence.NONE; // no DB in sight
        add(WriteBatchWithIndex.class).life(RELEASES).used()
                .variant("plain", w -> {
                    WriteBatchWithIndex batch = new WriteBatchWithIndex();
                    batch.put(KEY, VALUE);
                    return new Subject(batch, w.db(), null);
                })
                .variant("with-family", w -> {
                    WriteBatchWithIndex batch = new WriteBatchWithIndex();
                    batch.put(w.cf(w.db()), KEY, VALUE);
                    return new Subject(batch, w.db(), null);
                })
                .variant("java-comparator", w -> {
                    RocksDB db = w.comparatorDb();
                    WriteBatchWithIndex batch = new WriteBatchWithIndex();
                    batch.put(db.getDefaultColumnFamily(), KEY, VALUE);
                    batch.put(db.getDefaultColumnFamily(), bytes("key2"), VALUE);
                    return new Subject(batch, db, null);
                })
                .worksAfterClose("isOverwriteKey")
                .nullable("*#ColumnFamilyHandle");

        add(BackupEngine.class).life(RELEASES).used()
                .variant("one-backup", w -> new Subject(BackupEngine.open(new BackupEngineOptions(w.backupDir())), w.db(), null))
                .worksAfterClose("backupDir", "stopBackup");

        add(SstFileWriter.class).life(RELEASES)
                .variant("open", w -> {
                    SstFileWriter writer = new SstFileWriter(World.options());
                    writer.open(w.freshPath("file").resolveSibling(w.freshName("written") + ".sst"));
                    return Subject.of(writer);
                });

        add(SstFileReader.class).life(RELEASES)
                .variant("open", w -> {
                    SstFileReader reader = new SstFileReader(World.options());
                    reader.open(sstFile(w));
                    return Subject.of(reader);
                })
                .worksAfterClose("isOwningHandle");
        Entry sstIterator = add(SstFileReaderIterator.class).life(RELEASES).confined()
                .variant("reader", w -> {
                    SstFileReader reader = new SstFileReader(World.options());
                    reader.open(sstFile(w));
                    SstFileReaderIterator it = reader.newIterator(new ReadOptions());
                    it.seekToFirst();
                    return new Subject(it, null, reader);
                })
                .move("next", s -> ((SstFileReaderIterator) s.instance()).next())
                .move("prev", s -> ((SstFileReaderIterator) s.instance()).prev())
                .move("seek", s -> ((SstFileReaderIterator) s.instance()).seek(bytes("key3")))
                .move("seekToFirst", s -> ((SstFileReaderIterator) s.instance()).seekToFirst())
                // "the reader's memory lives until the iterator is closed": views of it stay readable
                .view("*|end:reader-close", INTACT)
                .sanity(s -> {
                    SstFileReaderIterator it = (SstFileReaderIterator) s.instance();
                    it.seekToFirst();
                    if (!it.isValid()) throw new AssertionError("the iterator found nothing after refused foreign calls");
                    it.key().byteSize();
                });
        // "closing its reader first ... the iterator then refuses every call but close()"
        sstIterator.variants.get("reader").ends.put("reader-close", s -> ((SstFileReader) s.source()).close());

        // ============================== shared native objects ==============================
        add(LRUCache.class).life(RELEASES).variant("1mib", w -> Subject.of(new LRUCache(1 << 20)))
                .worksAfterClose("capacity", "getUsage", "getPinnedUsage");
        add(ClockCache.class).life(RELEASES).variant("1mib", w -> Subject.of(new ClockCache(1 << 20)))
                .worksAfterClose("capacity", "getUsage", "getPinnedUsage");
        add(HyperClockCache.class).life(RELEASES).variant("1mib", w -> Subject.of(new HyperClockCache(1 << 20, 0, -1, false)))
                .worksAfterClose("capacity", "getUsage", "getPinnedUsage");
        add(Cache.class).life(RELEASES).variant("lru", w -> Subject.of(new LRUCache(1 << 20)))
                .worksAfterClose("capacity", "getUsage", "getPinnedUsage");
        add(RateLimiter.class).life(RELEASES).variant("1mib", w -> Subject.of(new RateLimiter(1 << 20)))
                .worksAfterClose("refillPeriodMicros", "fairness", "mode", "autoTune");
        add(SstFileManager.class).life(RELEASES).variant("default-env", w -> Subject.of(new SstFileManager(Env.getDefault())));
        add(io.panrocks.ConcurrentTaskLimiterImpl.class).life(RELEASES)
                .variant("2", w -> Subject.of(new io.panrocks.ConcurrentTaskLimiterImpl("limiter", 2)));
        add(io.panrocks.ConcurrentTaskLimiter.class).life(RELEASES)
                .variant("impl", w -> Subject.of(new io.panrocks.ConcurrentTaskLimiterImpl("limiter", 2)));
        // the engine's record of an export: released by close(); the copied accessors answer after it
        add(io.panrocks.ExportImportFilesMetaData.class).life(RELEASES)
                .variant("of-db", w -> Subject.of(Checkpoint.create(w.db())
                        .exportColumnFamily(w.db().getDefaultColumnFamily(), w.freshPath("export"))))
                .worksAfterClose("dbComparatorName", "files", "isReleased");
        add(WriteBufferManager.class).life(RELEASES)
                .variant("1mib", w -> Subject.of(new WriteBufferManager(1 << 20, new LRUCache(1 << 20))))
                .worksAfterClose("allowStall")
                .nullable("new#Cache");
        // the default environment's close() does nothing; an in-memory one releases its handle
        add(Env.class).life(NO_OP).variant("default", w -> Subject.of(Env.getDefault()));
        add(io.panrocks.RocksEnv.class).life(NO_OP).variant("default", w -> Subject.of(Env.getDefault()));
        add(io.panrocks.RocksMemEnv.class).life(RELEASES)
                .variant("new", w -> Subject.of(new io.panrocks.RocksMemEnv(Env.getDefault())));

        // ============================== options: plain Java values ==============================
        Entry options = add(Options.class).life(NO_OP).variant("new", w -> Subject.of(new Options()));
        Entry dbOptions = add(DBOptions.class).life(NO_OP).variant("new", w -> Subject.of(new DBOptions()));
        Entry cfOptions = add(ColumnFamilyOptions.class).life(NO_OP).variant("new", w -> Subject.of(new ColumnFamilyOptions()));
        Entry dbInterface = add(DBOptionsInterface.class).variant("db-options", w -> Subject.of(new DBOptions()));
        Entry cfInterface = add(ColumnFamilyOptionsInterface.class).variant("cf-options", w -> Subject.of(new ColumnFamilyOptions()));
        for (Entry e : List.of(options, dbOptions, cfOptions, dbInterface, cfInterface)) {
            // setters whose javadoc says "null: none"
            e.nullable("setStatistics", "setRateLimiter", "setSstFileManager", "setWriteBufferManager", "setRowCache",
                    "setTableFormatConfig", "setLogger", "setWalFilter", "setCompactionThreadLimiter", "setCompactionService")
                    .refusesNullAsIllegalArgument();
        }
        add(ReadOptions.class).life(NO_OP).variant("new", w -> Subject.of(new ReadOptions()))
                .nullable("setSnapshot", "setIterateUpperBound", "setIterateLowerBound", "setTableFilter")
                .refusesNullAsIllegalArgument();
        add(WriteOptions.class).life(NO_OP).variant("new", w -> Subject.of(new WriteOptions()));
        add(FlushOptions.class).life(NO_OP).variant("new", w -> Subject.of(new FlushOptions()));
        add(CompactRangeOptions.class).life(NO_OP).variant("new", w -> Subject.of(new CompactRangeOptions()));
        add(IngestExternalFileOptions.class).life(NO_OP).variant("new", w -> Subject.of(new IngestExternalFileOptions()));
        add(BackupEngineOptions.class).life(NO_OP).variant("new", w -> Subject.of(new BackupEngineOptions(w.freshDir("backups"))));
        add(RestoreOptions.class).life(NO_OP).variant("new", w -> Subject.of(new RestoreOptions()));
        add(EnvOptions.class).life(NO_OP).variant("new", w -> Subject.of(new EnvOptions()));
        add(TransactionOptions.class).life(NO_OP).variant("new", w -> Subject.of(new TransactionOptions()));
        add(TransactionDBOptions.class).life(NO_OP).variant("new", w -> Subject.of(new TransactionDBOptions()));
        add(OptimisticTransactionOptions.class).life(NO_OP).variant("new", w -> Subject.of(new OptimisticTransactionOptions()));
        add(OptimisticTransactionDBOptions.class).life(NO_OP).variant("new", w -> Subject.of(new OptimisticTransactionDBOptions()));
        add(BlockBasedTableConfig.class).variant("new", w -> Subject.of(new BlockBasedTableConfig()))
                .nullable("setBlockCache", "setFilterPolicy", "setFilter").refusesNullAsIllegalArgument();
        // options of a running DB (RocksDB.setOptions/getOptions): the builders read back from the engine hold every option
        add(io.panrocks.MutableColumnFamilyOptions.class).variant("built", w -> Subject.of(
                io.panrocks.MutableColumnFamilyOptions.builder().setWriteBufferSize(64 << 20).build()));
        add(io.panrocks.MutableColumnFamilyOptions.MutableColumnFamilyOptionsBuilder.class)
                .variant("of-db", w -> Subject.of(w.db().getOptions())).refusesNullAsIllegalArgument();
        add(io.panrocks.MutableDBOptions.class).variant("built", w -> Subject.of(
                io.panrocks.MutableDBOptions.builder().setBytesPerSync(1 << 20).build()));
        add(io.panrocks.AbstractMutableOptions.class).variant("db", w -> Subject.of(
                io.panrocks.MutableDBOptions.builder().setBytesPerSync(1 << 20).build()));
        add(io.panrocks.MutableDBOptions.MutableDBOptionsBuilder.class)
                .variant("of-db", w -> Subject.of(w.db().getDBOptions())).refusesNullAsIllegalArgument();
        add(io.panrocks.CompressionOptions.class).life(NO_OP).variant("new", w -> Subject.of(new io.panrocks.CompressionOptions()));
        add(io.panrocks.ComparatorOptions.class).life(NO_OP).variant("new", w -> Subject.of(new io.panrocks.ComparatorOptions()))
                .refusesNullAsIllegalArgument();
        add(io.panrocks.ConfigOptions.class).life(NO_OP).variant("new", w -> Subject.of(new io.panrocks.ConfigOptions()))
                .refusesNullAsIllegalArgument();
        add(io.panrocks.OptionsUtil.class).none("static members only");
        add(io.panrocks.TableFormatConfig.class).variant("plain", w -> Subject.of(new io.panrocks.PlainTableConfig()));
        add(io.panrocks.PlainTableConfig.class).variant("new", w -> Subject.of(new io.panrocks.PlainTableConfig()));
        add(io.panrocks.MemTableConfig.class).variant("skip-list", w -> Subject.of(new io.panrocks.SkipListMemTableConfig()));
        add(io.panrocks.SkipListMemTableConfig.class).variant("new", w -> Subject.of(new io.panrocks.SkipListMemTableConfig()));
        add(io.panrocks.VectorMemTableConfig.class).variant("new", w -> Subject.of(new io.panrocks.VectorMemTableConfig()));
        add(io.panrocks.HashSkipListMemTableConfig.class)
                .variant("new", w -> Subject.of(new io.panrocks.HashSkipListMemTableConfig()));
        add(io.panrocks.CompactionOptionsUniversal.class).life(NO_OP)
                .variant("new", w -> Subject.of(new io.panrocks.CompactionOptionsUniversal())).refusesNullAsIllegalArgument();
        add(io.panrocks.CompactionOptionsFIFO.class).life(NO_OP)
                .variant("new", w -> Subject.of(new io.panrocks.CompactionOptionsFIFO()));
        // issue 23 (ops): compaction and column-family operations
        add(io.panrocks.CompactionOptions.class).life(NO_OP)
                .variant("new", w -> Subject.of(new io.panrocks.CompactionOptions()));
        add(io.panrocks.ImportColumnFamilyOptions.class).life(NO_OP)
                .variant("new", w -> Subject.of(new io.panrocks.ImportColumnFamilyOptions()));
        add(io.panrocks.SstPartitionerFactory.class).life(NO_OP)
                .variant("fixed-prefix", w -> Subject.of(new io.panrocks.SstPartitionerFixedPrefixFactory(4)));
        add(io.panrocks.SstPartitionerFixedPrefixFactory.class).life(NO_OP)
                .variant("new", w -> Subject.of(new io.panrocks.SstPartitionerFixedPrefixFactory(4))).nullable("equals");
        add(io.panrocks.HashLinkedListMemTableConfig.class)
                .variant("new", w -> Subject.of(new io.panrocks.HashLinkedListMemTableConfig()));

        // ============================== values ==============================
        add(ColumnFamilyDescriptor.class).variant("named", w -> Subject.of(new ColumnFamilyDescriptor(bytes("cf"))))
                .nullable("equals");
        add(Range.class).variant("key-to-val", w -> Subject.of(new Range(KEY, VALUE))).nullable("equals");
        add(Holder.class).variant("empty", w -> Subject.of(new Holder<>())).nullable("new", "setValue");
        add(io.panrocks.DbPath.class).variant("fresh", w -> Subject.of(new io.panrocks.DbPath(w.freshDir("data"), 1L << 20)))
                .nullable("equals");
        add(RocksDB.Version.class).variant("engine", w -> Subject.of(RocksDB.rocksdbVersion())).nullable("equals");
        add(io.panrocks.KeyMayExist.class).variant("with-value", w -> Subject.of(
                new io.panrocks.KeyMayExist(io.panrocks.KeyMayExist.KeyMayExistEnum.kExistsWithValue, 5))).nullable("equals");
        add(WideColumn.class)
                .variant("heap", w -> Subject.of(WideColumn.of("c1", VALUE)))
                .variant("of-entity", w -> {
                    PinnedEntity entity = w.db().getEntity(bytes("entity"));
                    return new Subject(entity.columns().get(0), w.db(), entity);
                })
                .variant("of-entities", w -> {
                    PinnedEntities entities = w.db().multiGetEntity(List.of(bytes("entity")));
                    return new Subject(entities.columns(0).get(0), w.db(), entities);
                })
                // the columns of a PinnedEntity or PinnedEntities are views confined to its thread
                .view("of-entity:*|foreign", Entry.Expect.WRONG_THREAD)
                .view("of-entities:*|foreign", Entry.Expect.WRONG_THREAD)
                .nullable("equals");
        add(Status.class).variant("ok", w -> Subject.of(new Status(Status.Code.Ok, Status.SubCode.None,
                Status.Severity.NoError, "ok"))).nullable("equals", "new#3");
        add(PerfContext.ByLevel.class).variant("new", w -> Subject.of(new PerfContext.ByLevel(1, 2, 3, 4, 5, 6, 7)))
                .nullable("equals");
        add(HistogramData.class).variant("of-statistics", w -> Subject.of(new Statistics().getHistogramData(HistogramType.DB_GET)))
                .nullable("equals");
        add(BackupInfo.class).variant("of-engine", w -> {
            try (BackupEngine engine = BackupEngine.open(new BackupEngineOptions(w.backupDir()))) {
                return Subject.of(engine.getBackupInfo().get(0));
            }
        });
        add(LiveFileMetaData.class).variant("of-db", w -> Subject.of(w.db().getLiveFilesMetaData().get(0)));
        add(io.panrocks.TableProperties.class)
                .variant("of-db", w -> Subject.of(w.db().getPropertiesOfAllTables().values().iterator().next()))
                .variant("of-reader", w -> {
                    try (SstFileReader reader = new SstFileReader(World.options())) {
                        reader.open(sstFile(w));
                        return Subject.of(reader.getTableProperties());
                    }
                })
                .nullable("equals");
        add(LogFile.class).variant("of-db", w -> Subject.of(w.db().getSortedWalFiles().get(0)));
        add(ExternalSstFileInfo.class).variant("of-writer", w -> {
            try (SstFileWriter writer = new SstFileWriter(World.options())) {
                writer.open(w.freshPath("file").resolveSibling(w.freshName("info") + ".sst"));
                writer.put(KEY, VALUE);
                return Subject.of(writer.finish());
            }
        });
        add(ByteBufferGetStatus.class).variant("of-multiget", w -> Subject.of(w.db().multiGetByteBuffers(
                List.of(ByteBuffer.allocateDirect(8).put(KEY).flip()), List.of(ByteBuffer.allocateDirect(64))).get(0)));
        // Throwable's convention: a null message is no message
        add(io.panrocks.RocksDBException.class).variant("message", w -> Subject.of(new RocksDBException("a failure")))
                .nullable("new(String)#0");
        add(io.panrocks.UncheckedRocksDBException.class)
                .variant("of-failure", w -> Subject.of(new io.panrocks.UncheckedRocksDBException(new RocksDBException("a failure"))));
        add(io.panrocks.CacheUsage.class).variant("of-cache", w -> {
            try (LRUCache cache = new LRUCache(1 << 20)) {
                return Subject.of(cache.getUsageByRole());
            }
        });
        add(io.panrocks.CacheUsageOptions.class).variant("new", w -> Subject.of(new io.panrocks.CacheUsageOptions()))
                .variant("table-memory", w -> Subject.of(io.panrocks.CacheUsageOptions.chargeTableMemory()))
                .nullable("equals");
        add(io.panrocks.IOActivityStats.class).variant("of-db", w -> Subject.of(w.db().getIOActivityStats()));
        add(RocksDB.CountAndSize.class).variant("of-memtables",
                w -> Subject.of(w.db().getApproximateMemTableStats(new Range(KEY, VALUE)))).nullable("equals");
        add(io.panrocks.TimestampedValue.class)
                .variant("made", w -> Subject.of(new io.panrocks.TimestampedValue(VALUE.clone(), 7))).nullable("equals");
        add(BloomFilter.class).life(NO_OP).variant("ten-bits", w -> Subject.of(new BloomFilter(10))).nullable("equals");
        add(Filter.class).life(NO_OP).variant("bloom", w -> Subject.of(new BloomFilter(10)));
        add(MergeOperator.class).variant("uint64add", w -> Subject.of(new MergeOperator.UInt64AddOperator()));
        add(MergeOperator.UInt64AddOperator.class).variant("new", w -> Subject.of(new MergeOperator.UInt64AddOperator()))
                .nullable("equals");
        add(MergeOperator.StringAppendOperator.class).variant("comma", w -> Subject.of(new MergeOperator.StringAppendOperator()))
                .nullable("equals").refusesNullAsIllegalArgument();
        add(MergeOperator.MaxOperator.class).variant("new", w -> Subject.of(new MergeOperator.MaxOperator()))
                .nullable("equals");
        add(io.panrocks.StringAppendOperator.class).life(NO_OP)
                .variant("comma", w -> Subject.of(new io.panrocks.StringAppendOperator()))
                .nullable("equals").refusesNullAsIllegalArgument();
        add(io.panrocks.UInt64AddOperator.class).life(NO_OP)
                .variant("new", w -> Subject.of(new io.panrocks.UInt64AddOperator())).nullable("equals");
        add(io.panrocks.CompactionJobStats.class).life(NO_OP)
                .variant("new", w -> Subject.of(new io.panrocks.CompactionJobStats()))
                .variant("of-listener", w -> Subject.of(Spies.compactionJobInfo(w).stats()));
        add(io.panrocks.RemoveEmptyValueCompactionFilter.class).life(NO_OP)
                .variant("new", w -> Subject.of(new io.panrocks.RemoveEmptyValueCompactionFilter())).nullable("filter#4");
        add(io.panrocks.AbstractSlice.class).life(NO_OP)
                .variant("slice", w -> Subject.of(new io.panrocks.Slice(KEY))).nullable("equals", "startsWith");
        add(io.panrocks.Slice.class).life(NO_OP)
                .variant("key", w -> Subject.of(new io.panrocks.Slice(KEY))).nullable("equals", "startsWith");
        add(io.panrocks.DirectSlice.class).life(NO_OP)
                .variant("over-buffer", w -> Subject.of(new io.panrocks.DirectSlice(
                        ByteBuffer.allocateDirect(8).put(KEY), KEY.length)))
                .nullable("equals", "startsWith");
        add(io.panrocks.MemoryUtil.class).none("static methods only").nullable("getApproximateMemoryUsageByType");
        add(io.panrocks.StatsCollectorInput.class).variant("quiet", w -> Subject.of(new io.panrocks.StatsCollectorInput(
                new Statistics(), new Stubs.QuietStatisticsCallback())));
        add(io.panrocks.StatisticsCollector.class).variant("started", w -> {
            io.panrocks.StatisticsCollector collector = new io.panrocks.StatisticsCollector(List.of(
                    new io.panrocks.StatsCollectorInput(new Statistics(), new Stubs.QuietStatisticsCallback())), 10);
            collector.start();
            return Subject.of(collector);
        });
        add(io.panrocks.GetStatus.class).variant("of-transaction-read", w -> {
            try (Transaction txn = w.transactionDb().beginTransaction(new WriteOptions())) {
                txn.put(KEY, VALUE);
                return Subject.of(txn.get(new ReadOptions(), KEY, new byte[4]));
            }
        });

        // ============================== what callbacks receive ==============================
        add(FlushJobInfo.class).variant("of-listener", w -> Subject.of(Spies.flushJobInfo(w)));
        add(CompactionJobInfo.class).life(NO_OP).variant("of-listener", w -> Subject.of(Spies.compactionJobInfo(w)))
                .variant("new", w -> Subject.of(new CompactionJobInfo()));
        add(WriteStallInfo.class).variant("of-listener", w -> Subject.of(Spies.writeStallInfo(w)));
        add(io.panrocks.TableFileDeletionInfo.class).nullable("equals")
                .variant("of-listener", w -> Subject.of(Spies.tableFileDeletionInfo(w)));
        add(io.panrocks.MemTableInfo.class).nullable("equals").variant("of-listener", w -> Subject.of(Spies.memTableInfo(w)));
        add(io.panrocks.ExternalFileIngestionInfo.class).nullable("equals")
                .variant("of-listener", w -> Subject.of(Spies.externalFileIngestionInfo(w)));
        add(io.panrocks.FileOperationInfo.class).nullable("equals")
                .variant("of-listener", w -> Subject.of(Spies.fileOperationInfo(w)));
        add(io.panrocks.TableFileCreationInfo.class).variant("of-listener", w -> Subject.of(Spies.tableFileCreationInfo(w)))
                .nullable("equals");
        add(io.panrocks.TableFileCreationBriefInfo.class)
                .variant("of-listener", w -> Subject.of(Spies.tableFileCreationBriefInfo(w))).nullable("equals");
        add(AbstractCompactionFilter.Context.class).variant("manual", w -> Subject.of(new AbstractCompactionFilter.Context(false, true, 0)));
        // arguments scoped to one callback: kept past it, they are "closed"
        add(NewValue.class).life(RELEASES).closer(s -> {}).noViewProbes("its segments are valid only inside the merge")
                .variant("kept-past-its-merge", w -> Subject.of(Spies.keptNewValue(w)));
        add(MergeOperands.class).life(RELEASES).closer(s -> {}).noViewProbes("its segments are valid only inside the merge")
                .variant("kept-past-its-merge", w -> Subject.of(Spies.keptOperands(w)));

        // ============================== callbacks the user implements ==============================
        add(AbstractComparator.class).life(NO_OP).variant("java-bytewise", w -> Subject.of(new World.JavaBytewise()))
                .callbacks("compare", "findShortestSeparator", "findShortSuccessor", "name");
        add(io.panrocks.BytewiseComparator.class).life(NO_OP)
                .variant("java-bytewise", w -> Subject.of(new io.panrocks.BytewiseComparator(new io.panrocks.ComparatorOptions())))
                .callbacks("compare", "findShortestSeparator", "findShortSuccessor", "name").refusesNullAsIllegalArgument();
        add(io.panrocks.ReverseBytewiseComparator.class).life(NO_OP)
                .variant("java-reverse", w -> Subject.of(new io.panrocks.ReverseBytewiseComparator(new io.panrocks.ComparatorOptions())))
                .callbacks("compare", "findShortestSeparator", "findShortSuccessor", "name").refusesNullAsIllegalArgument();
        add(AbstractMergeOperator.class).life(NO_OP).variant("spy", w -> Subject.of(new Spies.Merge()))
                .callbacks("fullMerge", "partialMerge", "allowSingleOperand", "name");
        add(AssociativeMergeOperator.class).life(NO_OP).refusesNullAsIllegalArgument()
                .variant("of-step", w -> Subject.of(AssociativeMergeOperator.of("matrix.step", (k, l, r, res) -> {
                    res.set(r);
                    return true;
                })))
                .callbacks("merge", "name");
        add(AbstractCompactionFilter.class).life(NO_OP).variant("keep-all", w -> Subject.of(new Stubs.KeepAll()))
                .callbacks("filter", "name");
        add(AbstractCompactionFilterFactory.class).life(NO_OP).variant("keep-all", w -> Subject.of(new Stubs.KeepAllFactory()))
                .callbacks("createCompactionFilter", "name");
        add(AbstractEventListener.class).life(NO_OP).variant("quiet", w -> Subject.of(new Stubs.QuietListener()))
                .callbacks("onFlushCompleted", "onCompactionCompleted", "onBackgroundError", "onStallConditionsChanged",
                        "onFlushBegin", "onTableFileDeleted", "onCompactionBegin", "onMemTableSealed",
                        "onColumnFamilyHandleDeletionStarted", "onExternalFileIngested", "onFileReadFinish",
                        "onFileWriteFinish", "onFileFlushFinish", "onFileSyncFinish", "onFileRangeSyncFinish",
                        "onFileTruncateFinish", "onFileCloseFinish", "shouldBeNotifiedOnFileIO", "onErrorRecoveryBegin",
                        "onErrorRecoveryCompleted", "onTableFileCreated", "onTableFileCreationStarted");
        add(io.panrocks.AbstractWalFilter.class).life(NO_OP).variant("continue", w -> Subject.of(new Stubs.ContinueWalFilter()))
                .callbacks("columnFamilyLogNumberMap", "logRecordFound", "name");
        // the interface has no close(): AbstractWalFilter's entry probes the closed object
        add(io.panrocks.WalFilter.class).variant("continue", w -> Subject.of(new Stubs.ContinueWalFilter()))
                .callbacks("columnFamilyLogNumberMap", "logRecordFound", "name");
        add(WriteBatch.SavePoint.class).variant("marked", w -> {
            try (WriteBatch b = new WriteBatch()) {
                b.put(KEY, VALUE);
                b.markWalTerminationPoint();
                return Subject.of(b.getWalTerminationPoint());
            }
        });
        add(io.panrocks.Transaction.WaitingTransactions.class).variant("not-waiting", w -> {
            try (io.panrocks.Transaction txn = w.transactionDb().beginTransaction(new WriteOptions())) {
                return Subject.of(txn.getWaitingTxns());
            }
        });
        add(io.panrocks.WalFilter.LogRecordFoundResult.class)
                .variant("continue-unchanged", w -> Subject.of(io.panrocks.WalFilter.LogRecordFoundResult.CONTINUE_UNCHANGED))
                .variant("stop-changed", w -> Subject.of(new io.panrocks.WalFilter.LogRecordFoundResult(
                        io.panrocks.WalProcessingOption.STOP_REPLAY, true)));
        // a closed logger: setInfoLogLevel throws, the getters still answer (DBs drop its messages)
        add(io.panrocks.Logger.class).life(RELEASES).variant("quiet", w -> Subject.of(new Stubs.QuietLogger()))
                .worksAfterClose("infoLogLevel", "getLoggerType", "isOwningHandle").callbacks("log");
        // remote compaction (issue 36)
        add(io.panrocks.CompactionService.class).variant("local", w -> Subject.of(new Stubs.LocalCompactionService()))
                .callbacks("schedule", "waitForResult", "cancelAwaitingJobs", "onInstallation", "name");
        add(io.panrocks.FileSystemCompactionService.class)
                .variant("over-a-folder", w -> Subject.of(new io.panrocks.FileSystemCompactionService(
                        w.freshPath("fsservice"), java.time.Duration.ofMillis(50),
                        io.panrocks.CompactionServiceJobStatus.USE_LOCAL)))
                .callbacks("schedule", "waitForResult", "cancelAwaitingJobs", "onInstallation", "name");
        add(io.panrocks.CompactionServiceJobInfo.class).variant("of-a-compaction", w -> Subject.of(Spies.compactionServiceJobInfo(w)));
        add(io.panrocks.CompactionServiceScheduleResponse.class)
                .variant("scheduled", w -> Subject.of(io.panrocks.CompactionServiceScheduleResponse.scheduled("job")))
                .variant("use-local", w -> Subject.of(io.panrocks.CompactionServiceScheduleResponse.useLocal()));
        add(io.panrocks.CompactionServiceResult.class)
                .variant("success", w -> Subject.of(io.panrocks.CompactionServiceResult.success(new byte[]{1, 2})))
                .variant("failure", w -> Subject.of(io.panrocks.CompactionServiceResult.of(
                        io.panrocks.CompactionServiceJobStatus.FAILURE)));
        add(io.panrocks.OpenAndCompactOptions.class).life(RELEASES).nullable("setStatistics")
                .variant("new", w -> Subject.of(new io.panrocks.OpenAndCompactOptions()));
        add(io.panrocks.CompactionWorker.class).life(NO_OP).nullable("new#1")
                .worksAfterClose("statistics", "jobs", "runOnce")
                .variant("over-a-folder", w -> Subject.of(new io.panrocks.CompactionWorker(
                        w.freshPath("worker"), null, true)));
        // the interface has no close(): Logger's entry probes the closed object
        add(io.panrocks.LoggerInterface.class).variant("quiet", w -> Subject.of(new Stubs.QuietLogger()));
        add(RocksIterator.EntryVisitor.class).user("a scan's visitor: reached through RocksIterator.scanForward/scanBackward");
        add(RecordBatch.RecordVisitor.class).user("reached through RecordBatch.forEach");
        add(WriteBatch.RecordVisitor.class).user("reached through WriteBatch.iterate");
        add(WriteBatch.Handler.class).user("reached through WriteBatch.iterate");
        add(AssociativeMergeOperator.Step.class).user("reached through AssociativeMergeOperator.of's merges");
        add(io.panrocks.StatisticsCollectorCallback.class).user("reached through StatisticsCollector's rounds");
        add(io.panrocks.TableFilter.class).user("reached through the iterators of ReadOptions.setTableFilter");
        add(io.panrocks.AbstractTableFilter.class).life(NO_OP).variant("read-all", w -> Subject.of(new Stubs.ReadAllTables()))
                .callbacks("filter");
    }

    /** A fresh SST file of three keys, written outside any DB. */
    static String sstFile(World w) throws RocksDBException {
        java.nio.file.Path file = w.freshPath("file").resolveSibling(w.freshName("readable") + ".sst");
        try (SstFileWriter writer = new SstFileWriter(World.options())) {
            writer.open(file);
            writer.put(bytes("key1"), VALUE);
            writer.put(bytes("key2"), VALUE);
            writer.put(bytes("key3"), VALUE);
            writer.finish();
        }
        return file.toString();
    }

    /** A DB is its own DB: arguments of a DB (handles, snapshots) come from it. */
    private static Subject self(RocksDB db) {
        return new Subject(db, db, null);
    }

    /** A WAL walk standing on a batch just written to db (the WAL holds it until the next flush). */
    static TransactionLogIterator walkFromLatest(RocksDB db) throws RocksDBException {
        db.put(bytes("wal-key"), VALUE);
        return db.getUpdatesSince(db.getLatestSequenceNumber());
    }

    /** A record log over two fresh families of the world's plain DB, with three records. */
    static RecordLog recordLog(World w) throws RocksDBException {
        RocksDB db = w.db();
        List<ColumnFamilyHandle> handles = new ArrayList<>(db.createColumnFamilies(RecordLog.columnFamilies(w.freshName("log"))));
        RecordLog log = new RecordLog(db, handles.get(0), handles.get(1));
        log.append(bytes("first"));
        log.append(bytes("second"));
        log.append(bytes("third"));
        return log;
    }
}
