package io.panrocks.jmh;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.Transaction;
import org.rocksdb.TransactionDB;
import org.rocksdb.TransactionDBOptions;
import org.rocksdb.WriteBatchWithIndex;
import org.rocksdb.WriteOptions;

import java.nio.file.Path;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/** {@link PanrocksTransaction} in RocksJava: the same options, data and operations. */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g", "-Xmn128m"})
public class RocksJavaTransaction {
    static final int PENDING_PUTS = PanrocksTransaction.PENDING_PUTS;


    @State(Scope.Benchmark)
    public static class Db extends BenchParams {
        TransactionDB db;
        byte[][] keys;
        DataSpec spec;
        private LRUCache cache;
        private TransactionDBOptions txnDbOptions;
        private Options options;
        private Path dir;
        /** Every thread's objects, released before the DB (JMH tears this state down before the threads'). */
        final Queue<AutoCloseable> threadObjects = new ConcurrentLinkedQueue<>();

        @Setup(Level.Trial)
        public void open() throws RocksDBException {
            RocksDB.loadLibrary();
            EngineCheck.verifyRocksJava();
            spec = spec();
            keys = spec.keys();
            dir = DataSpec.tempDir();
            cache = new LRUCache(DataSpec.CACHE_BYTES);
            txnDbOptions = new TransactionDBOptions();
            options = RocksJavaDb.options(spec, cache);
            db = TransactionDB.open(options, txnDbOptions, dir.resolve("db").toString());
            RocksJavaDb.load(db, spec);
        }

        @TearDown(Level.Trial)
        public void close() throws Exception {
            for (AutoCloseable o : threadObjects) o.close();
            if (db != null) db.close();
            if (txnDbOptions != null) txnDbOptions.close();
            if (options != null) options.close();
            if (cache != null) cache.close();
            DataSpec.deleteTree(dir);
        }
    }

    @State(Scope.Thread)
    public static class ThreadState {
        Rng rng;
        DataSpec.Values values;
        ReadOptions readOptions;
        WriteOptions writeOptions;
        Transaction reader;
        Transaction writer;
        /** PENDING_PUTS pending puts of random keys (overwrite mode), read through by batchAndDbGet */
        WriteBatchWithIndex batch;

        @Setup(Level.Trial)
        public void setUp(Db s) throws RocksDBException {
            rng = new Rng();
            values = s.spec.values();
            readOptions = new ReadOptions();
            writeOptions = new WriteOptions();
            reader = s.db.beginTransaction(writeOptions);
            batch = new WriteBatchWithIndex(true);
            for (int k = 0; k < PENDING_PUTS; k++) {
                int i = rng.below(s.keys.length);
                batch.put(s.keys[i], values.of(i));
            }
            s.threadObjects.add(() -> {
                batch.close();
                reader.rollback();
                reader.close();
                if (writer != null) writer.close();
                readOptions.close();
                writeOptions.close();
            });
        }
    }

    @Benchmark
    public void get(Db s, ThreadState t, Blackhole bh) throws RocksDBException {
        bh.consume(t.reader.get(t.readOptions, s.keys[t.rng.below(s.keys.length)]));
    }

    @Benchmark
    public void putCommit(Db s, ThreadState t) throws RocksDBException {
        int i = t.rng.below(s.keys.length);
        Transaction txn = t.writer == null ? s.db.beginTransaction(t.writeOptions)
                : s.db.beginTransaction(t.writeOptions, t.writer); // reuses the object, as services do
        t.writer = txn;
        txn.put(s.keys[i], t.values.of(i));
        txn.commit();
    }

    /** Read-modify-write: begin (the thread's object reused), getForUpdate (exclusive lock; a new array), put, commit. */
    @Benchmark
    public void getForUpdatePutCommit(Db s, ThreadState t, Blackhole bh) throws RocksDBException {
        int i = t.rng.below(s.keys.length);
        Transaction txn = t.writer == null ? s.db.beginTransaction(t.writeOptions)
                : s.db.beginTransaction(t.writeOptions, t.writer);
        t.writer = txn;
        bh.consume(txn.getForUpdate(t.readOptions, s.keys[i], true));
        txn.put(s.keys[i], t.values.of(i));
        txn.commit();
    }

    /** A read through the thread's WriteBatchWithIndex on top of the DB (getFromBatchAndDB; a new array). */
    @Benchmark
    public void batchAndDbGet(Db s, ThreadState t, Blackhole bh) throws RocksDBException {
        bh.consume(t.batch.getFromBatchAndDB(s.db, t.readOptions, s.keys[t.rng.below(s.keys.length)]));
    }
}
