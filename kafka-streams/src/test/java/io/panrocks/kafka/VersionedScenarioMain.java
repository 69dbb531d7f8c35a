package io.panrocks.kafka;

import java.util.ArrayList;
import java.util.List;

/**
 * Child-JVM entry of {@link VersionedStoreDifferentialTest}: runs the
 * versioned-store scripts and join scenarios on one engine and prints their
 * transcripts. Arguments: {@code <PANROCKS|BUILTIN> <run>...}, a run being
 * {@code kafka:<case>}, {@code random:<seed>:<ops>} or {@code join:<seed>}.
 * Unmet expectations of Kafka's cases are printed as {@code !!!} lines.
 */
public final class VersionedScenarioMain {
    private VersionedScenarioMain() {
    }

    public static void main(String[] args) throws Exception {
        VersionedScripts.Engine engine = VersionedScripts.Engine.valueOf(args[0]);
        for (int i = 1; i < args.length; i++) {
            List<String> failures = new ArrayList<>();
            List<String> lines = VersionedStoreDifferentialTest.run(args[i], engine, failures);
            System.out.println("### " + args[i] + " " + lines.size());
            for (String line : lines) System.out.println(line);
            for (String f : failures) System.out.println("!!! " + f);
        }
        System.out.println("### end");
    }
}
