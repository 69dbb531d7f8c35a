package io.panrocks;

import io.panrocks.internal.options.MutableOptionText;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.ObjLongConsumer;

/**
 * DB-wide options that an open DB changes while it runs, as RocksJava's
 * {@code MutableDBOptions}: built with {@link #builder()} or
 * {@link #parse(String)}, applied with {@link RocksDB#setDBOptions(MutableDBOptions)}
 * (RocksDB's {@code SetDBOptions}); {@link RocksDB#getDBOptions()} reads the
 * running values back into a builder.
 *
 * <p>A plain Java value. Each setter of the builder checks its value as the
 * same setter of {@link DBOptions} does, at once, with an
 * {@link IllegalArgumentException} naming the option; RocksDB checks the
 * whole set again when it applies it.
 */
public final class MutableDBOptions extends AbstractMutableOptions {
    private MutableDBOptions(Map<String, String> entries) {
        super(entries);
    }

    /**
     * A builder with no option set.
     *
     * @return a new builder
     */
    public static MutableDBOptionsBuilder builder() {
        return new MutableDBOptionsBuilder();
    }

    /**
     * Parses {@code name=value;name=value} (RocksDB's option-string syntax,
     * {@code \:} standing for {@code :}) into a builder, each value through its typed setter.
     *
     * @param str the options; not null
     * @param ignoreUnknown whether names that are not mutable DB options are
     *     skipped (as in what {@link RocksDB#getDBOptions()} reads) rather than refused
     * @return a builder holding the values
     * @throws NullPointerException if str is null
     * @throws IllegalArgumentException if a value is malformed or out of range, or a name
     *     unknown and {@code ignoreUnknown} false
     */
    public static MutableDBOptionsBuilder parse(String str, boolean ignoreUnknown) {
        return MutableOptionText.parse(str, ignoreUnknown, MutableDBOptionsBuilder.APPLIERS, new MutableDBOptionsBuilder(),
                "MutableDBOptions", null);
    }

    /** What {@link RocksDB#getDBOptions} read from the engine: RocksDB's values kept where panrocks' setters are stricter. */
    static MutableDBOptionsBuilder fromEngine(String str) {
        return MutableOptionText.parse(str, true, MutableDBOptionsBuilder.APPLIERS, new MutableDBOptionsBuilder(),
                "MutableDBOptions", (b, name, value) -> b.options.setRawDBOption(name, value));
    }

    /**
     * As {@link #parse(String, boolean)}, refusing unknown names.
     *
     * @param str the options; not null
     * @return a builder holding the values
     */
    public static MutableDBOptionsBuilder parse(String str) {
        return parse(str, false);
    }

    /** The mutable DB-wide options. The constants' names are RocksDB's. */
    public enum DBOption {
        /** {@code max_background_jobs} */
        max_background_jobs,
        /** {@code max_background_compactions} */
        max_background_compactions,
        /** {@code avoid_flush_during_shutdown} */
        avoid_flush_during_shutdown,
        /** {@code writable_file_max_buffer_size} */
        writable_file_max_buffer_size,
        /** {@code delayed_write_rate} */
        delayed_write_rate,
        /** {@code max_total_wal_size} */
        max_total_wal_size,
        /** {@code delete_obsolete_files_period_micros} */
        delete_obsolete_files_period_micros,
        /** {@code stats_dump_period_sec} */
        stats_dump_period_sec,
        /** {@code stats_persist_period_sec} */
        stats_persist_period_sec,
        /** {@code stats_history_buffer_size} */
        stats_history_buffer_size,
        /** {@code max_open_files} */
        max_open_files,
        /** {@code bytes_per_sync} */
        bytes_per_sync,
        /** {@code wal_bytes_per_sync} */
        wal_bytes_per_sync,
        /** {@code strict_bytes_per_sync} */
        strict_bytes_per_sync,
        /** {@code compaction_readahead_size} */
        compaction_readahead_size,
        /** {@code daily_offpeak_time_utc} */
        daily_offpeak_time_utc,
        /** {@code max_background_flushes} */
        max_background_flushes,
        /** {@code max_compaction_trigger_wakeup_seconds} (RocksDB 11) */
        max_compaction_trigger_wakeup_seconds
    }

