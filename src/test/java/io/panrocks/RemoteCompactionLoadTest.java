package io.panrocks;

import io.panrocks.testkit.ForkedJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The measurement of docs/benchmarks.md, "Remote compaction": a sustained
 * put load on a primary with small write buffers (so that compactions are
 * frequent), compaction local against offloaded to a worker process
 * ({@link CompactionWorker} in a child JVM). Not part of the default run:
 * {@code -Dpanrocks.bench.remoteCompaction=true}
 * ({@code -Dpanrocks.bench.remoteCompaction.seconds=60} per mode by default).
 */
@EnabledIfSystemProperty(named = "panrocks.bench.remoteCompaction", matches = "true")
class RemoteCompactionLoadTest {
    @TempDir
    Path dir;

    private static Options options() {
        return new Options().setCreateIfMissing(true).setWriteBufferSize(1 << 20).setMaxWriteBufferNumber(4)
                .setLevel0FileNumCompactionTrigger(4).setTargetFileSizeBase(1 << 20).setMaxBytesForLevelBase(4 << 20)
                .setCompressionType(CompressionType.NO_COMPRESSION);
    }

    private record Run(String mode, long puts, double seconds, long p50, long p99, long p999, long max, long localBytes,
                       long remoteBytes, long remoteJobs, long fallbacks) {
        @Override
        public String toString() {
            return String.format("%-9s %,10.0f puts/s  p50 %,7d ns  p99 %,9d ns  p99.9 %,11d ns  max %,12d ns  "
                    + "compaction writes: local %,d B, remote %,d B (%d jobs, %d fallbacks)",
                    mode, puts / seconds, p50, p99, p999, max, localBytes, remoteBytes, remoteJobs, fallbacks);
        }
    }

    private Run load(String mode, Options options, Statistics stats, Path path, FileSystemCompactionService service,
                     long seconds) throws Exception {
        long[] latencies = new long[50_000_000];
        int n = 0;
        byte[] key = new byte[16];
        byte[] value = new byte[100];
        ThreadLocalRandom random = ThreadLocalRandom.current();
        try (RocksDB db = RocksDB.open(options.setStatistics(stats), path.toString());
             WriteOptions w = new WriteOptions().setDisableWAL(true)) {
            long start = System.nanoTime();
            long end = start + TimeUnit.SECONDS.toNanos(seconds);
            long now = start;
            while (now < end && n < latencies.length) {
                random.nextBytes(key);
                random.nextBytes(value);
                db.put(w, key, value);
                long after = System.nanoTime();
                latencies[n++] = after - now;
                now = after;
            }
            double took = (now - start) / 1e9;
            long[] l = Arrays.copyOf(latencies, n);
            Arrays.sort(l);
            return new Run(mode, n, took, l[n / 2], l[(int) (n * 0.99)], l[(int) (n * 0.999)], l[n - 1],
                    stats.getTickerCount(TickerType.COMPACT_WRITE_BYTES),
                    stats.getTickerCount(TickerType.REMOTE_COMPACT_WRITE_BYTES),
                    service == null ? 0 : service.remoteResults(), service == null ? 0 : service.fallbacks());
        }
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void putThroughputAndTailLatencyWithCompactionLocalAndOffloaded() throws Exception {
        long seconds = Long.getLong("panrocks.bench.remoteCompaction.seconds", 60);
        Run local;
        try (Statistics stats = new Statistics()) {
            local = load("local", options(), stats, dir.resolve("local"), null, seconds);
        }
        Path root = dir.resolve("service");
        FileSystemCompactionService service = new FileSystemCompactionService(root, Duration.ofSeconds(60),
                CompactionServiceJobStatus.USE_LOCAL);
        Run remote;
        try (ForkedJvm.Running worker = ForkedJvm.main(CompactionWorker.class, root.toString())
                .timeout(Duration.ofMinutes(9)).start();
             Statistics stats = new Statistics()) {
            assertNotNull(worker.awaitLine(l -> l.contains("ready"), Duration.ofSeconds(60)));
            remote = load("offloaded", options().setCompactionService(service), stats, dir.resolve("remote"), service,
                    seconds);
            worker.kill();
        }
        System.out.println("remote compaction load, " + seconds + " s per mode, 1 writer, 16 B keys, 100 B values, "
                + "WAL off, 1 MiB write buffers, " + Runtime.getRuntime().availableProcessors() + " cores");
        System.out.println(local);
        System.out.println(remote);
        assertTrue(remote.remoteBytes() > 0 && remote.remoteJobs() > 0, "nothing was offloaded: " + remote);
        assertEquals(0, local.remoteBytes());
    }
}
