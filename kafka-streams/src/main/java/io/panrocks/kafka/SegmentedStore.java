package io.panrocks.kafka;

import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;
import io.panrocks.WriteBatch;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.errors.ProcessorStateException;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Collection;
import java.util.NoSuchElementException;

/**
 * What window and session stores share: Kafka's segmented layout (time cut
 * into segments of {@code segmentInterval}, whole segments dropped once
 * older than the retention, searches that visit only the segments a time
 * range touches, in segment order) in one panrocks DB instead of one RocksDB
 * per segment. A segment is an 8-byte prefix of the keys; dropping one is a
 * range deletion, and a search opens one natively bounded iterator per
 * segment, whose filter looks at each key in RocksDB's memory and copies
 * only what matches. Keys inside a segment are laid out as Kafka's key
 * schemas lay them out, so results come in the same order as from Kafka's
 * own stores.
 *
 * <p>Lifecycle as Kafka's segmented stores (unless
 * {@link PanrocksStoreOptions#strictLifecycle(boolean)}): the DB of a new
 * store is created at its first write; a closed store reads as empty, its
 * open iterators end, and a restore into it reopens the DB to keep the
 * records.
 */
abstract class SegmentedStore extends PanrocksStore {
    private static final Logger LOG = LoggerFactory.getLogger(SegmentedStore.class);
    static final int PREFIX = Long.BYTES;
    static final long NO_TIMESTAMP = -1L;
    private static final ValueLayout.OfLong BIG_ENDIAN_LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final VarHandle BIG_ENDIAN_LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final byte[] NO_BYTES = {};

    final long retentionPeriod;
    final long segmentInterval;
    /** {@link PanrocksStoreOptions#strictLifecycle()} */
    final boolean strict;
    /** the live segments (Kafka's open segment DBs); IQ threads read it */
    final LiveSegments segments = new LiveSegments();
    volatile long observedStreamTime = NO_TIMESTAMP;

    SegmentedStore(String name, String metricsScope, String format, long retentionPeriod, long segmentInterval,
                   PanrocksStoreOptions options) {
        super(name, metricsScope, format);
        if (segmentInterval < 1) throw new IllegalArgumentException("segmentInterval must be positive, was " + segmentInterval);
        this.retentionPeriod = retentionPeriod;
        this.segmentInterval = segmentInterval;
        this.strict = options.strictLifecycle();
    }

    /** The timestamp that picks a store key's segment (a window's start, a session's end). */
    abstract long segmentTimestamp(byte[] storeKey);

    /**
     * Why a changelog record's store key cannot be stored (a key too short to
     * hold its times, a time no window or session can have), or null if it
     * can. A stored one would make every walk over it fail where the store
     * turns it into a window.
     */
    abstract String unstorable(byte[] storeKey);

    @Override
    boolean opensLazily() {
        return !strict;
    }

    @Override
    boolean restoresWhenClosed() {
        return !strict;
    }

    @Override
    boolean iteratorsThrowAfterClose() {
        return strict;
    }

    @Override
    void closedDb() {
        segments.clear(); // as Kafka's store closing its segments: a closed store reads as empty
    }

    /** A read of a closed store: strict, it throws; else it reads what is open (nothing, or what a restore reopened). */
    final void validateReadable() {
        if (strict) validateStoreOpen();
    }

    final long segmentId(long timestamp) {
        return timestamp / segmentInterval;
    }

    /** A segment's key prefix: the id, sign bit flipped, big-endian, so prefixes order as ids. */
    static byte[] prefix(long segmentId) {
        return segmentKey(segmentId, NO_BYTES);
    }

    /** A store key in its segment: the segment's prefix, then the key (one allocation on every read and write). */
    static byte[] segmentKey(long segmentId, byte[] storeKey) {
        byte[] key = new byte[PREFIX + storeKey.length];
        BIG_ENDIAN_LONGS.set(key, 0, segmentId ^ Long.MIN_VALUE);
        System.arraycopy(storeKey, 0, key, PREFIX, storeKey.length);
        return key;
    }

    static long segmentOf(MemorySegment key) {
        return key.get(BIG_ENDIAN_LONG, 0) ^ Long.MIN_VALUE;
    }

    /** Finds the segments on disk: one seek per segment. */
    @Override
    void opened() throws RocksDBException {
        segments.clear();
        observedStreamTime = NO_TIMESTAMP;
        try (RocksIterator it = db.newIterator(data)) {
            it.seekToFirst();
            while (it.isValid()) {
                if (it.key().byteSize() < PREFIX) {
                    throw new ProcessorStateException("Store " + name + " holds a key without a segment prefix");
                }
                long id = segmentOf(it.key());
                segments.add(id);
                if (id == Long.MAX_VALUE) break;
                it.seek(prefix(id + 1));
            }
            it.status();
        }
    }

