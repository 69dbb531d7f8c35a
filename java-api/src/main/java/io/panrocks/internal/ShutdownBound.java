package io.panrocks.internal;

import java.util.concurrent.TimeUnit;

/**
 * How long a DB's close may wait once the JVM is shutting down.
 *
 * <p>A close waits for calls in progress and, inside the engine, for
 * background work (a flush, a compaction, and the callbacks they run). At the
 * JVM's shutdown one of them may never end: a listener that called
 * {@code System.exit} on a flush thread waits for the shutdown hooks, and a
 * hook that closes the DB would wait for that flush, so neither would ever
 * finish and the JVM would never exit. From the moment the JVM is seen
 * shutting down, a close therefore waits at most
 * {@code -Dpanrocks.shutdown.closeTimeoutMillis} (default 10 seconds) in all,
 * running the steps that wait inside the engine on a helper thread, and
 * gives up with an {@link IllegalStateException} when the time is over: the
 * DB refuses calls, and its engine is left for the process's exit to end
 * (writes made with the write-ahead log are recovered at the next open,
 * as after a crash). Before the shutdown nothing is bounded: a close waits
 * for what it must.
 */
final class ShutdownBound {
    static final String TIMEOUT_PROPERTY = "panrocks.shutdown.closeTimeoutMillis";
    static final long DEFAULT_TIMEOUT_MILLIS = 10_000;
    /** how often a wait asks whether the shutdown began */
    private static final long PROBE_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /** never registered: removing it only asks whether the shutdown hooks run */
    private static final Thread PROBE = Thread.ofPlatform().name("panrocks-shutdown-probe").unstarted(() -> {});

    private final long timeoutMillis;
    private boolean shuttingDown;
    private long deadline;
    private long nextProbe;

    private ShutdownBound(long timeoutMillis) {
        this.timeoutMillis = timeoutMillis;
    }

    /** The bound of one close; its clock starts now if the JVM is shutting down, else when a wait sees it. */
    static ShutdownBound forClose() {
        long millis = Long.getLong(TIMEOUT_PROPERTY, DEFAULT_TIMEOUT_MILLIS);
        ShutdownBound b = new ShutdownBound(Math.max(0, millis));
        if (jvmShuttingDown()) b.start(System.nanoTime());
        return b;
    }

    /**
     * Whether the JVM runs its shutdown hooks: then the hook registry is gone
     * and removing a hook throws (the one way the JDK tells).
     */
    static boolean jvmShuttingDown() {
        try {
            Runtime.getRuntime().removeShutdownHook(PROBE);
            return false;
        } catch (IllegalStateException shutdownInProgress) {
            return true;
        }
    }

    private void start(long now) {
        shuttingDown = true;
        deadline = now + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    }

    /** Whether the time is over; checks now and then whether the shutdown began meanwhile. */
    boolean expired() {
        long now = System.nanoTime();
        if (!shuttingDown) {
            if (now - nextProbe < 0) return false;
            nextProbe = now + PROBE_INTERVAL_NANOS;
            if (jvmShuttingDown()) start(now);
            return false;
        }
        return now - deadline >= 0;
    }

    /**
     * Runs a step of the close that may wait inside the engine: on this
     * thread before the shutdown; after it, on a helper thread waited for
     * until the time is over.
     *
     * @param step the step
     * @param threadName the helper's name
     * @return false if the time ran out first (the step goes on alone)
     */
    boolean run(Runnable step, String threadName) {
        if (!shuttingDown && !jvmShuttingDown()) {
            step.run();
            return true;
        }
        if (!shuttingDown) start(System.nanoTime());
        Throwable[] failure = new Throwable[1];
        Thread helper = Thread.ofPlatform().daemon().name(threadName).start(() -> {
            try {
                step.run();
            } catch (Throwable t) {
                failure[0] = t;
            }
        });
        boolean interrupted = false;
        for (long left; helper.isAlive() && (left = deadline - System.nanoTime()) > 0;) {
            try {
                helper.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
        if (helper.isAlive()) return false;
        if (failure[0] instanceof RuntimeException e) throw e;
        if (failure[0] instanceof Error e) throw e;
        return true;
    }

    /** The close's failure when the time ran out while it waited for {@code what}. */
    IllegalStateException gaveUp(NativeDb db, String what) {
        return new IllegalStateException("RocksDB " + db.description() + " did not finish closing within "
                + timeoutMillis + " ms of the JVM's shutdown (-D" + TIMEOUT_PROPERTY + "), waiting for " + what
                + ": a callback or a call of it does not return (one that called System.exit never does); the DB "
                + "refuses calls, and its engine is left for the process's exit to end (writes made with the "
                + "write-ahead log are recovered at the next open)");
    }
}
