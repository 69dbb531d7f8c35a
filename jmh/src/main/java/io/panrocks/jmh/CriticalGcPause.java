package io.panrocks.jmh;

import io.panrocks.Options;
import io.panrocks.RocksDB;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What a critical downcall costs the garbage collector: one thread reads
 * {@code get(key, byte[])} in a loop while another allocates garbage as fast
 * as it can, so young collections keep coming and every one of them has to
 * bring the reading thread to a safepoint. With {@code -Dpanrocks.critical=true}
 * the read is a critical downcall, during which the thread cannot stop, so the
 * time to reach each safepoint includes the rest of a read in flight; without
 * it the thread is stoppable while it is in native code.
 *
 * <p>Run by {@code scripts/bench/critical-gc.sh} in one JVM per setting with
 * {@code -Xlog:safepoint}; that script reads the log. Prints when measuring
 * began (JVM uptime, as the log stamps it), then reads/s and allocations/s.
 *
 * <p>Arguments: keyCount valueSize seconds.
 */
public final class CriticalGcPause {
    private CriticalGcPause() {
    }

    public static void main(String[] args) throws Exception {
        int keyCount = Integer.parseInt(args[0]);
        int valueSize = Integer.parseInt(args[1]);
        int seconds = Integer.parseInt(args[2]);
        DataSpec spec = new DataSpec(keyCount, 16, valueSize, "flushed");
        byte[][] keys = spec.keys();
        try (LoadedDb loaded = LoadedDb.open(spec, Options.DEFAULT_ADAPTIVE_READ_THRESHOLD)) {
            RocksDB db = loaded.db;
            AtomicBoolean stop = new AtomicBoolean();
            long[] reads = new long[1];
            long[] allocations = new long[1];
            Throwable[] failure = new Throwable[1];
            Thread reader = new Thread(() -> {
                Rng rng = new Rng();
                byte[] value = new byte[valueSize];
                long n = 0;
                try {
                    while (!stop.get()) {
                        if (db.get(keys[rng.below(keys.length)], value) != valueSize) {
                            throw new AssertionError("wrong size");
                        }
                        n++;
                    }
                } catch (Throwable t) {
                    failure[0] = t;
                }
                reads[0] = n;
            }, "reader");
            Thread allocator = new Thread(() -> {
                Object[] ring = new Object[1024]; // keeps a little alive, so collections have something to copy
                long n = 0;
                while (!stop.get()) {
                    ring[(int) (n & 1023)] = new byte[512];
                    n++;
                }
                allocations[0] = n;
            }, "allocator");
            // the log's uptime stamps before this point belong to loading the data
            System.out.printf("measuring from %.3f s%n",
                    java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime() / 1000.0);
            reader.start();
            allocator.start();
            Thread.sleep(seconds * 1000L);
            stop.set(true);
            reader.join();
            allocator.join();
            if (failure[0] != null) throw new IllegalStateException("reader failed", failure[0]);
            System.out.printf("reads/s %.0f allocations/s %.0f%n", reads[0] / (double) seconds,
                    allocations[0] / (double) seconds);
        }
    }
}
