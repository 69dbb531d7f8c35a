package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.*;

/**
 * RocksDB's per-thread IOStatsContext: a put's WAL write and a cold get's
 * file read count here (bytes at every level, timers from
 * ENABLE_TIME_EXCEPT_FOR_MUTEX, CPU timers from
 * ENABLE_TIME_AND_CPU_TIME_EXCEPT_FOR_MUTEX), reset zeroes, another thread's
 * context is its own, misuse is refused, and every counter RocksDB prints is
 * readable.
 */
class IOStatsContextTest {
    static final byte[] VALUE = PerfContextTest.VALUE;

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
        if (db.isOpen()) {
            db.setPerfLevel(PerfLevel.ENABLE_COUNT);
            db.close();
        }
    }

    private void reopenCold(PerfLevel level) throws RocksDBException {
        db = fixture.reopen();
        db.setPerfLevel(level);
    }

    @Test
    void aPutsWalWriteCountsItsBytesAtEveryLevelAndItsTimeFromTheTimeLevels() throws RocksDBException {
        IOStatsContext io = db.getIOStatsContext();
        db.setPerfLevel(PerfLevel.DISABLE);
        io.reset();
        db.put(bytes("a"), VALUE);
        assertTrue(io.getBytesWritten() >= VALUE.length, "RocksDB counts bytes even at DISABLE: " + io);
        assertEquals(0, io.getWriteNanos(), io.toString());

        db.setPerfLevel(PerfLevel.ENABLE_TIME_EXCEPT_FOR_MUTEX);
        io.reset();
        db.put(bytes("b"), VALUE);
        assertTrue(io.getBytesWritten() >= VALUE.length, io.toString());
        assertTrue(io.getWriteNanos() > 0, io.toString());
        assertEquals(0, io.getCpuWriteNanos(), "CPU timers need the level above: " + io);

        db.setPerfLevel(PerfLevel.ENABLE_TIME_AND_CPU_TIME_EXCEPT_FOR_MUTEX);
        io.reset();
        db.put(bytes("c"), VALUE);
        assertTrue(io.getWriteNanos() > 0, io.toString());
        assertTrue(io.getCpuWriteNanos() > 0, io.toString());
    }

    @Test
    void aColdGetCountsTheFileReadOnThisThread() throws RocksDBException {
        reopenCold(PerfLevel.ENABLE_COUNT);
        IOStatsContext io = db.getIOStatsContext();
        io.reset();
        assertArrayEquals(VALUE, db.get(bytes("key007")));
        assertTrue(io.getBytesRead() > 0, io.toString());
        assertEquals(0, io.getReadNanos(), "no timer at ENABLE_COUNT: " + io);

        reopenCold(PerfLevel.ENABLE_TIME_AND_CPU_TIME_EXCEPT_FOR_MUTEX);
        io = db.getIOStatsContext();
        io.reset();
        assertArrayEquals(VALUE, db.get(bytes("key008")));
        assertTrue(io.getBytesRead() > 0, io.toString());
        assertTrue(io.getReadNanos() > 0, io.toString());
        assertTrue(io.getCpuReadNanos() > 0, io.toString());
        long read = io.getBytesRead();
        assertArrayEquals(VALUE, db.get(bytes("key008")));
        assertEquals(read, io.getBytesRead(), "the block is cached now: no file read");
    }

    @Test
    void resetZeroesEveryCounterAndSetsThePoolToTotal() throws RocksDBException {
        db.setPerfLevel(PerfLevel.ENABLE_TIME);
        IOStatsContext io = db.getIOStatsContext();
        db.put(bytes("a"), VALUE);
        assertTrue(io.getBytesWritten() > 0);
        io.reset();
        Map<String, Long> counters = io.getCounters();
        counters.forEach((name, value) -> assertEquals(name.equals("thread_pool_id") ? 4L : 0L, value, name));
        assertEquals(4, io.getThreadPoolId(), "Env::Priority::TOTAL: a thread of no pool");
    }

    @Test
    void anotherThreadsContextIsItsOwnAndThisOneRefusesIt() throws Exception {
        IOStatsContext mine = db.getIOStatsContext();
        mine.reset();
        AtomicReference<Object> theirs = new AtomicReference<>(), refused = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                IOStatsContext io = db.getIOStatsContext();
                io.reset();
                db.put(bytes("from-other"), VALUE);
                theirs.set(io.getBytesWritten() > 0);
                refused.set(PerfContextTest.outcome(mine::getBytesWritten));
            } catch (Throwable t) {
                theirs.set(t);
            }
        }, "io-other");
        other.start();
        other.join();
        assertEquals(true, theirs.get());
        WrongThreadException e = assertInstanceOf(WrongThreadException.class, refused.get());
        assertTrue(e.getMessage().startsWith("IOStatsContext of thread \"" + Thread.currentThread().getName()
                + "\" read on thread \"io-other\""), e.getMessage());
        assertEquals(0, mine.getBytesWritten(), "the other thread's WAL write is not this thread's");
    }

    @Test
    void aClosedDbRefusesTheContext() {
        IOStatsContext io = db.getIOStatsContext();
        db.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, io::getBytesRead);
        assertTrue(e.getMessage().startsWith("IOStatsContext: RocksDB ") && e.getMessage().endsWith(" is closed"), e.getMessage());
        assertThrows(IllegalStateException.class, io::reset);
        assertTrue(io.toString().startsWith("IOStatsContext{RocksDB "), io.toString());
        io.close();
    }

    @Test
    void toStringIsRocksDbsTextOfEveryCounterAndEveryGetterReadsOne() throws Exception {
        db.setPerfLevel(PerfLevel.ENABLE_TIME);
        IOStatsContext io = db.getIOStatsContext();
        io.reset();
        db.put(bytes("a"), VALUE);
        Map<String, Long> counters = io.getCounters();
        Map<String, Long> printed = PerfContextTest.parse(io.toString(false));
        assertEquals(new ArrayList<>(printed.keySet()), new ArrayList<>(counters.keySet()),
                "the counters RocksDB prints, in its order, are the ones panrocks reads");
        assertEquals(printed, counters);
        assertEquals(io.toString(true), io.toString());
        assertTrue(io.toString().contains("bytes_written = "), io.toString());

        int getters = 0;
        List<Long> values = new ArrayList<>();
        for (Method m : IOStatsContext.class.getMethods()) {
            if (m.getReturnType() != long.class || m.getParameterCount() != 0 || Modifier.isStatic(m.getModifiers())) continue;
            getters++;
            values.add((Long) m.invoke(io));
        }
        assertEquals(counters.size(), getters, "one getter per counter");
        List<Long> expected = new ArrayList<>(counters.values());
        expected.sort(null);
        values.sort(null);
        assertEquals(expected, values, "the getters read the counters");
        assertEquals(counters.get("bytes_written"), io.getBytesWritten());
        assertEquals(counters.get("write_nanos"), io.getWriteNanos());
        assertEquals(counters.get("file_io_stats_by_temperature.hot_file_bytes_read"), io.getHotFileBytesRead());
    }
}
