package io.panrocks;

import io.panrocks.internal.ffi.panrocks_h;

/**
 * Options of a write, as in RocksJava's {@code WriteOptions}.
 *
 * <p>A plain Java object: it owns no native memory, needs no closing, and
 * may be shared between threads once configured. Each write passes it to
 * the engine by value (as bit flags), so changing it affects later writes
 * only.
 */
public final class WriteOptions implements AutoCloseable {
    /** RocksDB's defaults: no sync, WAL on. */
    public static final WriteOptions DEFAULT = new WriteOptions().freeze();

    // the bits of the C ABI's write flags (PANROCKS_WRITE_* in panrocks.h)
    static final int SYNC = panrocks_h.PANROCKS_WRITE_SYNC(), DISABLE_WAL = panrocks_h.PANROCKS_WRITE_DISABLE_WAL(),
            NO_SLOWDOWN = panrocks_h.PANROCKS_WRITE_NO_SLOWDOWN(), LOW_PRI = panrocks_h.PANROCKS_WRITE_LOW_PRI(),
            IGNORE_MISSING_CF = panrocks_h.PANROCKS_WRITE_IGNORE_MISSING_COLUMN_FAMILIES();

    private volatile int flags;
    private boolean frozen;

    /** Write options with RocksDB's defaults: WAL on, no sync. */
    public WriteOptions() {
    }

    private WriteOptions freeze() {
        frozen = true;
        return this;
    }

    private WriteOptions set(int bit, boolean on) {
        if (frozen) throw new UnsupportedOperationException("WriteOptions.DEFAULT is shared and cannot change");
        flags = on ? flags | bit : flags & ~bit;
        return this;
    }

    /**
     * Sync the write-ahead log to disk before the write returns (fsync): an
     * acknowledged write then survives a machine crash, not only a process crash.
     *
     * @param sync whether each write is fsynced
     * @return this object, for chaining
     */
    public WriteOptions setSync(boolean sync) {
        return set(SYNC, sync);
    }

    /**
     * Whether writes are fsynced (see {@link #setSync}).
     *
     * @return {@code true} if they are
     */
    public boolean sync() {
        return (flags & SYNC) != 0;
    }

    /**
     * Skip the write-ahead log. Writes not yet flushed to an SST file are then
     * lost if the process crashes: only use for data that can be rebuilt.
     *
     * @param disableWAL whether to skip the write-ahead log
     * @return this object, for chaining
     */
    public WriteOptions setDisableWAL(boolean disableWAL) {
        return set(DISABLE_WAL, disableWAL);
    }

    /**
     * Whether the write-ahead log is skipped (see {@link #setDisableWAL}).
     *
     * @return {@code true} if it is
     */
    public boolean disableWAL() {
        return (flags & DISABLE_WAL) != 0;
    }

    /**
     * Fail with {@link Status.Code#Incomplete} instead of waiting when writes are being slowed down.
     *
     * @param noSlowdown whether to fail rather than wait
     * @return this object, for chaining
     */
    public WriteOptions setNoSlowdown(boolean noSlowdown) {
        return set(NO_SLOWDOWN, noSlowdown);
    }

    /**
     * Whether writes fail rather than wait (see {@link #setNoSlowdown}).
     *
     * @return {@code true} if they do
     */
    public boolean noSlowdown() {
        return (flags & NO_SLOWDOWN) != 0;
    }

    /**
     * A low-priority write, slowed first when compaction falls behind.
     *
     * @param lowPri whether the write is low-priority
     * @return this object, for chaining
     */
    public WriteOptions setLowPri(boolean lowPri) {
        return set(LOW_PRI, lowPri);
    }

    /**
     * Whether writes are low-priority (see {@link #setLowPri}).
     *
     * @return {@code true} if they are
     */
    public boolean lowPri() {
        return (flags & LOW_PRI) != 0;
    }

    /**
     * In a batch, silently skip writes to column families that were dropped.
     *
     * @param ignore whether writes to dropped families are skipped
     * @return this object, for chaining
     */
    public WriteOptions setIgnoreMissingColumnFamilies(boolean ignore) {
        return set(IGNORE_MISSING_CF, ignore);
    }

    /**
     * Whether writes to dropped families are skipped (see {@link #setIgnoreMissingColumnFamilies}).
     *
     * @return {@code true} if they are
     */
    public boolean ignoreMissingColumnFamilies() {
        return (flags & IGNORE_MISSING_CF) != 0;
    }

    int flags() {
        return flags;
    }

    /** Nothing to release; present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "WriteOptions{sync=" + sync() + ", disableWAL=" + disableWAL() + ", noSlowdown=" + noSlowdown()
                + ", lowPri=" + lowPri() + ", ignoreMissingColumnFamilies=" + ignoreMissingColumnFamilies() + "}";
    }

    // =========================================================================
    // Copies
    // =========================================================================

    /**
     * A copy of {@code other}, changeable on its own (RocksJava's copy constructor).
     *
     * @param other the options to copy
     */
    public WriteOptions(WriteOptions other) {
        this.flags = other.flags;
    }

    /** New, changeable options holding {@code flags} (what {@link #flags()} gave). */
    static WriteOptions ofFlags(int flags) {
        WriteOptions o = new WriteOptions();
        o.flags = flags;
        return o;
    }
}
