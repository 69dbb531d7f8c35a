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
 * <p>Today the list is empty: every test of {@code AbstractKeyValueStoreTest},
 * {@code AbstractWindowBytesStoreTest} and {@code AbstractSessionBytesStoreTest}
 * runs. The tests that would be here are those of Kafka's
 * {@code AbstractRocksDBWindowStoreTest}, which is not subclassed at all: its
 * fixture is a RocksJava class, which cannot load on the panrocks side
 * (see {@code PanrocksWindowSuite}).
 *
 * <p>A test is named {@code <Kafka suite class>#<method>}: the class that
 * declares the method, so a panrocks override of it is never excluded.
 */
public final class KafkaSuiteExclusions implements ExecutionCondition {
    /** Kafka suite class simple name + "#" + test method name, to the reason it cannot run on panrocks. */
    static final Map<String, String> EXCLUDED = Map.of();

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Optional<Method> method = context.getTestMethod();
        if (method.isEmpty()) return ConditionEvaluationResult.enabled("not a test method");
        String name = method.get().getDeclaringClass().getSimpleName() + "#" + method.get().getName();
        String reason = EXCLUDED.get(name);
        return reason == null ? ConditionEvaluationResult.enabled(name + " runs on panrocks")
                : ConditionEvaluationResult.disabled("Kafka's " + name + " is excluded on panrocks: " + reason);
    }
}
