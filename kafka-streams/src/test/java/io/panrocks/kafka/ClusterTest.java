package io.panrocks.kafka;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Kafka Streams on panrocks against a real Kafka broker (KRaft, started by
 * {@link KafkaBroker} from Kafka's server classes): three instances of one
 * application (a windowed count, a stream-table join, a session count;
 * {@link ClusterTopology}) with {@code exactly_once_v2} and one standby
 * replica, each a child JVM. One instance is killed with SIGKILL while the
 * clicks flow, its tasks move to the others, and it is restarted on its old
 * state folder. The output must then be exactly what the input produces,
 * record by record (nothing lost, nothing duplicated), interactive queries
 * asked of any instance must be answered by the one holding the key, and the
 * same run on Kafka's built-in RocksDB stores must give the same output.
 *
 * <p>This is the short version (a few thousand clicks) of
 * {@code scripts/bench-kafka.sh cluster}, which also measures throughput and the
 * restore of a million-record store ({@link ClusterBenchmark}).
 */
class ClusterTest {
    static final ClusterScenario.Settings SHORT = new ClusterScenario.Settings(30, 3000, 6, 15_000, true, "384m");
    private static KafkaBroker broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = KafkaBroker.start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (broker != null) broker.close();
    }

    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void panrocksInstancesSurviveASigkillWithExactlyOnceOutput() throws Exception {
        check(new ClusterScenario(broker, Scenarios.Engine.PANROCKS, "panrocks", SHORT).run());
    }

    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void kafkasBuiltInStoresGiveTheSameOutputInTheSameScenario() throws Exception {
        check(new ClusterScenario(broker, Scenarios.Engine.BUILTIN, "builtin", SHORT).run());
    }

    private static void check(ClusterScenario.Outcome outcome) {
        assertEquals(java.util.List.of(), outcome.problems(), String.join("\n", outcome.log()));
        // the run proved something: output of every kind, queries of both stores for every user
        assertTrue(outcome.outputRecords() > 2 * SHORT.clicks(), "output records: " + outcome.outputRecords());
        assertEquals(3 * SHORT.users(), outcome.queriesAnswered());
    }
}
