package io.panrocks.safety;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

/**
 * Issue 21, indexed batches: a comparator whose DB closed under a batch, a
 * batch ordered otherwise than the DB it is used with, columns of an
 * iterator over a batch that grows or closes. Each probe of
 * {@link IndexedBatchProbes} runs in a child JVM of its own and must print
 * OK: no hs_err file, no death by a signal, no hang, no wrong order or
 * bytes, no other exception than the one promised.
 */
@Tag("safety")
class IndexedBatchSafetyTest {
    static Stream<String> probes() {
        return ProbeRunner.names(IndexedBatchProbes.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("probes")
    void probe(String name) throws Exception {
        ProbeRunner.run(IndexedBatchProbes.class, name);
    }
}
