package io.panrocks.safety;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

/**
 * Probes beyond the list of misuse classes (see {@link AttackerProbes}): iterators
 * after a throwing visitor, cross-thread closes during channel writes,
 * zero bytes in options, stack overflows in callbacks, column families
 * dropped under load, objects of closed DBs, the Cleaner racing closes,
 * interrupts, huge MultiGets, virtual threads. Each runs in a child JVM of
 * its own, with a time limit, and must print OK.
 */
@Tag("safety")
class AttackerProbeTest {
    static Stream<String> probes() {
        return ProbeRunner.names(AttackerProbes.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("probes")
    void probe(String name) throws Exception {
        ProbeRunner.run(AttackerProbes.class, name);
    }
}
