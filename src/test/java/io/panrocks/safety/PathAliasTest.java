package io.panrocks.safety;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

/**
 * Issue 11, class 4: the same DB opened twice through a path alias.
 * Each probe of {@link PathAliasProbes} runs in a child JVM of its own, with a time
 * limit, and must print OK: no hs_err file, no death by a signal, no hang,
 * no wrong bytes, no other exception than the one promised.
 */
@Tag("safety")
class PathAliasTest {
    static Stream<String> probes() {
        return ProbeRunner.names(PathAliasProbes.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("probes")
    void probe(String name) throws Exception {
        ProbeRunner.run(PathAliasProbes.class, name);
    }
}
