package io.panrocks.safety;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

/**
 * multiGetEntity's PinnedEntities: views of a forgotten result, use after
 * close and foreign closes ({@link EntityBatchProbes}), each probe in a child
 * JVM of its own, with a time limit: it must print OK (no crash, no hang, no
 * wrong bytes, no other exception than the one promised).
 */
@Tag("safety")
class EntityBatchSafetyTest {
    static Stream<String> probes() {
        return ProbeRunner.names(EntityBatchProbes.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("probes")
    void probe(String name) throws Exception {
        ProbeRunner.run(EntityBatchProbes.class, name);
    }
}
