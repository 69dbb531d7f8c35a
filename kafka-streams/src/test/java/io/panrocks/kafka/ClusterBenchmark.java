package io.panrocks.kafka;

import io.panrocks.testkit.ForkedJvm;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The full cluster run ({@code scripts/bench-kafka.sh cluster}), on one real
 * broker, for each engine (panrocks, Kafka's built-in RocksDB stores):
 * <ol>
 * <li>the kill scenario of {@link ClusterTest} at a larger size, checked the same way;</li>
 * <li>end-to-end throughput: three instances (exactly-once, one standby) started on a topic already
 * holding every click, timed from start until every click is processed and committed
 * (output checked record by record);</li>
 * <li>restore: one instance builds a table of a million records (16 B keys, 100 B values), is closed,
 * loses its state folder and starts again; the time from its first {@code onRestoreStart} to its last
 * {@code onRestoreEnd} is the restore of the million-record store from its changelog.</li>
 * </ol>
 * Prints one {@code RESULT} line per measurement, and fails (exit 1) if any check failed.
 * Arguments: {@code <kill-run clicks (0: no kill run)> <throughput clicks> <restore records> <rounds>}.
 */
public final class ClusterBenchmark {
    private ClusterBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int killClicks = Integer.parseInt(args[0]);
        int throughputClicks = Integer.parseInt(args[1]);
        int restoreRecords = Integer.parseInt(args[2]);
        int rounds = Integer.parseInt(args[3]);
        List<String> failures = new ArrayList<>();
        // -Dpanrocks.cluster.ceiling=true: a third throughput row on Kafka's in-memory stores, what no store can beat
        List<Scenarios.Engine> throughputEngines = Boolean.getBoolean("panrocks.cluster.ceiling")
                ? List.of(Scenarios.Engine.PANROCKS, Scenarios.Engine.BUILTIN, Scenarios.Engine.IN_MEMORY)
                : Scenarios.Engine.COMPARED;
        try (KafkaBroker broker = KafkaBroker.start()) {
            System.out.println("broker at " + broker.bootstrap());
            for (Scenarios.Engine engine : killClicks > 0 ? Scenarios.Engine.COMPARED : List.<Scenarios.Engine>of()) {
                String e = engine.name().toLowerCase(Locale.ROOT);
                ClusterScenario.Outcome killed = new ClusterScenario(broker, engine, e + "-kill",
                        new ClusterScenario.Settings(200, killClicks, 6, 30_000, true, "1g")).run();
                failures.addAll(killed.problems());
                System.out.printf(Locale.ROOT, "RESULT kill %s clicks=%d output=%d queries=%d forwarded=%d problems=%d%n",
                        e, killClicks, killed.outputRecords(), killed.queriesAnswered(), killed.queriesForwarded(),
                        killed.problems().size());
            }
            for (int round = 0; round < rounds; round++) {
                // the engines take turns going first: whoever follows the last round's restore (the broker still
                // writing out a million records) or a cold broker must not always be the same one
                List<Scenarios.Engine> order = new ArrayList<>(throughputEngines);
                Collections.rotate(order, -round);
                for (Scenarios.Engine engine : order) {
                    String e = engine.name().toLowerCase(Locale.ROOT);
                    ClusterScenario.Outcome run = new ClusterScenario(broker, engine, e + "-throughput-" + round,
                            new ClusterScenario.Settings(1000, throughputClicks, 6, 0, false, "1g")).run();
                    failures.addAll(run.problems());
                    System.out.printf(Locale.ROOT, "RESULT throughput %s round=%d clicks=%d ms=%d clicks_per_s=%.0f output=%d%n",
                            e, round, throughputClicks, run.millisToProcessAll(),
                            throughputClicks * 1000.0 / run.millisToProcessAll(), run.outputRecords());
                }
                List<Scenarios.Engine> restoreOrder = new ArrayList<>(Scenarios.Engine.COMPARED);
                Collections.rotate(restoreOrder, -round);
                for (Scenarios.Engine engine : restoreOrder) {
                    String e = engine.name().toLowerCase(Locale.ROOT);
                    long ms = restore(broker, engine, e + "-restore-" + round, restoreRecords, failures);
                    System.out.printf(Locale.ROOT, "RESULT restore %s round=%d records=%d ms=%d records_per_s=%.0f%n",
                            e, round, restoreRecords, ms, restoreRecords * 1000.0 / ms);
                }
            }
        }
        if (!failures.isEmpty()) {
            System.out.println("FAILED:");
            failures.forEach(f -> System.out.println("  " + f));
            System.exit(1);
        }
        System.out.println("ALL CHECKS PASSED");
    }

    /** Builds a table of {@code records} records, wipes the instance's state and times its restore; returns ms. */
    static long restore(KafkaBroker broker, Scenarios.Engine engine, String prefix, int records, List<String> failures)
            throws Exception {
        ClusterTopology.Topics topics = new ClusterTopology.Topics(prefix);
        String applicationId = prefix + "-app";
        broker.createTopics(6, List.of(topics.big()));
        SplittableRandom random = new SplittableRandom(17);
        AtomicReference<Exception> sendFailure = new AtomicReference<>();
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap(), ProducerConfig.LINGER_MS_CONFIG, 20,
                ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024,
                // a busy machine must slow the producer down, not make it drop batches
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 600_000), new StringSerializer(), new StringSerializer())) {
            byte[] value = new byte[100];
            for (int i = 0; i < records; i++) {
                for (int j = 0; j < value.length; j++) value[j] = (byte) ('a' + random.nextInt(26));
                producer.send(new ProducerRecord<>(topics.big(), String.format("key-%012d", Long.reverse(i) >>> 20),
                        new String(value, StandardCharsets.US_ASCII)), (metadata, e) -> {
                            if (e != null) sendFailure.compareAndSet(null, e);
                        });
            }
        }
        if (sendFailure.get() != null) throw new AssertionError("producing the table's records failed", sendFailure.get());
        Path stateDir = Files.createTempDirectory("panrocks-cluster-restore");
        try {
            int port = KafkaBroker.freePort();
            ForkedJvm app = ForkedJvm.main(ClusterAppMain.class, engine.name(), broker.bootstrap(), applicationId,
                    prefix, stateDir.toString(), Integer.toString(port), "table")
                    .classPath(ClusterScenario.appClassPath(engine)).heap("1g").jvmFlags("-XX:+UseParallelGC")
                    .jvmFlags(ClusterScenario.instanceJvmFlags(engine))
                    .timeout(Duration.ofMinutes(30));
            // build the table
            try (ForkedJvm.Running builder = app.start()) {
                long until = System.nanoTime() + TimeUnit.MINUTES.toNanos(20);
                while (committed(broker, applicationId, topics.big()) < records) {
                    if (!builder.isAlive() || System.nanoTime() > until) {
                        throw new AssertionError("the table was not built: " + builder.await());
                    }
                    Thread.sleep(500);
                }
                builder.stdin().write("close\n".getBytes(StandardCharsets.UTF_8));
                builder.stdin().flush();
                builder.await().assertSuccess();
            }
            TestDirs.delete(stateDir);
            Files.createDirectories(stateDir);
            // and restore it into an empty state folder
            try (ForkedJvm.Running restorer = app.start()) {
                String running = restorer.awaitLine(l -> l.equals("STATE RUNNING"), Duration.ofMinutes(20));
                long restored = 0, first = Long.MAX_VALUE, last = 0;
                long until = System.nanoTime() + TimeUnit.MINUTES.toNanos(20);
                // every partition's restore must have ended (the state updater may still run when the client is RUNNING)
                while (restorer.isAlive() && System.nanoTime() < until) {
                    restored = 0;
                    for (String l : restorer.stdoutLines()) {
                        String[] p = l.split(" ");
                        if (p[0].equals("RESTORE-START")) first = Math.min(first, Long.parseLong(p[5]));
                        if (p[0].equals("RESTORE-END")) {
                            restored += Long.parseLong(p[3]);
                            last = Math.max(last, Long.parseLong(p[4]));
                        }
                    }
                    if (restored >= records) break;
                    Thread.sleep(250);
                }
                restorer.stdin().write("close\n".getBytes(StandardCharsets.UTF_8));
                restorer.stdin().flush();
                ForkedJvm.Result r = restorer.await();
                if (running == null || restored != records || r.exitCode() != 0) {
                    failures.add(engine + " restore: running=" + running + ", restored " + restored + " of " + records
                            + "\n" + r);
                    return -1;
                }
                return last - first;
            }
        } finally {
            TestDirs.delete(stateDir);
        }
    }

    private static long committed(KafkaBroker broker, String group, String topic) {
        try (Admin admin = broker.admin()) {
            Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata().get(30, TimeUnit.SECONDS);
            return offsets.entrySet().stream().filter(e -> e.getKey().topic().equals(topic) && e.getValue() != null)
                    .mapToLong(e -> e.getValue().offset()).sum();
        } catch (Exception e) {
            return -1;
        }
    }
}
