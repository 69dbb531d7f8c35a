package io.panrocks.safety;

import io.panrocks.BlockBasedTableConfig;
import io.panrocks.Options;
import io.panrocks.ReadOptions;
import io.panrocks.RecordBatch;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;

import java.io.ByteArrayOutputStream;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.GatheringByteChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.panrocks.safety.ProbeSupport.*;
import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;

/**
 * Issue 11, class 3: closes and moves from inside panrocks' own callbacks.
 * Inside a scan visitor, closing the iterator is deferred until the
 * visitor returns (the scan stops there), and moving it throws
 * {@link IllegalStateException}. Inside a channel's {@code write()} during
 * {@link RecordBatch#writeRecordsTo}, closing the batch or the DB is
 * deferred until the write returns, which completes with the right bytes.
 * Closing the DB from a scoped reader or a scan visitor throws
 * {@link IllegalStateException}. From inside an engine callback: a snapshot
 * or column family handle closes at once (freed later, by another thread);
 * a transaction or indexed batch whose own call runs the callback refuses
 * with {@link IllegalStateException}.
 */
final class ReentrancyProbes {
    private ReentrancyProbes() {
    }

    static final int KEYS = 600;

    static final Probe.Catalog PROBES = new Probe.Catalog()
            // At b64ec9b (before the fix): the close frees the iterator and its entry buffer while the
            // scan goes on with them: SIGSEGV in panrocks_iterator_next_batch, or an
            // IllegalStateException out of the scan.
            .add("close-iterator-inside-scan-forward", dir -> closeInsideScan(dir, 300, true))
            .add("close-iterator-inside-scan-forward-large-entries", dir -> closeInsideScan(dir, 9000, true))
            .add("close-iterator-inside-scan-backward", dir -> closeInsideScan(dir, 300, false))
            // At b64ec9b (before the fix): every move inside the visitor returns normally (no
            // IllegalStateException), moves the native iterator under the scan:
            // entries skipped or repeated, or a crash.
            .add("seekToFirst-inside-scan", dir -> moveInsideScan(dir, "seekToFirst"))
            .add("seekToLast-inside-scan", dir -> moveInsideScan(dir, "seekToLast"))
            .add("seek-inside-scan", dir -> moveInsideScan(dir, "seek"))
            .add("seekForPrev-inside-scan", dir -> moveInsideScan(dir, "seekForPrev"))
            .add("next-inside-scan", dir -> moveInsideScan(dir, "next"))
            .add("prev-inside-scan", dir -> moveInsideScan(dir, "prev"))
            .add("nested-scanForward-inside-scan", dir -> moveInsideScan(dir, "scanForward"))
            .add("nested-scanBackward-inside-scan", dir -> moveInsideScan(dir, "scanBackward"))
            // At b64ec9b (before the fix): the close succeeds at once (the batch's lock is reentrant) and
            // frees the pinned blocks the write is sending: the rest of the current
            // gather window is read from freed memory, the next window throws
            // IllegalStateException "Already closed" out of the write.
            .add("close-batch-inside-channel-write-records", dir -> closeBatchInsideWrite(dir, true, KEYS))
            .add("close-batch-inside-channel-write-values", dir -> closeBatchInsideWrite(dir, false, KEYS))
            // At b64ec9b (before the fix): with one gather window (< 512 records) everything the channel
            // reads after its close comes from freed memory: other bytes, or a SIGSEGV.
            .add("close-batch-inside-channel-write-one-window", dir -> closeBatchInsideWrite(dir, true, 300))
            // At b64ec9b (before the fix): the DB's close takes the batch's (reentrant) lock, frees the
            // batch and closes the engine under the write: SIGSEGV or other bytes.
            .add("close-db-inside-channel-write", ReentrancyProbes::closeDbInsideWrite)
            // At b64ec9b (before the fix): passes (IllegalStateException: closing from inside a call).
            .add("close-db-inside-scoped-reader", ReentrancyProbes::closeDbInsideReader)
            .add("close-db-inside-scan-visitor", ReentrancyProbes::closeDbInsideVisitor)
            // At be5f3fb (before the fix, found by the misuse matrix): the close waits out its grace period
            // for compactRange, which waits for the compaction the filter runs in: hangs forever.
            .add("close-snapshot-inside-compaction-filter", dir -> closeInsideFilter(dir, false))
            .add("close-column-family-inside-compaction-filter", dir -> closeInsideFilter(dir, true))
            // At be5f3fb (before the fix, found by the misuse matrix): the close takes the transaction's
            // (reentrant) lock and frees it under its own put: SIGABRT.
            .add("close-transaction-inside-its-comparator", ReentrancyProbes::closeTransactionInsideComparator)
            // At be5f3fb (before the fix, found by the misuse matrix): the close takes the batch's (reentrant)
            // lock and frees it under its own put: SIGABRT.
            .add("close-indexed-batch-inside-its-comparator", ReentrancyProbes::closeBatchInsideComparator);

