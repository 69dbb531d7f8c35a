package io.panrocks.safety;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

/**
 * Issue 11, class 6: a value over 2 GiB through the byte[] forms (see
 * {@link HugeValueProbes}). Heavy (about 6 GiB of native memory), so it
 * runs only with {@code -Dpanrocks.safety.huge=true}.
 */
@Tag("safety")
@EnabledIfSystemProperty(named = "panrocks.safety.huge", matches = "true")
class HugeValueTest {
    static Stream<String> probes() {
        return ProbeRunner.names(HugeValueProbes.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("probes")
    void probe(String name) throws Exception {
        ProbeRunner.run(HugeValueProbes.class, name);
    }
}
