package io.panrocks.safety;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

/** Segments mapped from a file that is truncated under them (see {@link MappedSegmentProbes}), each probe in a child JVM. */
class MappedSegmentTest {
    static Stream<String> probes() {
        return ProbeRunner.names(MappedSegmentProbes.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("probes")
    void probe(String name) throws Exception {
        ProbeRunner.run(MappedSegmentProbes.class, name);
    }
}
