package io.panrocks.fork;

import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.WriteOptions;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Child JVM: the primary a secondary follows. Opens (creating) the DB at
 * args[0], says "OPEN", then obeys stdin, one command a line:
 * "put FROM TO" writes keys k%06d in [FROM, TO) with value "v" + i and says
 * "ACK TO"; "flush" flushes and says "FLUSHED"; end of input closes the DB.
 */
public final class PrimaryWriter {
    public static void main(String[] args) throws Exception {
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), Path.of(args[0]));
             BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            System.out.println("OPEN");
            System.out.flush();
            for (String line; (line = in.readLine()) != null;) {
                String[] cmd = line.trim().split(" ");
                switch (cmd[0]) {
                    case "put" -> {
                        int from = Integer.parseInt(cmd[1]), to = Integer.parseInt(cmd[2]);
                        for (int i = from; i < to; i++) {
                            db.put(WriteOptions.DEFAULT, String.format("k%06d", i).getBytes(StandardCharsets.UTF_8),
                                    ("v" + i).getBytes(StandardCharsets.UTF_8));
                        }
                        System.out.println("ACK " + to);
                    }
                    case "flush" -> {
                        db.flush();
                        System.out.println("FLUSHED");
                    }
                    default -> System.out.println("UNKNOWN " + line);
                }
                System.out.flush();
            }
        }
    }
}
