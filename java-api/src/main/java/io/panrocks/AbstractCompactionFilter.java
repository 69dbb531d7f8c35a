package io.panrocks;

import java.lang.foreign.MemorySegment;

/**
 * A compaction filter written in Java: RocksDB shows it every entry a
 * compaction rewrites, and it keeps, removes or changes each one (TTL
 * expiry, garbage collection of application-level tombstones, rewriting old
 * formats). RocksJava can only use filters written in C++; here the filter
 * is Java, called through an FFM upcall with RocksDB's own bytes.
 *
 * <p>Set one instance for every compaction with
 * {@link ColumnFamilyOptionsInterface#setCompactionFilter} (it must then be
 * thread-safe: compactions run in parallel), or a fresh one per compaction
 * through an {@link AbstractCompactionFilterFactory}.
 *
 * <h2>Contract</h2>
 * <ul>
 * <li>It sees the entries of compactions only (not of flushes), each
 * key's newest value or merge operand that no snapshot needs older
 * versions of; deletions are never shown.</li>
 * <li>The key and value are read-only views of RocksDB's memory, and the
 * {@link NewValue} is RocksDB's buffer: all valid only during the call.</li>
 * <li>It runs on RocksDB's compaction threads, and must not call into the
 * DB that uses it ({@link IllegalStateException}). A slow filter slows the
 * compaction; a DB closing meanwhile stops the compaction between two
 * entries, so a close waits for one call at most.</li>
 * </ul>
 *
 * <h2>When it fails</h2>
 * A filter that throws keeps the entry unchanged (always safe); the
 * exception is logged and recorded ({@link RocksDB#callbackFailure()}), and
 * the compaction goes on. Returning null is {@code KEEP};
 * {@code CHANGE_VALUE} without writing the {@link NewValue} changes the
 * value to the empty one.
 */
public abstract class AbstractCompactionFilter {

    /** What to do with an entry. */
    public enum Decision {
        /** Keep it as it is. */
        KEEP,
        /** Drop it: the key reads as absent (or as its older versions a snapshot still needs). */
        REMOVE,
        /** Replace its value with what the filter wrote into the {@link NewValue}. */
        CHANGE_VALUE
    }

    /** What kind of entry the filter is shown. */
    public enum ValueType {
        /** A plain value (from a put). */
        VALUE,
        /** A merge operand not yet merged into a value. */
        MERGE_OPERAND
    }

    /** Why and where a filter is created, as RocksDB's {@code CompactionFilter::Context}. */
    public static final class Context {
        private final boolean fullCompaction;
        private final boolean manualCompaction;
        private final int columnFamilyId;

        /**
         * A context.
         *
         * @param fullCompaction whether the compaction reads every file of the column family
         * @param manualCompaction whether a user asked for it ({@code compactRange})
         * @param columnFamilyId the ID of the column family compacted
         */
        public Context(boolean fullCompaction, boolean manualCompaction, int columnFamilyId) {
            this.fullCompaction = fullCompaction;
            this.manualCompaction = manualCompaction;
            this.columnFamilyId = columnFamilyId;
        }

        /**
         * Whether the compaction reads every file of the column family.
         *
         * @return true for a full compaction
         */
        public boolean isFullCompaction() {
            return fullCompaction;
        }

        /**
         * Whether a user asked for the compaction.
         *
         * @return true for a manual compaction
         */
        public boolean isManualCompaction() {
            return manualCompaction;
        }

        /**
         * The ID of the column family compacted.
         *
         * @return its ID
         */
        public int columnFamilyId() {
            return columnFamilyId;
        }

        @Override
        public String toString() {
            return "Context{full=" + fullCompaction + ", manual=" + manualCompaction + ", columnFamilyId="
                    + columnFamilyId + "}";
        }
    }

    /** For subclasses. */
    protected AbstractCompactionFilter() {
    }

    /**
     * Decides one entry.
     *
     * @param level the LSM level the compaction reads the entry from
     * @param key the key: read-only, valid during the call
     * @param valueType a plain value or a merge operand
     * @param value the value or operand: read-only, valid during the call
     * @param newValue where the replacement goes, for {@code CHANGE_VALUE}
     *        (write it with {@link NewValue#allocate} or {@link NewValue#set})
     * @return the decision; null keeps the entry
     */
    public abstract Decision filter(int level, MemorySegment key, ValueType valueType, MemorySegment value,
                                    NewValue newValue);

    /**
     * The filter's name, shown in RocksDB's log. Default: the class name.
     *
     * @return the name
     */
    public String name() {
        return getClass().getName();
    }

    /**
     * Called when the compaction a factory made this filter for is over
     * (never for a filter set directly on the options, which serves every
     * compaction). Default: nothing. Exceptions are logged and ignored.
     */
    public void close() {
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "{" + name() + "}";
    }
}
