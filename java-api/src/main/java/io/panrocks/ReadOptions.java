package io.panrocks;

import io.panrocks.internal.Bounds;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.data.Timestamps;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_read_options_spec;
import io.panrocks.internal.ffi.panrocks_read_timestamps;
import io.panrocks.internal.ffi.panrocks_slice;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.Arrays;

/**
 * Options of a read, as in RocksJava's {@code ReadOptions}; defaults are
 * RocksDB's.
 *
 * <p>A plain Java object: it owns no native memory and needs no closing.
 * Each thread keeps the native {@code rocksdb::ReadOptions} built from it
 * and rebuilds it after a setter ran, so a read with an unchanged
 * {@code ReadOptions} costs nothing extra. Configure it before sharing it
 * between threads. Invalid values are rejected by the setter with an
 * {@link IllegalArgumentException} naming the option.
 */
public final class ReadOptions implements AutoCloseable {
    /** RocksDB's defaults; shared, cannot change. */
    public static final ReadOptions DEFAULT = new ReadOptions().freeze();

    private boolean frozen;
    /** bumped by every setter: the per-thread native copies compare it */
    private volatile int version;

    private boolean fillCache = true;
    private boolean verifyChecksums = true;
    private ReadTier readTier = ReadTier.READ_ALL_TIER;
    private Snapshot snapshot;
    private byte[] iterateLowerBound;
    private byte[] iterateUpperBound;
    private boolean totalOrderSeek;
    private boolean prefixSameAsStart;
    private boolean autoPrefixMode;
    private boolean pinData;
    private boolean tailing;
    private boolean ignoreRangeDeletions;
    private boolean asyncIo;
    private long readaheadSize;
    private long maxSkippableInternalKeys;
    private Duration deadline = Duration.ZERO;
    private Duration ioTimeout = Duration.ZERO;
    // user-defined timestamps: -1 is "none" (a set one is never negative)
    private long timestamp = NO_TIMESTAMP;
    private long iterStartTs = NO_TIMESTAMP;
    private static final long NO_TIMESTAMP = -1;

    /** Read options with RocksDB's defaults. */
    public ReadOptions() {
    }

    /**
     * A copy with the same settings, changeable on its own.
     *
     * @param other the options to copy; not null
     */
    public ReadOptions(ReadOptions other) {
        fillCache = other.fillCache;
        verifyChecksums = other.verifyChecksums;
        readTier = other.readTier;
        snapshot = other.snapshot;
        iterateLowerBound = other.iterateLowerBound;
        iterateUpperBound = other.iterateUpperBound;
        totalOrderSeek = other.totalOrderSeek;
        prefixSameAsStart = other.prefixSameAsStart;
        autoPrefixMode = other.autoPrefixMode;
        pinData = other.pinData;
        tailing = other.tailing;
        ignoreRangeDeletions = other.ignoreRangeDeletions;
        asyncIo = other.asyncIo;
        readaheadSize = other.readaheadSize;
        maxSkippableInternalKeys = other.maxSkippableInternalKeys;
        deadline = other.deadline;
        ioTimeout = other.ioTimeout;
        timestamp = other.timestamp;
        iterStartTs = other.iterStartTs;
        tableFilter = other.tableFilter;
    }

    private ReadOptions freeze() {
        frozen = true;
        return this;
    }

    private ReadOptions changed() {
        if (frozen) throw new UnsupportedOperationException("ReadOptions.DEFAULT is shared and cannot change");
        version++;
        return this;
    }

    /**
     * Put blocks read by this read into the block cache (default true).
     *
     * @param fillCache whether blocks read go into the block cache
     * @return this object, for chaining
     */
    public ReadOptions setFillCache(boolean fillCache) {
        checkMutable();
        this.fillCache = fillCache;
        return changed();
    }

    /**
     * Whether blocks read go into the block cache (see {@link #setFillCache}).
     *
     * @return {@code true} if they do
     */
    public boolean fillCache() {
        return fillCache;
    }

    /**
     * Verify block checksums on reads from storage (default true).
     *
     * @param verifyChecksums whether to verify checksums
     * @return this object, for chaining
     */
    public ReadOptions setVerifyChecksums(boolean verifyChecksums) {
        checkMutable();
        this.verifyChecksums = verifyChecksums;
        return changed();
    }

