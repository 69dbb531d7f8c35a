package io.panrocks.fork;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Child JVM of the harness's own test: misbehaves as args[0] says ("hang",
 * "segv", "abort", "exit3"), after printing "STARTED".
 */
public final class Misbehave {
    public static void main(String[] args) throws Exception {
        System.out.println("STARTED");
        System.out.flush();
        switch (args[0]) {
            case "hang" -> hangForever();
            case "segv" -> System.out.println(MemorySegment.ofAddress(8).reinterpret(8).get(ValueLayout.JAVA_LONG, 0));
            case "abort" -> new ProcessBuilder("kill", "-ABRT", Long.toString(ProcessHandle.current().pid()))
                    .inheritIO().start().waitFor();
            case "exit3" -> {
                System.err.println("leaving with 3");
                System.exit(3);
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
        Thread.sleep(60_000); // an abort takes a moment to arrive
    }

    static void hangForever() throws InterruptedException {
        while (true) Thread.sleep(1_000);
    }
}
