package io.panrocks.kafka.conformance;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;

/**
 * The tests of Kafka's store suites that do not run on panrocks, each by
 * name with its reason (the same list is in docs/migration.md). Only two
 * kinds of test may be here: one that asserts Kafka's own on-disk layout,
 * and one that casts a store to Kafka's internal classes. No test of Kafka's
 * is overridden either: panrocks' stores keep Kafka's contract by default,
 * and where panrocks can be stricter it is a store option, off by default
 * ({@code PanrocksStoreOptions.strictLifecycle}), tested on its own.
 *
 * <p>Every test of {@code AbstractKeyValueStoreTest},
 * {@code AbstractWindowBytesStoreTest} and {@code AbstractSessionBytesStoreTest}
 * runs; of {@code AbstractRocksDBWindowStoreTest}'s own six, the five below
 * are left out and {@code shouldOnlyIterateOpenSegments} runs.
 *
 * <p>A test is named {@code <Kafka suite class>#<method>}: the class that
 * declares the method, so a panrocks test of the same name would never be
 * excluded.
 *
 * <p>Also a class-level condition: the window suites' fixture needs
 * RocksJava's classes (see {@code PanrocksWindowSuite}), which only the
 * module's {@code kafka-window-suites} test execution has; in any other
 * they are skipped, saying where they run.
 */
public final class KafkaSuiteExclusions implements ExecutionCondition {
    private static final String LAYOUT = "asserts Kafka's on-disk layout (one RocksDB directory per segment, named"
            + " by Kafka's KeyValueSegments); a panrocks window store is one DB with its segments as key prefixes";

    /** Kafka suite class simple name + "#" + test method name, to the reason it cannot run on panrocks. */
    static final Map<String, String> EXCLUDED = Map.of(
            "AbstractRocksDBWindowStoreTest#testRolling", LAYOUT,
            "AbstractRocksDBWindowStoreTest#testSegmentMaintenance", LAYOUT,
            "AbstractRocksDBWindowStoreTest#testInitialLoading", LAYOUT
                    + " (it creates Kafka's segment directories by hand and expects them opened or deleted)",
            "AbstractRocksDBWindowStoreTest#testRestore", LAYOUT
                    + " (it checks the restored segment directories)",
            "AbstractRocksDBWindowStoreTest#shouldMatchPositionAfterPut", "casts the store to Kafka's internal"
                    + " WrappedStateStore and RocksDBWindowStore to read the position of the innermost store; the"
                    + " same position is asserted through getPosition() in"
                    + " WindowStoreSuite.positionMatchesAfterPutThroughThePublicApi");

    private static final String FIXTURE_NEEDS = "org.rocksdb.RocksDBException";

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Optional<Method> method = context.getTestMethod();
        if (method.isEmpty()) return classCondition(context);
        String name = method.get().getDeclaringClass().getSimpleName() + "#" + method.get().getName();
        String reason = EXCLUDED.get(name);
        return reason == null ? ConditionEvaluationResult.enabled(name + " runs on panrocks")
                : ConditionEvaluationResult.disabled("Kafka's " + name + " is excluded on panrocks: " + reason);
    }

    private static ConditionEvaluationResult classCondition(ExtensionContext context) {
        Optional<Class<?>> type = context.getTestClass();
        boolean windowSuite = type.isPresent()
                && org.apache.kafka.streams.state.internals.PanrocksWindowSuite.class.isAssignableFrom(type.get());
        if (!windowSuite) return ConditionEvaluationResult.enabled("not a window suite");
        try {
            Class.forName(FIXTURE_NEEDS, false, KafkaSuiteExclusions.class.getClassLoader());
            return ConditionEvaluationResult.enabled("RocksJava's classes are on the class path");
        } catch (ClassNotFoundException e) {
            return ConditionEvaluationResult.disabled("Kafka's window suites run in the kafka-window-suites test"
                    + " execution (kafka-streams/pom.xml): their fixture needs RocksJava's classes, which this one"
                    + " keeps off the class path");
        }
    }
}