    /**
     * Whether checksums are verified (see {@link #setVerifyChecksums}).
     *
     * @return {@code true} if they are
     */
    public boolean verifyChecksums() {
        return verifyChecksums;
    }

    /**
     * Where reads may look: everywhere (default), or only in memory ({@link
     * ReadTier#BLOCK_CACHE_TIER}), failing with {@link Status.Code#Incomplete} when I/O would be
     * needed.
     *
     * @param readTier the tier; not null
     * @return this object, for chaining
     */
    public ReadOptions setReadTier(ReadTier readTier) {
        checkMutable();
        this.readTier = requireNonNull(readTier, "readTier");
        return changed();
    }

    /**
     * The tier set with {@link #setReadTier}.
     *
     * @return the read tier
     */
    public ReadTier readTier() {
        return readTier;
    }

    /**
     * Read the DB as of this snapshot; {@code null} reads the latest state.
     * Reads with a released snapshot throw {@link IllegalStateException}.
     *
     * @param snapshot the snapshot, or {@code null} for the latest state
     * @return this object, for chaining
     */
    public ReadOptions setSnapshot(Snapshot snapshot) {
        checkMutable();
        this.snapshot = snapshot;
        return changed();
    }

    /**
     * The snapshot set with {@link #setSnapshot}.
     *
     * @return the snapshot, or {@code null} for the latest state
     */
    public Snapshot snapshot() {
        return snapshot;
    }

    /**
     * Iterators see no key below this one (inclusive bound); copied. {@code null}: none.
     *
     * @param lowerBound the lowest key iterators see, or {@code null}
     * @return this object, for chaining
     */
    public ReadOptions setIterateLowerBound(byte[] lowerBound) {
        checkMutable();
        this.iterateLowerBound = lowerBound == null ? null : lowerBound.clone();
        return changed();
    }

    /**
     * The lower bound set with {@link #setIterateLowerBound}.
     *
     * @return a copy of the bound, or {@code null}
     */
    public byte[] iterateLowerBound() {
        return iterateLowerBound == null ? null : iterateLowerBound.clone();
    }

    /**
     * Iterators see no key at or above this one (exclusive bound); copied. {@code null}: none.
     *
     * @param upperBound the first key iterators no longer see, or {@code null}
     * @return this object, for chaining
     */
    public ReadOptions setIterateUpperBound(byte[] upperBound) {
        checkMutable();
        this.iterateUpperBound = upperBound == null ? null : upperBound.clone();
        return changed();
    }

    /**
     * RocksJava's {@code Slice}/{@code DirectSlice} form of
     * {@link #setIterateLowerBound(byte[])}: the slice's bytes, copied now
     * (later changes to the slice or its buffer do not move the bound).
     * The getter stays {@link #iterateLowerBound()}, a {@code byte[]}.
     *
     * @param lowerBound the lowest key iterators see, or {@code null}
     * @return this object, for chaining
     */
    public ReadOptions setIterateLowerBound(AbstractSlice<?> lowerBound) {
        return setIterateLowerBound(lowerBound == null ? null : lowerBound.toBytes());
    }

    /**
     * RocksJava's {@code Slice}/{@code DirectSlice} form of
     * {@link #setIterateUpperBound(byte[])}: the slice's bytes, copied now.
     * The getter stays {@link #iterateUpperBound()}, a {@code byte[]}.
     *
     * @param upperBound the first key iterators no longer see, or {@code null}
     * @return this object, for chaining
     */
    public ReadOptions setIterateUpperBound(AbstractSlice<?> upperBound) {
        return setIterateUpperBound(upperBound == null ? null : upperBound.toBytes());
    }

    /**
     * The upper bound set with {@link #setIterateUpperBound}.
     *
     * @return a copy of the bound, or {@code null}
     */
    public byte[] iterateUpperBound() {
        return iterateUpperBound == null ? null : iterateUpperBound.clone();
    }

