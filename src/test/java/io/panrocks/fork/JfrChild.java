package io.panrocks.fork;

import io.panrocks.Options;
import io.panrocks.RocksDB;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Child JVM: flushes the same 100 keys twice into a DB at args[0] (level-0 triggers of 2, so
 * a compaction follows), reads, closes, and prints whether JFR was ever
 * initialized in this JVM (it is only if a recording was asked for: panrocks
 * itself never starts JFR).
 */
public final class JfrChild {
    public static void main(String[] args) throws Exception {
        Options o = new Options().setCreateIfMissing(true).setLevel0FileNumCompactionTrigger(2);
        try (RocksDB db = RocksDB.open(o, Path.of(args[0]))) {
            for (int round = 0; round < 2; round++) {
                // the same keys twice: the compaction of the two files merges 200 records into 100
                for (int i = 0; i < 100; i++) db.put(("k1-" + i).getBytes(StandardCharsets.UTF_8), new byte[10]);
                db.flush();
            }
            db.compactRange();
            for (int i = 0; i < 100; i++) {
                if (db.get(("k1-" + i).getBytes(StandardCharsets.UTF_8)).length != 10) throw new AssertionError("read");
            }
        }
        System.out.println("jfr-initialized=" + jdk.jfr.FlightRecorder.isInitialized());
    }
}
