package io.panrocks.safety;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

/**
 * Issue 21, TTL DBs: values without DBWithTTL's timestamp through every
 * read path, Java compaction filters under DBWithTTL's wrapper. Each probe
 * of {@link TtlProbes} runs in a child JVM of its own and must print OK:
 * no hs_err file, no death by a signal, no hang, no JDK exception where
 * RocksDB's Corruption is promised.
 */
@Tag("safety")
class TtlSafetyTest {
    static Stream<String> probes() {
        return ProbeRunner.names(TtlProbes.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("probes")
    void probe(String name) throws Exception {
        ProbeRunner.run(TtlProbes.class, name);
    }
}
