package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.*;

/**
 * RocksDB's per-thread PerfContext and perf level: counters move with this
 * thread's operations at the levels that count them and not at
 * {@link PerfLevel#DISABLE}, reset zeroes them, another thread's context is
 * its own, misuse is refused (another thread, a closed DB, levels that are
 * not levels), and every counter RocksDB prints is readable.
 */
class PerfContextTest {
    /** 16-byte values, as the benchmark's */
    static final byte[] VALUE = bytes("sixteen-bytes-v!");

    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();

    RocksDB db;

    @BeforeEach
    void openWithFlushedKeys() throws RocksDBException {
        db = fixture.db();
        for (int i = 0; i < 100; i++) db.put(bytes(String.format("key%03d", i)), VALUE);
        db.flush();
    }

    @AfterEach
    void closeAndRestoreTheLevel() {
        // the level is the thread's: the next test on this thread starts from the engine's default
        if (db.isOpen()) {
            db.setPerfLevel(PerfLevel.ENABLE_COUNT);
            db.close();
        }
    }

    /** Closes and reopens the DB, so that its block cache is cold: the next get reads its block from the file. */
    private void reopenCold() throws RocksDBException {
        db = fixture.reopen();
    }

    @Test
    void aGetOfAFlushedKeyCountsBlockReadsComparisonsAndBytesAtEnableCount() throws RocksDBException {
        reopenCold();
        assertEquals(PerfLevel.ENABLE_COUNT, db.getPerfLevel(), "the engine's default level");
        PerfContext ctx = db.getPerfContext();
        ctx.reset();
        assertArrayEquals(VALUE, db.get(bytes("key042")));

        assertTrue(ctx.getBlockReadCount() >= 1, "the data block was read from the file: " + ctx);
        assertTrue(ctx.getBlockReadByte() > 0, ctx.toString());
        assertTrue(ctx.getUserKeyComparisonCount() > 0, ctx.toString());
        assertEquals(VALUE.length, ctx.getReadBytes(), "get_read_bytes is the value's size");
        assertEquals(0, ctx.getBlockReadTime(), "no timer runs at ENABLE_COUNT");
        assertEquals(0, ctx.getFromOutputFilesTime(), "no timer runs at ENABLE_COUNT");
        assertEquals(0, ctx.getGetCpuNanos(), "no CPU timer runs at ENABLE_COUNT");

        long reads = ctx.getBlockReadCount();
        assertArrayEquals(VALUE, db.get(bytes("key042")));
        assertEquals(reads, ctx.getBlockReadCount(), "the block is cached now");
        assertTrue(ctx.getBlockCacheHitCount() >= 1, ctx.toString());
        assertEquals(2L * VALUE.length, ctx.getReadBytes(), "counters add up until reset");
    }

