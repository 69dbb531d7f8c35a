package io.panrocks.safety;

import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Child JVM of the safety probes: {@code ProbeMain <catalog class> <probe>}
 * runs one probe in the working folder and prints {@code OK <what happened>}
 * (exit 0), or {@code FAIL <why>} and the stack trace (exit 1). A watchdog
 * prints every thread's stack and halts with exit 3 ({@code HANG}) if the
 * probe outlives {@code -Dpanrocks.safety.watchdog.seconds} (default 75).
 */
public final class ProbeMain {
    static final int EXIT_FAILED = 1;
    static final int EXIT_HUNG = 3;

    private ProbeMain() {
    }

    public static void main(String[] args) throws Exception {
        Probe probe = catalog(args[0]).get(args[1]);
        PrintStream out = System.out;
        // rounds scale with -Dpanrocks.test.scale, and so must the time they may take
        long seconds = Long.getLong("panrocks.safety.watchdog.seconds", Math.max(75, io.panrocks.testkit.Seeds.scaled(75)));
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(Duration.ofSeconds(seconds));
            } catch (InterruptedException e) {
                return;
            }
            out.println("HANG " + probe.name() + " still running after " + seconds + " s\n" + ProbeSupport.allStacks());
            out.flush();
            Runtime.getRuntime().halt(EXIT_HUNG);
        }, "probe-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        int exit;
        try {
            String detail = probe.body().run(Path.of("").toAbsolutePath());
            out.println("OK " + probe.name() + ": " + detail);
            exit = 0;
        } catch (ProbeSupport.Hang h) {
            out.println("HANG " + probe.name() + ": " + h.getMessage());
            exit = EXIT_HUNG;
        } catch (Throwable t) {
            out.println("FAIL " + probe.name() + ": " + t);
            t.printStackTrace(out);
            exit = EXIT_FAILED;
        }
        out.flush();
        System.err.flush();
        // threads a failed probe left behind (deadlocked ones included) must not keep the JVM alive
        Runtime.getRuntime().halt(exit);
    }

    static Probe.Catalog catalog(String className) throws ReflectiveOperationException {
        Field f = Class.forName(className).getDeclaredField("PROBES");
        f.setAccessible(true);
        return (Probe.Catalog) f.get(null);
    }
}
