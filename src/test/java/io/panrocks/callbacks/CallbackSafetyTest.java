package io.panrocks.callbacks;

import io.panrocks.fork.CallbackMisbehaviour;
import io.panrocks.testkit.ForkedJvm;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Callbacks that would end the JVM if anything escaped an upcall (stack
 * overflows, out of memory, on the caller's and on RocksDB's threads), a
 * comparator whose failure contradicts its order, and a forgotten DB with
 * callbacks: each in its own JVM, which must exit normally with the
 * documented outcome and no hs_err file.
 */
class CallbackSafetyTest {
    @ParameterizedTest
    @ValueSource(strings = {"stack-overflow-in-comparator", "out-of-memory-in-merge",
            "stack-overflow-in-filter-and-listener", "throwing-reverse-comparator", "forgotten-db-with-callbacks",
            "system-exit-after-callbacks-on-rocksdbs-threads"})
    void misbehavingCallbacksNeverCrashTheJvm(String scenario) throws Exception {
        ForkedJvm.Result r = ForkedJvm.main(CallbackMisbehaviour.class, scenario).heap("256m").run().assertSuccess();
        assertTrue(r.stdout().lines().anyMatch(l -> l.startsWith("OK ")), r::toString);
        System.out.println(scenario + ": " + r.stdout().lines().filter(l -> l.startsWith("OK ")).findFirst().orElse(""));
    }
}