    /**
     * Ignore the prefix extractor: iterate in total order.
     *
     * @param totalOrderSeek whether to ignore the prefix extractor
     * @return this object, for chaining
     */
    public ReadOptions setTotalOrderSeek(boolean totalOrderSeek) {
        checkMutable();
        this.totalOrderSeek = totalOrderSeek;
        return changed();
    }

    /**
     * Whether the prefix extractor is ignored (see {@link #setTotalOrderSeek}).
     *
     * @return {@code true} if iteration is in total order
     */
    public boolean totalOrderSeek() {
        return totalOrderSeek;
    }

    /**
     * Iterators stop at the first key whose prefix differs from the seek key's.
     *
     * @param prefixSameAsStart whether iterators stay within the seek key's prefix
     * @return this object, for chaining
     */
    public ReadOptions setPrefixSameAsStart(boolean prefixSameAsStart) {
        checkMutable();
        this.prefixSameAsStart = prefixSameAsStart;
        return changed();
    }

    /**
     * Whether iterators stop at the seek key's prefix (see {@link #setPrefixSameAsStart}).
     *
     * @return {@code true} if they do
     */
    public boolean prefixSameAsStart() {
        return prefixSameAsStart;
    }

    /**
     * Use prefix bloom filters only when they give the same result as total order.
     *
     * @param autoPrefixMode whether RocksDB decides when prefix filters apply
     * @return this object, for chaining
     */
    public ReadOptions setAutoPrefixMode(boolean autoPrefixMode) {
        checkMutable();
        this.autoPrefixMode = autoPrefixMode;
        return changed();
    }

    /**
     * Whether RocksDB decides when prefix filters apply (see {@link #setAutoPrefixMode}).
     *
     * @return {@code true} if it does
     */
    public boolean autoPrefixMode() {
        return autoPrefixMode;
    }

    /**
     * Keep blocks an iterator read pinned while the iterator lives.
     *
     * @param pinData whether iterators pin the blocks they read
     * @return this object, for chaining
     */
    public ReadOptions setPinData(boolean pinData) {
        checkMutable();
        this.pinData = pinData;
        return changed();
    }

    /**
     * Whether iterators pin the blocks they read (see {@link #setPinData}).
     *
     * @return {@code true} if they do
     */
    public boolean pinData() {
        return pinData;
    }

    /**
     * A tailing iterator sees data written after it was created.
     *
     * @param tailing whether iterators are tailing
     * @return this object, for chaining
     */
    public ReadOptions setTailing(boolean tailing) {
        checkMutable();
        this.tailing = tailing;
        return changed();
    }

    /**
     * Whether iterators are tailing (see {@link #setTailing}).
     *
     * @return {@code true} if they are
     */
    public boolean tailing() {
        return tailing;
    }

    /**
     * Whether an iterator with these options may read entries ahead of its
     * position (RocksIterator): only when it shows each key once, as of a
     * state that does not change under it: not tailing, not showing history.
     */
    boolean iteratorsMayReadAhead() {
        return !tailing && iterStartTs == NO_TIMESTAMP;
    }

    /**
     * Read as if no range deletion existed (faster when there are none; wrong results otherwise).
     *
     * @param ignoreRangeDeletions whether range tombstones are ignored
     * @return this object, for chaining
     */
    public ReadOptions setIgnoreRangeDeletions(boolean ignoreRangeDeletions) {
        checkMutable();
        this.ignoreRangeDeletions = ignoreRangeDeletions;
        return changed();
    }

    /**
     * Whether range tombstones are ignored (see {@link #setIgnoreRangeDeletions}).
     *
     * @return {@code true} if they are
     */
    public boolean ignoreRangeDeletions() {
        return ignoreRangeDeletions;
    }

    /**
     * Let iterators prefetch blocks asynchronously (RocksDB's {@code async_io}).
     *
     * @param asyncIo whether reads may use asynchronous I/O
     * @return this object, for chaining
     */
    public ReadOptions setAsyncIo(boolean asyncIo) {
        checkMutable();
        this.asyncIo = asyncIo;
        return changed();
    }

    /**
     * Whether asynchronous I/O is on (see {@link #setAsyncIo}).
     *
     * @return {@code true} if it is
     */
    public boolean asyncIo() {
        return asyncIo;
    }

