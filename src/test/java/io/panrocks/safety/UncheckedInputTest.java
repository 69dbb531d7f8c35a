package io.panrocks.safety;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

/**
 * Issue 11, class 6: inputs that reach native code unchecked.
 * Each probe of {@link InputProbes} runs in a child JVM of its own, with a time
 * limit, and must print OK: no hs_err file, no death by a signal, no hang,
 * no wrong bytes, no other exception than the one promised.
 */
@Tag("safety")
class UncheckedInputTest {
    static Stream<String> probes() {
        return ProbeRunner.names(InputProbes.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("probes")
    void probe(String name) throws Exception {
        ProbeRunner.run(InputProbes.class, name);
    }
}