    /**
     * Collects mutable DB-wide options; {@link #build()} makes the value to
     * apply. A getter of an option not set throws
     * {@link NoSuchElementException}, as RocksJava's.
     */
    public static final class MutableDBOptionsBuilder {
        /** the values, validated and formatted by DBOptions' own setters */
        private final DBOptions options = new DBOptions();

        private MutableDBOptionsBuilder() {
        }

        /**
         * The options set so far.
         *
         * @return a new value holding them
         */
        public MutableDBOptions build() {
            return new MutableDBOptions(options.values.entries());
        }

        private DBOptions require(String name) {
            if (options.rawDBOption(name) == null) throw new NoSuchElementException(name + " has not been set");
            return options;
        }

        /** The text of each option applied through its typed setter (a long RocksDB wrote unsigned kept as written). */
        static final Map<String, MutableOptionText.Applier<MutableDBOptionsBuilder>> APPLIERS;

        /**
         * The applier of an unsigned 64-bit option: a value past {@code Long.MAX_VALUE} in one of
         * RocksDB's spellings is kept as text, any other goes through the typed setter.
         */
        private static MutableOptionText.Applier<MutableDBOptionsBuilder> unsigned(ObjLongConsumer<MutableDBOptionsBuilder> setter) {
            return MutableOptionText.unsigned(setter, (b, n, v) -> b.options.setRawDBOption(n, v));
        }

        static {
            Map<String, MutableOptionText.Applier<MutableDBOptionsBuilder>> m = new LinkedHashMap<>();
            m.put("max_background_jobs", MutableOptionText.integer(MutableDBOptionsBuilder::setMaxBackgroundJobs));
            m.put("max_background_compactions", MutableOptionText.integer(MutableDBOptionsBuilder::setMaxBackgroundCompactions));
            m.put("avoid_flush_during_shutdown", MutableOptionText.bool(MutableDBOptionsBuilder::setAvoidFlushDuringShutdown));
            m.put("writable_file_max_buffer_size", unsigned(MutableDBOptionsBuilder::setWritableFileMaxBufferSize));
            m.put("delayed_write_rate", unsigned(MutableDBOptionsBuilder::setDelayedWriteRate));
            m.put("max_total_wal_size", unsigned(MutableDBOptionsBuilder::setMaxTotalWalSize));
            m.put("delete_obsolete_files_period_micros", unsigned(MutableDBOptionsBuilder::setDeleteObsoleteFilesPeriodMicros));
            m.put("stats_dump_period_sec", MutableOptionText.integer(MutableDBOptionsBuilder::setStatsDumpPeriodSec));
            m.put("stats_persist_period_sec", MutableOptionText.integer(MutableDBOptionsBuilder::setStatsPersistPeriodSec));
            m.put("stats_history_buffer_size", unsigned(MutableDBOptionsBuilder::setStatsHistoryBufferSize));
            m.put("max_open_files", MutableOptionText.integer(MutableDBOptionsBuilder::setMaxOpenFiles));
            m.put("bytes_per_sync", unsigned(MutableDBOptionsBuilder::setBytesPerSync));
            m.put("wal_bytes_per_sync", unsigned(MutableDBOptionsBuilder::setWalBytesPerSync));
            m.put("strict_bytes_per_sync", MutableOptionText.bool(MutableDBOptionsBuilder::setStrictBytesPerSync));
            m.put("compaction_readahead_size", unsigned(MutableDBOptionsBuilder::setCompactionReadaheadSize));
            m.put("daily_offpeak_time_utc", (b, n, v) -> b.setDailyOffpeakTimeUTC(v));
            m.put("max_background_flushes", MutableOptionText.integer(MutableDBOptionsBuilder::setMaxBackgroundFlushes));
            m.put("max_compaction_trigger_wakeup_seconds", unsigned(MutableDBOptionsBuilder::setMaxCompactionTriggerWakeupSeconds));
            APPLIERS = Map.copyOf(m);
        }

