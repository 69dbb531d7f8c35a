package io.panrocks.safety;

import io.panrocks.AbstractEventListener;
import io.panrocks.AbstractMergeOperator;
import io.panrocks.BackgroundErrorReason;
import io.panrocks.FlushJobInfo;
import io.panrocks.MergeOperands;
import io.panrocks.NewValue;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.Status;

import java.io.PrintStream;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.safety.ProbeSupport.*;
import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;

/**
 * Issue 21, item 10: callbacks on RocksDB's background threads and the
 * process's exit. A listener that calls {@code System.exit} while a shutdown
 * hook closes its DB; two DBs whose flush listeners write into each other; a
 * listener that flushes, compacts or closes another DB. Each runs in a child
 * JVM of its own and must end as promised (the exit ones with the JVM's exit
 * and the hook's verdict), never hang.
 */
final class CallbackExitProbes {
    private CallbackExitProbes() {
    }

    static final Duration LIMIT = Duration.ofSeconds(30);
    /** the close's bound at the JVM's shutdown in the exit probes (default 10 s) */
    static final long SHUTDOWN_CLOSE_MILLIS = 2000;

    static final Probe.Catalog PROBES = new Probe.Catalog()
            // At 5377ce7 (before the fix): the JVM never exits. The listener's System.exit (on the flush
            // thread) waits for the shutdown hooks; the hook's close waits for the flush, whose thread is in
            // System.exit.
            .add(Probe.of("system-exit-in-a-flush-listener-while-a-hook-closes-the-db",
                    CallbackExitProbes::systemExitInAFlushListener)
                    .withJvmFlags("-Xmx256m", "-Dpanrocks.shutdown.closeTimeoutMillis=" + SHUTDOWN_CLOSE_MILLIS))
            // At 5377ce7: the same with the exit in a background-error listener (a merge that fails in a flush).
            .add(Probe.of("system-exit-in-a-background-error-listener-while-a-hook-closes-the-db",
                    CallbackExitProbes::systemExitInABackgroundErrorListener)
                    .withJvmFlags("-Xmx256m", "-Dpanrocks.shutdown.closeTimeoutMillis=" + SHUTDOWN_CLOSE_MILLIS))
            // At 5377ce7: both flushes deadlock. RocksDB's flush threads are shared by every DB of the process
            // (one by default); a flush listener's write into the other DB waits for that DB's write stall to
            // end, which needs a flush, which waits for the thread the listener runs on.
            .add("two-dbs-whose-flush-listeners-write-into-each-other", CallbackExitProbes::listenersWritingIntoEachOther)
            // At 5377ce7: flushing, compacting or closing another DB from a listener was allowed, and waits for
            // background work the listener's own thread may be needed for.
            .add("a-listener-cannot-wait-for-background-work-of-any-db", CallbackExitProbes::listenerWaitingForAnotherDb);

