package io.panrocks;

import io.panrocks.internal.NativeDb;
import io.panrocks.internal.perf.ThreadCounters;

import java.util.Map;

/**
 * RocksDB's {@code IOStatsContext} of one thread (RocksJava has none; shaped
 * as its {@link PerfContext}): the file I/O that thread's operations did.
 * Get it with {@link RocksDB#getIOStatsContext()}.
 *
 * <p>Byte and read counts grow at every {@link PerfLevel},
 * {@link PerfLevel#DISABLE} included (RocksDB counts them unconditionally); the {@code *Nanos} timers from
 * {@link PerfLevel#ENABLE_TIME_EXCEPT_FOR_MUTEX}, the {@code cpu*Nanos} ones
 * from {@link PerfLevel#ENABLE_TIME_AND_CPU_TIME_EXCEPT_FOR_MUTEX}. Only
 * what runs on this thread counts here: a put's write-ahead-log write and a
 * get's file reads do, but flushes and compactions run on RocksDB's
 * background threads, which count into their own contexts.
 *
 * <h2>Threads</h2>
 * As {@link PerfContext}: the context is per thread, for every DB of the
 * process; this object is confined to the thread that got it (on another,
 * getters and {@link #reset()} throw {@link WrongThreadException},
 * {@link #toString()} says whose it is); on a virtual thread the counters
 * are its carrier thread's at each call.
 *
 * <h2>Cost and lifetime</h2>
 * A getter is one load from the context's memory; {@link #reset()} and
 * {@link #toString(boolean)} one native call. {@link #close()} releases
 * nothing; once the DB it came from is closed, getters and
 * {@link #reset()} throw {@link IllegalStateException}.
 */
public final class IOStatsContext implements AutoCloseable {
    /** RocksDB's names of the counters, in the order its {@code ToString} prints them (RocksDB 9.11.2). */
    private static final String[] NAMES = {
            "thread_pool_id",
            "bytes_read",
            "bytes_written",
            "open_nanos",
            "allocate_nanos",
            "write_nanos",
            "read_nanos",
            "range_sync_nanos",
            "fsync_nanos",
            "prepare_write_nanos",
            "logger_nanos",
            "cpu_write_nanos",
            "cpu_read_nanos",
            "file_io_stats_by_temperature.hot_file_bytes_read",
            "file_io_stats_by_temperature.warm_file_bytes_read",
            "file_io_stats_by_temperature.cool_file_bytes_read",
            "file_io_stats_by_temperature.cold_file_bytes_read",
            "file_io_stats_by_temperature.hot_file_read_count",
            "file_io_stats_by_temperature.warm_file_read_count",
            "file_io_stats_by_temperature.cool_file_read_count",
            "file_io_stats_by_temperature.cold_file_read_count",
    };

    private final ThreadCounters counters;

    /** The calling thread's context (inside a check that db is open). */
    IOStatsContext(NativeDb db) {
        this.counters = new ThreadCounters(db, ThreadCounters.IOSTATS, "IOStatsContext", NAMES);
    }