        /**
         * Sets {@code max_background_jobs}: the background threads of flushes and compactions; checked as {@link DBOptions#setMaxBackgroundJobs}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableDBOptionsBuilder setMaxBackgroundJobs(int value) {
            options.setMaxBackgroundJobs(value);
            return this;
        }

        /**
         * The value set for {@code max_background_jobs}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public int maxBackgroundJobs() {
            return require("max_background_jobs").maxBackgroundJobs();
        }

        /**
         * Sets {@code max_background_compactions}: the concurrent background compactions (-1: from maxBackgroundJobs); checked as {@link DBOptions#setMaxBackgroundCompactions}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableDBOptionsBuilder setMaxBackgroundCompactions(int value) {
            options.setMaxBackgroundCompactions(value);
            return this;
        }

        /**
         * The value set for {@code max_background_compactions}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public int maxBackgroundCompactions() {
            return require("max_background_compactions").maxBackgroundCompactions();
        }

        /**
         * Sets {@code avoid_flush_during_shutdown}: whether closing skips flushing memtables; checked as {@link DBOptions#setAvoidFlushDuringShutdown}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableDBOptionsBuilder setAvoidFlushDuringShutdown(boolean value) {
            options.setAvoidFlushDuringShutdown(value);
            return this;
        }

        /**
         * The value set for {@code avoid_flush_during_shutdown}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public boolean avoidFlushDuringShutdown() {
            return require("avoid_flush_during_shutdown").avoidFlushDuringShutdown();
        }

        /**
         * Sets {@code writable_file_max_buffer_size}: the write buffer of each file; checked as {@link DBOptions#setWritableFileMaxBufferSize}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableDBOptionsBuilder setWritableFileMaxBufferSize(long value) {
            options.setWritableFileMaxBufferSize(value);
            return this;
        }

        /**
         * The value set for {@code writable_file_max_buffer_size}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long writableFileMaxBufferSize() {
            return require("writable_file_max_buffer_size").writableFileMaxBufferSize();
        }

        /**
         * Sets {@code delayed_write_rate}: the write rate while writes are slowed, bytes per second; checked as {@link DBOptions#setDelayedWriteRate}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableDBOptionsBuilder setDelayedWriteRate(long value) {
            options.setDelayedWriteRate(value);
            return this;
        }

        /**
         * The value set for {@code delayed_write_rate}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long delayedWriteRate() {
            return require("delayed_write_rate").delayedWriteRate();
        }

        /**
         * Sets {@code max_total_wal_size}: the WAL bytes that force a flush; checked as {@link DBOptions#setMaxTotalWalSize}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableDBOptionsBuilder setMaxTotalWalSize(long value) {
            options.setMaxTotalWalSize(value);
            return this;
        }

        /**
         * The value set for {@code max_total_wal_size}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long maxTotalWalSize() {
            return require("max_total_wal_size").maxTotalWalSize();
        }

        /**
         * Sets {@code delete_obsolete_files_period_micros}: how often obsolete files are deleted; checked as {@link DBOptions#setDeleteObsoleteFilesPeriodMicros}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableDBOptionsBuilder setDeleteObsoleteFilesPeriodMicros(long value) {
            options.setDeleteObsoleteFilesPeriodMicros(value);
            return this;
        }

        /**
         * The value set for {@code delete_obsolete_files_period_micros}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long deleteObsoleteFilesPeriodMicros() {
            return require("delete_obsolete_files_period_micros").deleteObsoleteFilesPeriodMicros();
        }

        /**
         * Sets {@code stats_dump_period_sec}: how often statistics go to the info log; checked as {@link DBOptions#setStatsDumpPeriodSec}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableDBOptionsBuilder setStatsDumpPeriodSec(int value) {
            options.setStatsDumpPeriodSec(value);
            return this;
        }

        /**
         * The value set for {@code stats_dump_period_sec}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public int statsDumpPeriodSec() {
            return require("stats_dump_period_sec").statsDumpPeriodSec();
        }

        /**
         * Sets {@code stats_persist_period_sec}: how often statistics are kept in memory or on disk; checked as {@link DBOptions#setStatsPersistPeriodSec}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableDBOptionsBuilder setStatsPersistPeriodSec(int value) {
            options.setStatsPersistPeriodSec(value);
            return this;
        }

        /**
         * The value set for {@code stats_persist_period_sec}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public int statsPersistPeriodSec() {
            return require("stats_persist_period_sec").statsPersistPeriodSec();
        }

        /**
         * Sets {@code stats_history_buffer_size}: the memory of kept statistics; checked as {@link DBOptions#setStatsHistoryBufferSize}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableDBOptionsBuilder setStatsHistoryBufferSize(long value) {
            options.setStatsHistoryBufferSize(value);
            return this;
        }

        /**
         * The value set for {@code stats_history_buffer_size}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long statsHistoryBufferSize() {
            return require("stats_history_buffer_size").statsHistoryBufferSize();
        }

        /**
         * Sets {@code max_open_files}: the files kept open (-1: all); checked as {@link DBOptions#setMaxOpenFiles}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableDBOptionsBuilder setMaxOpenFiles(int value) {
            options.setMaxOpenFiles(value);
            return this;
        }

        /**
         * The value set for {@code max_open_files}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public int maxOpenFiles() {
            return require("max_open_files").maxOpenFiles();
        }

        /**
         * Sets {@code bytes_per_sync}: bytes written between syncs of an SST file; checked as {@link DBOptions#setBytesPerSync}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableDBOptionsBuilder setBytesPerSync(long value) {
            options.setBytesPerSync(value);
            return this;
        }

        /**
         * The value set for {@code bytes_per_sync}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long bytesPerSync() {
            return require("bytes_per_sync").bytesPerSync();
        }

        /**
         * Sets {@code wal_bytes_per_sync}: bytes written between syncs of a WAL; checked as {@link DBOptions#setWalBytesPerSync}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableDBOptionsBuilder setWalBytesPerSync(long value) {
            options.setWalBytesPerSync(value);
            return this;
        }

        /**
         * The value set for {@code wal_bytes_per_sync}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long walBytesPerSync() {
            return require("wal_bytes_per_sync").walBytesPerSync();
        }

        /**
         * Sets {@code strict_bytes_per_sync}: whether each sync waits for the previous one; checked as {@link DBOptions#setStrictBytesPerSync}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableDBOptionsBuilder setStrictBytesPerSync(boolean value) {
            options.setStrictBytesPerSync(value);
            return this;
        }

        /**
         * The value set for {@code strict_bytes_per_sync}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public boolean strictBytesPerSync() {
            return require("strict_bytes_per_sync").strictBytesPerSync();
        }

        /**
         * Sets {@code compaction_readahead_size}: the readahead of compaction reads; checked as {@link DBOptions#setCompactionReadaheadSize}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableDBOptionsBuilder setCompactionReadaheadSize(long value) {
            options.setCompactionReadaheadSize(value);
            return this;
        }

        /**
         * The value set for {@code compaction_readahead_size}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long compactionReadaheadSize() {
            return require("compaction_readahead_size").compactionReadaheadSize();
        }

        /**
         * Sets {@code max_compaction_trigger_wakeup_seconds}; checked as {@link DBOptions#setMaxCompactionTriggerWakeupSeconds}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         * @throws UnsupportedOperationException on an engine older than RocksDB 11
         */
        public MutableDBOptionsBuilder setMaxCompactionTriggerWakeupSeconds(long value) {
            options.setMaxCompactionTriggerWakeupSeconds(value);
            return this;
        }