    /** Largest readahead accepted: 1 GiB. */
    public static final long MAX_READAHEAD = 1L << 30;

    /**
     * Iterator readahead in bytes, at most {@link #MAX_READAHEAD}; 0 lets RocksDB adapt it.
     *
     * @param readaheadSize the readahead in bytes, or 0
     * @return this object, for chaining
     */
    public ReadOptions setReadaheadSize(long readaheadSize) {
        checkMutable();
        Bounds.inRange(readaheadSize, 0, MAX_READAHEAD, "readaheadSize (readahead_size)",
                "an iterator allocates a buffer that size per file it reads");
        this.readaheadSize = readaheadSize;
        return changed();
    }

    /**
     * The readahead set with {@link #setReadaheadSize}.
     *
     * @return the readahead in bytes, or 0
     */
    public long readaheadSize() {
        return readaheadSize;
    }

    /**
     * An iterator gives up with Incomplete after skipping this many internal keys; 0: never.
     *
     * @param maxSkippableInternalKeys the number of internal keys, or 0 for no limit
     * @return this object, for chaining
     */
    public ReadOptions setMaxSkippableInternalKeys(long maxSkippableInternalKeys) {
        checkMutable();
        if (maxSkippableInternalKeys < 0) {
            throw new IllegalArgumentException("maxSkippableInternalKeys must be >= 0, was " + maxSkippableInternalKeys);
        }
        this.maxSkippableInternalKeys = maxSkippableInternalKeys;
        return changed();
    }

    /**
     * The limit set with {@link #setMaxSkippableInternalKeys}.
     *
     * @return the number of internal keys, or 0 for no limit
     */
    public long maxSkippableInternalKeys() {
        return maxSkippableInternalKeys;
    }

    /**
     * Absolute deadline of each read, as time since the epoch (RocksDB's
     * {@code deadline}); {@link Duration#ZERO} means none.
     *
     * @param deadline the deadline since the epoch, or {@link Duration#ZERO}; not null
     * @return this object, for chaining
     */
    public ReadOptions setDeadline(Duration deadline) {
        checkMutable();
        this.deadline = nonNegative(deadline, "deadline");
        return changed();
    }

    /**
     * The deadline set with {@link #setDeadline}.
     *
     * @return the deadline since the epoch, or {@link Duration#ZERO}
     */
    public Duration deadline() {
        return deadline;
    }

    /**
     * Timeout of each file read; {@link Duration#ZERO} means none.
     *
     * @param ioTimeout the timeout, or {@link Duration#ZERO}; not null
     * @return this object, for chaining
     */
    public ReadOptions setIoTimeout(Duration ioTimeout) {
        checkMutable();
        this.ioTimeout = nonNegative(ioTimeout, "ioTimeout");
        return changed();
    }

    /**
     * The timeout set with {@link #setIoTimeout}.
     *
     * @return the timeout, or {@link Duration#ZERO}
     */
    public Duration ioTimeout() {
        return ioTimeout;
    }

    private void checkMutable() {
        if (frozen) throw new UnsupportedOperationException("ReadOptions.DEFAULT is shared and cannot change");
    }

    private static <T> T requireNonNull(T value, String option) {
        if (value == null) throw new IllegalArgumentException(option + " must not be null");
        return value;
    }

    private static Duration nonNegative(Duration d, String option) {
        requireNonNull(d, option);
        if (d.isNegative()) throw new IllegalArgumentException(option + " must not be negative, was " + d);
        return d;
    }

    /** Nothing to release; present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

    // ---- native counterpart ------------------------------------------------

    /**
     * The native ReadOptions for this object on the calling thread, or NULL
     * for the shared defaults. Must be called inside a call on the DB.
     */
    MemorySegment nativeHandle(CallContext c) {
        return nativeHandle(c, null);
    }

