package io.panrocks.kafka;

import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.kstream.internals.SessionWindow;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.SessionStore;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;
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
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * The reads of Kafka's windowed and session aggregations, panrocks's
 * segmented stores against Kafka's built-in RocksDB ones, through Kafka's
 * {@code WindowStore}/{@code SessionStore} of bytes (what the logging and
 * metered layers call), over {@value #KEYS} keys with {@value #WINDOWS}
 * one-second windows each, a day's retention (Kafka's default for the DSL):
 * <ul>
 * <li>{@code windowFetch}: a key's window at one start time (the windowed
 * count's read before its write);</li>
 * <li>{@code windowFetchRange}: a key's windows over 10 seconds, read to the end;</li>
 * <li>{@code findSessions}: a key's sessions around a time, read to the end
 * (the session aggregation's search for sessions to merge, one per record),
 * where most searches find one session;</li>
 * <li>{@code sessionAggregate}: that search, then the merged session
 * written back, at rising times (reads meet fresh writes in the memtable);
 * its store grows as it runs, so it is for fixed counts from a fresh JVM
 * ({@code -bm ss -bs 5000}: how fast each engine's path warms up), not part of
 * {@code bench-kafka.sh}'s run.</li>
 * </ul>
 * Each engine runs in forks of its own. Run by {@code scripts/bench-kafka.sh}.
 */
@State(Scope.Benchmark)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx3g", "-XX:+UseParallelGC"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SegmentedStoreBenchmark {
    static final int KEYS = 2_000;
    static final int WINDOWS = 50;
    static final long WINDOW_MS = 1_000;
    static final long GAP_MS = 400;
    static final Duration RETENTION = Duration.ofDays(1);

    @Param({"panrocks", "builtin"})
    public String engine;

    private Path dir;
    private WindowStore<Bytes, byte[]> windows;
    private SessionStore<Bytes, byte[]> sessions;
    private Bytes[] keys;
    private long start;
    /** the session aggregation's record time, rising from the end of the loaded data */
    private long now;
    private static final byte[] COUNT = new byte[8];
    private final SplittableRandom random = new SplittableRandom(1);

    @Setup(Level.Trial)
    public void setup() throws Exception {
        EngineCheck.expect(engine);
        dir = Files.createTempDirectory("kafka-segmented-bench");
        boolean panrocks = engine.equals("panrocks");
        windows = (panrocks ? PanrocksStores.windowStore("windows", RETENTION, Duration.ofMillis(WINDOW_MS), false)
                : Stores.persistentWindowStore("windows", RETENTION, Duration.ofMillis(WINDOW_MS), false)).get();
        sessions = (panrocks ? PanrocksStores.sessionStore("sessions", RETENTION)
                : Stores.persistentSessionStore("sessions", RETENTION)).get();
        // Kafka's segmented stores need its internal context (they read the task's record context and metrics)
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "segmented-bench");
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9091");
        props.put(StreamsConfig.STATE_DIR_CONFIG, dir.toString());
        props.put(StreamsConfig.METRICS_RECORDING_LEVEL_CONFIG, "INFO");
        InternalMockProcessorContext<?, ?> context = new InternalMockProcessorContext<>(dir.toFile(), new StreamsConfig(props));
        windows.init(context, windows);
        sessions.init(context, sessions);
        keys = new Bytes[KEYS];
        for (int i = 0; i < KEYS; i++) keys[i] = StoreBenchmark.key(i);
        start = System.currentTimeMillis() / WINDOW_MS * WINDOW_MS - WINDOWS * WINDOW_MS;
        byte[] count = new byte[8];
        for (int w = 0; w < WINDOWS; w++) {
            long t = start + w * WINDOW_MS;
            for (Bytes key : keys) {
                windows.put(key, count, t);
                // one short session per key and second: [t, t + 100]
                sessions.put(new Windowed<>(key, new SessionWindow(t, t + 100)), count);
            }
        }
        now = start + WINDOWS * WINDOW_MS;
        windows.commit(Map.of());
        sessions.commit(Map.of());
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        EngineCheck.stillAlone(engine);
        windows.close();
        sessions.close();
        TestDirs.delete(dir);
    }

    private long someWindow() {
        return start + random.nextInt(WINDOWS) * WINDOW_MS;
    }

    @Benchmark
    public byte[] windowFetch() {
        byte[] v = windows.fetch(keys[random.nextInt(KEYS)], someWindow());
        if (v == null) throw new IllegalStateException("no window");
        return v;
    }

    /** A key's windows over 10 seconds (10 windows), read to the end. */
    @Benchmark
    public void windowFetchRange(Blackhole bh) {
        long from = start + random.nextInt(WINDOWS - 10) * WINDOW_MS;
        int n = 0;
        try (WindowStoreIterator<byte[]> it = windows.fetch(keys[random.nextInt(KEYS)], from, from + 9 * WINDOW_MS)) {
            while (it.hasNext()) {
                bh.consume(it.next());
                n++;
            }
        }
        if (n != 10) throw new IllegalStateException("fetched " + n + " windows");
    }

    /** The session aggregation's search at a record's time {@code t + 50}: the sessions within the gap. */
    @Benchmark
    public void findSessions(Blackhole bh) {
        long t = someWindow() + 50;
        int n = 0;
        try (KeyValueIterator<Windowed<Bytes>, byte[]> it = sessions.findSessions(keys[random.nextInt(KEYS)],
                t - GAP_MS, t + GAP_MS)) {
            while (it.hasNext()) {
                KeyValue<Windowed<Bytes>, byte[]> kv = it.next();
                bh.consume(kv);
                n++;
            }
        }
        if (n != 1) throw new IllegalStateException("found " + n + " sessions");
    }

    /**
     * The session aggregation's whole store work for one record at a rising
     * time: the search, then the merged session written back (the old one
     * removed) or a new one put.
     */
    @Benchmark
    public int sessionAggregate() {
        now += 7;
        Bytes key = keys[random.nextInt(KEYS)];
        Windowed<Bytes> merged = null;
        long begin = now;
        try (KeyValueIterator<Windowed<Bytes>, byte[]> it = sessions.findSessions(key, now - GAP_MS, now + GAP_MS)) {
            while (it.hasNext()) {
                Windowed<Bytes> found = it.next().key;
                begin = Math.min(begin, found.window().start());
                merged = found;
            }
        }
        if (merged != null) sessions.remove(merged);
        sessions.put(new Windowed<>(key, new SessionWindow(begin, now)), COUNT);
        return merged == null ? 0 : 1;
    }
}
