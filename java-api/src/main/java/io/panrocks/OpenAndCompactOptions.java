package io.panrocks;

import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.StandaloneResource;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * How a worker runs {@link RocksDB#openAndCompact}: RocksDB's
 * {@code OpenAndCompactOptions} (resumption, the cancel flag) and the
 * statistics of {@code CompactionServiceOptionsOverride}.
 *
 * <p>Owns a native cancel flag ({@code OpenAndCompactOptions::canceled}):
 * {@link #setCanceled} may be called from any thread while another runs
 * {@code openAndCompact} with these options. {@link #close()} (any thread)
 * releases it once no call uses it any more; every method but
 * {@code close} then throws {@link IllegalStateException}.
 */
public final class OpenAndCompactOptions implements AutoCloseable {
    private final StandaloneResource flag;
    private boolean allowResumption;
    private Statistics statistics;
    private int users;
    private boolean closed;

    /** Options with resumption off and the flag clear, as RocksDB's defaults. */
    public OpenAndCompactOptions() {
        NativeLibrary.ensureLoaded();
        MemorySegment handle;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment error = arena.allocate(panrocks_error.layout());
            int rc = panrocks_h.panrocks_compaction_cancel_create(out, error);
            if (rc != 0) throw new IllegalStateException("panrocks_compaction_cancel_create", Errors.toException(rc, error));
            handle = out.get(ValueLayout.ADDRESS, 0);
        }
        this.flag = new StandaloneResource("OpenAndCompactOptions", this, handle,
                panrocks_h::panrocks_compaction_cancel_destroy);
    }

    /**
     * Whether the compaction resumes from the progress an earlier, interrupted
     * call with the same output directory saved there, and saves its own as
     * each output file is done ({@code allow_resumption}, EXPERIMENTAL in the
     * engine). Off, the compaction starts from scratch and saves no progress;
     * the output directory must then be empty (RocksDB's requirement).
     * Progress cannot be resumed with {@code paranoid_file_checks} on.
     *
     * @param allowResumption whether to resume
     * @return this
     * @throws IllegalStateException if closed
     */
    public synchronized OpenAndCompactOptions setAllowResumption(boolean allowResumption) {
        checkOpen();
        this.allowResumption = allowResumption;
        return this;
    }

    /**
     * The value set with {@link #setAllowResumption} ({@code allow_resumption}; false by default).
     *
     * @return whether the compaction resumes
     * @throws IllegalStateException if closed
     */
    public synchronized boolean allowResumption() {
        checkOpen();
        return allowResumption;
    }

    /**
     * Where the worker's tickers and histograms go
     * ({@code CompactionServiceOptionsOverride::statistics}); the primary
     * does not see them. Null: none.
     *
     * @param statistics a statistics object of one's own (not a DB's view), or null
     * @return this
     * @throws IllegalArgumentException if it is the view of an open DB's statistics
     * @throws IllegalStateException if closed
     */
    public synchronized OpenAndCompactOptions setStatistics(Statistics statistics) {
        checkOpen();
        this.statistics = DBOptions.ObjectRefs.ownStatistics(statistics);
        return this;
    }

    /**
     * The statistics set with {@link #setStatistics}.
     *
     * @return the statistics, or null
     * @throws IllegalStateException if closed
     */
    public synchronized Statistics statistics() {
        checkOpen();
        return statistics;
    }

    /**
     * Sets or clears the cancel flag ({@code canceled}): a running
     * {@code openAndCompact} with these options stops at its next check and
     * throws with RocksDB's {@code Incomplete} (subcode
     * {@code ManualCompactionPaused}); with resumption on, its progress so far
     * stays in the output directory. A call started while it is set stops at
     * once. Any thread.
     *
     * @param canceled whether to cancel
     * @return this
     * @throws IllegalStateException if closed
     */
    public synchronized OpenAndCompactOptions setCanceled(boolean canceled) {
        checkOpen();
        panrocks_h.panrocks_compaction_cancel_set(flag.handle(), canceled ? 1 : 0);
        return this;
    }

    /**
     * Whether the cancel flag is set.
     *
     * @return true if set
     * @throws IllegalStateException if closed
     */
    public synchronized boolean isCanceled() {
        checkOpen();
        return panrocks_h.panrocks_compaction_cancel_get(flag.handle()) != 0;
    }

    /** The flag for a call, which must {@link #release} it. */
    synchronized MemorySegment acquire() {
        checkOpen();
        MemorySegment h = flag.handle();
        users++;
        return h;
    }

    synchronized void release() {
        if (--users == 0 && closed) flag.close();
    }

    private void checkOpen() {
        if (closed) throw new IllegalStateException("OpenAndCompactOptions is closed");
    }

    /** Releases the cancel flag, now or when the last call using it returns; idempotent, any thread. */
    @Override
    public synchronized void close() {
        closed = true;
        if (users == 0) flag.close();
    }
}