    /**
     * As {@link #nativeHandle(CallContext)}, for a read of transaction
     * {@code via} (which may use its own snapshot), or of the DB if null.
     */
    MemorySegment nativeHandle(CallContext c, Transaction via) {
        if (this == DEFAULT) return MemorySegment.NULL;
        Snapshot s = snapshot; // read once: the check, the cache key and the native copy agree
        if (s != null) s.handle.checkUsableOn(c.db(), via);
        int v = version;
        MemorySegment cached = c.cachedReadOptions(this, v, s);
        if (cached != null) return cached;
        return c.cacheReadOptions(this, v, s, buildNative(c, s, false, via));
    }

    /**
     * The same options with read tier = block cache (never I/O), for the
     * critical read path. Cached per thread like {@link #nativeHandle}.
     */
    MemorySegment memoryOnlyHandle(CallContext c) {
        Snapshot s = snapshot;
        if (s != null) s.handle.checkUsableOn(c.db(), null);
        int v = version;
        MemorySegment cached = c.cachedReadOptions(memoryOnlyKey, v, s);
        if (cached != null) return cached;
        return c.cacheReadOptions(memoryOnlyKey, v, s, buildNative(c, s, true, null));
    }

    /** identity of the memory-only variant in the per-thread cache */
    private final Object memoryOnlyKey = new Object();

