package io.panrocks.matrix;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Planted probes that prove the matrix's machinery sees what it must: a
 * probe that passes, one that ends in a wrong outcome, one that crashes the
 * child JVM (a write to address 0) and one that never returns. They are
 * never part of the matrix's plan; {@code MisuseMatrixTest.theMatrixDetectsPlantedCrashesHangsAndWrongOutcomes}
 * runs them through the same runner and checks each is reported as what it
 * is, and that the probes after a crash or a hang still run.
 */
final class SelfCheck {
    static final String KIND = "self-check";

    private SelfCheck() {
    }

    static ProbeId id(String what, int n) {
        return new ProbeId(KIND, "SelfCheck", "planted", what, Integer.toString(n));
    }

    static Probes.Verdict run(ProbeId id) {
        switch (id.member()) {
            case "pass" -> {
                return Probes.Verdict.pass("as planted");
            }
            case "wrong" -> {
                return Probes.Verdict.fail("a planted wrong outcome");
            }
            case "crash" -> {
                // SIGSEGV: what a use-after-free in the engine looks like to the JVM
                MemorySegment.NULL.reinterpret(8).set(ValueLayout.JAVA_LONG, 0, 42L);
                return Probes.Verdict.fail("survived a write to address 0");
            }
            case "hang" -> {
                while (true) {
                    try {
                        Thread.sleep(60_000);
                    } catch (InterruptedException ignored) {
                        // hangs on, as a deadlocked call would
                    }
                }
            }
            default -> throw new IllegalArgumentException(id.member());
        }
    }
}
