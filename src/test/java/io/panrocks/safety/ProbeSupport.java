package io.panrocks.safety;

import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.testkit.Seeds;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import static io.panrocks.testkit.TestBytes.bytes;

/** Helpers the probes share (they run inside the child JVM). */
final class ProbeSupport {
    private ProbeSupport() {
    }

    /** A probe whose threads did not finish in time. */
    static final class Hang extends RuntimeException {
        private static final long serialVersionUID = 1;

        Hang(String message) {
            super(message);
        }
    }

    /** The API answered, but wrongly. */
    static final class WrongResult extends AssertionError {
        private static final long serialVersionUID = 1;

        WrongResult(String message) {
            super(message);
        }
    }

    @FunctionalInterface
    interface Action {
        void run() throws Exception;
    }

    static RocksDB open(Path dir) throws RocksDBException {
        return RocksDB.open(new Options().setCreateIfMissing(true), dir);
    }

    /** Deterministic bytes of a key: a value names its key, so a view showing another key's bytes is caught. */
    static byte[] valueOf(String key, int size) {
        byte[] v = new byte[size];
        Random r = new Random(key.hashCode() * 31L + size);
        r.nextBytes(v);
        byte[] k = bytes(key);
        System.arraycopy(k, 0, v, 0, Math.min(k.length, size));
        return v;
    }

    /**
     * Runs action, which must throw {@code type}; returns its message.
     *
     * @throws WrongResult if it returned normally or threw something else
     */
    static String expect(Class<? extends Throwable> type, String what, Action action) {
        try {
            action.run();
        } catch (Throwable t) {
            if (type.isInstance(t)) return type.getSimpleName() + ": " + t.getMessage();
            WrongResult w = new WrongResult(what + ": expected " + type.getSimpleName() + " but got " + t);
            w.initCause(t);
            throw w;
        }
        throw new WrongResult(what + ": expected " + type.getSimpleName() + " but it returned normally");
    }

    static void check(boolean ok, Supplier<String> failure) {
        if (!ok) throw new WrongResult(failure.get());
    }

    /**
     * Reads a kept view: it must show exactly {@code expected} (its owner
     * is kept alive by it) or throw IllegalStateException (its owner was
     * released and its scope closed). Returns which of the two happened.
     */
    static String readKept(MemorySegment view, byte[] expected, String what) {
        byte[] seen;
        try {
            seen = view.toArray(ValueLayout.JAVA_BYTE);
        } catch (IllegalStateException closed) {
            return "closed";
        }
        checkSame(expected, seen, what);
        return "intact";
    }

    static String readKept(ByteBuffer view, byte[] expected, String what) {
        byte[] seen = new byte[view.remaining()];
        try {
            view.duplicate().get(seen);
        } catch (IllegalStateException closed) {
            return "closed";
        }
        checkSame(expected, seen, what);
        return "intact";
    }

    static void checkSame(byte[] expected, byte[] seen, String what) {
        if (Arrays.equals(expected, seen)) return;
        int i = Arrays.mismatch(expected, seen);
        throw new WrongResult(what + ": read different bytes than it showed before (" + seen.length + " bytes, "
                + expected.length + " expected, first difference at byte " + i + ")");
    }

    /** Collects garbage the hard way, so that Cleaners and weak-reference sweeps have something to do. */
    static void gc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(20);
        }
    }

    static int rounds(int defaultRounds) {
        return Seeds.scaled(defaultRounds);
    }

    /** The probe's random source: {@code -Dpanrocks.safety.seed} or the clock, printed. */
    static Random random(String probe) {
        long seed = Long.getLong("panrocks.safety.seed", System.nanoTime());
        System.out.println(probe + " seed=" + seed + " (replay: -Dpanrocks.safety.seed=" + seed + ")");
        return new Random(seed);
    }

    /** A started thread that records its first failure. */
    static Thread start(String name, AtomicReference<Throwable> failure, Action body) {
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            }
        }, name);
        t.start();
        return t;
    }

    /** Joins every thread within the limit, else throws {@link Hang} with every thread's stack. */
    static void joinAll(Duration limit, Collection<Thread> threads) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        for (Thread t : threads) {
            t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            if (t.isAlive()) {
                throw new Hang(t.getName() + " did not finish within " + limit.toSeconds() + " s\n" + allStacks());
            }
        }
    }

    static void joinAll(Duration limit, Thread... threads) throws InterruptedException {
        joinAll(limit, List.of(threads));
    }

    static void rethrow(AtomicReference<Throwable> failure) throws Exception {
        Throwable t = failure.get();
        if (t == null) return;
        if (t instanceof Exception e) throw e;
        if (t instanceof Error e) throw e;
        throw new IllegalStateException(t);
    }

    static String allStacks() {
        StringBuilder s = new StringBuilder();
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            Thread t = e.getKey();
            s.append('"').append(t.getName()).append("\" ").append(t.getState()).append('\n');
            for (StackTraceElement f : e.getValue()) s.append("\tat ").append(f).append('\n');
        }
        return s.toString();
    }
}