    private MemorySegment buildNative(CallContext c, Snapshot s, boolean memoryOnly, Transaction via) {
        // rare (once per thread and change): scratch of its own
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment spec = panrocks_read_options_spec.allocate(arena);
            fillSpec(c.db(), spec, arena, s, via);
            if (memoryOnly) panrocks_read_options_spec.read_tier(spec, panrocks_h.PANROCKS_READ_TIER_MEMORY_ONLY());
            return c.createReadOptions(spec);
        }
    }

    /**
     * Writes these options, for a call on {@code owner}, into a
     * panrocks_read_options_spec; the bounds are allocated in arena.
     */
    void fillSpec(NativeDb owner, MemorySegment spec, Arena arena) {
        fillSpec(owner, spec, arena, snapshot, null);
    }

    /** As {@link #fillSpec(NativeDb, MemorySegment, Arena)}, for a file outside any DB: no snapshot applies there. */
    void fillSpecForFile(MemorySegment spec, Arena arena) {
        fillSpec(null, spec, arena, null, null);
    }

    /** As {@link #fillSpec(NativeDb, MemorySegment, Arena)}, for an iterator of transaction {@code via}. */
    void fillSpec(NativeDb owner, MemorySegment spec, Arena arena, Transaction via) {
        fillSpec(owner, spec, arena, snapshot, via);
    }

    /** As {@link #fillSpec(NativeDb, MemorySegment, Arena)}, with the snapshot the caller read. */
    private void fillSpec(NativeDb owner, MemorySegment spec, Arena arena, Snapshot s, Transaction via) {
        panrocks_h.panrocks_read_options_spec_init(spec);
        if (s != null) panrocks_read_options_spec.snapshot(spec, s.handle.nativeHandle(owner, via));
        if (iterateLowerBound != null) bound(panrocks_read_options_spec.lower_bound(spec), iterateLowerBound, arena);
        if (iterateUpperBound != null) bound(panrocks_read_options_spec.upper_bound(spec), iterateUpperBound, arena);
        panrocks_read_options_spec.readahead_size(spec, readaheadSize);
        panrocks_read_options_spec.deadline_micros(spec, toMicros(deadline));
        panrocks_read_options_spec.io_timeout_micros(spec, toMicros(ioTimeout));
        panrocks_read_options_spec.max_skippable_internal_keys(spec, maxSkippableInternalKeys);
        panrocks_read_options_spec.read_tier(spec, readTier == ReadTier.BLOCK_CACHE_TIER
                ? panrocks_h.PANROCKS_READ_TIER_MEMORY_ONLY() : panrocks_h.PANROCKS_READ_TIER_ALL());
        panrocks_read_options_spec.fill_cache(spec, fillCache ? 1 : 0);
        panrocks_read_options_spec.verify_checksums(spec, verifyChecksums ? 1 : 0);
        panrocks_read_options_spec.total_order_seek(spec, totalOrderSeek ? 1 : 0);
        panrocks_read_options_spec.prefix_same_as_start(spec, prefixSameAsStart ? 1 : 0);
        panrocks_read_options_spec.auto_prefix_mode(spec, autoPrefixMode ? 1 : 0);
        panrocks_read_options_spec.pin_data(spec, pinData ? 1 : 0);
        panrocks_read_options_spec.tailing(spec, tailing ? 1 : 0);
        panrocks_read_options_spec.ignore_range_deletions(spec, ignoreRangeDeletions ? 1 : 0);
        panrocks_read_options_spec.async_io(spec, asyncIo ? 1 : 0);
        if (timestamp != NO_TIMESTAMP || iterStartTs != NO_TIMESTAMP) {
            MemorySegment ts = panrocks_read_timestamps.allocate(arena);
            panrocks_read_timestamps.has_timestamp(ts, timestamp != NO_TIMESTAMP ? 1 : 0);
            panrocks_read_timestamps.timestamp(ts, Math.max(timestamp, 0));
            panrocks_read_timestamps.has_iter_start(ts, iterStartTs != NO_TIMESTAMP ? 1 : 0);
            panrocks_read_timestamps.iter_start(ts, Math.max(iterStartTs, 0));
            panrocks_read_options_spec.timestamps(spec, ts);
        }
    }

    private static void bound(MemorySegment slice, byte[] bytes, Arena arena) {
        // a zero-length bound still needs a non-NULL pointer: NULL means "no bound"
        MemorySegment data = arena.allocate(Math.max(1, bytes.length));
        MemorySegment.copy(bytes, 0, data, ValueLayout.JAVA_BYTE, 0, bytes.length);
        panrocks_slice.data(slice, data);
        panrocks_slice.size(slice, bytes.length);
    }

    private static long toMicros(Duration d) {
        try {
            return d.toNanos() / 1000;
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    @Override
    public String toString() {
        return "ReadOptions{fillCache=" + fillCache + ", verifyChecksums=" + verifyChecksums + ", readTier=" + readTier
                + ", snapshot=" + snapshot + ", lowerBound=" + Arrays.toString(iterateLowerBound)
                + ", upperBound=" + Arrays.toString(iterateUpperBound) + ", totalOrderSeek=" + totalOrderSeek
                + ", prefixSameAsStart=" + prefixSameAsStart
                + (timestamp != NO_TIMESTAMP ? ", timestamp=" + timestamp : "")
                + (iterStartTs != NO_TIMESTAMP ? ", iterStartTs=" + iterStartTs : "") + "}";
    }

    // =========================================================================
    // Copies and time limits (deadline, I/O timeout)
    // =========================================================================

    /**
     * RocksJava's {@code ReadOptions(verifyChecksums, fillCache)}: defaults
     * for the rest.
     *
     * @param verifyChecksums verify block checksums on reads from storage
     * @param fillCache put blocks read into the block cache
     */
    public ReadOptions(boolean verifyChecksums, boolean fillCache) {
        this.verifyChecksums = verifyChecksums;
        this.fillCache = fillCache;
    }

    /**
     * RocksJava's form of {@link #setDeadline(Duration)}: the deadline in
     * microseconds since the epoch; 0: none. (The getter {@link #deadline()}
     * returns a {@link Duration}.)
     *
     * @param deadlineMicros microseconds since the epoch, {@code >= 0}
     * @return this
     * @throws IllegalArgumentException if negative
     */
    public ReadOptions setDeadline(long deadlineMicros) {
        if (deadlineMicros < 0) throw new IllegalArgumentException("deadline must not be negative, was " + deadlineMicros);
        return setDeadline(Duration.of(deadlineMicros, java.time.temporal.ChronoUnit.MICROS));
    }

    /**
     * RocksJava's form of {@link #setIoTimeout(Duration)}: the timeout in
     * microseconds; 0: none. (The getter {@link #ioTimeout()} returns a
     * {@link Duration}.)
     *
     * @param ioTimeoutMicros microseconds, {@code >= 0}
     * @return this
     * @throws IllegalArgumentException if negative
     */
    public ReadOptions setIoTimeout(long ioTimeoutMicros) {
        if (ioTimeoutMicros < 0) throw new IllegalArgumentException("ioTimeout must not be negative, was " + ioTimeoutMicros);
        return setIoTimeout(Duration.of(ioTimeoutMicros, java.time.temporal.ChronoUnit.MICROS));
    }

    // =========================================================================
    // User-defined timestamps
    // =========================================================================

    /**
     * Reads as of {@code timestamp} ({@code ReadOptions::timestamp}), on a
     * column family with user-defined timestamps (see
     * {@link BuiltinComparator}): each key shows its newest version written at
     * or below it. Such a family refuses reads without one, and other families
     * refuse reads with one, with RocksDB's {@code InvalidArgument}; so does a
     * read below the family's {@link RocksDB#getFullHistoryTsLow full-history
     * bound}. RocksJava takes a {@code Slice}; here the timestamp is the
     * number itself.
     *
     * @param timestamp the read timestamp, 0 to {@link Long#MAX_VALUE} (which
     *        sees every version)
     * @return these options
     * @throws IllegalArgumentException if timestamp is negative
     */
    public ReadOptions setTimestamp(long timestamp) {
        checkMutable();
        this.timestamp = Timestamps.check(timestamp, "timestamp");
        return changed();
    }

    /**
     * Reads without a timestamp again (as on a family without timestamps).
     *
     * @return these options
     */
    public ReadOptions clearTimestamp() {
        checkMutable();
        this.timestamp = NO_TIMESTAMP;
        return changed();
    }

    /**
     * The read timestamp set with {@link #setTimestamp(long)}.
     *
     * @return the timestamp, or empty if none
     */
    public java.util.OptionalLong timestamp() {
        return timestamp == NO_TIMESTAMP ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(timestamp);
    }

    /**
     * Makes an iterator show history ({@code ReadOptions::iter_start_ts}):
     * every version of each key written in [{@code iterStartTs},
     * {@linkplain #setTimestamp(long) timestamp}], newest first within a key,
     * deletions included ({@link RocksIterator#isTombstone()}, with an empty
     * value); {@link RocksIterator#timestamp()} tells each one's timestamp.
     * Needs a read timestamp too. Point reads ignore it; an iterator over a
     * transaction refuses it ({@code Transaction.getIterator} throws
     * {@code IllegalArgumentException}).
     *
     * @param iterStartTs the oldest timestamp shown, 0 to {@link Long#MAX_VALUE}
     * @return these options
     * @throws IllegalArgumentException if iterStartTs is negative
     */
    public ReadOptions setIterStartTs(long iterStartTs) {
        checkMutable();
        this.iterStartTs = Timestamps.check(iterStartTs, "iterStartTs");
        return changed();
    }

    /**
     * Iterators show the newest version of each key again.
     *
     * @return these options
     */
    public ReadOptions clearIterStartTs() {
        checkMutable();
        this.iterStartTs = NO_TIMESTAMP;
        return changed();
    }

    /**
     * The lower timestamp set with {@link #setIterStartTs(long)}.
     *
     * @return the timestamp, or empty if none
     */
    public java.util.OptionalLong iterStartTs() {
        return iterStartTs == NO_TIMESTAMP ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(iterStartTs);
    }

    // =========================================================================
    // Table filter
    // =========================================================================

    private AbstractTableFilter tableFilter;

    /**
     * Iterators made with these options ({@link RocksDB#newIterator}) ask
     * {@code tableFilter} about each SST file before they read it, with the
     * file's {@link TableProperties}, and skip the files it refuses
     * (RocksDB's {@code ReadOptions::table_filter}; memtables are always
     * read). Point reads ignore it. The filter runs on the iterator's
     * thread, inside its creation and moves; it must not call into that DB
     * ({@link IllegalStateException}). A filter that throws reads the file
     * (a failing filter never hides data); what it threw is logged and
     * recorded ({@link RocksDB#callbackFailure()}).
     *
     * @param tableFilter the filter, or {@code null} for none
     * @return these options
     */
    public ReadOptions setTableFilter(AbstractTableFilter tableFilter) {
        checkMutable();
        this.tableFilter = tableFilter;
        return changed();
    }

    /**
     * The filter set with {@link #setTableFilter}.
     *
     * @return the filter, or null if none
     */
    public AbstractTableFilter tableFilter() {
        return tableFilter;
    }
}
