package io.panrocks.kafka;

import io.panrocks.testkit.ForkedJvm;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * The cluster scenario on a running {@link KafkaBroker}: three instances of
 * {@link ClusterTopology}'s application ({@link ClusterAppMain}, each a
 * child JVM with its own state folder), fed clicks while they run; one is
 * killed with SIGKILL part way through and restarted later (its tasks move
 * to the others, and it restores from the changelog when it is back). At the
 * end every output topic is read (read_committed) and compared record by
 * record with what the input must produce, interactive queries are asked of
 * every instance, and each instance says which RocksDB it ran on.
 */
final class ClusterScenario {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    static final int INSTANCES = 3;

    /** The size of a run. {@code paceMillis}: how long feeding the clicks takes; {@code kill}: kill and restart one. */
    record Settings(int users, int clicks, int partitions, long paceMillis, boolean kill, String heap) {
    }

    /** What a run saw; {@link #problems} is empty when everything matched. */
    record Outcome(Scenarios.Engine engine, List<String> problems, List<String> log, long millisToProcessAll,
                   int outputRecords, int queriesAnswered, int queriesForwarded) {
    }

    private final KafkaBroker broker;
    private final Scenarios.Engine engine;
    private final ClusterTopology.Topics topics;
    private final String applicationId;
    private final Settings settings;
    private final Path root;
    private final List<Instance> instances = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private final List<String> log = new ArrayList<>();

    ClusterScenario(KafkaBroker broker, Scenarios.Engine engine, String prefix, Settings settings) throws IOException {
        this.broker = broker;
        this.engine = engine;
        this.topics = new ClusterTopology.Topics(prefix);
        this.applicationId = prefix + "-app";
        this.settings = settings;
        this.root = Files.createTempDirectory("panrocks-cluster-" + prefix);
    }

    /** One application instance: its child JVM (replaced on restart), its state folder and query port. */
    final class Instance {
        final int index;
        final Path stateDir;
        final int port;
        ForkedJvm.Running process;
        /** killed by the test, not restarted yet */
        boolean killed;
        final List<ForkedJvm.Result> ended = new ArrayList<>();

        Instance(int index) throws IOException {
            this.index = index;
            this.stateDir = Files.createDirectories(root.resolve("instance-" + index));
            this.port = KafkaBroker.freePort();
        }

        void start() throws Exception {
            killed = false;
            process = ForkedJvm.main(ClusterAppMain.class, engine.name(), broker.bootstrap(), applicationId,
                    topics.prefix(), stateDir.toString(), Integer.toString(port), "clicks")
                    .classPath(appClassPath(engine)).heap(settings.heap()).jvmFlags("-XX:+UseParallelGC")
                    .jvmFlags(instanceJvmFlags(engine))
                    .timeout(Duration.ofMinutes(30)).start();
        }

        boolean running() {
            List<String> states = process.stdoutLines().stream().filter(l -> l.startsWith("STATE ")).toList();
            return process.isAlive() && !states.isEmpty() && states.getLast().equals("STATE RUNNING");
        }

        String name() {
            return "instance " + index + " (localhost:" + port + ")";
        }
    }

    /**
     * Extra flags for every application instance, from {@code -Dpanrocks.cluster.jvmFlags}, with
     * {@code {engine}} replaced by the engine's name: a profile of an instance under the cluster load, e.g.
     * {@code -XX:StartFlightRecording=filename=/tmp/jfr/{engine}-%p.jfr,settings=profile}.
     */
    static List<String> instanceJvmFlags(Scenarios.Engine engine) {
        String flags = System.getProperty("panrocks.cluster.jvmFlags", "").strip();
        if (flags.isEmpty()) return List.of();
        return List.of(flags.replace("{engine}", engine.name().toLowerCase()).split("\\s+"));
    }

    static Path[] appClassPath(Scenarios.Engine engine) {
        return engine == Scenarios.Engine.PANROCKS ? UncleanStopTest.childClassPath() : IdenticalOutputTest.builtinClassPath();
    }

    Outcome run() throws Exception {
        try {
            return runInstances();
        } finally {
            for (Instance i : instances) {
                if (i.process != null) i.process.close();
            }
            TestDirs.delete(root);
        }
    }