    /**
     * A hook that closes db and prints the probe's verdict: the close must
     * give up within the shutdown bound with the promised
     * IllegalStateException (a listener of it is inside System.exit).
     */
    private static void hookClosing(RocksDB db, String probe) {
        PrintStream out = System.out;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            long start = System.nanoTime();
            String verdict;
            try {
                db.close();
                verdict = "FAIL " + probe + ": the close returned normally, though a flush of it is inside System.exit";
            } catch (IllegalStateException e) {
                long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                boolean promised = e.getMessage().contains("did not finish closing within " + SHUTDOWN_CLOSE_MILLIS + " ms");
                verdict = promised && ms < 4 * SHUTDOWN_CLOSE_MILLIS
                        ? "OK " + probe + ": the hook's close gave up after " + ms + " ms and the JVM exited ("
                                + e.getMessage() + ")"
                        : "FAIL " + probe + ": after " + ms + " ms: " + e;
            } catch (Throwable t) {
                verdict = "FAIL " + probe + ": the hook's close threw " + t;
            }
            out.println(verdict);
            out.flush();
        }, "closing-hook"));
    }

    /** Never returns: the JVM ends through the listener's System.exit (or the watchdog's HANG). */
    private static String awaitExit() throws InterruptedException {
        Thread.sleep(Long.MAX_VALUE);
        return "unreachable";
    }

    static String systemExitInAFlushListener(Path dir) throws Exception {
        AbstractEventListener exiting = new AbstractEventListener() {
            @Override
            public void onFlushCompleted(RocksDB db, FlushJobInfo info) {
                System.exit(0);
            }
        };
        RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setListeners(List.of(exiting)), dir.resolve("db"));
        hookClosing(db, "system-exit-in-a-flush-listener-while-a-hook-closes-the-db");
        db.put(bytes("k"), bytes("v"));
        try {
            db.flush(); // its listener exits; the close then ends this call (or the bound does)
        } catch (Throwable expected) {
            // ShutdownInProgress, or the DB closed under it
        }
        return awaitExit();
    }

    static String systemExitInABackgroundErrorListener(Path dir) throws Exception {
        AbstractMergeOperator failing = new AbstractMergeOperator() {
            @Override
            public String name() {
                return "test.Failing";
            }

            @Override
            public boolean fullMerge(MemorySegment key, MemorySegment existing, MergeOperands operands, NewValue result) {
                return false; // a failed merge inside a flush is a background error
            }
        };
        AbstractEventListener exiting = new AbstractEventListener() {
            @Override
            public void onBackgroundError(BackgroundErrorReason reason, Status backgroundError) {
                System.exit(0);
            }
        };
        RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setMergeOperator(failing)
                .setListeners(List.of(exiting)), dir.resolve("db"));
        hookClosing(db, "system-exit-in-a-background-error-listener-while-a-hook-closes-the-db");
        db.put(bytes("k"), bytes("v"));
        db.merge(bytes("k"), bytes("w"));
        try {
            db.flush();
        } catch (Throwable expected) {
            // the flush failed (Corruption), or the DB closed under it
        }
        return awaitExit();
    }

    /** Writes that its flush listener makes into another DB, and how they ended. */
    static final class CrossWriter extends AbstractEventListener {
        volatile RocksDB target;
        final AtomicInteger flushes = new AtomicInteger(), written = new AtomicInteger(), stalled = new AtomicInteger();
        final AtomicReference<Throwable> unexpected = new AtomicReference<>();

        @Override
        public void onFlushCompleted(RocksDB db, FlushJobInfo info) {
            flushes.incrementAndGet();
            byte[] value = new byte[4096];
            try {
                for (int i = 0; i < 32; i++) { // 128 KiB: twice the target's memtable and more
                    target.put(bytes("from-" + info.getJobId() + "-" + i), value);
                    written.incrementAndGet();
                }
            } catch (RocksDBException e) {
                if (e.code() == Status.Code.Incomplete) stalled.incrementAndGet();
                else unexpected.compareAndSet(null, e);
            } catch (Throwable t) {
                unexpected.compareAndSet(null, t);
            }
        }
    }

    static Options small(AbstractEventListener listener) {
        return new Options().setCreateIfMissing(true).setWriteBufferSize(64 << 10).setMaxWriteBufferNumber(2)
                .setDisableAutoCompactions(true).setListeners(List.of(listener));
    }

    /**
     * Two DBs with small memtables whose flush listeners write 128 KiB into
     * each other while two threads fill them: every flush ends, and the
     * listeners' writes that would wait for a stall fail at once with
     * RocksDB's Incomplete.
     */
    static String listenersWritingIntoEachOther(Path dir) throws Exception {
        CrossWriter toSecond = new CrossWriter(), toFirst = new CrossWriter();
        try (RocksDB first = RocksDB.open(small(toSecond), dir.resolve("first"));
             RocksDB second = RocksDB.open(small(toFirst), dir.resolve("second"))) {
            toSecond.target = second;
            toFirst.target = first;
            AtomicReference<Throwable> failure = new AtomicReference<>();
            List<Thread> writers = new ArrayList<>();
            for (RocksDB db : List.of(first, second)) {
                writers.add(start("writer", failure, () -> {
                    byte[] value = new byte[1024];
                    for (int i = 0; i < 2048; i++) db.put(bytes("main-" + i), value); // 2 MiB: about 30 flushes
                    db.flush();
                }));
            }
            joinAll(LIMIT, writers);
            rethrow(failure);
            for (CrossWriter w : List.of(toSecond, toFirst)) {
                Throwable t = w.unexpected.get();
                if (t != null) throw new WrongResult("a listener's write failed otherwise: " + t);
            }
            int stalled = toSecond.stalled.get() + toFirst.stalled.get();
            check(stalled > 0, () -> "no listener's write met a stall: the probe did not test the deadlock");
            return (toSecond.flushes.get() + toFirst.flushes.get()) + " flushes ended; the listeners wrote "
                    + (toSecond.written.get() + toFirst.written.get()) + " values into the other DB, and " + stalled
                    + " writes that met a stall failed at once with Incomplete";
        }
    }

    /**
     * A flush listener of one DB tries to flush, compact and close another
     * (and to flush its own): each is refused with IllegalStateException; a
     * plain write into the other DB works. The other DB stays open and
     * usable, and closes normally afterwards.
     */
    static String listenerWaitingForAnotherDb(Path dir) throws Exception {
        List<String> outcomes = java.util.Collections.synchronizedList(new ArrayList<>());
        AtomicReference<RocksDB> other = new AtomicReference<>();
        CountDownLatch heard = new CountDownLatch(1);
        AbstractEventListener meddler = new AbstractEventListener() {
            @Override
            public void onFlushCompleted(RocksDB db, FlushJobInfo info) {
                if (heard.getCount() == 0) return;
                RocksDB o = other.get();
                outcomes.add(attempt("flush of the other DB", o::flush));
                outcomes.add(attempt("compaction of the other DB", o::compactRange));
                outcomes.add(attempt("close of the other DB", o::close));
                outcomes.add(attempt("flush of its own DB", db::flush));
                outcomes.add(attempt("write into the other DB", () -> o.put(bytes("from-listener"), bytes("v"))));
                heard.countDown();
            }
        };
        try (RocksDB second = RocksDB.open(new Options().setCreateIfMissing(true), dir.resolve("second"));
             RocksDB first = RocksDB.open(new Options().setCreateIfMissing(true).setListeners(List.of(meddler)),
                     dir.resolve("first"))) {
            other.set(second);
            first.put(bytes("k"), bytes("v"));
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread flusher = start("flusher", failure, first::flush);
            joinAll(LIMIT, flusher);
            rethrow(failure);
            check(heard.await(10, TimeUnit.SECONDS), () -> "the listener never ran");
            for (int i = 0; i < 4; i++) {
                String o = outcomes.get(i);
                check(o.contains("IllegalStateException") && o.contains("inside"), () -> "not refused: " + o);
            }
            check(outcomes.get(4).endsWith(": done"), () -> "the write failed: " + outcomes.get(4));
            check(second.isOpen() && "v".equals(string(second.get(bytes("from-listener")))), () -> "the other DB changed");
            second.flush();
        }
        return "refused inside a listener: " + outcomes.subList(0, 4).stream().map(o -> o.substring(0, o.indexOf(':')))
                .toList() + "; its write into the other DB went through";
    }

    private static String attempt(String what, Action action) {
        try {
            action.run();
            return what + ": done";
        } catch (Throwable t) {
            return what + ": " + t;
        }
    }
}
