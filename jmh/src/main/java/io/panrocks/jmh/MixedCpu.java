package io.panrocks.jmh;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.locks.LockSupport;

/**
 * CPU time per operation of one thread of the {@link MixedLoad} benchmarks,
 * as JMH secondary results ({@code readCpuNs}, {@code updateCpuNs}), and the
 * pace of the updater of their {@code paced} group. On a
 * machine that other work keeps busy, the average times of a two-thread
 * group mostly measure how the scheduler shares the cores; the CPU time a
 * thread spent per read or per update is what the binding costs (waits for
 * the engine's write group, cache lines moving between cores and spinning
 * included; time spent blocked or preempted not). The thread reads its CPU
 * clock once every {@link #WINDOW} operations, inside the measured loop (a
 * system call, well under a nanosecond per operation), and counts only
 * whole windows, so JMH's own work between iterations is not in it. The
 * counters are JMH EVENTS, which JMH sums over the iterations in its
 * summary: the per-iteration values are the ones to average.
 */
public final class MixedCpu {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    private MixedCpu() {
    }

    /** operations between two reads of the thread's CPU clock */
    static final int WINDOW = 1024;

    /** What one thread counts: CPU time and operations over the whole windows of this iteration. */
    abstract static class Counter {
        private long windowStart;
        private int inWindow;
        private long cpu;
        private long ops;

        final void begin() {
            windowStart = MX.getCurrentThreadCpuTime();
            inWindow = 0;
            cpu = 0;
            ops = 0;
        }

        /** One operation done, on the counting thread. */
        final void count() {
            if (++inWindow == WINDOW) {
                long now = MX.getCurrentThreadCpuTime();
                cpu += now - windowStart;
                ops += WINDOW;
                windowStart = now;
                inWindow = 0;
            }
        }

        final double perOp() {
            return ops == 0 ? Double.NaN : cpu / (double) ops;
        }
    }

    /**
     * The updating thread of group {@code paced}: at most {@link #RATE}
     * updates a second, so that a read beside it meets the same stream of
     * writes on both bindings (an updater left free runs as fast as its
     * binding lets it, and a faster one costs the reader more).
     */
    @State(Scope.Thread)
    public static class Pace {
        /** updates per second */
        static final long RATE = 30_000;
        private long start;
        private long done;

        @Setup(Level.Iteration)
        public void start() {
            start = System.nanoTime();
            done = 0;
        }

        /** After an update: sleeps, every 16 updates, for as long as the thread is ahead of the rate. */
        void paced() {
            if ((++done & 15) == 0) {
                long ahead = start + done * 1_000_000_000L / RATE - System.nanoTime();
                if (ahead > 0) LockSupport.parkNanos(ahead);
            }
        }
    }

    /** The reading thread's CPU per read. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class ReadCpu extends Counter {
        @Setup(Level.Iteration)
        public void start() {
            begin();
        }

        public double readCpuNs() {
            return perOp();
        }
    }

    /** The updating thread's CPU per update. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class UpdateCpu extends Counter {
        @Setup(Level.Iteration)
        public void start() {
            begin();
        }

        public double updateCpuNs() {
            return perOp();
        }
    }
}
