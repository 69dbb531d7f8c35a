package io.panrocks.differential;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs the script on one engine and writes its transcript:
 * {@code <panrocks|rocksjava> seed operations dbDir transcript [plain|pessimistic|optimistic]}.
 */
public final class DifferentialMain {
    private DifferentialMain() {
    }

    public static void main(String[] args) throws Exception {
        String engine = args[0];
        long seed = Long.parseLong(args[1]);
        int operations = Integer.parseInt(args[2]);
        Path db = Path.of(args[3]);
        String mode = args.length > 5 ? args[5] : "plain";
        Files.createDirectories(db);
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(Path.of(args[4])));
             Engine e = engine.equals("rocksjava") ? new RocksJavaEngine(db, mode) : new PanrocksEngine(db, mode)) {
            new Script(seed, operations, mode).run(e, out);
        }
    }
}
