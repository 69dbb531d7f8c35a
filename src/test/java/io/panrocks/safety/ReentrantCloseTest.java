package io.panrocks.safety;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

/**
 * Issue 11, class 3: closes and moves from inside callbacks.
 * Each probe of {@link ReentrancyProbes} runs in a child JVM of its own, with a time
 * limit, and must print OK: no hs_err file, no death by a signal, no hang,
 * no wrong bytes, no other exception than the one promised.
 */
@Tag("safety")
class ReentrantCloseTest {
    static Stream<String> probes() {
        return ProbeRunner.names(ReentrancyProbes.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("probes")
    void probe(String name) throws Exception {
        ProbeRunner.run(ReentrancyProbes.class, name);
    }
}
