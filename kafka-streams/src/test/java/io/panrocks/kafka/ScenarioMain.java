package io.panrocks.kafka;

import java.util.List;

/**
 * Child-JVM entry of the identical-output test: runs scenarios with one
 * engine's stores and prints their transcripts.
 * Arguments: {@code <PANROCKS|BUILTIN> <seed> <scenario:caching[:headers]>...}.
 */
public final class ScenarioMain {
    private ScenarioMain() {
    }

    public static void main(String[] args) throws Exception {
        Scenarios.Engine engine = Scenarios.Engine.valueOf(args[0]);
        long seed = Long.parseLong(args[1]);
        for (int i = 2; i < args.length; i++) {
            String[] run = args[i].split(":");
            List<String> lines = Scenarios.run(run[0], engine, seed, Boolean.parseBoolean(run[1]),
                    run.length > 2 && run[2].equals("headers"));
            System.out.println("### " + args[i] + " " + lines.size());
            for (String line : lines) System.out.println(line);
        }
        System.out.println("### end");
    }
}
