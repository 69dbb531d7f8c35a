package io.panrocks.safety;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

/**
 * Issue 21: restores, ingestions, SST writers, checkpoints, backup engines
 * and opens aimed at the files of a DB this process has open, under every
 * spelling of their path. Each probe of {@link OpenDbFilesProbes} runs in a
 * child JVM of its own, with a time limit, and must print OK: the promised
 * refusal, every acknowledged write intact before and after a reopen, no
 * hs_err file, no death by a signal, no hang.
 */
@Tag("safety")
class OpenDbFilesTest {
    static Stream<String> probes() {
        return ProbeRunner.names(OpenDbFilesProbes.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("probes")
    void probe(String name) throws Exception {
        ProbeRunner.run(OpenDbFilesProbes.class, name);
    }
}
