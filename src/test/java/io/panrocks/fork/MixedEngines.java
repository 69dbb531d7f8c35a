package io.panrocks.fork;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Child JVM: RocksJava (whatever version is on the class path) and panrocks in
 * one process, loaded in the order args[0] names ("rocksjava-first" or
 * "panrocks-first"), each with a DB of its own, driven at once for args[1]
 * seconds by two threads per engine: puts, reads checked against what was
 * written, scans, deletes, flushes of small memtables and compactions, all
 * through small LRU block caches that keep evicting (the cache entries the
 * two engine copies used to free for each other). Then both DBs are closed,
 * reopened and checked entry by entry. Prints "ok ..." or throws.
 */
public final class MixedEngines {
    static final int KEYS_PER_THREAD = 4000;

    interface Db extends AutoCloseable {
        void put(byte[] k, byte[] v) throws Exception;
        byte[] get(byte[] k) throws Exception;
        void delete(byte[] k) throws Exception;
        long scan() throws Exception;
        void flush() throws Exception;
        void compact() throws Exception;
    }

    static final class RocksJavaDb implements Db {
        final org.rocksdb.LRUCache cache = new org.rocksdb.LRUCache(256 * 1024);
        final org.rocksdb.Options options = new org.rocksdb.Options().setCreateIfMissing(true)
                .setWriteBufferSize(64 * 1024).setCompressionType(org.rocksdb.CompressionType.LZ4_COMPRESSION)
                .setTableFormatConfig(new org.rocksdb.BlockBasedTableConfig().setBlockCache(cache)
                        .setBlockSize(1024).setFilterPolicy(new org.rocksdb.BloomFilter(10)));
        final org.rocksdb.RocksDB db;

        RocksJavaDb(Path dir) throws Exception {
            db = org.rocksdb.RocksDB.open(options, dir.toString());
        }

        public void put(byte[] k, byte[] v) throws Exception { db.put(k, v); }
        public byte[] get(byte[] k) throws Exception { return db.get(k); }
        public void delete(byte[] k) throws Exception { db.delete(k); }
        public long scan() {
            long n = 0;
            try (org.rocksdb.RocksIterator it = db.newIterator()) {
                for (it.seekToFirst(); it.isValid(); it.next()) n += it.value().length;
            }
            return n;
        }
        public void flush() throws Exception {
            try (org.rocksdb.FlushOptions fo = new org.rocksdb.FlushOptions().setWaitForFlush(true)) {
                db.flush(fo);
            }
        }
        public void compact() throws Exception { db.compactRange(); }
        public void close() {
            db.close();
            options.close();
            cache.close();
        }
    }

    static final class PanrocksDb implements Db {
        final io.panrocks.LRUCache cache = new io.panrocks.LRUCache(256 * 1024);
        final io.panrocks.RocksDB db;

        PanrocksDb(Path dir) throws Exception {
            db = io.panrocks.RocksDB.open(new io.panrocks.Options().setCreateIfMissing(true)
                    .setWriteBufferSize(64 * 1024).setCompressionType(io.panrocks.CompressionType.LZ4_COMPRESSION)
                    .setTableFormatConfig(new io.panrocks.BlockBasedTableConfig().setBlockCache(cache)
                            .setBlockSize(1024).setFilterPolicy(new io.panrocks.BloomFilter(10))), dir);
        }

        public void put(byte[] k, byte[] v) throws Exception { db.put(k, v); }
        public byte[] get(byte[] k) throws Exception { return db.get(k); }
        public void delete(byte[] k) throws Exception { db.delete(k); }
        public long scan() {
            long n = 0;
            try (io.panrocks.RocksIterator it = db.newIterator()) {
                for (it.seekToFirst(); it.isValid(); it.next()) n += it.value().byteSize();
            }
            return n;
        }
        public void flush() throws Exception { db.flush(); }
        public void compact() throws Exception { db.compactRange(); }
        public void close() throws Exception {
            db.close();
            cache.close();
        }
    }

    static byte[] key(int thread, int i) {
        return String.format("t%d-%08d", thread, i).getBytes(StandardCharsets.UTF_8);
    }