    /**
     * Sets this thread's counters back to zero (and {@link #getThreadPoolId()}
     * to 4, RocksDB's {@code Env::Priority::TOTAL}), as RocksDB's
     * {@code Reset()}.
     *
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public void reset() {
        counters.reset();
    }

    /**
     * The {@code thread_pool_id} counter: the thread pool the thread belongs to (RocksDB's Env::Priority; 4, TOTAL, for a thread of none once reset).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getThreadPoolId() {
        return counters.read(0);
    }

    /**
     * The {@code bytes_read} counter: bytes read from files.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBytesRead() {
        return counters.read(1);
    }

    /**
     * The {@code bytes_written} counter: bytes written to files.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getBytesWritten() {
        return counters.read(2);
    }

    /**
     * The {@code open_nanos} counter: nanoseconds spent opening files.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getOpenNanos() {
        return counters.read(3);
    }

    /**
     * The {@code allocate_nanos} counter: nanoseconds spent in fallocate.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getAllocateNanos() {
        return counters.read(4);
    }

    /**
     * The {@code write_nanos} counter: nanoseconds spent writing files.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getWriteNanos() {
        return counters.read(5);
    }

    /**
     * The {@code read_nanos} counter: nanoseconds spent reading files.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getReadNanos() {
        return counters.read(6);
    }

    /**
     * The {@code range_sync_nanos} counter: nanoseconds spent in sync_file_range.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getRangeSyncNanos() {
        return counters.read(7);
    }

    /**
     * The {@code fsync_nanos} counter: nanoseconds spent in fsync.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getFsyncNanos() {
        return counters.read(8);
    }

    /**
     * The {@code prepare_write_nanos} counter: nanoseconds spent preparing writes (fallocate and the like).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getPrepareWriteNanos() {
        return counters.read(9);
    }

    /**
     * The {@code logger_nanos} counter: nanoseconds spent writing the info log.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getLoggerNanos() {
        return counters.read(10);
    }

    /**
     * The {@code cpu_write_nanos} counter: CPU nanoseconds spent writing files.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getCpuWriteNanos() {
        return counters.read(11);
    }

    /**
     * The {@code cpu_read_nanos} counter: CPU nanoseconds spent reading files.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getCpuReadNanos() {
        return counters.read(12);
    }

    /**
     * The {@code file_io_stats_by_temperature.hot_file_bytes_read} counter: bytes read from files of temperature hot.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getHotFileBytesRead() {
        return counters.read(13);
    }

    /**
     * The {@code file_io_stats_by_temperature.warm_file_bytes_read} counter: bytes read from files of temperature warm.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getWarmFileBytesRead() {
        return counters.read(14);
    }

    /**
     * The {@code file_io_stats_by_temperature.cool_file_bytes_read} counter: bytes read from files of the cool temperature (RocksDB 10 and later).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getCoolFileBytesRead() {
        return counters.read(15);
    }

    /**
     * The {@code file_io_stats_by_temperature.cold_file_bytes_read} counter: bytes read from files of temperature cold.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getColdFileBytesRead() {
        return counters.read(16);
    }

    /**
     * The {@code file_io_stats_by_temperature.hot_file_read_count} counter: reads of files of temperature hot.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getHotFileReadCount() {
        return counters.read(17);
    }

    /**
     * The {@code file_io_stats_by_temperature.warm_file_read_count} counter: reads of files of temperature warm.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getWarmFileReadCount() {
        return counters.read(18);
    }

    /**
     * The {@code file_io_stats_by_temperature.cool_file_read_count} counter: reads of files of the cool temperature (RocksDB 10 and later).
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getCoolFileReadCount() {
        return counters.read(19);
    }

    /**
     * The {@code file_io_stats_by_temperature.cold_file_read_count} counter: reads of files of temperature cold.
     *
     * @return its value on this thread (0 if the engine has no such counter)
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public long getColdFileReadCount() {
        return counters.read(20);
    }

    /**
     * Every counter this engine has, by RocksDB's name ({@code "bytes_read"},
     * {@code "file_io_stats_by_temperature.hot_file_bytes_read"}), in the
     * order RocksDB prints them: the values the getters return (a counter of a
     * newer engine, whose getter reads 0 here, is left out).
     *
     * @return a new map of the counters
     * @throws WrongThreadException on another thread than the one that got this context
     * @throws IllegalStateException if the DB is closed
     */
    public Map<String, Long> getCounters() {
        return counters.all();
    }

    /**
     * {@link #toString(boolean) toString(true)}: the counters that are not
     * zero.
     *
     * @return the text
     */
    @Override
    public String toString() {
        return toString(true);
    }

    /**
     * The counters as RocksDB prints them ({@code "thread_pool_id = 4,
     * bytes_read = 4096, ..."}); on another thread, or once the DB is
     * closed, a note saying so (never an exception).
     *
     * @param excludeZeroCounters whether to leave out the counters at zero
     * @return the text
     */
    public String toString(boolean excludeZeroCounters) {
        return counters.text(excludeZeroCounters);
    }

    /** Nothing to release: the context belongs to its thread and lives as long as it. Idempotent. */
    @Override
    public void close() {
        // the engine's thread_local: nothing of it is ours to free
    }
}
