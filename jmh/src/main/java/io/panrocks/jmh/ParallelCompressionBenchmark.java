package io.panrocks.jmh;

import io.panrocks.CompressionOptions;
import io.panrocks.CompressionType;
import io.panrocks.FlushOptions;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.TableProperties;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * What {@link CompressionOptions#setParallelThreads} (RocksDB's
 * {@code CompressionOptions::parallel_threads}) does to a flush and to a
 * compaction, under ZSTD and LZ4 at 1 and 2 compression threads. One
 * operation is one {@code flush()} of a memtable holding 32 MiB of text-like
 * values (1 KiB each, words from a small vocabulary: ZSTD compresses them
 * about 4x, LZ4 about 2x), or one {@code compactRange()} of four such
 * flushed L0 files of 8 MiB each (keys interleaved, so all 32 MiB is merged
 * and rewritten; the files were written with the same compression). A fresh
 * DB per operation (set up outside the timing). SingleShotTime: the score is
 * seconds per operation; MB/s of input = 32 MiB / score.
 *
 * <p>The CPU time it costs: the process CPU time
 * ({@code OperatingSystemMXBean.getProcessCpuTime}, every thread of the
 * process: the flush or compaction thread and the table builder's compression
 * workers) read just before and after the operation; each measured
 * operation's CPU and wall nanoseconds are appended to the file named by
 * {@code -Dpanrocks.bench.cpuLog} (scripts/bench.sh compression-search
 * summarises them).
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 10)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms1g", "-Xmx1g"})
public class ParallelCompressionBenchmark {
    static final int VALUE_SIZE = 1024;
    static final int ENTRIES = 32 * 1024;
    static final int FILES = 4;
    static final long INPUT_BYTES = (long) ENTRIES * VALUE_SIZE;
    private static final String[] WORDS = {"the", "store", "key", "value", "block", "compaction", "level", "engine",
            "thread", "flush", "reader", "writer", "index", "filter", "cache", "table", "stream", "record", "window",
            "session", "timestamp", "partition", "offset", "segment"};
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /** The parameters, the data and a fresh DB per operation; the two states below fill it for their operation. */
    @State(Scope.Thread)
    public abstract static class Db {
        @Param({"ZSTD_COMPRESSION", "LZ4_COMPRESSION"})
        public String compression;
        @Param({"1", "2"})
        public int threads;

        byte[][] keys;
        byte[][] values;
        RocksDB db;
        Options options;
        private Path dir;
        private boolean measuring;
        private long cpuStart;
        private long wallStart;

        @Setup(Level.Trial)
        public void data() {
            // the same data in every fork and operation
            SplittableRandom rnd = new SplittableRandom(7);
            keys = new byte[ENTRIES][];
            values = new byte[ENTRIES][];
            StringBuilder sb = new StringBuilder(VALUE_SIZE + 16);
            for (int i = 0; i < ENTRIES; i++) {
                keys[i] = String.format("user%012d", i).getBytes(StandardCharsets.UTF_8);
                sb.setLength(0);
                while (sb.length() < VALUE_SIZE) sb.append(WORDS[rnd.nextInt(WORDS.length)]).append(' ');
                sb.setLength(VALUE_SIZE);
                values[i] = sb.toString().getBytes(StandardCharsets.UTF_8);
            }
            EngineCheck.verify();
        }

        /** A fresh DB: automatic flushes and compactions off, so only the measured call writes SST files. */
        void open(IterationParams iteration) throws Exception {
            measuring = iteration.getType() == IterationType.MEASUREMENT;
            dir = DataSpec.tempDir();
            CompressionType type = CompressionType.valueOf(compression);
            options = new Options().setCreateIfMissing(true)
                    .setCompressionType(type).setBottommostCompressionType(type)
                    .setCompressionOptions(new CompressionOptions().setParallelThreads(threads))
                    .setBottommostCompressionOptions(new CompressionOptions().setParallelThreads(threads))
                    .setWriteBufferSize(256L << 20).setDisableAutoCompactions(true)
                    .setTargetFileSizeBase(1L << 30);
            db = RocksDB.open(options, dir.resolve("db"));
        }

        void startClock() {
            wallStart = System.nanoTime();
            cpuStart = OS.getProcessCpuTime();
        }

        long stopClock() {
            long cpu = OS.getProcessCpuTime() - cpuStart;
            long wall = System.nanoTime() - wallStart;
            if (measuring) {
                String file = System.getProperty("panrocks.bench.cpuLog");
                if (file != null) {
                    String line = compression + " " + threads + " " + operation + " " + cpu + " " + wall + " " + INPUT_BYTES
                            + "\n";
                    try {
                        Files.writeString(Path.of(file), line, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
            }
            return cpu;
        }

        String operation;

        void check(int files) throws Exception {
            if (db.getLiveFilesMetaData().size() != files) {
                throw new IllegalStateException("expected " + files + " files, got " + db.getLiveFilesMetaData().size());
            }
            String code = compression.startsWith("ZSTD") ? ";07;" : ";04;";
            for (TableProperties p : db.getPropertiesOfAllTables().values()) {
                if (!p.getCompressionName().contains(code)) {
                    throw new IllegalStateException("file compressed with " + p.getCompressionName() + ", not " + compression);
                }
            }
        }

        void close() {
            if (db != null) db.close();
            if (options != null) options.close();
            db = null;
            DataSpec.deleteTree(dir);
        }
    }

    /** A memtable of 32 MiB, to flush. */
    @State(Scope.Thread)
    public static class Filled extends Db {
        @Setup(Level.Invocation)
        public void fill(IterationParams iteration) throws Exception {
            operation = "flush";
            open(iteration);
            for (int i = 0; i < ENTRIES; i++) db.put(keys[i], values[i]);
        }

        @TearDown(Level.Invocation)
        public void done() throws Exception {
            check(1);
            close();
        }
    }

    /** Four flushed L0 files of 8 MiB each, keys interleaved, to compact. */
    @State(Scope.Thread)
    public static class Flushed extends Db {
        @Setup(Level.Invocation)
        public void fill(IterationParams iteration) throws Exception {
            operation = "compaction";
            open(iteration);
            try (FlushOptions wait = new FlushOptions().setWaitForFlush(true)) {
                for (int f = 0; f < FILES; f++) {
                    for (int i = f; i < ENTRIES; i += FILES) db.put(keys[i], values[i]);
                    db.flush(wait);
                }
            }
            check(FILES);
        }

        @TearDown(Level.Invocation)
        public void done() throws Exception {
            check(1);
            close();
        }
    }

    @Benchmark
    public void flush(Filled d, Blackhole bh) throws Exception {
        d.startClock();
        d.db.flush();
        bh.consume(d.stopClock());
    }

    @Benchmark
    public void compaction(Flushed d, Blackhole bh) throws Exception {
        d.startClock();
        d.db.compactRange();
        bh.consume(d.stopClock());
    }
}
