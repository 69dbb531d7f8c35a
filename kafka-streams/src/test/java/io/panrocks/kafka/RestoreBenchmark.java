package io.panrocks.kafka;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.state.KeyValueStore;
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

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Restoring a million changelog records (16 B keys in changelog order, 100 B
 * values) in Kafka's batches of 1000 into a new store, through the restore
 * callback the store registers, then a commit: panrocks against Kafka's
 * built-in RocksDB store, each in forks of its own. Time per million.
 */
@State(Scope.Benchmark)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx3g", "-XX:+UseParallelGC"})
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 4)
public class RestoreBenchmark {
    @Param({"panrocks", "builtin"})
    public String engine;

    private List<List<ConsumerRecord<byte[], byte[]>>> batches;
    private Path dir;
    private KeyValueStore<Bytes, byte[]> store;
    private TestContext context;

    @Setup(Level.Trial)
    public void records() {
        EngineCheck.expect(engine);
        SplittableRandom r = new SplittableRandom(2);
        batches = new ArrayList<>();
        for (int b = 0; b < 1000; b++) {
            List<ConsumerRecord<byte[], byte[]>> batch = new ArrayList<>(1000);
            for (int i = 0; i < 1000; i++) {
                long n = b * 1000L + i;
                byte[] v = new byte[100];
                r.nextBytes(v);
                // distinct keys in a scattered order, as a changelog holds them
                batch.add(new ConsumerRecord<>("bench-changelog", 0, n, StoreBenchmark.key(Long.reverse(n) >>> 44).get(), v));
            }
            batches.add(batch);
        }
    }

    @Setup(Level.Invocation)
    public void open() throws Exception {
        dir = Files.createTempDirectory("kafka-restore-bench");
        store = StoreBenchmark.newStore(engine, "restore");
        context = StoreBenchmark.context(dir);
        store.init(context, store);
    }

    @TearDown(Level.Invocation)
    public void close() {
        EngineCheck.stillAlone(engine);
        store.close();
        TestDirs.delete(dir);
    }

    @Benchmark
    public void restore1M() {
        for (List<ConsumerRecord<byte[], byte[]>> batch : batches) context.restore(batch);
        store.commit(Map.of());
    }
}