    private Outcome runInstances() throws Exception {
        int n = settings.clicks();
        List<ClusterTopology.Click> clicks = ClusterTopology.clicks(settings.partitions() * 7919L + n, settings.users(), n,
                System.currentTimeMillis());
        broker.createTopics(settings.partitions(), Stream.concat(topics.inputs().stream(), topics.outputs().stream()).toList());
        try (KafkaProducer<String, String> producer = producer()) {
            List<java.util.concurrent.Future<?>> written = new ArrayList<>();
            for (int u = 0; u < settings.users(); u++) {
                if (ClusterTopology.hasProfile(u)) {
                    written.add(producer.send(new ProducerRecord<>(topics.profiles(), null,
                            clicks.getFirst().timestamp() - 60_000 + u, ClusterTopology.user(u), ClusterTopology.region(u))));
                }
            }
            for (var w : written) w.get(10, TimeUnit.MINUTES);
        }

        for (int i = 0; i < INSTANCES; i++) instances.add(new Instance(i));
        long started = System.nanoTime();
        for (Instance i : instances) i.start();
        await("all instances RUNNING", Duration.ofMinutes(3), () -> instances.stream().allMatch(Instance::running));
        note("all " + INSTANCES + " instances RUNNING after " + millisSince(started) + " ms");

        // the clicks, fed while the instances run (in 40 slices over paceMillis)
        Thread feeder = new Thread(() -> feed(clicks), "cluster-feeder");
        Throwable[] feedFailure = new Throwable[1];
        feeder.setUncaughtExceptionHandler((t, e) -> feedFailure[0] = e);
        long feeding = System.nanoTime();
        feeder.start();

        Instance victim = instances.get(1);
        if (settings.kill()) {
            await("a third of the clicks processed", Duration.ofMinutes(3), () -> committedClicks() >= n / 3);
            long before = committedClicks();
            victim.killed = true;
            victim.process.kill();
            ForkedJvm.Result killed = victim.process.await();
            victim.ended.add(killed);
            if (!(killed.killed() && killed.signal() == 9)) problems.add(victim.name() + " was not killed by SIGKILL: " + killed);
            note("killed " + victim.name() + " with SIGKILL after " + before + " of " + n + " clicks were committed");
            long atKill = before;
            await("the survivors processing on (the victim's tasks moved)", Duration.ofMinutes(3),
                    () -> committedClicks() >= Math.min(n, atKill + n / 6));
            note("the survivors committed " + committedClicks() + " clicks " + millisSince(feeding) + " ms after feeding began");
            victim.start();
            note("restarted " + victim.name() + " on its old state folder");
        }
        feeder.join(TimeUnit.MINUTES.toMillis(5));
        if (feedFailure[0] != null) throw new AssertionError("feeding the clicks failed", feedFailure[0]);

        await("every click processed and committed, no transaction open, all instances RUNNING", Duration.ofMinutes(5),
                () -> committedClicks() == n && noOpenTransactions() && instances.stream().allMatch(Instance::running));
        long processed = millisSince(feeding);
        note("all " + n + " clicks processed " + processed + " ms after feeding began");

        Map<String, Map<String, List<String>>> expected = ClusterTopology.expectedOutput(topics, settings.users(), clicks);
        Map<String, Map<String, List<String>>> actual = readOutputs();
        int outputRecords = 0;
        for (String topic : topics.outputs()) {
            outputRecords += compare(topic, expected.get(topic), actual.get(topic));
        }
        note(outputRecords + " output records read (read_committed) and compared");

        int[] forwarded = {0};
        int answered = queryEveryUser(clicks, forwarded);
        note(answered + " interactive queries answered, " + forwarded[0] + " of them by an instance other than the one asked");

        for (Instance i : instances) checkEngine(i);
        if (settings.kill()) {
            List<String> restored = victim.process.stdoutLines().stream()
                    .filter(l -> l.startsWith("RESTORE-END ") || l.startsWith("STANDBY-START ")).toList();
            if (restored.isEmpty()) problems.add(victim.name() + " restored nothing after its restart");
            note(victim.name() + " after its restart: " + restored);
        }
        for (Instance i : instances) {
            for (String l : i.process.stdoutLines()) {
                if (l.startsWith("UNCAUGHT")) problems.add(i.name() + ": " + l);
            }
        }

        // a clean close of every instance
        for (Instance i : instances) {
            i.process.stdin().write("close\n".getBytes(StandardCharsets.UTF_8));
            i.process.stdin().flush();
        }
        for (Instance i : instances) {
            ForkedJvm.Result r = i.process.await();
            i.ended.add(r);
            if (r.exitCode() != 0 || r.crashed() || !r.stdout().contains("CLOSED NOT_RUNNING")) {
                problems.add(i.name() + " did not close cleanly: " + r);
            }
        }
        if (!problems.isEmpty()) {
            for (Instance i : instances) {
                for (ForkedJvm.Result r : i.ended) log.add("--- " + i.name() + ":\n" + r.stdout());
            }
        }
        return new Outcome(engine, problems, log, processed, outputRecords, answered, forwarded[0]);
    }