        /**
         * The value set for {@code max_compaction_trigger_wakeup_seconds}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public long maxCompactionTriggerWakeupSeconds() {
            return require("max_compaction_trigger_wakeup_seconds").maxCompactionTriggerWakeupSeconds();
        }

        /**
         * Sets {@code daily_offpeak_time_utc}: the daily window of low traffic, HH:mm-HH:mm in UTC; checked as {@link DBOptions#setDailyOffpeakTimeUTC}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableDBOptionsBuilder setDailyOffpeakTimeUTC(String value) {
            options.setDailyOffpeakTimeUTC(value);
            return this;
        }

        /**
         * The value set for {@code daily_offpeak_time_utc}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public String dailyOffpeakTimeUTC() {
            return require("daily_offpeak_time_utc").dailyOffpeakTimeUTC();
        }

        /**
         * Sets {@code max_background_flushes}: the concurrent background flushes (-1: from maxBackgroundJobs); checked as {@link DBOptions#setMaxBackgroundFlushes}.
         *
         * @param value the value
         * @return this builder
         * @throws IllegalArgumentException if the value is out of range
         */
        public MutableDBOptionsBuilder setMaxBackgroundFlushes(int value) {
            options.setMaxBackgroundFlushes(value);
            return this;
        }

        /**
         * The value set for {@code max_background_flushes}.
         *
         * @return the value
         * @throws NoSuchElementException if it was not set
         */
        public int maxBackgroundFlushes() {
            return require("max_background_flushes").maxBackgroundFlushes();
        }
    }
}
