package io.panrocks;

import io.panrocks.fork.LeakLoop;
import io.panrocks.testkit.ForkedJvm;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A million operations of each kind that allocates native memory (get,
 * pinned get, iterator open/close, batch write, snapshot) keep the
 * process's memory flat. Runs in a child JVM with a fixed, pre-touched
 * heap, so resident memory moves only with native memory; also checks
 * glibc's count of malloc'd bytes, which sees a leak of even a few bytes
 * per operation.
 */
class LeakTest {
    static final int N = Integer.getInteger("panrocks.leak.operations", 1_000_000);
    /** 1M operations leaking even 16 bytes each would be 15 MiB. */
    static final long RSS_BOUND = 16L << 20;
    static final long MALLOC_BOUND = 4L << 20;

    @Test
    void memoryStaysFlatOverAMillionOperationsOfEachKind() throws Exception {
        ForkedJvm.Result r = ForkedJvm.main(LeakLoop.class, Integer.toString(N))
                .fixedHeap("256m").jvmFlags("-XX:+AlwaysPreTouch", "-XX:+UseSerialGC")
                .timeout(Duration.ofMinutes(10)).run().assertSuccess();
        int kinds = 0;
        for (String line : r.stdoutLines()) {
            if (!line.startsWith("LEAK ")) continue;
            String[] f = line.split(" ");
            long rss = Long.parseLong(f[2]), malloc = Long.parseLong(f[3]);
            System.out.printf("leak check: %,d x %s: resident %+,d KiB, malloc'd %+,d KiB%n", N, f[1], rss / 1024, malloc / 1024);
            assertTrue(rss < RSS_BOUND, f[1] + ": resident memory grew by " + rss / 1024 + " KiB");
            assertTrue(malloc < MALLOC_BOUND, f[1] + ": malloc'd memory grew by " + malloc / 1024 + " KiB");
            kinds++;
        }
        assertEquals(5, kinds, r::toString);
    }
}
