package io.panrocks.fork;

import io.panrocks.InfoLogLevel;
import io.panrocks.Logger;
import io.panrocks.Options;
import io.panrocks.RocksDB;

import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static io.panrocks.testkit.TestBytes.bytes;

/**
 * Child JVM of LoggerTest: a Java logger that only the DB refers to, under
 * garbage collection and writes from several threads, then closed while
 * RocksDB's threads log, then replaced by one that throws Errors. Prints
 * "OK delivered-before-close delivered-after-close background-messages".
 */
public final class LoggerChild {
    static final AtomicLong DELIVERED = new AtomicLong();
    static final AtomicLong BACKGROUND = new AtomicLong();

    static final class Counting extends Logger {
        Counting() {
            super(InfoLogLevel.DEBUG_LEVEL);
        }

        @Override
        protected void log(InfoLogLevel logLevel, String logMsg) {
            DELIVERED.incrementAndGet();
            if (!Thread.currentThread().getName().startsWith("main") && !Thread.currentThread().getName().startsWith("writer")) {
                BACKGROUND.incrementAndGet();
            }
            byte[] garbage = new byte[1024]; // work the collector while RocksDB's threads log
            garbage[0] = (byte) logMsg.length();
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("panrocks-logger");
        Counting logger = new Counting();
        WeakReference<Logger> forgotten = new WeakReference<>(logger);
        Options o = new Options().setCreateIfMissing(true).setLogger(logger)
                .setWriteBufferSize(64 << 10).setLevel0FileNumCompactionTrigger(2);
        RocksDB db = RocksDB.open(o, dir);
        o = null;
        logger = null; // only the DB refers to it now
        write(db, "first", 4);
        for (int i = 0; i < 5; i++) System.gc();
        if (forgotten.get() == null) throw new AssertionError("the DB let its logger be collected");
        write(db, "second", 4);
        db.flush();
        long before = DELIVERED.get();
        // closed while RocksDB's threads work and log
        Thread closer = new Thread(() -> {
            Logger l = forgotten.get();
            if (l != null) l.close();
        });
        Thread[] writers = startWriters(db, "third", 4);
        closer.start();
        closer.join();
        for (Thread t : writers) t.join();
        Thread.sleep(200); // calls that passed the closed check before close() returned are over
        long mark = DELIVERED.get();
        write(db, "after", 2);
        db.compactRange();
        db.flush();
        db.close();
        long afterClose = DELIVERED.get() - mark;

        // a logger that throws Errors on every message, on every thread
        Logger throwing = new Logger(InfoLogLevel.DEBUG_LEVEL) {
            @Override
            protected void log(InfoLogLevel logLevel, String logMsg) {
                throw new OutOfMemoryError("simulated, from the logger");
            }
        };
        try (RocksDB again = RocksDB.open(new Options().setLogger(throwing).setWriteBufferSize(64 << 10), dir)) {
            write(again, "fourth", 2);
            again.compactRange();
            if (again.callbackFailureCount() == 0) throw new AssertionError("the Errors were not counted");
            if (again.get(bytes("first-0-0")) == null) throw new AssertionError("data lost");
        }
        System.out.println("OK " + before + " " + afterClose + " " + BACKGROUND.get());
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        System.exit(0); // RocksDB's threads ran upcalls: the exit must not hang
    }

    static void write(RocksDB db, String prefix, int threads) throws InterruptedException {
        for (Thread t : startWriters(db, prefix, threads)) t.join();
    }

    static Thread[] startWriters(RocksDB db, String prefix, int threads) {
        List<Thread> all = new ArrayList<>();
        byte[] value = new byte[512];
        for (int w = 0; w < threads; w++) {
            int id = w;
            Thread t = new Thread(() -> {
                try {
                    for (int i = 0; i < 2000; i++) db.put(bytes(prefix + "-" + id + "-" + i), value);
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            }, "writer-" + w);
            t.start();
            all.add(t);
        }
        return all.toArray(new Thread[0]);
    }
}