    // ---- input ----------------------------------------------------------------------------------

    private KafkaProducer<String, String> producer() {
        return new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap(),
                ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.LINGER_MS_CONFIG, 5,
                // a busy machine must slow the producer down, not make it drop batches
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 600_000),
                new StringSerializer(), new StringSerializer());
    }

    private void feed(List<ClusterTopology.Click> clicks) {
        AtomicReference<Exception> sendFailure = new AtomicReference<>();
        int slices = settings.paceMillis() > 0 ? 40 : 1;
        long pause = settings.paceMillis() / slices;
        try (KafkaProducer<String, String> producer = producer()) {
            int per = (clicks.size() + slices - 1) / slices;
            for (int s = 0; s < slices; s++) {
                for (int i = s * per; i < Math.min(clicks.size(), (s + 1) * per); i++) {
                    ClusterTopology.Click c = clicks.get(i);
                    producer.send(new ProducerRecord<>(topics.clicks(), null, c.timestamp(), c.user(), c.id()), (m, e) -> {
                        if (e != null) sendFailure.compareAndSet(null, e);
                    });
                }
                producer.flush();
                if (sendFailure.get() != null) throw new IllegalStateException("a click was not written", sendFailure.get());
                if (pause > 0) Thread.sleep(pause);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    // ---- progress ---------------------------------------------------------------------------------

    /** How many clicks the application has committed (its group's committed offsets on the clicks topic). */
    long committedClicks() {
        try (Admin admin = broker.admin()) {
            Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(applicationId)
                    .partitionsToOffsetAndMetadata().get(30, TimeUnit.SECONDS);
            return offsets.entrySet().stream().filter(e -> e.getKey().topic().equals(topics.clicks()) && e.getValue() != null)
                    .mapToLong(e -> e.getValue().offset()).sum();
        } catch (Exception e) {
            return -1;
        }
    }

    /** No output partition has a transaction open: its last stable offset is its high watermark. */
    private boolean noOpenTransactions() {
        try (Admin admin = broker.admin()) {
            Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
            for (TopicPartition tp : outputPartitions()) latest.put(tp, OffsetSpec.latest());
            var stable = admin.listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED)).all()
                    .get(30, TimeUnit.SECONDS);
            var written = admin.listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_UNCOMMITTED)).all()
                    .get(30, TimeUnit.SECONDS);
            for (TopicPartition tp : latest.keySet()) {
                if (stable.get(tp).offset() != written.get(tp).offset()) return false;
            }
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    private List<TopicPartition> outputPartitions() {
        List<TopicPartition> partitions = new ArrayList<>();
        for (String topic : topics.outputs()) {
            for (int p = 0; p < settings.partitions(); p++) partitions.add(new TopicPartition(topic, p));
        }
        return partitions;
    }

    private void await(String what, Duration wait, BooleanSupplier done) throws InterruptedException {
        long until = System.nanoTime() + wait.toNanos();
        while (!done.getAsBoolean()) {
            for (Instance i : instances) {
                if (i.process != null && !i.process.isAlive() && !i.killed) {
                    throw new AssertionError(i.name() + " died while waiting for " + what + ":\n" + i.process.await());
                }
            }
            if (System.nanoTime() > until) {
                StringBuilder sb = new StringBuilder("timed out after " + wait.toSeconds() + " s waiting for " + what
                        + " (committed clicks " + committedClicks() + ")");
                for (Instance i : instances) {
                    List<String> out = i.process.stdoutLines();
                    sb.append("\n--- ").append(i.name()).append(", last lines:\n")
                            .append(String.join("\n", out.subList(Math.max(0, out.size() - 30), out.size())));
                }
                throw new AssertionError(sb.toString());
            }
            Thread.sleep(250);
        }
    }

    // ---- output -----------------------------------------------------------------------------------

    /** Every committed output record: topic -> user -> values, in the order of their partition. */
    private Map<String, Map<String, List<String>>> readOutputs() {
        Map<String, Map<String, List<String>>> out = new LinkedHashMap<>();
        for (String topic : topics.outputs()) out.put(topic, new TreeMap<>());
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5000), new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> partitions = outputPartitions();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            long until = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
            while (partitions.stream().anyMatch(tp -> consumer.position(tp) < end.get(tp))) {
                if (System.nanoTime() > until) throw new AssertionError("could not read the output to its end " + end);
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                    out.get(r.topic()).computeIfAbsent(r.key(), k -> new ArrayList<>()).add(r.value());
                }
            }
        }
        return out;
    }

    /** Compares one output topic user by user, record by record; returns how many records it had. */
    private int compare(String topic, Map<String, List<String>> expected, Map<String, List<String>> actual) {
        int records = actual.values().stream().mapToInt(List::size).sum();
        int expectedRecords = expected.values().stream().mapToInt(List::size).sum();
        if (records != expectedRecords) {
            problems.add(topic + ": " + records + " records, expected " + expectedRecords);
        }
        for (String user : expected.keySet()) {
            List<String> want = expected.get(user);
            List<String> got = actual.getOrDefault(user, List.of());
            if (want.equals(got)) continue;
            int i = 0;
            while (i < Math.min(want.size(), got.size()) && want.get(i).equals(got.get(i))) i++;
            problems.add(topic + ", " + user + ": record " + i + " is " + (i < got.size() ? got.get(i) : "missing")
                    + ", expected " + (i < want.size() ? want.get(i) : "nothing (a duplicate or extra record)")
                    + " (" + got.size() + " records, expected " + want.size() + ")");
        }
        for (String user : actual.keySet()) {
            if (!expected.containsKey(user)) problems.add(topic + ": records for " + user + ", who must have none");
        }
        return records;
    }

    // ---- interactive queries -------------------------------------------------------------------------

    /** Asks instance (user mod 3) about every user in the window, session and profile stores; returns how many answered right. */
    private int queryEveryUser(List<ClusterTopology.Click> clicks, int[] forwarded) throws Exception {
        int answered = 0;
        Map<Integer, Integer> answeredBy = new TreeMap<>();
        for (int u = 0; u < settings.users(); u++) {
            String user = ClusterTopology.user(u);
            Instance asked = instances.get(u % INSTANCES);
            for (String store : List.of("window", "session", "profile")) {
                String want = switch (store) {
                    case "window" -> ClusterTopology.expectedWindowQuery(user, clicks);
                    case "session" -> ClusterTopology.expectedSessionQuery(user, clicks);
                    default -> ClusterTopology.hasProfile(u) ? ClusterTopology.region(u) : "null";
                };
                String answer = ask(asked, store, user);
                if (answer == null) {
                    problems.add("no answer from " + asked.name() + " about " + user + " in the " + store + " store");
                    continue;
                }
                int space = answer.indexOf(' ');
                String host = answer.substring(0, space);
                String value = answer.substring(space + 1);
                if (!value.equals(want)) {
                    problems.add(asked.name() + " answered " + value + " about " + user + " (" + store + " store, by "
                            + host + "); expected " + want);
                    continue;
                }
                answered++;
                int port = Integer.parseInt(host.substring(host.indexOf(':') + 1));
                answeredBy.merge(port, 1, Integer::sum);
                if (port != asked.port) forwarded[0]++;
            }
        }
        if (answeredBy.size() < 2) problems.add("all queries were answered by one instance: " + answeredBy);
        if (forwarded[0] == 0) problems.add("no query was forwarded to the instance holding the key");
        return answered;
    }

    /** An answer, asking again for up to 30 s while the instance is not ready (503). */
    private String ask(Instance instance, String store, String user) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String last = "";
        while (System.nanoTime() < until) {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + instance.port
                    + "/query?store=" + store + "&user=" + user)).timeout(Duration.ofSeconds(20)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() == 200) return r.body();
            last = r.body();
            Thread.sleep(200);
        }
        problems.add("last answer of " + instance.name() + ": " + last);
        return null;
    }

    /** The instance ran on the engine it was given, and only that one. */
    private void checkEngine(Instance instance) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + instance.port + "/engine"))
                .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
        String libraries = r.body();
        boolean panrocks = libraries.contains("libpanrocks");
        boolean rocksJava = libraries.contains("rocksdbjni");
        boolean panrocksStores;
        try (Stream<Path> s = Files.walk(instance.stateDir)) {
            panrocksStores = s.anyMatch(p -> p.getFileName().toString().equals("panrocks") && Files.isDirectory(p));
        }
        boolean right = switch (engine) {
            case PANROCKS -> panrocks && !rocksJava && panrocksStores;
            case BUILTIN -> rocksJava && !panrocks && !panrocksStores;
            case IN_MEMORY -> !panrocks && !panrocksStores;
        };
        if (r.statusCode() != 200 || !right) {
            problems.add(instance.name() + " should run on " + engine + " only; it has mapped " + libraries
                    + (panrocksStores ? " and has panrocks stores" : " and has no panrocks stores"));
        }
    }

    private void note(String line) {
        String l = "[" + engine + "] " + line;
        log.add(l);
        System.out.println("ClusterScenario " + l);
    }

    private static long millisSince(long nanos) {
        return (System.nanoTime() - nanos) / 1_000_000;
    }
}
