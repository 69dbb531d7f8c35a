package io.panrocks.safety;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

/**
 * Issue 21, item 10: each probe of {@link CallbackExitProbes} runs in a
 * child JVM of its own, with a time limit, and must print OK (the exit
 * probes: from the shutdown hook, then exit with status 0): no hs_err file,
 * no death by a signal, no hang.
 */
@Tag("safety")
class CallbackExitTest {
    static Stream<String> probes() {
        return ProbeRunner.names(CallbackExitProbes.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("probes")
    void probe(String name) throws Exception {
        ProbeRunner.run(CallbackExitProbes.class, name);
    }
}