    // ---- writes (under the position's monitor) ------------------------------------------

    /** Kafka's segmented put: a record of an expired segment is dropped (and counted), else written. */
    final void putStoreKey(byte[] storeKey, byte[] value) {
        synchronized (position) {
            validateStoreOpen();
            ensureDb(); // first (opening finds the segments and resets stream time)
            long timestamp = segmentTimestamp(storeKey);
            observedStreamTime = Math.max(observedStreamTime, timestamp);
            long id = segmentId(timestamp);
            try {
                if (!makeLive(id, null)) {
                    Sensor dropped = droppedRecordsSensor();
                    if (dropped != null) dropped.record();
                    LOG.debug("Skipping record for expired segment of store {}", name);
                    return;
                }
                updatePosition();
                write(segmentKey(id, storeKey), value);
            } catch (RocksDBException e) {
                throw new ProcessorStateException("Error while putting key/value into store " + name, e);
            } catch (IllegalStateException e) {
                throw closedOr(e);
            }
        }
    }

    /** Deletes a store key if its segment is live. */
    final void removeStoreKey(byte[] storeKey) {
        synchronized (position) {
            validateStoreOpen();
            long timestamp = segmentTimestamp(storeKey);
            observedStreamTime = Math.max(observedStreamTime, timestamp);
            long id = segmentId(timestamp);
            if (!segments.contains(id)) return;
            try {
                updatePosition();
                write(segmentKey(id, storeKey), null);
            } catch (RocksDBException e) {
                throw new ProcessorStateException("Error while removing key from store " + name, e);
            } catch (IllegalStateException e) {
                throw closedOr(e);
            }
        }
    }

    /**
     * Kafka's "get or create the segment if live": false if the segment is
     * older than the retention at the observed stream time; else it is live,
     * and every segment that has expired is dropped (into {@code batch}, or
     * at once).
     */
    private boolean makeLive(long id, WriteBatch batch) throws RocksDBException {
        long minLive = segmentId(observedStreamTime - retentionPeriod);
        if (id < minLive) return false;
        segments.add(id);
        for (long old : segments.removeBelow(minLive)) {
            byte[] begin = prefix(old);
            byte[] end = prefix(old + 1);
            if (batch != null) batch.deleteRange(data, begin, end);
            else db.deleteRange(data, writeOptions, begin, end);
        }
        return true;
    }

    @Override
    void beforeRestore(Collection<ConsumerRecord<byte[], byte[]>> records) {
        long max = observedStreamTime;
        for (ConsumerRecord<byte[], byte[]> r : records) {
            // a record that will be dropped does not move stream time (it would expire every segment)
            if (r.key() != null && unstorable(r.key()) == null) max = Math.max(max, segmentTimestamp(r.key()));
        }
        observedStreamTime = max;
    }

    @Override
    boolean addToRestoreBatch(WriteBatch b, byte[] storeKey, byte[] value) throws RocksDBException {
        String why = storeKey == null ? "it has no key" : unstorable(storeKey);
        if (why != null) {
            // skipped, counted and logged as Kafka's stores skip a record they cannot use, so that one
            // bad changelog record neither fails the restore nor leaves the store unable to be walked
            Sensor dropped = droppedRecordsSensor();
            if (dropped != null) dropped.record();
            LOG.warn("Skipping a changelog record that store {} cannot hold: {} (key {})", name, why,
                    storeKey == null ? "null" : Bytes.wrap(storeKey));
            return false;
        }
        long id = segmentId(segmentTimestamp(storeKey));
        if (!makeLive(id, b)) return false;
        byte[] key = segmentKey(id, storeKey);
        if (value == null) b.delete(data, key);
        else b.put(data, key, value);
        return true;
    }

    // ---- reads ----------------------------------------------------------------------------

    /** Kafka's segmented get: nothing for a key older than the retention or of a dead segment. */
    final byte[] getStoreKey(byte[] storeKey) {
        validateReadable();
        long timestamp = segmentTimestamp(storeKey);
        if (timestamp < observedStreamTime - retentionPeriod + 1) return null;
        long id = segmentId(timestamp);
        if (!segments.contains(id)) return null;
        RocksDB d = db;
        if (d == null) return null; // closed meanwhile
        try {
            return d.get(data, segmentKey(id, storeKey));
        } catch (RocksDBException e) {
            throw new ProcessorStateException("Error while getting value for key from store " + name, e);
        } catch (IllegalStateException e) {
            throw closedOr(e);
        }
    }

