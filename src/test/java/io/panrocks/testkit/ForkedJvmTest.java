package io.panrocks.testkit;

import io.panrocks.fork.Misbehave;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.*;

/** The harness itself: every way a child can go wrong is reported as such. */
class ForkedJvmTest {
    @Test
    void aHungChildIsKilledWithItsThreadDump() throws Exception {
        ForkedJvm.Result r = ForkedJvm.main(Misbehave.class, "hang").timeout(Duration.ofSeconds(5)).run();
        assertTrue(r.timedOut(), r::toString);
        assertFalse(r.crashed(), "a child we killed did not crash");
        assertTrue(r.threadDump().contains("hangForever"), r.threadDump());
        AssertionError e = assertThrows(AssertionError.class, r::assertNoCrashOrHang);
        assertTrue(e.getMessage().contains("hung") && e.getMessage().contains("hangForever"), e.getMessage());
    }

    @Test
    void aSegfaultIsReportedFromItsCrashFile() throws Exception {
        ForkedJvm.Result r = ForkedJvm.main(Misbehave.class, "segv").run();
        assertTrue(r.crashed(), r::toString);
        assertEquals(1, r.crashFiles().size(), r::toString);
        assertTrue(r.crashSummary().contains("SIGSEGV"), r.crashSummary());
        AssertionError e = assertThrows(AssertionError.class, r::assertSuccess);
        assertTrue(e.getMessage().contains("crashed") && e.getMessage().contains("SIGSEGV"), e.getMessage());
        ForkedJvm.deleteRecursively(r.workDir()); // kept for inspection; this one was on purpose
    }

    @Test
    void anAbortWithoutCrashFileIsACrashToo() throws Exception {
        ForkedJvm.Result r = ForkedJvm.main(Misbehave.class, "abort").run();
        assertEquals(6, r.signal(), r::toString);
        assertTrue(r.crashed(), r::toString);
        assertThrows(AssertionError.class, r::assertNoCrashOrHang);
        ForkedJvm.deleteRecursively(r.workDir());
    }

    @Test
    void exitCodeOutputAndLinesAsTheyCome() throws Exception {
        StringBuilder seen = new StringBuilder();
        try (ForkedJvm.Running child = ForkedJvm.main(Misbehave.class, "exit3").onStdout(seen::append).start()) {
            assertEquals("STARTED", child.awaitLine(line -> true, Duration.ofSeconds(60)));
            ForkedJvm.Result r = child.await().assertNoCrashOrHang();
            assertEquals(3, r.exitCode());
            assertEquals("leaving with 3\n", r.stderr());
            assertEquals("STARTED", seen.toString());
            assertThrows(AssertionError.class, r::assertSuccess);
        }
    }
}
