package io.panrocks.matrix;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Child JVM of the misuse matrix: {@code MatrixMain <file of probe ids>}
 * runs the probes in order, unit by unit, and prints {@code TRY <id>}
 * before each and {@code RESULT <id> PASS|FAIL <detail>} after it. A
 * watchdog prints {@code HANG <id>} with every thread's stack and halts
 * the JVM (exit 3) when one probe runs longer than
 * {@code -Dpanrocks.matrix.probe.seconds} (default 30); a crash ends the
 * JVM with the last TRY unanswered. Either way the parent starts a new
 * child for the probes after it.
 */
public final class MatrixMain {
    static final int EXIT_HUNG = 3;

    private MatrixMain() {
    }

    private static volatile String current = "(starting)";
    private static volatile long since = System.nanoTime();

    public static void main(String[] args) throws Exception {
        PrintStream out = System.out;
        List<ProbeId> ids = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(args[0]))) if (!line.isBlank()) ids.add(ProbeId.parse(line));
        long limit = Long.getLong("panrocks.matrix.probe.seconds", 30) * 1_000_000_000L;
        Thread watchdog = new Thread(() -> {
            while (true) {
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    return;
                }
                if (System.nanoTime() - since > limit) {
                    synchronized (out) {
                        out.println("HANG " + current + " still running after " + limit / 1_000_000_000L + " s");
                        out.println(allStacks().replace("\n", "\nSTACK "));
                        out.flush();
                    }
                    Runtime.getRuntime().halt(EXIT_HUNG);
                }
            }
        }, "matrix-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        Path root = Path.of("").toAbsolutePath();
        int n = 0;
        Probes.Reporter reporter = new Probes.Reporter() {
            @Override
            public void started(String id) {
                current = id;
                since = System.nanoTime();
                synchronized (out) {
                    out.println("TRY " + id);
                    out.flush();
                }
            }

            @Override
            public void finished(ProbeId id, Probes.Verdict v) {
                String detail = v.detail().replace('\n', ' ').replace('\r', ' ');
                synchronized (out) {
                    out.println("RESULT " + id + " " + (v.passed() ? "PASS" : "FAIL") + " " + detail);
                    out.flush();
                }
                since = System.nanoTime();
            }
        };
        for (Map.Entry<String, List<ProbeId>> unit : Plan.byUnit(ids).entrySet()) {
            Probes.runUnit(unit.getValue(), Files.createDirectories(root.resolve("unit-" + n++)), reporter);
        }
        current = "(done)";
        out.println("DONE");
        out.flush();
        // threads a probe left behind must not keep the JVM alive
        Runtime.getRuntime().halt(0);
    }

    static String allStacks() {
        StringBuilder s = new StringBuilder();
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            s.append('"').append(e.getKey().getName()).append("\" ").append(e.getKey().getState()).append('\n');
            for (StackTraceElement f : e.getValue()) s.append("\tat ").append(f).append('\n');
        }
        return s.toString();
    }
}
