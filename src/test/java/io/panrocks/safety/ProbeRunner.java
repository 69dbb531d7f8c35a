package io.panrocks.safety;

import io.panrocks.testkit.ForkedJvm;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/** The test side of the safety probes: runs one probe of a catalog in its own child JVM and judges it. */
final class ProbeRunner {
    private ProbeRunner() {
    }

    static Stream<String> names(Class<?> catalog) {
        try {
            return ProbeMain.catalog(catalog.getName()).all().stream().map(Probe::name);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Runs the probe in a child JVM (its own working folder, hs_err file
     * there) and fails unless it printed OK: a crash (hs_err file, or death
     * by a signal such as abort()), a hang (the probe's watchdog, or the
     * child's time limit, with a thread dump), a wrong result or a wrong
     * exception each fail with what the child said.
     */
    static void run(Class<?> catalog, String name) throws Exception {
        Probe probe = ProbeMain.catalog(catalog.getName()).get(name);
        ForkedJvm.Result r = ForkedJvm.main(ProbeMain.class, catalog.getName(), name)
                .jvmFlags(probe.jvmFlags())
                .forwardSystemProperties("panrocks.")
                .timeout(probe.timeout())
                .run();
        String outcome = r.stdoutLines().stream()
                .filter(l -> l.startsWith("OK ") || l.startsWith("FAIL ") || l.startsWith("HANG "))
                .findFirst().orElse("DIED " + name + " before it could give a verdict");
        System.out.println("[" + catalog.getSimpleName() + "] " + outcome + " (" + r.elapsed().toMillis() + " ms)");
        r.assertNoCrashOrHang();
        if (r.exitCode() == ProbeMain.EXIT_HUNG) fail("probe hung: " + outcome + "\n" + r);
        assertEquals(0, r.exitCode(), () -> outcome + "\n" + r);
        assertTrue(outcome.startsWith("OK "), r::toString);
        // a probe that needs what this machine does not allow (a bind mount as root) says so, and is skipped
        org.junit.jupiter.api.Assumptions.assumeFalse(outcome.contains(": SKIPPED: "), outcome);
    }
}
