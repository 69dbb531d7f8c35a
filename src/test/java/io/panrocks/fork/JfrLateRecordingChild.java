package io.panrocks.fork;

import io.panrocks.Options;
import io.panrocks.RocksDB;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Child JVM: a DB opened and used with no recording (panrocks' event classes
 * loaded, JFR not started), then a recording started in the running JVM, as
 * {@code jcmd JFR.start} would: the DB opened before it must deliver events
 * to it. Prints the counts of the events read back, and whether JFR was
 * initialized before the recording.
 */
public final class JfrLateRecordingChild {
    public static void main(String[] args) throws Exception {
        System.setProperty("panrocks.jfr.slowReadSampling", "1");
        byte[] key = "key".getBytes(StandardCharsets.UTF_8);
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), Path.of(args[0], "db"))) {
            db.put(key, new byte[7]);
            db.flush();
            for (int i = 0; i < 10; i++) db.get(key);
            System.out.println("initialized-before=" + jdk.jfr.FlightRecorder.isInitialized());
            List<RecordedEvent> events;
            try (Recording r = new Recording()) {
                r.enable("io.panrocks.SlowRead").withThreshold(Duration.ZERO);
                r.start();
                db.put(key, new byte[7]);
                db.flush();
                for (int i = 0; i < 10; i++) db.get(key);
                r.stop();
                Path file = Path.of(args[0], "late.jfr");
                r.dump(file);
                events = RecordingFile.readAllEvents(file);
            }
            long flushes = events.stream().filter(e -> e.getEventType().getName().equals("io.panrocks.Flush")).count();
            long reads = events.stream().filter(e -> e.getEventType().getName().equals("io.panrocks.SlowRead")
                    && e.getLong("valueLength") == 7 && e.getLong("keyLength") == 3).count();
            System.out.println("flushes=" + flushes + " reads=" + reads);
        }
    }
}
