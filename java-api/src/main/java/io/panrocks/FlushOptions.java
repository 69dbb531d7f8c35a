package io.panrocks;

/**
 * Options of {@link RocksDB#flush(FlushOptions)}, as RocksJava's
 * {@code FlushOptions}; defaults are RocksDB's (wait, no write stall). A
 * plain Java value: it owns no native memory ({@code close()} does nothing).
 */
public final class FlushOptions implements AutoCloseable {
    private boolean waitForFlush = true;
    private boolean allowWriteStall;

    /** RocksDB's defaults: wait for the flush, wait out a write stall before flushing. */
    public FlushOptions() {
    }

    /**
     * Whether the flush call waits until the memtables are in SST files
     * (otherwise it only schedules the flush).
     *
     * @param waitForFlush true to wait (the default)
     * @return this
     */
    public FlushOptions setWaitForFlush(boolean waitForFlush) {
        this.waitForFlush = waitForFlush;
        return this;
    }

    /**
     * Whether the flush call waits.
     *
     * @return the setting
     */
    public boolean waitForFlush() {
        return waitForFlush;
    }

    /**
     * Whether the flush may start at once even if it stalls writes; otherwise
     * it waits until it would not (RocksDB's default: false).
     *
     * @param allowWriteStall true to flush at once
     * @return this
     */
    public FlushOptions setAllowWriteStall(boolean allowWriteStall) {
        this.allowWriteStall = allowWriteStall;
        return this;
    }

    /**
     * Whether the flush may stall writes.
     *
     * @return the setting
     */
    public boolean allowWriteStall() {
        return allowWriteStall;
    }

    /** Nothing to release; present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "FlushOptions{waitForFlush=" + waitForFlush + ", allowWriteStall=" + allowWriteStall + "}";
    }
}
