package io.panrocks.callbacks;

import io.panrocks.DBOptions;
import io.panrocks.InfoLogLevel;
import io.panrocks.Logger;
import io.panrocks.LoggerType;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.fork.LoggerChild;
import io.panrocks.testkit.ForkedJvm;
import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Java info loggers (RocksJava's Logger, setLogger) on the real engine: what they get, levels, failures, lifetime. */
class LoggerTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();

    /** Records every message with its level and thread. */
    static final class Recording extends Logger {
        final List<String> messages = new CopyOnWriteArrayList<>();
        final List<InfoLogLevel> levels = new CopyOnWriteArrayList<>();
        final List<String> threads = new CopyOnWriteArrayList<>();

        Recording(InfoLogLevel level) {
            super(level);
        }

        @Override
        protected void log(InfoLogLevel logLevel, String logMsg) {
            levels.add(logLevel);
            messages.add(logMsg);
            threads.add(Thread.currentThread().getName());
        }

        boolean saw(String fragment) {
            return messages.stream().anyMatch(m -> m.contains(fragment));
        }
    }

    @Test
    void theInfoLogGoesToTheLoggerInsteadOfTheLogFile() throws Exception {
        Recording logger = new Recording(InfoLogLevel.INFO_LEVEL);
        Options o = new Options().setCreateIfMissing(true).setLogger(logger);
        try (RocksDB db = fixture.open(o)) {
            db.put(bytes("k"), bytes("v"));
            db.flush();
            assertArrayEquals(bytes("v"), db.get(bytes("k")));
        }
        // the header RocksDB writes at open, and the flush's own lines
        assertTrue(logger.saw("RocksDB version: "), () -> "messages: " + logger.messages);
        assertTrue(logger.saw("Options.create_if_missing: 1"), () -> "messages: " + logger.messages);
        assertTrue(logger.saw("flush"), () -> "messages: " + logger.messages);
        assertTrue(logger.levels.stream().allMatch(l -> l.compareTo(InfoLogLevel.INFO_LEVEL) >= 0), logger.levels::toString);
        // the text is formatted: no printf conversions left
        assertFalse(logger.messages.stream().anyMatch(m -> m.contains("%s") || m.contains("%" + "PRIu64")));
        try (Stream<Path> files = Files.list(fixture.dir())) {
            assertFalse(files.anyMatch(p -> p.getFileName().toString().startsWith("LOG")), "no LOG file is written");
        }
    }

    @Test
    void dbOptionsTakeTheLoggerToo(@TempDir Path dir) throws Exception {
        Recording logger = new Recording(InfoLogLevel.INFO_LEVEL);
        DBOptions o = new DBOptions().setCreateIfMissing(true).setLogger(logger);
        List<io.panrocks.ColumnFamilyHandle> handles = new java.util.ArrayList<>();
        try (RocksDB db = RocksDB.open(o, dir.toString(),
                List.of(new io.panrocks.ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY)), handles)) {
            db.put(bytes("k"), bytes("v"));
        }
        assertTrue(logger.saw("RocksDB version: "), () -> "messages: " + logger.messages);
    }

    @Test
    void theLoggersLevelFiltersAndChangesWhileTheDbRuns() throws Exception {
        Recording logger = new Recording(InfoLogLevel.ERROR_LEVEL);
        assertEquals(InfoLogLevel.ERROR_LEVEL, logger.infoLogLevel());
        assertEquals(LoggerType.JAVA_IMPLEMENTATION, logger.getLoggerType());
        Options o = new Options().setCreateIfMissing(true).setLogger(logger);
        try (RocksDB db = fixture.open(o)) {
            db.put(bytes("a"), bytes("1"));
            db.flush();
            assertEquals(List.of(), logger.messages, "nothing at ERROR and above happened");
            logger.setInfoLogLevel(InfoLogLevel.INFO_LEVEL);
            assertEquals(InfoLogLevel.INFO_LEVEL, logger.infoLogLevel());
            db.put(bytes("b"), bytes("2"));
            db.flush();
            assertTrue(logger.saw("flush"), () -> "messages: " + logger.messages);
            assertTrue(logger.levels.stream().allMatch(l -> l.compareTo(InfoLogLevel.INFO_LEVEL) >= 0));
        }
    }

    @Test
    void debugLevelDeliversDebugMessages() throws Exception {
        Recording logger = new Recording(InfoLogLevel.DEBUG_LEVEL);
        try (RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setLogger(logger))) {
            for (int i = 0; i < 100; i++) db.put(bytes("k" + i), bytes("v"));
            db.flush();
            db.compactRange();
        }
        assertTrue(logger.levels.contains(InfoLogLevel.DEBUG_LEVEL), logger.levels::toString);
    }

    @Test
    void aThrowingLoggerIsCountedAndTheDbCarriesOn() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        Logger throwing = new Logger(InfoLogLevel.INFO_LEVEL) {
            @Override
            protected void log(InfoLogLevel logLevel, String logMsg) {
                calls.incrementAndGet();
                throw new IllegalStateException("logger failure " + logMsg.length());
            }
        };
        try (RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setLogger(throwing))) {
            db.put(bytes("k"), bytes("v"));
            db.flush();
            db.compactRange();
            assertArrayEquals(bytes("v"), db.get(bytes("k")));
            assertTrue(calls.get() > 0);
            assertTrue(db.callbackFailureCount() > 0, "failures are counted on the DB");
            assertTrue(db.callbackFailure() instanceof IllegalStateException e
                    && e.getMessage().startsWith("logger failure "), () -> String.valueOf(db.callbackFailure()));
        }
    }

    @Test
    void aLoggerThatCallsItsDbIsRefusedAndTheDbCarriesOn() throws Exception {
        AtomicInteger refused = new AtomicInteger();
        RocksDB[] self = new RocksDB[1];
        Logger reentrant = new Logger(InfoLogLevel.INFO_LEVEL) {
            @Override
            protected void log(InfoLogLevel logLevel, String logMsg) {
                RocksDB db = self[0];
                if (db == null) return;
                try {
                    db.put(bytes("from-logger"), bytes("x"));
                } catch (IllegalStateException expected) {
                    refused.incrementAndGet();
                } catch (Exception other) {
                    throw new AssertionError(other);
                }
            }
        };
        try (RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setLogger(reentrant))) {
            self[0] = db;
            db.put(bytes("k"), bytes("v"));
            db.flush();
            assertTrue(refused.get() > 0, "the flush logged, and the logger's write was refused");
            assertEquals(null, db.get(bytes("from-logger")));
            assertEquals(0, db.callbackFailureCount());
        }
    }

    @Test
    void aClosedLoggerGetsNothingMoreAndCannotBeGivenToADb() throws Exception {
        Recording logger = new Recording(InfoLogLevel.INFO_LEVEL);
        Options o = new Options().setCreateIfMissing(true).setLogger(logger);
        try (RocksDB db = fixture.open(o)) {
            assertTrue(logger.isOwningHandle());
            logger.close();
            logger.close(); // idempotent
            assertFalse(logger.isOwningHandle());
            int before = logger.messages.size();
            db.put(bytes("k"), bytes("v"));
            db.flush();
            db.compactRange();
            assertEquals(before, logger.messages.size(), "a closed logger gets no message");
            assertArrayEquals(bytes("v"), db.get(bytes("k")));
        }
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> logger.setInfoLogLevel(InfoLogLevel.WARN_LEVEL));
        assertEquals("the logger " + Recording.class.getName() + " is closed", e.getMessage());
        assertEquals(InfoLogLevel.INFO_LEVEL, logger.infoLogLevel());
        assertThrows(IllegalStateException.class, () -> new Options().setLogger(logger));
        // closed between setLogger and the open: refused before the engine is called
        Recording later = new Recording(InfoLogLevel.INFO_LEVEL);
        Options o2 = new Options().setCreateIfMissing(true).setLogger(later);
        later.close();
        IllegalStateException atOpen = assertThrows(IllegalStateException.class,
                () -> RocksDB.open(o2, fixture.dir().resolve("other")));
        assertEquals("the logger " + Recording.class.getName() + " is closed", atOpen.getMessage());
        assertEquals(List.of(), later.messages);
    }

    @Test
    void oneLoggerServesSeveralDbsAndNullMeansTheLogFile(@TempDir Path dir) throws Exception {
        Recording logger = new Recording(InfoLogLevel.INFO_LEVEL);
        Options o = new Options().setCreateIfMissing(true).setLogger(logger);
        try (RocksDB a = RocksDB.open(o, dir.resolve("a")); RocksDB b = RocksDB.open(o, dir.resolve("b"))) {
            a.put(bytes("k"), bytes("a"));
            b.put(bytes("k"), bytes("b"));
        }
        assertTrue(logger.saw(dir.resolve("a").toString()), () -> "messages: " + logger.messages);
        assertTrue(logger.saw(dir.resolve("b").toString()), () -> "messages: " + logger.messages);
        try (RocksDB c = RocksDB.open(o.setLogger(null), dir.resolve("c"))) {
            c.put(bytes("k"), bytes("c"));
        }
        assertTrue(Files.exists(dir.resolve("c").resolve("LOG")), "null: RocksDB's own LOG file");
    }

    @Test
    void badLevelsAreRefused() {
        assertThrows(NullPointerException.class, () -> new Recording(null));
        Recording logger = new Recording(InfoLogLevel.INFO_LEVEL);
        assertThrows(NullPointerException.class, () -> logger.setInfoLogLevel(null));
        assertEquals(InfoLogLevel.HEADER_LEVEL, InfoLogLevel.getInfoLogLevel((byte) 5));
        assertEquals(2, InfoLogLevel.WARN_LEVEL.getValue());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> InfoLogLevel.getInfoLogLevel((byte) 6));
        assertEquals("no InfoLogLevel has the value 6", e.getMessage());
    }

    /**
     * In a child JVM (a crash would end it): a logger nobody refers to but
     * the DB, collected garbage meanwhile, on RocksDB's background threads
     * under writes from several threads; then closed while flushes and
     * compactions log; then throwing Errors; the DB closes and the JVM exits
     * normally.
     */
    @Test
    void aForgottenThenClosedLoggerNeverCrashesTheJvm() throws Exception {
        ForkedJvm.Result r = ForkedJvm.main(LoggerChild.class).heap("256m").run().assertSuccess();
        assertTrue(r.stdout().lines().anyMatch(l -> l.startsWith("OK ")), r::toString);
        String ok = r.stdout().lines().filter(l -> l.startsWith("OK ")).findFirst().orElseThrow();
        System.out.println("logger child: " + ok);
        // "OK <delivered before close> <delivered after close> <background-thread messages>"
        String[] f = ok.split(" ");
        assertTrue(Long.parseLong(f[1]) > 0, ok);
        assertEquals(0, Long.parseLong(f[2]), ok);
        assertTrue(Long.parseLong(f[3]) > 0, ok);
    }
}
