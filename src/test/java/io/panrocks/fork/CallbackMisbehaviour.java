package io.panrocks.fork;

import io.panrocks.AbstractCompactionFilter;
import io.panrocks.AbstractComparator;
import io.panrocks.AbstractEventListener;
import io.panrocks.AbstractMergeOperator;
import io.panrocks.FlushJobInfo;
import io.panrocks.MergeOperands;
import io.panrocks.NewValue;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.Status;
import io.panrocks.UncheckedRocksDBException;

import java.lang.foreign.MemorySegment;
import java.lang.ref.WeakReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static io.panrocks.testkit.TestBytes.bytes;

/**
 * Child JVM of CallbackSafetyTest: a callback misbehaves in a way that
 * ends the JVM unless the upcall boundary holds (args[0] names it); prints
 * "OK <what happened>" when panrocks turned it into the documented outcome.
 * Any other outcome exits non-zero, a crash leaves an hs_err file.
 */
public final class CallbackMisbehaviour {
    interface Scenario {
        String run(Path dir) throws Exception;
    }

    static final Map<String, Scenario> SCENARIOS = Map.of(
            "stack-overflow-in-comparator", CallbackMisbehaviour::stackOverflowInComparator,
            "out-of-memory-in-merge", CallbackMisbehaviour::outOfMemoryInMerge,
            "stack-overflow-in-filter-and-listener", CallbackMisbehaviour::stackOverflowInFilterAndListener,
            "throwing-reverse-comparator", CallbackMisbehaviour::throwingReverseComparator,
            "forgotten-db-with-callbacks", CallbackMisbehaviour::forgottenDbWithCallbacks,
            "system-exit-after-callbacks-on-rocksdbs-threads", CallbackMisbehaviour::systemExitAfterBackgroundCallbacks);

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("panrocks-callback-misbehaviour");
        try {
            System.out.println("OK " + SCENARIOS.get(args[0]).run(dir));
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    static int recurse(int n) {
        return n == Integer.MIN_VALUE ? 0 : 1 + recurse(n + 1);
    }

    /** A comparator that overflows the stack (consistently bytewise otherwise, so the engine sees one order). */
    static String stackOverflowInComparator(Path dir) throws Exception {
        AbstractComparator deep = new AbstractComparator() {
            @Override
            public String name() {
                return "test.Deep";
            }

            @Override
            public int compare(MemorySegment a, MemorySegment b) {
                if (a.byteSize() == 4 || b.byteSize() == 4) return recurse(0);
                return compareBytewise(a, b);
            }
        };
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setComparator(deep), dir)) {
            db.put(bytes("a"), bytes("1"));
            db.put(bytes("deep"), bytes("2"));  // overflows inside the memtable insert
            if (!(db.callbackFailure() instanceof StackOverflowError)) throw new AssertionError(db.callbackFailure());
            try {
                db.put(bytes("b"), bytes("3"));
                throw new AssertionError("the failed DB took a write");
            } catch (RocksDBException e) {
                if (e.code() != Status.Code.IOError) throw e;
            }
            return "StackOverflowError in a comparator: caught, DB failed, JVM alive";
        } catch (UncheckedRocksDBException closing) { // close() reports the engine's error unchecked
            return "StackOverflowError in a comparator: caught, DB failed, close reported " + closing.getStatus().getCode();
        }
    }

    static String outOfMemoryInMerge(Path dir) throws Exception {
        List<byte[]> hog = new ArrayList<>();
        AbstractMergeOperator greedy = new AbstractMergeOperator() {
            @Override
            public String name() {
                return "test.Greedy";
            }

            @Override
            public boolean fullMerge(MemorySegment key, MemorySegment existing, MergeOperands operands, NewValue result) {
                while (true) hog.add(new byte[64 << 20]);
            }
        };
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setMergeOperator(greedy), dir)) {
            db.merge(bytes("k"), bytes("v"));
            try {
                db.get(bytes("k"));
                throw new AssertionError("the merge succeeded");
            } catch (RocksDBException e) {
                hog.clear();
                if (e.code() != Status.Code.Corruption || !(e.getCause() instanceof OutOfMemoryError)) throw e;
            }
            db.put(bytes("after"), bytes("v"));
            return "OutOfMemoryError in a merge: the read failed with Corruption, caused by it";
        }
    }

    static String stackOverflowInFilterAndListener(Path dir) throws Exception {
        AbstractCompactionFilter deep = new AbstractCompactionFilter() {
            @Override
            public Decision filter(int level, MemorySegment key, ValueType type, MemorySegment value, NewValue newValue) {
                recurse(0);
                return Decision.REMOVE;
            }
        };
        AbstractEventListener deepListener = new AbstractEventListener() {
            @Override
            public void onFlushCompleted(RocksDB db, FlushJobInfo info) {
                recurse(0);
            }
        };
        Options o = new Options().setCreateIfMissing(true).setCompactionFilter(deep).setListeners(List.of(deepListener));
        try (RocksDB db = RocksDB.open(o, dir)) {
            db.put(bytes("k"), bytes("v"));
            db.flush();
            db.compactRange();
            if (!"v".equals(new String(db.get(bytes("k")), StandardCharsets.UTF_8))) throw new AssertionError("key lost");
            if (db.callbackFailureCount() < 2) throw new AssertionError("failures " + db.callbackFailureCount());
            return "StackOverflowError in a filter (key kept) and a listener (ignored) on RocksDB's threads";
        }
    }

    /**
     * A reverse comparator that throws: the bytewise fallback contradicts
     * its order, the hard case for the engine. The DB must fail cleanly.
     */
    static String throwingReverseComparator(Path dir) throws Exception {
        AbstractComparator reverse = new AbstractComparator() {
            @Override
            public String name() {
                return "test.ThrowingReverse";
            }

            @Override
            public int compare(MemorySegment a, MemorySegment b) {
                if (a.byteSize() == 4 || b.byteSize() == 4) throw new IllegalStateException("four");
                return -compareBytewise(a, b);
            }
        };
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setComparator(reverse), dir)) {
            // keys of 6 bytes: the comparator works for them (a 4-byte key here would fail the DB
            // before "four" is written)
            for (int i = 0; i < 100; i++) db.put(bytes(String.format("k%05d", i * 7919 % 1000)), bytes("v"));
            db.put(bytes("four"), bytes("x"));
            try {
                for (int i = 0; i < 100; i++) db.put(bytes("after" + i), bytes("v"));
                throw new AssertionError("the failed DB took writes");
            } catch (RocksDBException e) {
                if (e.code() != Status.Code.IOError) throw e;
            }
        } catch (UncheckedRocksDBException closing) {
            // the close may report the background error
        }
        AbstractComparator fixed = new AbstractComparator() {
            @Override
            public String name() {
                return "test.ThrowingReverse";
            }

            @Override
            public int compare(MemorySegment a, MemorySegment b) {
                return -compareBytewise(a, b);
            }
        };
        try (RocksDB db = RocksDB.open(new Options().setComparator(fixed), dir)) {
            if (db.get(bytes("four")) == null) throw new AssertionError("an acknowledged write was lost");
            return "a throwing reverse comparator failed its DB; reopened with a fixed one, nothing lost";
        }
    }

    /**
     * RocksDB's background threads ran upcalls (so they are attached to the
     * JVM), then System.exit: without the exit guard the JVM hangs forever
     * (RocksDB's static thread pools join threads whose detach waits for the
     * exited JVM). The parent's timeout catches a hang.
     */
    static String systemExitAfterBackgroundCallbacks(Path dir) throws Exception {
        AtomicInteger heard = new AtomicInteger();
        AbstractEventListener l = new AbstractEventListener() {
            @Override
            public void onFlushCompleted(RocksDB db, FlushJobInfo info) {
                heard.incrementAndGet();
            }
        };
        AbstractCompactionFilter keep = new AbstractCompactionFilter() {
            @Override
            public Decision filter(int level, MemorySegment key, ValueType type, MemorySegment value, NewValue newValue) {
                heard.incrementAndGet();
                return Decision.KEEP;
            }
        };
        Options o = new Options().setCreateIfMissing(true).setListeners(List.of(l)).setCompactionFilter(keep);
        try (RocksDB db = RocksDB.open(o, dir)) {
            db.put(bytes("k"), bytes("v"));
            db.flush();
            db.put(bytes("j"), bytes("v"));
            db.flush();
            db.compactRange();
        }
        RocksDB open = RocksDB.open(o, dir);  // one left open too, its background threads idle
        open.put(bytes("x"), bytes("y"));
        open.flush();
        if (heard.get() < 3) throw new AssertionError("callbacks heard " + heard.get());
        System.out.println("OK System.exit after " + heard.get() + " callbacks on RocksDB's threads returned");
        System.out.flush();
        try (var files = Files.walk(dir)) {  // System.exit skips main's cleanup
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        System.exit(0);
        return "unreachable";
    }

    /** A DB with callbacks, never closed: the Cleaner closes it and the callbacks go with it. */
    static String forgottenDbWithCallbacks(Path dir) throws Exception {
        WeakReference<Object> comparator = open(dir);
        for (int i = 0; i < 200 && comparator.get() != null; i++) {
            System.gc();
            Thread.sleep(25);
        }
        if (comparator.get() != null) throw new AssertionError("the forgotten DB's comparator is still reachable");
        try (RocksDB db = RocksDB.open(new Options().setComparator(new Reverse()), dir)) {
            if (db.get(bytes("k")) == null) throw new AssertionError("lost");
        }
        return "a forgotten DB with a comparator and a listener was closed by the Cleaner, its callbacks released";
    }

    static final class Reverse extends AbstractComparator {
        @Override
        public String name() {
            return "test.Reverse";
        }

        @Override
        public int compare(MemorySegment a, MemorySegment b) {
            return -compareBytewise(a, b);
        }
    }

    private static WeakReference<Object> open(Path dir) throws RocksDBException {
        Reverse c = new Reverse();
        AbstractEventListener l = new AbstractEventListener() {
            @Override
            public void onFlushCompleted(RocksDB db, FlushJobInfo info) {
            }
        };
        RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setComparator(c).setListeners(List.of(l)), dir);
        db.put(bytes("k"), bytes("v"));
        db.flush();
        return new WeakReference<>(c);
    }
}
