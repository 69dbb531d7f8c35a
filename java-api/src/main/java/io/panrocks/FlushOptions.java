package io.panrocks;

/**
 * Options of {@link RocksDB#flush(FlushOptions)}, as RocksJava's
 * {@code FlushOptions}; defaults are RocksDB's (wait, no write stall). A
 * plain Java value: it owns no native memory ({@code close()} does nothing).
 */
public final class FlushOptions implements AutoCloseable {
    private boolean waitForFlush = true;
    private boolean allowWriteStall;
    private boolean listenerWait;

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

    /**
     * With {@link #waitForFlush()}, also wait until the listeners'
     * {@link AbstractEventListener#onFlushCompleted} callbacks for the flushed
     * memtables have returned; otherwise the flush may return before or while
     * they run (RocksDB 11.8's {@code FlushOptions::listener_wait}, default
     * false). No effect without waitForFlush.
     *
     * @param listenerWait true to wait for the listeners
     * @return this
     */
    public FlushOptions setListenerWait(boolean listenerWait) {
        this.listenerWait = listenerWait;
        return this;
    }

    /**
     * Whether a waiting flush also waits for the listeners (see {@link #setListenerWait}).
     *
     * @return the setting; a flush with it set throws {@link UnsupportedOperationException}
     *         on an engine older than RocksDB 11.8
     */
    public boolean listenerWait() {
        return listenerWait;
    }

    /** Nothing to release; present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "FlushOptions{waitForFlush=" + waitForFlush + ", allowWriteStall=" + allowWriteStall + ", listenerWait="
                + listenerWait + "}";
    }
}
