package io.panrocks.kafka;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.KTable;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.TimeWindows;
import org.apache.kafka.streams.kstream.WindowedSerdes;
import org.apache.kafka.streams.state.BuiltInDslStoreSuppliers;
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

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Whole topologies through Kafka's {@code TopologyTestDriver}, records per
 * second, with every DSL store on panrocks or on Kafka's built-in RocksDB
 * stores ({@code dsl.store.suppliers.class}), the record cache at Kafka's
 * default: the shapes of the identical-output test (word count, an
 * aggregation over a table with deletions, a stream-table join, a windowed
 * count). The driver commits after every record, as it always does, so the
 * stores see a commit per record. Each engine runs in forks of its own.
 */
@State(Scope.Benchmark)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx2g", "-XX:+UseParallelGC"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class TopologyBenchmark {
    static final int BATCH = 100;

    @Param({"panrocks", "builtin"})
    public String engine;

    @Param({"wordcount", "aggregation", "join", "windowed"})
    public String topology;

    private Path dir;
    private TopologyTestDriver driver;
    private TestInputTopic<String, String> words;
    private TestInputTopic<String, Long> prices;
    private TestInputTopic<String, String> customers;
    private TestInputTopic<String, String> orders;
    private TestOutputTopic<?, ?> output;
    private final SplittableRandom random = new SplittableRandom(3);
    private long time = 1_000_000_000L;
    private long n;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        EngineCheck.expect(engine);
        dir = Files.createTempDirectory("kafka-topology-bench");
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "bench-" + topology);
        props.put(StreamsConfig.STATE_DIR_CONFIG, dir.toString());
        props.put(StreamsConfig.DSL_STORE_SUPPLIERS_CLASS_CONFIG, engine.equals("panrocks")
                ? PanrocksDslStoreSuppliers.class : BuiltInDslStoreSuppliers.RocksDBDslStoreSuppliers.class);
        StreamsBuilder b = new StreamsBuilder();
        switch (topology) {
            case "wordcount" -> {
                b.stream("sentences", Consumed.with(Serdes.String(), Serdes.String()))
                        .flatMapValues(v -> java.util.List.of(v.split(" ")))
                        .groupBy((k, v) -> v, Grouped.with(Serdes.String(), Serdes.String()))
                        .count(Materialized.as("counts"))
                        .toStream().to("out", Produced.with(Serdes.String(), Serdes.Long()));
                driver = new TopologyTestDriver(b.build(), props);
                words = driver.createInputTopic("sentences", Serdes.String().serializer(), Serdes.String().serializer());
                output = driver.createOutputTopic("out", Serdes.String().deserializer(), Serdes.Long().deserializer());
            }
            case "aggregation" -> {
                KTable<String, Long> t = b.table("prices", Consumed.with(Serdes.String(), Serdes.Long()), Materialized.as("prices"));
                t.groupBy((item, price) -> KeyValue.pair("cat-" + item.charAt(item.length() - 1), price),
                        Grouped.with(Serdes.String(), Serdes.Long()))
                        .reduce(Long::sum, (agg, old) -> agg - old, Materialized.as("sums"))
                        .toStream().to("out", Produced.with(Serdes.String(), Serdes.Long()));
                driver = new TopologyTestDriver(b.build(), props);
                prices = driver.createInputTopic("prices", Serdes.String().serializer(), Serdes.Long().serializer());
                output = driver.createOutputTopic("out", Serdes.String().deserializer(), Serdes.Long().deserializer());
            }
            case "join" -> {
                KTable<String, String> c = b.table("customers", Consumed.with(Serdes.String(), Serdes.String()),
                        Materialized.as("customers"));
                b.stream("orders", Consumed.with(Serdes.String(), Serdes.String()))
                        .join(c, (o, cu) -> o + cu).to("out", Produced.with(Serdes.String(), Serdes.String()));
                driver = new TopologyTestDriver(b.build(), props);
                customers = driver.createInputTopic("customers", Serdes.String().serializer(), Serdes.String().serializer());
                orders = driver.createInputTopic("orders", Serdes.String().serializer(), Serdes.String().serializer());
                output = driver.createOutputTopic("out", Serdes.String().deserializer(), Serdes.String().deserializer());
                for (int i = 0; i < 10_000; i++) customers.pipeInput("c" + i, "name" + i, Instant.ofEpochMilli(time));
            }
            case "windowed" -> {
                b.stream("clicks", Consumed.with(Serdes.String(), Serdes.String()))
                        .groupByKey(Grouped.with(Serdes.String(), Serdes.String()))
                        .windowedBy(TimeWindows.ofSizeAndGrace(Duration.ofSeconds(30), Duration.ofSeconds(20)))
                        .count(Materialized.as("windows"))
                        .toStream().to("out", Produced.with(WindowedSerdes.timeWindowedSerdeFrom(String.class, 30_000),
                                Serdes.Long()));
                driver = new TopologyTestDriver(b.build(), props);
                words = driver.createInputTopic("clicks", Serdes.String().serializer(), Serdes.String().serializer());
                output = driver.createOutputTopic("out", WindowedSerdes.timeWindowedSerdeFrom(String.class, 30_000)
                        .deserializer(), Serdes.Long().deserializer());
            }
            default -> throw new IllegalArgumentException(topology);
        }
        output.readRecordsToList();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        EngineCheck.stillAlone(engine);
        driver.close();
        TestDirs.delete(dir);
    }

    /** {@value #BATCH} input records, then the output they produced is read (so it does not pile up). */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int pipe() {
        for (int i = 0; i < BATCH; i++) {
            n++;
            time += random.nextInt(20);
            Instant t = Instant.ofEpochMilli(time);
            switch (topology) {
                case "wordcount" -> words.pipeInput("l" + n, Scenarios.WORDS[random.nextInt(300)] + " "
                        + Scenarios.WORDS[random.nextInt(300)] + " " + Scenarios.WORDS[random.nextInt(300)], t);
                case "aggregation" -> prices.pipeInput("item" + random.nextInt(20_000),
                        random.nextInt(10) == 0 ? null : (long) random.nextInt(1000), t);
                case "join" -> {
                    if (random.nextInt(10) == 0) customers.pipeInput("c" + random.nextInt(10_000), "name" + n, t);
                    else orders.pipeInput("c" + random.nextInt(10_000), "order" + n, t);
                }
                case "windowed" -> words.pipeInput("user" + random.nextInt(10_000), "page", t);
                default -> throw new IllegalStateException();
            }
        }
        return output.readRecordsToList().size();
    }
}
