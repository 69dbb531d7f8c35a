package io.panrocks.safety;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

/**
 * Issue 21, items 3, 4 and 9: each probe of {@link TransactionLimitProbes}
 * runs in a child JVM of its own, with a time limit, and must print OK: no
 * hs_err file, no death by a signal, no hang, no other outcome than the one
 * promised.
 */
@Tag("safety")
class TransactionLimitTest {
    static Stream<String> probes() {
        return ProbeRunner.names(TransactionLimitProbes.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("probes")
    void probe(String name) throws Exception {
        ProbeRunner.run(TransactionLimitProbes.class, name);
    }
}
