package io.panrocks;

/**
 * A limit on how many compactions run at once, shared by every column
 * family given it with
 * {@link ColumnFamilyOptionsInterface#setCompactionThreadLimiter} (RocksDB's
 * {@code ConcurrentTaskLimiter}), as RocksJava's
 * {@code ConcurrentTaskLimiter}. The only one is
 * {@link ConcurrentTaskLimiterImpl}.
 */
public abstract sealed class ConcurrentTaskLimiter implements AutoCloseable permits ConcurrentTaskLimiterImpl {
    ConcurrentTaskLimiter() {
    }

    /**
     * The name it was created with.
     *
     * @return the name
     * @throws IllegalStateException if closed
     */
    public abstract String name();

    /**
     * Changes the limit, at once, for every family using it.
     *
     * @param maxOutstandingTask compactions at once; negative: no limit; 0: no new compaction starts
     * @return this
     * @throws IllegalStateException if closed
     */
    public abstract ConcurrentTaskLimiter setMaxOutstandingTask(int maxOutstandingTask);

    /**
     * Removes the limit (RocksDB's {@code ResetMaxOutstandingTask}).
     *
     * @return this
     * @throws IllegalStateException if closed
     */
    public abstract ConcurrentTaskLimiter resetMaxOutstandingTask();

    /**
     * The compactions running under the limit now, in every DB using it.
     *
     * @return the count
     * @throws IllegalStateException if closed
     */
    public abstract int outstandingTask();

    /**
     * Releases this object's reference; families of open DBs that use the
     * limiter keep theirs (and keep their limit). Idempotent, any thread.
     */
    @Override
    public abstract void close();
}
