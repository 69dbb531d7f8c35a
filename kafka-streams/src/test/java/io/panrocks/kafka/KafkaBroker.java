package io.panrocks.kafka;

import io.panrocks.testkit.ForkedJvm;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Uuid;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real Kafka broker for the cluster tests: one KRaft node, broker and
 * controller combined, started from Kafka's own server classes in a child
 * JVM ({@code kafka.tools.StorageTool format}, then {@code kafka.Kafka}),
 * on free local ports, with its logs in a temporary folder. Sized for one
 * node: every internal topic has one replica; consumer groups start
 * rebalancing at once.
 */
final class KafkaBroker implements AutoCloseable {
    private final Path dir;
    private final ForkedJvm.Running process;
    private final String bootstrap;

    private KafkaBroker(Path dir, ForkedJvm.Running process, String bootstrap) {
        this.dir = dir;
        this.process = process;
        this.bootstrap = bootstrap;
    }

    /** Formats a fresh log folder, starts the node and waits until it answers (at most a minute). */
    static KafkaBroker start() throws Exception {
        Path dir = Files.createTempDirectory("panrocks-kafka-broker");
        int brokerPort = freePort();
        int controllerPort = freePort();
        String bootstrap = "localhost:" + brokerPort;
        Path config = dir.resolve("server.properties");
        Files.writeString(config, String.join("\n",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.voters=1@localhost:" + controllerPort,
                "listeners=PLAINTEXT://localhost:" + brokerPort + ",CONTROLLER://localhost:" + controllerPort,
                "advertised.listeners=PLAINTEXT://localhost:" + brokerPort,
                "controller.listener.names=CONTROLLER",
                "inter.broker.listener.name=PLAINTEXT",
                "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                "log.dirs=" + dir.resolve("logs"),
                "num.partitions=1",
                "auto.create.topics.enable=false",
                "offsets.topic.replication.factor=1",
                "offsets.topic.num.partitions=3",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "transaction.state.log.num.partitions=3",
                "share.coordinator.state.topic.replication.factor=1",
                "share.coordinator.state.topic.min.isr=1",
                "group.initial.rebalance.delay.ms=0",
                // a consumer killed with SIGKILL is noticed after its session timeout: let it be short
                "group.min.session.timeout.ms=2000",
                "log.cleaner.dedupe.buffer.size=4194304",
                ""));
        ForkedJvm.Result formatted = ForkedJvm.main(Class.forName("kafka.tools.StorageTool"), "format",
                "-t", Uuid.randomUuid().toString(), "-c", config.toString())
                .classPath(classPath()).heap("256m").timeout(Duration.ofMinutes(2)).run();
        formatted.assertSuccess();

        ForkedJvm.Running process = ForkedJvm.main(Class.forName("kafka.Kafka"), config.toString())
                .classPath(classPath()).heap("768m").timeout(Duration.ofHours(2)).workDir(dir.resolve("work"))
                .start();
        KafkaBroker broker = new KafkaBroker(dir, process, bootstrap);
        try {
            broker.awaitReady(Duration.ofMinutes(1));
        } catch (Exception | AssertionError e) {
            broker.close();
            throw e;
        }
        return broker;
    }

    String bootstrap() {
        return bootstrap;
    }

    Admin admin() {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 30_000));
    }

    void createTopics(int partitions, List<String> names) throws Exception {
        try (Admin admin = admin()) {
            admin.createTopics(names.stream().map(n -> new NewTopic(n, partitions, (short) 1)).toList())
                    .all().get(1, TimeUnit.MINUTES);
        }
    }

    private void awaitReady(Duration wait) throws Exception {
        long until = System.nanoTime() + wait.toNanos();
        Exception last = null;
        while (System.nanoTime() < until) {
            if (!process.isAlive()) throw new AssertionError("the broker died:\n" + process.await());
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                    AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 5_000,
                    AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000))) {
                if (!admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).isEmpty()) return;
            } catch (Exception e) {
                last = e;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the broker did not answer in " + wait.toSeconds() + " s: " + last);
    }

    /** The broker's class path: Kafka's server and its dependencies (the module's test class path, minus RocksJava). */
    static Path[] classPath() {
        return UncleanStopTest.childClassPath();
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        }
    }

    @Override
    public void close() throws Exception {
        try {
            process.close();
        } finally {
            TestDirs.delete(dir);
        }
    }
}
