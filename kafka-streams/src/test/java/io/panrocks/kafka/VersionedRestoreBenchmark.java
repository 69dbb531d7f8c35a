package io.panrocks.kafka;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.VersionedBytesStore;
import org.apache.kafka.test.InternalMockProcessorContext;
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

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Restoring a versioned store's changelog: 200,000 records over 20,000 keys
 * (16 B keys, 100 B values, one in ten a tombstone), timestamps 5 ms apart
 * with up to 200 ms of disorder, over 1,000 s of stream time with a history
 * retention of 5 minutes (so that versions expire during the restore), in
 * Kafka's batches of 1000, then a commit and a read of every key: panrocks
 * against Kafka's built-in versioned store, each in forks of its own (the
 * built-in store needs Kafka's internal context: its test kit's mock).
 */
@State(Scope.Benchmark)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx3g", "-XX:+UseParallelGC"})
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 4)
public class VersionedRestoreBenchmark {
    static final int RECORDS = 200_000;
    static final int KEYS = 20_000;
    static final Duration RETENTION = Duration.ofMinutes(5);

    @Param({"panrocks", "builtin"})
    public String engine;

    private List<List<ConsumerRecord<byte[], byte[]>>> batches;
    private byte[][] keys;
    private Path dir;
    private VersionedBytesStore store;
    private InternalMockProcessorContext<?, ?> context;

    @Setup(Level.Trial)
    public void records() {
        EngineCheck.expect(engine);
        SplittableRandom r = new SplittableRandom(3);
        keys = new byte[KEYS][];
        for (int k = 0; k < KEYS; k++) keys[k] = StoreBenchmark.key(Long.reverse(k) >>> 49).get();
        batches = new ArrayList<>();
        List<ConsumerRecord<byte[], byte[]>> batch = new ArrayList<>(1000);
        for (int i = 0; i < RECORDS; i++) {
            long timestamp = 1_000_000L + 5L * i - r.nextInt(200);
            byte[] value = null;
            if (r.nextInt(10) != 0) {
                value = new byte[100];
                r.nextBytes(value);
            }
            batch.add(new ConsumerRecord<>("bench-changelog", 0, i, timestamp, TimestampType.CREATE_TIME, 0, 0,
                    keys[r.nextInt(KEYS)], value, new RecordHeaders(), Optional.empty()));
            if (batch.size() == 1000) {
                batches.add(batch);
                batch = new ArrayList<>(1000);
            }
        }
    }

    @Setup(Level.Invocation)
    public void open() throws Exception {
        dir = Files.createTempDirectory("kafka-versioned-restore-bench");
        store = switch (engine) {
            case "panrocks" -> (VersionedBytesStore) PanrocksStores.versionedKeyValueStore("restore", RETENTION).get();
            case "builtin" -> (VersionedBytesStore) Stores.persistentVersionedKeyValueStore("restore", RETENTION).get();
            default -> throw new IllegalArgumentException(engine);
        };
        context = BadChangelogRecords.context(dir.toFile());
        store.init(context, store);
    }

    @TearDown(Level.Invocation)
    public void close() {
        EngineCheck.stillAlone(engine);
        store.close();
        TestDirs.delete(dir);
    }

    @Benchmark
    public void restore200kVersions(Blackhole bh) {
        for (List<ConsumerRecord<byte[], byte[]>> batch : batches) context.restoreWithHeaders("restore", batch);
        store.commit(Map.of());
        for (byte[] key : keys) bh.consume(store.get(Bytes.wrap(key)));
    }
}
