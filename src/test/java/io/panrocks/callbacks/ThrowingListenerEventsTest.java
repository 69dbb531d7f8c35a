package io.panrocks.callbacks;

import io.panrocks.fork.ThrowingListenerEvents;
import io.panrocks.testkit.ForkedJvm;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A listener that throws (exceptions, errors, a stack overflow) from every
 * later event RocksJava has, file I/O and error recovery included, in a
 * child JVM: it must end normally, its DB working, with no hs_err file.
 */
class ThrowingListenerEventsTest {
    @Test
    void aListenerThrowingFromEveryLaterEventNeitherCrashesNorHangsTheEngine() throws Exception {
        ForkedJvm.Result r = ForkedJvm.main(ThrowingListenerEvents.class).heap("256m").run().assertSuccess();
        assertTrue(r.stdout().lines().anyMatch(l -> l.startsWith("OK ")), r::toString);
    }
}
