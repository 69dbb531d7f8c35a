package io.panrocks.fork;

import io.panrocks.RocksDB;

import java.nio.file.Files;
import java.nio.file.Path;

/** Child JVM: opens a DB, does a round trip, prints the engine version. */
public final class PrintEngineVersion {
    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("panrocks-child");
        try (RocksDB db = RocksDB.open(dir)) {
            db.put(new byte[]{1}, new byte[]{2});
            if (db.get(new byte[]{1})[0] != 2) throw new AssertionError("round trip");
        }
        System.out.println("engine " + RocksDB.engineVersion());
    }
}