    static byte[] value(int thread, int i, int round) {
        byte[] v = new byte[100 + (i * 37 + round) % 900];
        byte[] text = ("v" + thread + "/" + i + "/" + round + ";").getBytes(StandardCharsets.UTF_8);
        for (int p = 0; p < v.length; p++) v[p] = text[p % text.length];
        return v;
    }

    /** One worker: writes its own key range in rounds, checks every read, scans, flushes and compacts. */
    static Thread worker(Db db, int thread, long deadline, int[] lastRound, AtomicLong ops, List<Throwable> failures) {
        Thread t = new Thread(() -> {
            Random r = new Random(thread);
            try {
                int round = 0;
                while (System.nanoTime() < deadline) {
                    round++;
                    for (int i = 0; i < KEYS_PER_THREAD; i++) {
                        if (i % 13 == round % 13) db.delete(key(thread, i));
                        else db.put(key(thread, i), value(thread, i, round));
                        int j = r.nextInt(i + 1);
                        byte[] got = db.get(key(thread, j));
                        boolean gone = j % 13 == round % 13;
                        if (gone ? got != null : !java.util.Arrays.equals(got, value(thread, j, round))) {
                            throw new AssertionError("thread " + thread + " round " + round + " key " + j + " read wrong");
                        }
                        ops.addAndGet(2);
                    }
                    lastRound[thread] = round;
                    db.scan();
                    if (round % 2 == 0) db.flush();
                    if (round % 5 == 0) db.compact();
                }
            } catch (Throwable e) {
                synchronized (failures) {
                    failures.add(e);
                }
            }
        }, "worker-" + thread);
        t.start();
        return t;
    }

    static void verify(Db db, int thread, int round) throws Exception {
        for (int i = 0; i < KEYS_PER_THREAD; i++) {
            byte[] got = db.get(key(thread, i));
            boolean gone = i % 13 == round % 13;
            if (gone ? got != null : !java.util.Arrays.equals(got, value(thread, i, round))) {
                throw new AssertionError("after reopen: thread " + thread + " key " + i + " wrong");
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("panrocks-mixed");
        long seconds = Long.parseLong(args[1]);
        Db first, second;
        if (args[0].equals("panrocks-first")) {
            first = new PanrocksDb(dir.resolve("panrocks"));
            org.rocksdb.RocksDB.loadLibrary();
            second = new RocksJavaDb(dir.resolve("rocksjava"));
        } else {
            org.rocksdb.RocksDB.loadLibrary();
            first = new RocksJavaDb(dir.resolve("rocksjava"));
            second = new PanrocksDb(dir.resolve("panrocks"));
        }
        Db panrocks = first instanceof PanrocksDb ? first : second;
        Db rocksJava = first instanceof RocksJavaDb ? first : second;
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        int[] lastRound = new int[4];
        AtomicLong ops = new AtomicLong();
        List<Throwable> failures = new ArrayList<>();
        List<Thread> threads = List.of(
                worker(rocksJava, 0, deadline, lastRound, ops, failures),
                worker(rocksJava, 1, deadline, lastRound, ops, failures),
                worker(panrocks, 2, deadline, lastRound, ops, failures),
                worker(panrocks, 3, deadline, lastRound, ops, failures));
        for (Thread t : threads) t.join();
        if (!failures.isEmpty()) {
            AssertionError e = new AssertionError("workers failed");
            failures.forEach(e::addSuppressed);
            throw e;
        }
        rocksJava.close();
        panrocks.close();
        try (Db r = new RocksJavaDb(dir.resolve("rocksjava")); Db p = new PanrocksDb(dir.resolve("panrocks"))) {
            verify(r, 0, lastRound[0]);
            verify(r, 1, lastRound[1]);
            verify(p, 2, lastRound[2]);
            verify(p, 3, lastRound[3]);
        }
        System.out.println("ok rocksjava " + org.rocksdb.RocksDB.rocksdbVersion() + " panrocks "
                + io.panrocks.RocksDB.engineVersion() + " operations " + ops.get() + " rounds "
                + java.util.Arrays.toString(lastRound));
    }
}
