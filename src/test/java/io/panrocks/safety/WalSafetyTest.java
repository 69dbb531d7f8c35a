package io.panrocks.safety;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

/**
 * Issue 23, the WAL walk: each probe of {@link WalProbes} runs in a child
 * JVM of its own and must print OK: no hs_err file, no death by a signal, no
 * hang, no batch out of order or with other bytes, no other exception than
 * the one promised.
 */
@Tag("safety")
class WalSafetyTest {
    static Stream<String> probes() {
        return ProbeRunner.names(WalProbes.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("probes")
    void probe(String name) throws Exception {
        ProbeRunner.run(WalProbes.class, name);
    }
}
