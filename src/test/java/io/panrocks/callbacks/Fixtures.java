package io.panrocks.callbacks;

import io.panrocks.AbstractComparator;
import io.panrocks.AbstractEventListener;
import io.panrocks.AbstractMergeOperator;
import io.panrocks.AssociativeMergeOperator;
import io.panrocks.BackgroundErrorReason;
import io.panrocks.CompactionJobInfo;
import io.panrocks.FlushJobInfo;
import io.panrocks.MergeOperands;
import io.panrocks.NewValue;
import io.panrocks.RocksDB;
import io.panrocks.RocksIterator;
import io.panrocks.Status;
import io.panrocks.WriteStallInfo;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;

/** Callbacks the tests share: written against the public API only. */
final class Fixtures {
    private Fixtures() {
    }

    static final ValueLayout.OfLong LE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    static byte[] u64(long v) {
        byte[] b = new byte[8];
        MemorySegment.ofArray(b).set(LE, 0, v);
        return b;
    }

    static long u64(byte[] b) {
        return MemorySegment.ofArray(b).get(LE, 0);
    }

    static List<String> keys(RocksDB db) {
        List<String> keys = new ArrayList<>();
        try (RocksIterator it = db.newIterator()) {
            for (it.seekToFirst(); it.isValid(); it.next()) keys.add(string(it.keyBytes()));
        }
        return keys;
    }

    /** Reverse bytewise order; counts calls; can be told to throw on a poisoned key. */
    static class Reverse extends AbstractComparator {
        final String name;
        final AtomicInteger compares = new AtomicInteger();
        volatile String poison;
        volatile MemorySegment kept;

        Reverse() {
            this("test.Reverse");
        }

        Reverse(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public int compare(MemorySegment a, MemorySegment b) {
            compares.incrementAndGet();
            String p = poison;
            if (p != null && (is(a, p) || is(b, p))) throw new IllegalStateException("poisoned key " + p);
            kept = a;
            return -compareBytewise(a, b);
        }

        static boolean is(MemorySegment s, String text) {
            byte[] t = bytes(text);
            return s.byteSize() == t.length && MemorySegment.mismatch(s, 0, t.length, MemorySegment.ofArray(t), 0,
                    t.length) < 0;
        }
    }

    /** RocksDB's order, in Java. */
    static final class Bytewise extends AbstractComparator {
        @Override
        public String name() {
            return "leveldb.BytewiseComparator.java";
        }

        @Override
        public int compare(MemorySegment a, MemorySegment b) {
            return compareBytewise(a, b);
        }
    }

    /** 64-bit little-endian add, full merge with a partial merge; counts calls; can fail on request. */
    static final class Add extends AbstractMergeOperator {
        final AtomicInteger full = new AtomicInteger(), partial = new AtomicInteger();
        volatile boolean refuse;
        volatile RuntimeException toThrow;

        @Override
        public String name() {
            return "test.Add";
        }

        @Override
        public boolean fullMerge(MemorySegment key, MemorySegment existing, MergeOperands operands, NewValue result) {
            full.incrementAndGet();
            if (toThrow != null) throw toThrow;
            if (refuse) return false;
            long sum = existing == null ? 0 : existing.get(LE, 0);
            for (int i = 0; i < operands.size(); i++) sum += operands.get(i).get(LE, 0);
            result.allocate(8).set(LE, 0, sum);
            return true;
        }

        @Override
        public boolean partialMerge(MemorySegment key, MergeOperands operands, NewValue result) {
            partial.incrementAndGet();
            long sum = 0;
            for (int i = 0; i < operands.size(); i++) sum += operands.get(i).get(LE, 0);
            result.allocate(8).set(LE, 0, sum);
            return true;
        }
    }

    static AssociativeMergeOperator associativeAdd(AtomicInteger steps) {
        return AssociativeMergeOperator.of("test.AssociativeAdd", (key, left, right, result) -> {
            steps.incrementAndGet();
            long sum = right.get(LE, 0) + (left == null ? 0 : left.get(LE, 0));
            result.allocate(8).set(LE, 0, sum);
            return true;
        });
    }

    /** Records every event it gets, with the thread it came on. */
    static class Recorder extends AbstractEventListener {
        final List<FlushJobInfo> flushes = new CopyOnWriteArrayList<>();
        final List<CompactionJobInfo> compactions = new CopyOnWriteArrayList<>();
        final List<Status> errors = new CopyOnWriteArrayList<>();
        final List<BackgroundErrorReason> errorReasons = new CopyOnWriteArrayList<>();
        final List<WriteStallInfo> stalls = new CopyOnWriteArrayList<>();
        final List<String> threads = new CopyOnWriteArrayList<>();
        final List<RocksDB> dbs = new CopyOnWriteArrayList<>();

        @Override
        public void onFlushCompleted(RocksDB db, FlushJobInfo info) {
            threads.add(Thread.currentThread().getName());
            if (db != null) dbs.add(db);
            flushes.add(info);
        }

        @Override
        public void onCompactionCompleted(RocksDB db, CompactionJobInfo info) {
            threads.add(Thread.currentThread().getName());
            compactions.add(info);
        }

        @Override
        public void onBackgroundError(BackgroundErrorReason reason, Status error) {
            errorReasons.add(reason);
            errors.add(error);
        }

        @Override
        public void onStallConditionsChanged(WriteStallInfo info) {
            stalls.add(info);
        }
    }
}