    /**
     * A compaction filter closes a snapshot (or a column family handle) of
     * its DB: the close returns at once, the object refuses use, the
     * compaction and the compactRange waiting for it end, and the DB closes.
     */
    static String closeInsideFilter(Path dir, boolean family) throws Exception {
        java.util.concurrent.atomic.AtomicReference<AutoCloseable> target = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicReference<String> inside = new java.util.concurrent.atomic.AtomicReference<>();
        io.panrocks.AbstractCompactionFilter filter = new io.panrocks.AbstractCompactionFilter() {
            @Override
            public Decision filter(int level, java.lang.foreign.MemorySegment key, ValueType type,
                                   java.lang.foreign.MemorySegment value, io.panrocks.NewValue newValue) {
                AutoCloseable t = target.getAndSet(null);
                if (t != null) {
                    try {
                        t.close();
                        inside.set("returned");
                    } catch (Throwable e) {
                        inside.set(e.toString());
                    }
                }
                return Decision.KEEP;
            }

            @Override
            public String name() {
                return "probe.closing-filter";
            }
        };
        RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setCompactionFilter(filter), dir.resolve("db"));
        io.panrocks.Snapshot snapshot = db.getSnapshot();
        io.panrocks.ColumnFamilyHandle handle = db.createColumnFamily(new io.panrocks.ColumnFamilyDescriptor(bytes("other")));
        target.set(family ? handle : snapshot);
        for (int f = 0; f < 2; f++) {
            for (int i = 0; i < 10; i++) db.put(bytes("k" + i), bytes("v" + f));
            db.flush();
        }
        db.compactRange();
        check("returned".equals(inside.get()), () -> "the close inside the filter: " + inside.get());
        String use = family
                ? expect(IllegalStateException.class, "the closed handle", () -> db.put(handle, bytes("k"), bytes("v")))
                : expect(IllegalStateException.class, "the closed snapshot",
                        () -> db.get(new ReadOptions().setSnapshot(snapshot), bytes("k1")));
        check(db.get(bytes("k1")) != null, () -> "the DB still reads");
        db.close();
        return "closed inside the filter; afterwards " + use;
    }

    /** A Java comparator of a TransactionDB closes the transaction whose put it compares for. */
    static String closeTransactionInsideComparator(Path dir) throws Exception {
        java.util.concurrent.atomic.AtomicReference<AutoCloseable> target = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicReference<Throwable> inside = new java.util.concurrent.atomic.AtomicReference<>();
        Options options = new Options().setCreateIfMissing(true).setComparator(closingComparator(target, inside));
        try (io.panrocks.TransactionDB db = io.panrocks.TransactionDB.open(options, new io.panrocks.TransactionDBOptions(),
                dir.resolve("db"))) {
            io.panrocks.Transaction t = db.beginTransaction(new io.panrocks.WriteOptions());
            for (int i = 0; i < 5; i++) t.put(bytes("a" + i), bytes("v"));
            target.set(t);
            for (int i = 0; i < 20; i++) t.put(bytes("t" + i), bytes("v"));
            String r = inside.get() instanceof IllegalStateException e ? "IllegalStateException: " + e.getMessage()
                    : "closed inside: " + inside.get();
            check(inside.get() instanceof IllegalStateException, () -> r);
            check(!t.isClosed() && t.getNumPuts() == 25, () -> "the transaction goes on: " + t);
            t.commit();
            t.close();
            check(db.get(bytes("t19")) != null, () -> "the commit wrote");
            return r;
        }
    }

    /** A Java comparator of a DB closes the indexed batch whose put it compares for. */
    static String closeBatchInsideComparator(Path dir) throws Exception {
        java.util.concurrent.atomic.AtomicReference<AutoCloseable> target = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicReference<Throwable> inside = new java.util.concurrent.atomic.AtomicReference<>();
        Options options = new Options().setCreateIfMissing(true).setComparator(closingComparator(target, inside));
        try (RocksDB db = RocksDB.open(options, dir.resolve("db"));
             io.panrocks.WriteBatchWithIndex batch = new io.panrocks.WriteBatchWithIndex()) {
            io.panrocks.ColumnFamilyHandle family = db.getDefaultColumnFamily();
            for (int i = 0; i < 5; i++) batch.put(family, bytes("a" + i), bytes("v"));
            target.set(batch);
            for (int i = 0; i < 20; i++) batch.put(family, bytes("w" + i), bytes("v"));
            String r = inside.get() instanceof IllegalStateException e ? "IllegalStateException: " + e.getMessage()
                    : "closed inside: " + inside.get();
            check(inside.get() instanceof IllegalStateException, () -> r);
            check(batch.count() == 25, () -> "the batch goes on: " + batch);
            db.write(new io.panrocks.WriteOptions(), batch);
            check(db.get(bytes("w19")) != null, () -> "the batch wrote");
            return r;
        }
    }

    /** Bytewise; the first compare after target is set closes it (once) and records what the close did. */
    static io.panrocks.AbstractComparator closingComparator(java.util.concurrent.atomic.AtomicReference<AutoCloseable> target,
                                                            java.util.concurrent.atomic.AtomicReference<Throwable> inside) {
        return new io.panrocks.AbstractComparator() {
            @Override
            public String name() {
                return "probe.closing-bytewise";
            }

            @Override
            public int compare(java.lang.foreign.MemorySegment a, java.lang.foreign.MemorySegment b) {
                AutoCloseable t = target.getAndSet(null);
                if (t != null) {
                    try {
                        t.close();
                        inside.set(new AssertionError("the close returned"));
                    } catch (Throwable e) {
                        inside.set(e);
                    }
                }
                return compareBytewise(a, b);
            }
        };
    }

    static String key(int i) {
        return String.format("key-%05d", i);
    }

    /** No block cache: a block the engine lets go of is freed and its memory handed out again. */
    static RocksDB fill(Path dir, String name, int valueSize) throws RocksDBException {
        RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true)
                .setTableFormatConfig(new BlockBasedTableConfig().setNoBlockCache(true)), dir.resolve(name));
        for (int i = 0; i < KEYS; i++) db.put(bytes(key(i)), valueOf(key(i), valueSize));
        db.flush();
        return db;
    }

    interface Scan {
        long run(RocksIterator it, RocksIterator.EntryVisitor visitor) throws RocksDBException;
    }

    static String closeInsideScan(Path dir, int valueSize, boolean forward) throws Exception {
        RocksDB db = fill(dir, "db", valueSize);
        RocksIterator it = db.newIterator();
        if (forward) it.seekToFirst();
        else it.seekToLast();
        int closeAt = 40;
        int[] calls = {0};
        String[] afterClose = {""};
        Scan scan = forward ? RocksIterator::scanForward : RocksIterator::scanBackward;
        long visited = scan.run(it, (k, v) -> {
            calls[0]++;
            int expected = forward ? calls[0] - 1 : KEYS - calls[0];
            checkSame(bytes(key(expected)), k.toArray(ValueLayout.JAVA_BYTE), "visited key " + calls[0]);
            checkSame(valueOf(key(expected), valueSize), v.toArray(ValueLayout.JAVA_BYTE), "visited value " + calls[0]);
            if (calls[0] == closeAt) {
                it.close(); // allowed: deferred until this call returns
                afterClose[0] = readKept(v, valueOf(key(expected), valueSize), "the visitor's value after it.close()");
            }
            return true;
        });
        check(calls[0] == closeAt, () -> "the scan went on after the visitor closed the iterator: " + calls[0]
                + " calls, closed at call " + closeAt);
        check(visited == closeAt, () -> "scan returned " + visited + ", the visitor was called " + calls[0] + " times");
        expect(IllegalStateException.class, "isValid() after the deferred close", it::isValid);
        expect(IllegalStateException.class, "next() after the deferred close", it::next);
        expect(IllegalStateException.class, "seekToFirst() after the deferred close", it::seekToFirst);
        check(db.get(bytes(key(3))) != null, () -> "the DB still reads");
        db.close();
        return "the scan stopped after " + visited + " entries, the iterator then closed (views in the visitor after close: "
                + afterClose[0] + ")";
    }

    static String moveInsideScan(Path dir, String move) throws Exception {
        RocksDB db = fill(dir, "db", 300);
        RocksIterator it = db.newIterator();
        it.seekToFirst();
        List<Integer> seen = new ArrayList<>();
        String[] refused = {null};
        long visited = it.scanForward((k, v) -> {
            int i = Integer.parseInt(string(k.toArray(ValueLayout.JAVA_BYTE)).substring(4));
            seen.add(i);
            checkSame(valueOf(key(i), 300), v.toArray(ValueLayout.JAVA_BYTE), "visited value of " + key(i));
            if (seen.size() == 100) {
                refused[0] = expect(IllegalStateException.class, move + "() of the scanning iterator inside its visitor",
                        () -> move(it, move));
            }
            return true;
        });
        for (int i = 0; i < seen.size(); i++) {
            int at = i;
            check(seen.get(i) == i, () -> "after the refused " + move + "(), the scan visited " + key(seen.get(at))
                    + " as entry " + at);
        }
        check(seen.size() == KEYS && visited == KEYS, () -> "the scan visited " + seen.size() + " of " + KEYS + " entries");
        it.seekToFirst();
        check(it.isValid() && string(it.keyBytes()).equals(key(0)), () -> "the iterator works after the scan");
        it.close();
        db.close();
        return refused[0] + "; the scan went on and visited all " + KEYS + " entries in order";
    }

    static void move(RocksIterator it, String move) throws RocksDBException {
        switch (move) {
            case "seekToFirst" -> it.seekToFirst();
            case "seekToLast" -> it.seekToLast();
            case "seek" -> it.seek(bytes(key(10)));
            case "seekForPrev" -> it.seekForPrev(bytes(key(500)));
            case "next" -> it.next();
            case "prev" -> it.prev();
            case "scanForward" -> it.scanForward((k, v) -> true);
            case "scanBackward" -> it.scanBackward((k, v) -> true);
            default -> throw new IllegalArgumentException(move);
        }
    }

    // ---- channels ------------------------------------------------------------------

    /** What writeRecordsTo / writeValuesTo must put on the wire for records [0, n). */
    static byte[] expectedWire(int n, int valueSize, boolean framed) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < n; i++) {
            byte[] k = bytes(key(i)), v = valueOf(key(i), valueSize);
            if (framed) {
                out.writeBytes(ByteBuffer.allocate(8).putInt(k.length).putInt(v.length).array());
                out.writeBytes(k);
            }
            out.writeBytes(v);
        }
        return out.toByteArray();
    }

    /** Collects what it is sent; runs a hook (once) at its first write, before reading anything. */
    static final class Recorder implements GatheringByteChannel {
        final ByteArrayOutputStream received = new ByteArrayOutputStream();
        final Action onFirstWrite;
        boolean fired;

        Recorder(Action onFirstWrite) {
            this.onFirstWrite = onFirstWrite;
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) {
            long n = 0;
            for (int i = offset; i < offset + length; i++) n += write(srcs[i]);
            return n;
        }

        @Override
        public long write(ByteBuffer[] srcs) {
            return write(srcs, 0, srcs.length);
        }

        @Override
        public int write(ByteBuffer src) {
            if (!fired) {
                fired = true;
                try {
                    onFirstWrite.run();
                } catch (RuntimeException | Error e) {
                    throw e;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
            byte[] bytes = new byte[src.remaining()];
            src.get(bytes);
            received.writeBytes(bytes);
            return bytes.length;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }

    /** Reads a lot from another DB without a block cache: freed blocks get handed out again. */
    static void churn(RocksDB other) throws RocksDBException {
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < KEYS; i++) other.get(bytes(key(i)));
        }
    }

    static String closeBatchInsideWrite(Path dir, boolean framed, int records) throws Exception {
        int valueSize = 6000;
        RocksDB db = fill(dir, "db", valueSize);
        RocksDB other = fill(dir, "other", valueSize);
        RecordBatch batch = db.newRecordCursor(null, new ReadOptions()).next(records, 1L << 30);
        check(batch.size() == records, () -> "one batch holds " + records + " records");
        Recorder channel = new Recorder(() -> {
            batch.close(); // deferred until the write returns
            churn(other);
        });
        long written = framed ? batch.writeRecordsTo(channel) : batch.writeValuesTo(channel);
        byte[] expected = expectedWire(records, valueSize, framed);
        checkSame(expected, channel.received.toByteArray(), "the bytes written after the channel closed the batch");
        check(written == expected.length, () -> "write returned " + written + ", expected " + expected.length);
        check(!batch.isOpen(), () -> "the batch is still open after the write that closed it returned");
        expect(IllegalStateException.class, "value(0) of the closed batch", () -> batch.value(0));
        other.close();
        db.close();
        return "close deferred: " + written + " correct bytes written, then the batch was closed";
    }

    static String closeDbInsideWrite(Path dir) throws Exception {
        int valueSize = 6000;
        RocksDB db = fill(dir, "db", valueSize);
        RocksDB other = fill(dir, "other", valueSize);
        RecordBatch batch = db.newRecordCursor(null, new ReadOptions()).next(KEYS, 1L << 30);
        Recorder channel = new Recorder(() -> {
            db.close(); // returns; the engine closes when this write ends
            check(!db.isOpen(), () -> "the DB is closed to new calls at once");
            churn(other);
        });
        long written = batch.writeRecordsTo(channel);
        byte[] expected = expectedWire(KEYS, valueSize, true);
        checkSame(expected, channel.received.toByteArray(), "the bytes written after the channel closed the DB");
        check(written == expected.length, () -> "write returned " + written);
        check(!batch.isOpen(), () -> "the batch is still open after the write during which its DB closed returned");
        try (RocksDB again = RocksDB.open(new Options(), dir.resolve("db"))) {
            checkSame(valueOf(key(7), valueSize), again.get(bytes(key(7))), "the reopened DB");
        } catch (RocksDBException e) {
            throw new WrongResult("the path cannot be reopened after the write ended: the engine never closed: " + e);
        }
        other.close();
        return written + " correct bytes written; the engine closed when the write ended, and the path reopened";
    }

    static String closeDbInsideReader(Path dir) throws Exception {
        RocksDB db = fill(dir, "db", 3000);
        String r = expect(IllegalStateException.class, "db.close() inside get(key, reader)", () -> db.get(bytes(key(1)), s -> {
            db.close();
            return null;
        }));
        check(db.isOpen() && db.get(bytes(key(2))) != null, () -> "the DB still works");
        db.close();
        return r;
    }

    static String closeDbInsideVisitor(Path dir) throws Exception {
        RocksDB db = fill(dir, "db", 300);
        String[] r = {null};
        try (RocksIterator it = db.newIterator()) {
            it.seekToFirst();
            it.scanForward((k, v) -> {
                r[0] = expect(IllegalStateException.class, "db.close() inside a scan visitor", db::close);
                return false;
            });
            check(it.isValid() && string(it.keyBytes()).equals(key(0)), () -> "the iterator stands where the visitor stopped");
        }
        check(db.isOpen(), () -> "the DB still works");
        db.close();
        return r[0];
    }
}
