package io.panrocks.fork;

import io.panrocks.RocksDB;

import java.nio.file.Path;

/** Child JVM: opens the DB at args[0], says "OPEN", and holds it until stdin closes. */
public final class HoldOpen {
    public static void main(String[] args) throws Exception {
        try (RocksDB db = RocksDB.open(Path.of(args[0]))) {
            db.put(new byte[]{1}, new byte[]{2});
            System.out.println("OPEN");
            System.out.flush();
            while (System.in.read() >= 0) {
                // wait for the parent to let go
            }
        }
    }
}