    /** Kafka's lower time limit of a search: nothing older than the retention. */
    final long actualFrom(long from) {
        return Math.max(from, observedStreamTime - retentionPeriod + 1);
    }

    /** The live segments whose ids lie in [segmentId(from), segmentId(to)], in search order. */
    final long[] segments(long from, long to, boolean forward) {
        return segments.between(segmentId(from), segmentId(to), forward);
    }

    /**
     * Kafka's segment iterator: each segment in turn, searched from
     * {@code binaryFrom} to {@code binaryTo} (both store keys, inclusive; null:
     * the segment's end), keeping the entries the filter accepts; a segment
     * that expires meanwhile yields nothing more.
     */
    final KeyValueIterator<Bytes, byte[]> search(long[] space, byte[] binaryFrom, byte[] binaryTo, boolean forward,
                                                 StoreIterator.KeyFilter filter) {
        validateReadable();
        return new Search(space, binaryFrom, binaryTo, forward, filter);
    }

    private final class Search implements KeyValueIterator<Bytes, byte[]> {
        private final long[] space;
        private final byte[] binaryFrom;
        private final byte[] binaryTo;
        private final boolean forward;
        private final StoreIterator.KeyFilter filter;
        /** the store's close count when this was made: a close since ends it (or, strict, makes it throw) */
        private final long closesAtStart = closes;
        private int next;
        private long currentSegment;
        private StoreIterator current;

        Search(long[] space, byte[] binaryFrom, byte[] binaryTo, boolean forward, StoreIterator.KeyFilter filter) {
            this.space = space;
            this.binaryFrom = binaryFrom;
            this.binaryTo = binaryTo;
            this.forward = forward;
            this.filter = filter;
        }

        @Override
        public boolean hasNext() {
            if (closes != closesAtStart) {
                // the store closed: its segments are gone (the next one must not be opened on a closed DB)
                if (current != null) {
                    current.close();
                    current = null;
                }
                next = space.length;
                if (strict) throw new InvalidStateStoreException("panrocks iterator for store " + name + " has closed");
                return false;
            }
            while (true) {
                if (current != null) {
                    if (segments.contains(currentSegment) && current.hasNext()) return true;
                    current.close();
                    current = null;
                }
                if (next >= space.length) return false;
                currentSegment = space[next++];
                byte[] lower = segmentKey(currentSegment, binaryFrom == null ? NO_BYTES : binaryFrom);
                byte[] upper = binaryTo == null ? prefix(currentSegment + 1)
                        : Keys.after(segmentKey(currentSegment, binaryTo));
                current = new StoreIterator(SegmentedStore.this, data, lower, upper, forward, PREFIX, filter);
            }
        }

        @Override
        public KeyValue<Bytes, byte[]> next() {
            if (!hasNext()) throw new NoSuchElementException();
            return current.next();
        }

        @Override
        public Bytes peekNextKey() {
            if (!hasNext()) throw new NoSuchElementException();
            return current.peekNextKey();
        }

        @Override
        public void close() {
            if (current != null) {
                current.close();
                current = null;
            }
            next = space.length;
        }
    }

    // ---- key helpers for filters ----------------------------------------------------------

    /** Compares the native key's bytes [from, to) with {@code other} as unsigned bytes, copying nothing. */
    static int compare(MemorySegment key, long from, long to, byte[] other) {
        MemorySegment o = MemorySegment.ofArray(other);
        long mismatch = MemorySegment.mismatch(key, from, to, o, 0, other.length);
        if (mismatch == -1) return 0;
        long length = to - from;
        if (mismatch == length) return -1;
        if (mismatch == other.length) return 1;
        return Integer.compare(Byte.toUnsignedInt(key.get(ValueLayout.JAVA_BYTE, from + mismatch)),
                Byte.toUnsignedInt(other[(int) mismatch]));
    }

    static long longAt(MemorySegment key, long offset) {
        return key.get(BIG_ENDIAN_LONG, offset);
    }

    static long longAt(byte[] key, int offset) {
        return ByteBuffer.wrap(key).getLong(offset);
    }

    /**
     * Kafka's upper end of a multi-key search: the key's bytes up to the
     * first one below the suffix's first byte (at least one), then the
     * suffix.
     */
    static byte[] upperRange(byte[] key, byte[] maxSuffix) {
        int first = maxSuffix[0] & 0xFF;
        int n = key.length;
        if (first != 0) {
            n = 0;
            while (n < key.length && (n < 1 || (key[n] & 0xFF) >= first)) n++;
        }
        ByteBuffer out = ByteBuffer.allocate(n + maxSuffix.length);
        out.put(key, 0, n).put(maxSuffix);
        return out.array();
    }
}