    @Test
    void nothingCountsAtDisable() throws RocksDBException {
        reopenCold();
        db.setPerfLevel(PerfLevel.DISABLE);
        assertEquals(PerfLevel.DISABLE, db.getPerfLevel());
        PerfContext ctx = db.getPerfContext();
        ctx.reset();
        assertArrayEquals(VALUE, db.get(bytes("key042")));
        try (RocksIterator it = db.newIterator()) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                it.key();
            }
        }
        ctx.getCounters().forEach((name, value) -> assertEquals(0L, value, name + " counted at DISABLE"));
        assertEquals("", ctx.toString(true), "no counter moved");
    }

    @Test
    void timersRunFromEnableTimeExceptForMutexAndCpuTimersOneLevelAbove() throws RocksDBException {
        reopenCold();
        db.setPerfLevel(PerfLevel.ENABLE_TIME_EXCEPT_FOR_MUTEX);
        PerfContext ctx = db.getPerfContext();
        ctx.reset();
        assertArrayEquals(VALUE, db.get(bytes("key010")));
        assertTrue(ctx.getBlockReadTime() > 0, ctx.toString());
        assertTrue(ctx.getFromOutputFilesTime() > 0, ctx.toString());
        assertEquals(0, ctx.getGetCpuNanos(), "CPU timers need ENABLE_TIME_AND_CPU_TIME_EXCEPT_FOR_MUTEX");
        assertEquals(0, ctx.getBlockReadCpuTime(), ctx.toString());

        reopenCold();
        db.setPerfLevel(PerfLevel.ENABLE_TIME_AND_CPU_TIME_EXCEPT_FOR_MUTEX);
        ctx = db.getPerfContext();
        ctx.reset();
        assertArrayEquals(VALUE, db.get(bytes("key011")));
        assertTrue(ctx.getGetCpuNanos() > 0, ctx.toString());
        assertTrue(ctx.getBlockReadCpuTime() > 0, ctx.toString());
        assertTrue(ctx.getPostProcessTime() > 0, ctx.toString());
    }

    @Test
    void iteratorCountersCountSeeksNextsAndDecodedBytes() throws RocksDBException {
        PerfContext ctx = db.getPerfContext();
        db.delete(bytes("key050"));
        ctx.reset();
        int seen = 0;
        try (RocksIterator it = db.newIterator()) {
            for (it.seek(bytes("key040")); it.isValid() && seen < 20; it.next()) seen++;
        }
        assertEquals(20, seen);
        assertEquals(1, ctx.getIterSeekCount(), ctx.toString());
        assertTrue(ctx.getIterNextCount() >= 19, ctx.toString());
        assertTrue(ctx.getIterReadBytes() > 0, ctx.toString());
        assertTrue(ctx.getInternalDeleteSkippedCount() >= 1, "the tombstone of key050 was skipped: " + ctx);
        assertTrue(ctx.getInternalKeySkippedCount() >= 1, ctx.toString());
    }

    @Test
    void resetZeroesEveryCounter() throws RocksDBException {
        db.setPerfLevel(PerfLevel.ENABLE_TIME);
        PerfContext ctx = db.getPerfContext();
        db.put(bytes("another"), VALUE);
        db.get(bytes("key001"));
        assertTrue(ctx.getCounters().values().stream().anyMatch(v -> v > 0), "something counted: " + ctx);
        ctx.reset();
        ctx.getCounters().forEach((name, value) -> assertEquals(0L, value, name + " after reset"));
        assertEquals(0, ctx.getUserKeyComparisonCount());
    }

    @Test
    void anotherThreadsContextAndLevelAreItsOwn() throws Exception {
        PerfContext mine = db.getPerfContext();
        mine.reset();
        db.setPerfLevel(PerfLevel.ENABLE_TIME);
        AtomicReference<Object> seen = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                PerfLevel initial = db.getPerfLevel();
                db.setPerfLevel(PerfLevel.DISABLE);
                PerfContext theirs = db.getPerfContext();
                theirs.reset();
                db.setPerfLevel(PerfLevel.ENABLE_COUNT);
                for (int i = 0; i < 10; i++) db.get(bytes(String.format("key%03d", i)));
                seen.set(List.of(initial, theirs.getReadBytes()));
            } catch (Throwable t) {
                seen.set(t);
            }
        });
        other.start();
        other.join();
        assertEquals(List.of(PerfLevel.ENABLE_COUNT, 10L * VALUE.length), seen.get(),
                "a new thread starts at the engine's default and counts its own gets");
        assertEquals(PerfLevel.ENABLE_TIME, db.getPerfLevel(), "the other thread's setPerfLevel left this one's alone");
        mine.getCounters().forEach((name, value) -> assertEquals(0L, value, name + " moved with another thread's gets"));
    }

    @Test
    void aContextReadOnAnotherThreadThrowsWrongThreadExceptionAndItsTextSaysWhose() throws Exception {
        PerfContext ctx = db.getPerfContext();
        db.get(bytes("key001"));
        AtomicReference<Object> getter = new AtomicReference<>(), reset = new AtomicReference<>(),
                text = new AtomicReference<>(), counters = new AtomicReference<>(), level = new AtomicReference<>();
        Thread other = new Thread(() -> {
            getter.set(outcome(ctx::getUserKeyComparisonCount));
            reset.set(outcome(() -> {
                ctx.reset();
                return null;
            }));
            counters.set(outcome(ctx::getCounters));
            level.set(outcome(() -> ctx.getLevelPerfContext(0)));
            text.set(ctx.toString(false));
        }, "perf-other");
        other.start();
        other.join();
        for (AtomicReference<Object> r : List.of(getter, reset, counters, level)) {
            WrongThreadException e = assertInstanceOf(WrongThreadException.class, r.get());
            assertTrue(e.getMessage().startsWith("PerfContext of thread \"" + Thread.currentThread().getName()
                    + "\" read on thread \"perf-other\""), e.getMessage());
        }
        assertEquals("PerfContext{of thread \"" + Thread.currentThread().getName() + "\", readable only there}", text.get());
        assertTrue(ctx.getUserKeyComparisonCount() > 0, "the owner still reads it");
    }

    @Test
    void aVirtualThreadReadsItsCarriersContextThroughTheLibrary() throws Exception {
        AtomicReference<Object> seen = new AtomicReference<>();
        Thread.ofVirtual().start(() -> {
            try {
                PerfContext ctx = db.getPerfContext();
                ctx.reset();
                db.get(bytes("key003"));
                seen.set(List.of(ctx.getReadBytes(), ctx.toString(true).contains("get_read_bytes = 16")));
            } catch (Throwable t) {
                seen.set(t);
            }
        }).join();
        assertEquals(List.of((long) VALUE.length, true), seen.get());
    }

    @Test
    void aClosedDbRefusesItsContextAndLevelsAndTheTextSaysSo() throws RocksDBException {
        PerfContext ctx = db.getPerfContext();
        db.setPerfLevel(PerfLevel.ENABLE_COUNT);
        db.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, ctx::getBlockReadCount);
        assertTrue(e.getMessage().startsWith("PerfContext: RocksDB ") && e.getMessage().endsWith(" is closed"), e.getMessage());
        assertThrows(IllegalStateException.class, ctx::reset);
        assertThrows(IllegalStateException.class, ctx::getCounters);
        assertThrows(IllegalStateException.class, ctx::enablePerLevelPerfContext);
        assertTrue(ctx.toString().startsWith("PerfContext{RocksDB ") && ctx.toString().endsWith(" is closed}"), ctx.toString());
        for (var call : List.<org.junit.jupiter.api.function.Executable>of(db::getPerfContext, db::getPerfLevel,
                db::getIOStatsContext, () -> db.setPerfLevel(PerfLevel.ENABLE_TIME))) {
            IllegalStateException closed = assertThrows(IllegalStateException.class, call);
            assertTrue(closed.getMessage().endsWith(" is closed"), closed.getMessage());
        }
        ctx.close();   // nothing to release, and no failure
    }

    @Test
    void levelsThatAreNotLevelsAreRefusedBeforeAnyNativeCall() throws RocksDBException {
        db.setPerfLevel(PerfLevel.ENABLE_TIME);
        IllegalArgumentException u = assertThrows(IllegalArgumentException.class, () -> db.setPerfLevel(PerfLevel.UNINITIALIZED));
        assertEquals("Unable to set UNINITIALIZED level", u.getMessage());
        @SuppressWarnings("deprecation")
        PerfLevel outOfBounds = PerfLevel.OUT_OF_BOUNDS;
        IllegalArgumentException o = assertThrows(IllegalArgumentException.class, () -> db.setPerfLevel(outOfBounds));
        assertEquals("Unable to set OUT_OF_BOUNDS level", o.getMessage());
        NullPointerException n = assertThrows(NullPointerException.class, () -> db.setPerfLevel(null));
        assertEquals("level", n.getMessage());
        assertEquals(PerfLevel.ENABLE_TIME, db.getPerfLevel(), "the refused levels changed nothing");
        db.close();
        // on a closed DB the argument is still what is refused: the check comes first
        assertThrows(IllegalArgumentException.class, () -> db.setPerfLevel(PerfLevel.UNINITIALIZED));
        assertThrows(NullPointerException.class, () -> db.setPerfLevel(null));
    }

    @Test
    void everyLevelRoundTripsAndRocksJavasByteValuesAreKept() throws RocksDBException {
        for (PerfLevel level : List.of(PerfLevel.DISABLE, PerfLevel.ENABLE_COUNT, PerfLevel.ENABLE_TIME_EXCEPT_FOR_MUTEX,
                PerfLevel.ENABLE_TIME_AND_CPU_TIME_EXCEPT_FOR_MUTEX, PerfLevel.ENABLE_TIME)) {
            db.setPerfLevel(level);
            assertEquals(level, db.getPerfLevel());
        }
        byte b = 0;
        for (PerfLevel level : PerfLevel.values()) {
            assertEquals(b, level.getValue(), level.name());
            assertEquals(level, PerfLevel.getPerfLevel(b));
            b++;
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PerfLevel.getPerfLevel((byte) 7));
        assertEquals("Unknown PerfLevel constant: 7", e.getMessage());
    }

    @Test
    void toStringIsRocksDbsTextOfEveryCounterAndItsNonZeroOnes() throws RocksDBException {
        db.setPerfLevel(PerfLevel.ENABLE_TIME);
        PerfContext ctx = db.getPerfContext();
        ctx.reset();
        db.get(bytes("key001"));
        Map<String, Long> counters = ctx.getCounters();
        Map<String, Long> printed = parse(ctx.toString(false));
        // RocksDB prints every counter of its struct (its own list): panrocks reads each of them
        assertEquals(new ArrayList<>(printed.keySet()), new ArrayList<>(counters.keySet()),
                "the counters RocksDB prints, in its order, are the ones panrocks reads");
        assertEquals(printed, counters, "and the values agree");

        Map<String, Long> nonZero = new LinkedHashMap<>();
        counters.forEach((k, v) -> {
            if (v != 0) nonZero.put(k, v);
        });
        assertFalse(nonZero.isEmpty());
        assertEquals(nonZero, parse(ctx.toString(true)));
        assertEquals(ctx.toString(true), ctx.toString(), "RocksJava's toString() leaves out the zeros");
        assertTrue(ctx.toString(false).startsWith("user_key_comparison_count = "), ctx.toString(false));
    }

    @Test
    void everyGetterReadsItsCounter() throws RocksDBException {
        db.setPerfLevel(PerfLevel.ENABLE_TIME);
        PerfContext ctx = db.getPerfContext();
        ctx.reset();
        // activity enough to move many counters to distinct values
        for (int i = 0; i < 30; i++) db.put(bytes("w" + i), VALUE);
        reopenColdKeepingLevel();
        ctx = db.getPerfContext();
        for (int i = 0; i < 50; i++) db.get(bytes(String.format("key%03d", i)));
        try (RocksIterator it = db.newIterator()) {
            for (it.seekToFirst(); it.isValid(); it.next()) it.value();
        }
        Map<String, Long> counters = ctx.getCounters();
        int getters = 0;
        for (Method m : PerfContext.class.getMethods()) {
            if (m.getReturnType() != long.class || m.getParameterCount() != 0 || Modifier.isStatic(m.getModifiers())) continue;
            getters++;
            String name = counterOf(m.getName());
            assertTrue(counters.containsKey(name), m.getName() + " reads no counter: " + name);
            try {
                assertEquals(counters.get(name), (Long) m.invoke(ctx), m.getName() + " reads " + name);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
        assertEquals(counters.size(), getters, "one getter per counter");
        assertTrue(counters.values().stream().filter(v -> v > 0).count() >= 15, "many counters moved: " + ctx);
    }

    private void reopenColdKeepingLevel() throws RocksDBException {
        PerfLevel level = db.getPerfLevel();
        reopenCold();
        db.setPerfLevel(level);
    }

    @Test
    void perLevelCountersCountReadsOfEachLevelWhileOn() throws RocksDBException {
        reopenCold();
        PerfContext ctx = db.getPerfContext();
        ctx.clearPerLevelPerfContext();
        db.get(bytes("key001"));
        assertNull(ctx.getLevelPerfContext(0), "off by default");

        ctx.enablePerLevelPerfContext();
        assertArrayEquals(VALUE, db.get(bytes("key002")));
        PerfContext.ByLevel level0 = ctx.getLevelPerfContext(0);
        assertNotNull(level0, "the flushed file is at level 0: " + ctx);
        assertEquals(1, level0.userKeyReturnCount(), level0.toString());
        assertNull(ctx.getLevelPerfContext(1), "nothing lives at level 1");
        assertTrue(ctx.toString().contains("@level0"), ctx.toString());

        ctx.disablePerLevelPerfContext();
        db.get(bytes("key003"));
        assertEquals(level0, ctx.getLevelPerfContext(0), "off: the counts stay as they were");
        ctx.clearPerLevelPerfContext();
        assertNull(ctx.getLevelPerfContext(0), "cleared");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ctx.getLevelPerfContext(-1));
        assertEquals("level must be >= 0, got -1", e.getMessage());
    }

    // ---- helpers ----------------------------------------------------------------------------------------

    /** RocksDB's "name = value, name = value" text as a map (per-level entries, "v@levelN", left out). */
    static Map<String, Long> parse(String text) {
        Map<String, Long> counters = new LinkedHashMap<>();
        if (text.isEmpty()) return counters;
        for (String part : text.split(", ")) {
            int eq = part.indexOf(" = ");
            assertTrue(eq > 0, "not name = value: " + part);
            String value = part.substring(eq + 3);
            if (value.contains("@level")) continue;
            counters.put(part.substring(0, eq), Long.parseLong(value));
        }
        return counters;
    }

    /** The RocksDB name a RocksJava-style getter reads: getBlockReadCount -> block_read_count. */
    static String counterOf(String getter) {
        String special = switch (getter) {
            case "getReadBytes" -> "get_read_bytes";
            case "getSnapshotTime" -> "get_snapshot_time";
            case "getFromMemtableTime" -> "get_from_memtable_time";
            case "getFromMemtableCount" -> "get_from_memtable_count";
            case "getPostProcessTime" -> "get_post_process_time";
            case "getFromOutputFilesTime" -> "get_from_output_files_time";
            default -> null;
        };
        if (special != null) return special;
        String camel = getter.substring(3);
        StringBuilder snake = new StringBuilder();
        for (char c : camel.toCharArray()) {
            if (Character.isUpperCase(c) && !snake.isEmpty()) snake.append('_');
            snake.append(Character.toLowerCase(c));
        }
        return snake.toString().toLowerCase(Locale.ROOT);
    }

    static Object outcome(java.util.concurrent.Callable<?> call) {
        try {
            return call.call();
        } catch (Throwable t) {
            return t;
        }
    }
}
