package io.panrocks.kafka;

import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Raw store operations, panrocks's key-value store against Kafka's built-in
 * RocksDB store, through Kafka's {@code KeyValueStore<Bytes, byte[]>}
 * interface (what the caching and logging layers call): put, get, a range of
 * 100, a putAll of 100 (a cache flush), over 100,000 keys loaded first
 * ({@link RestoreBenchmark} times restores). Each engine runs in forks of its own
 * (JMH forks per parameter point), so RocksJava and panrocks never share a
 * JVM. Same options on both sides (Kafka's defaults), metrics at INFO.
 * Run by {@code scripts/bench-kafka.sh}.
 */
@State(Scope.Benchmark)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx3g", "-XX:+UseParallelGC"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class StoreBenchmark {
    static final int KEYS = 100_000;

    @Param({"panrocks", "builtin"})
    public String engine;

    @Param({"100"})
    public int valueSize;

    private Path dir;
    private KeyValueStore<Bytes, byte[]> store;
    private Bytes[] keys;
    private byte[] value;
    private List<KeyValue<Bytes, byte[]>> batch;
    private final SplittableRandom random = new SplittableRandom(1);

    static KeyValueStore<Bytes, byte[]> newStore(String engine, String name) {
        return switch (engine) {
            case "panrocks" -> PanrocksStores.keyValueStore(name).get();
            case "builtin" -> Stores.persistentKeyValueStore(name).get();
            default -> throw new IllegalArgumentException(engine);
        };
    }

    static TestContext context(Path dir) {
        return new TestContext(dir.toFile()).with(StreamsConfig.METRICS_RECORDING_LEVEL_CONFIG, "INFO");
    }

    static Bytes key(long i) {
        return Bytes.wrap(String.format("key-%012d", i).getBytes());
    }

    @Setup(Level.Trial)
    public void setup() throws Exception {
        EngineCheck.expect(engine);
        dir = Files.createTempDirectory("kafka-store-bench");
        store = newStore(engine, "bench");
        store.init(context(dir), store);
        keys = new Bytes[KEYS];
        value = new byte[valueSize];
        random.nextBytes(value);
        List<KeyValue<Bytes, byte[]>> load = new ArrayList<>();
        for (int i = 0; i < KEYS; i++) {
            keys[i] = key(i);
            load.add(KeyValue.pair(keys[i], value));
            if (load.size() == 1000) {
                store.putAll(load);
                load.clear();
            }
        }
        store.commit(Map.of());
        batch = new ArrayList<>(100);
        for (int i = 0; i < 100; i++) batch.add(null);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        EngineCheck.stillAlone(engine);
        store.close();
        TestDirs.delete(dir);
    }

    @Benchmark
    public void put() {
        store.put(keys[random.nextInt(KEYS)], value);
    }

    @Benchmark
    public byte[] get() {
        return store.get(keys[random.nextInt(KEYS)]);
    }

    @Benchmark
    @OperationsPerInvocation(100)
    public void putAll100() {
        int from = random.nextInt(KEYS - 100);
        for (int i = 0; i < 100; i++) batch.set(i, KeyValue.pair(keys[from + i], value));
        store.putAll(batch);
    }

    /** A range of 100 consecutive keys, read to the end: one op per range. */
    @Benchmark
    public void range100(Blackhole bh) {
        int from = random.nextInt(KEYS - 100);
        int n = 0;
        try (KeyValueIterator<Bytes, byte[]> it = store.range(keys[from], keys[from + 99])) {
            while (it.hasNext()) {
                bh.consume(it.next());
                n++;
            }
        }
        if (n != 100) throw new IllegalStateException("range of " + n);
    }
}
