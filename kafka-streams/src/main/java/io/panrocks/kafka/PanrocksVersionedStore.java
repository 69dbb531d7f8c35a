package io.panrocks.kafka;

import io.panrocks.ReadOptions;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;
import io.panrocks.WriteBatch;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.errors.ProcessorStateException;
import org.apache.kafka.streams.query.MultiVersionedKeyQuery;
import org.apache.kafka.streams.query.PositionBound;
import org.apache.kafka.streams.query.Query;
import org.apache.kafka.streams.query.QueryConfig;
import org.apache.kafka.streams.query.QueryResult;
import org.apache.kafka.streams.query.ResultOrder;
import org.apache.kafka.streams.query.VersionedKeyQuery;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.VersionedBytesStore;
import org.apache.kafka.streams.state.VersionedKeyValueStore;
import org.apache.kafka.streams.state.VersionedRecord;
import org.apache.kafka.streams.state.VersionedRecordIterator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;

/**
 * A persistent versioned key-value store on panrocks (Kafka's
 * {@code Stores.persistentVersionedKeyValueStore}): every version of a key
 * with the time it became valid, readable as of any time within the history
 * retention, which doubles as the grace period for writes.
 *
 * <p>Semantics. A key's versions form a timeline: each version (a value or a
 * tombstone) is valid from its timestamp until the next version's. A put
 * adds a version at its timestamp (or replaces the one there) and returns
 * when it stops being valid ({@code -1} if it is the newest,
 * {@link VersionedKeyValueStore#PUT_RETURN_CODE_NOT_PUT} if it is older than
 * the grace period at the store's observed stream time, the largest put
 * timestamp so far). A read as of a time older than the history retention
 * sees only the newest version. Versions are deleted in time segments of
 * {@code segmentInterval}, as Kafka's: a version whose validity ended in a
 * segment that the retention left behind is deleted. Two answers differ
 * from Kafka's store, on purpose: a tombstone put at the timestamp of a
 * key's newest value is kept (Kafka's store forgets it unless an older
 * version ends there), and a version listing returns the versions valid in
 * its range whose validity ended in a later segment (Kafka's misses them).
 *
 * <p>Layout, one panrocks DB, one data family, four key areas:
 * <ul>
 *   <li>newest versions, {@code 00 key -> timestamp kind value}: one read answers
 *       {@code get(key)} and every read as of a time at or after it;</li>
 *   <li>older versions, {@code 01 keyLength key validTo -> validFrom kind value},
 *       {@code validTo} ordered: a read as of {@code t} is one seek to the first
 *       version of the key that was still valid after {@code t};</li>
 *   <li>an expiry index, {@code 02 validTo keyLength key which -> empty}, in time
 *       order: expired versions are found without scanning live ones;</li>
 *   <li>the observed stream time, {@code 03}, written with the put that advanced it,
 *       so that a reopened store goes on where it stopped (Kafka's own store starts
 *       again from no stream time, and stops seeing the history it wrote before).</li>
 * </ul>
 * A put reads one newest version and, if it is older, does one seek, then
 * writes its changes (at most five entries, the stream time included) in one
 * batch; a put that moves stream time into a new segment first deletes what
 * expired, in a batch of its own. A restore replays a changelog batch as
 * those puts, and writes their changes together (see {@link #restoreBatch}).
 */
class PanrocksVersionedStore extends PanrocksStore implements VersionedBytesStore {
    private static final Logger LOG = LoggerFactory.getLogger(PanrocksVersionedStore.class);

    static final String FORMAT = "versioned-key-value/1";

    private static final byte NEWEST = 0x00;
    private static final byte OLDER = 0x01;
    private static final byte EXPIRY = 0x02;
    private static final byte META = 0x03;
    private static final byte[] STREAM_TIME_KEY = {META};
    private static final byte[] EXPIRY_END = {EXPIRY + 1};
    private static final byte[] NO_BYTES = new byte[0];

    /** what a stored version is */
    private static final byte VALUE = 0;
    private static final byte TOMBSTONE = 1;
    /** what an expiry index entry points at */
    private static final byte POINTS_AT_OLDER = 0;
    private static final byte POINTS_AT_NEWEST_TOMBSTONE = 1;

    final long historyRetention;
    /** Kafka's versioned stores use the history retention as grace period */
    final long gracePeriod;
    final long segmentInterval;
    /** the largest timestamp put so far (IQ threads read it) */
    private volatile long observedStreamTime = ConsumerRecord.NO_TIMESTAMP;
    /**
     * the first live segment at the last expiry sweep, and the last validTo it
     * deleted: every index entry up to it is gone, and every entry added since
     * is later (it was in a live segment when it was added)
     */
    private long sweptToSegment = Long.MIN_VALUE;
    private long sweepFromValidTo = Long.MIN_VALUE;

    PanrocksVersionedStore(String name, String metricsScope, long historyRetention, long segmentInterval) {
        super(name, metricsScope, FORMAT);
        this.historyRetention = historyRetention;
        this.gracePeriod = historyRetention;
        this.segmentInterval = segmentInterval;
    }

    @Override
    void opened() throws RocksDBException {
        byte[] time = db.get(data, STREAM_TIME_KEY);
        observedStreamTime = time == null ? ConsumerRecord.NO_TIMESTAMP : decodeLong(time);
        sweptToSegment = Long.MIN_VALUE;
        sweepFromValidTo = Long.MIN_VALUE;
    }

    // ---- the stored forms ------------------------------------------------------------------

    /** A stored version: its timestamps and its value, null for a tombstone. */
    record Version(long validFrom, long validTo, byte[] value) {
        static final long OPEN_ENDED = VersionedKeyValueStore.PUT_RETURN_CODE_VALID_TO_UNDEFINED;

        VersionedRecord<byte[]> record() {
            return validTo == OPEN_ENDED ? new VersionedRecord<>(value, validFrom)
                    : new VersionedRecord<>(value, validFrom, validTo);
        }
    }

    static byte[] newestKey(byte[] key) {
        byte[] k = new byte[1 + key.length];
        k[0] = NEWEST;
        System.arraycopy(key, 0, k, 1, key.length);
        return k;
    }

    static byte[] olderPrefix(byte[] key) {
        return ByteBuffer.allocate(1 + Integer.BYTES + key.length).put(OLDER).putInt(key.length).put(key).array();
    }

    static byte[] olderKey(byte[] key, long validTo) {
        return ByteBuffer.allocate(1 + Integer.BYTES + key.length + Long.BYTES).put(OLDER).putInt(key.length).put(key)
                .putLong(ordered(validTo)).array();
    }

    static byte[] expiryKey(long validTo, byte[] key, byte pointsAt) {
        return ByteBuffer.allocate(1 + Long.BYTES + Integer.BYTES + key.length + 1).put(EXPIRY).putLong(ordered(validTo))
                .putInt(key.length).put(key).put(pointsAt).array();
    }

    private static byte[] expiryBound(long validTo) {
        return ByteBuffer.allocate(1 + Long.BYTES).put(EXPIRY).putLong(ordered(validTo)).array();
    }

    /** A timestamp as 8 bytes that order as unsigned bytes the way the longs order. */
    private static long ordered(long timestamp) {
        return timestamp ^ Long.MIN_VALUE;
    }

    private static byte[] stored(long timestamp, byte[] value) {
        ByteBuffer b = ByteBuffer.allocate(Long.BYTES + 1 + (value == null ? 0 : value.length)).putLong(timestamp);
        if (value == null) b.put(TOMBSTONE);
        else b.put(VALUE).put(value);
        return b.array();
    }

    private static long storedTimestamp(byte[] stored) {
        return ByteBuffer.wrap(stored).getLong(0);
    }

    private static byte[] storedValue(byte[] stored) {
        if (stored.length < Long.BYTES + 1) throw new ProcessorStateException("A stored version must have at least 9 bytes, had " + stored.length);
        if (stored[Long.BYTES] == TOMBSTONE) return null;
        byte[] value = new byte[stored.length - Long.BYTES - 1];
        System.arraycopy(stored, Long.BYTES + 1, value, 0, value.length);
        return value;
    }

    /** Kafka's bytes for a record: {@code [timestamp][value]} ({@code ValueAndTimestamp}'s form), null for none. */
    private static byte[] valueAndTimestamp(VersionedRecord<byte[]> record) {
        if (record == null) return null;
        return ByteBuffer.allocate(Long.BYTES + record.value().length).putLong(record.timestamp()).put(record.value()).array();
    }

    /** Kafka's segment of a timestamp (division toward zero, as Kafka's). */
    private long segmentId(long timestamp) {
        return timestamp / segmentInterval;
    }

    private RocksDB openDb() {
        RocksDB d = db;
        if (d == null || !open) throw new InvalidStateStoreException("Store " + name + " is currently closed");
        return d;
    }

    // ---- where versions are read and changed -------------------------------------------------

    /**
     * The versions a put reads and the changes it makes: the DB itself, each
     * put's changes written in one batch ({@link Direct}), or, during a
     * restore, the DB seen through a batch of the restore's changes so far
     * ({@link Restoring}), written when the restore's batch ends.
     */
    private interface VersionTable {
        byte[] get(byte[] key) throws RocksDBException;

        /** An iterator of the calling thread with these bounds; the caller closes it. */
        RocksIterator iterator(ReadOptions bounds);

        void put(byte[] key, byte[] value) throws RocksDBException;

        void delete(byte[] key) throws RocksDBException;

        /** Records the observed stream time a put moved forward (with the put, or once per restore write). */
        void streamTime(long time) throws RocksDBException;

        /** Ends one put's (or sweep's) changes: written now, or kept for the restore's one write. */
        void endChanges() throws RocksDBException;
    }

    /**
     * The DB and the changes not yet written, in the store's batch (started
     * at the first change, written in one crossing by {@link #writeChanges}).
     */
    private abstract class BatchedChanges implements VersionTable {
        final RocksDB d;
        private WriteBatch changes;

        BatchedChanges(RocksDB d) {
            this.d = d;
        }

        @Override
        public byte[] get(byte[] key) throws RocksDBException {
            return d.get(data, key);
        }

        @Override
        public RocksIterator iterator(ReadOptions bounds) {
            return d.newIterator(data, bounds);
        }

        @Override
        public void put(byte[] key, byte[] value) throws RocksDBException {
            changes().put(data, key, value);
            changed(key, value);
        }

        @Override
        public void delete(byte[] key) throws RocksDBException {
            changes().delete(data, key);
            changed(key, null);
        }

        /** A change was added to the batch (value null: a deletion). */
        void changed(byte[] key, byte[] value) {
        }

        private WriteBatch changes() {
            if (changes == null) changes = batch();
            return changes;
        }

        /** Writes the changes kept so far, if any (under the position's monitor). */
        final void writeChanges() throws RocksDBException {
            if (changes == null) return;
            changes = null;
            writeBatch();
        }
    }

    /** The DB, each group of changes written as it ends. */
    private final class Direct extends BatchedChanges {
        Direct(RocksDB d) {
            super(d);
        }

        @Override
        public void streamTime(long time) throws RocksDBException {
            put(STREAM_TIME_KEY, encodeLong(time));
        }

        @Override
        public void endChanges() throws RocksDBException {
            writeChanges();
        }
    }

    /**
     * The DB with a restore's changes on top: the changes are added to the
     * store's batch and their keys to a map that point reads look in first.
     * An ordered read (a seek among older versions, an expiry sweep) writes
     * the batch first and reads the DB: they are rare in a changelog (an
     * out-of-order record, a new segment), while every record reads its
     * key's newest version.
     */
    private final class Restoring extends BatchedChanges {
        private static final byte[] DELETED = new byte[0];
        private static final long NO_STREAM_TIME = Long.MIN_VALUE;
        /** the changes since the last write, by key: the value, or {@link #DELETED} */
        private final Map<Bytes, byte[]> pending = new HashMap<>();
        private long streamTime = NO_STREAM_TIME;

        Restoring(RocksDB d) {
            super(d);
        }

        @Override
        public byte[] get(byte[] key) throws RocksDBException {
            byte[] v = pending.get(Bytes.wrap(key));
            if (v == null) return super.get(key);
            return v == DELETED ? null : v;
        }

        @Override
        public RocksIterator iterator(ReadOptions bounds) {
            try {
                write();
            } catch (RocksDBException e) {
                throw new ProcessorStateException("Error restoring batch to store " + name, e);
            }
            return super.iterator(bounds);
        }

        @Override
        void changed(byte[] key, byte[] value) {
            pending.put(Bytes.wrap(key), value == null ? DELETED : value);
        }

        /** The last stream time recorded since the last write (only the last one is written; no put reads it back). */
        @Override
        public void streamTime(long time) {
            streamTime = time;
        }

        @Override
        public void endChanges() {
        }

        /** Writes the changes kept so far in one crossing. */
        void write() throws RocksDBException {
            if (streamTime != NO_STREAM_TIME) {
                put(STREAM_TIME_KEY, encodeLong(streamTime));
                streamTime = NO_STREAM_TIME;
            }
            pending.clear();
            writeChanges();
        }
    }

    // ---- reads -----------------------------------------------------------------------------

    /** The newest version of a key, or null if none is stored. */
    private Version newest(VersionTable t, byte[] key) throws RocksDBException {
        byte[] stored = t.get(newestKey(key));
        return stored == null ? null
                : new Version(storedTimestamp(stored), Version.OPEN_ENDED, storedValue(stored));
    }

    /** The older version of a key that was still valid after {@code time} and ended first, or null. */
    private Version olderValidAfter(VersionTable t, byte[] key, long time) throws RocksDBException {
        if (time == Long.MAX_VALUE) return null;
        List<Version> found = olderVersions(t, key, time, 1);
        return found.isEmpty() ? null : found.get(0);
    }

    /** Up to {@code limit} older versions of a key valid after {@code time}, oldest first. */
    private List<Version> olderVersions(VersionTable t, byte[] key, long time, int limit) throws RocksDBException {
        if (time == Long.MAX_VALUE) return List.of();
        byte[] prefix = olderPrefix(key);
        ReadOptions bounds = new ReadOptions().setIterateLowerBound(olderKey(key, time + 1))
                .setIterateUpperBound(Keys.prefixEnd(prefix));
        List<Version> out = new ArrayList<>();
        try (RocksIterator it = t.iterator(bounds)) {
            for (it.seekToFirst(); it.isValid() && out.size() < limit; it.next()) {
                byte[] k = it.keyBytes();
                byte[] v = it.valueBytes();
                long validTo = ByteBuffer.wrap(k).getLong(prefix.length) ^ Long.MIN_VALUE;
                out.add(new Version(storedTimestamp(v), validTo, storedValue(v)));
            }
            if (!it.isValid()) it.status();
        }
        return out;
    }

    /** The version valid at {@code asOf}, as Kafka's store answers: nothing older than the retention but the newest. */
    private Version versionAsOf(VersionTable t, byte[] key, long asOf) throws RocksDBException {
        Version newest = newest(t, key);
        if (newest != null && newest.validFrom() <= asOf) return newest.value() == null ? null : newest;
        if (asOf < observedStreamTime - historyRetention) return null;
        Version older = olderValidAfter(t, key, asOf);
        return older != null && older.validFrom() <= asOf && older.value() != null ? older : null;
    }

    /** The record valid at {@code asOf} with its validity, or null (the IQv2 answer; the bytes API drops validTo). */
    final VersionedRecord<byte[]> recordAsOf(Bytes key, long asOf) {
        Objects.requireNonNull(key, "key cannot be null");
        VersionTable t = new Direct(openDb());
        try {
            Version v = versionAsOf(t, key.get(), asOf);
            return v == null ? null : v.record();
        } catch (RocksDBException e) {
            throw new ProcessorStateException("Error while getting value for key from store " + name, e);
        } catch (IllegalStateException e) {
            throw closedOr(e);
        }
    }

    /** The newest record of a key, or null if it has none or it is deleted. */
    final VersionedRecord<byte[]> latestRecord(Bytes key) {
        Objects.requireNonNull(key, "key cannot be null");
        VersionTable t = new Direct(openDb());
        try {
            Version v = newest(t, key.get());
            return v == null || v.value() == null ? null : v.record();
        } catch (RocksDBException e) {
            throw new ProcessorStateException("Error while getting value for key from store " + name, e);
        } catch (IllegalStateException e) {
            throw closedOr(e);
        }
    }

    /**
     * The records of a key valid at some time in [{@code from}, {@code to}], in
     * the order asked ({@link ResultOrder#ASCENDING}: oldest first; otherwise
     * newest first, as Kafka's). If {@code to} is older than the retention, only
     * the newest record can answer.
     */
    final List<VersionedRecord<byte[]>> records(Bytes key, long from, long to, ResultOrder order) {
        Objects.requireNonNull(key, "key cannot be null");
        VersionTable t = new Direct(openDb());
        List<VersionedRecord<byte[]>> out = new ArrayList<>();
        try {
            if (to >= observedStreamTime - historyRetention) {
                for (Version v : olderVersions(t, key.get(), from, Integer.MAX_VALUE)) {
                    if (v.validFrom() > to) break;
                    if (v.value() != null) out.add(v.record());
                }
            }
            Version newest = newest(t, key.get());
            if (newest != null && newest.value() != null && newest.validFrom() <= to) out.add(newest.record());
        } catch (RocksDBException e) {
            throw new ProcessorStateException("Error while getting values for key from store " + name, e);
        } catch (IllegalStateException e) {
            throw closedOr(e);
        }
        if (order != ResultOrder.ASCENDING) Collections.reverse(out);
        return out;
    }

    @Override
    public byte[] get(Bytes key) {
        return valueAndTimestamp(latestRecord(key));
    }

    @Override
    public byte[] get(Bytes key, long asOfTimestamp) {
        return valueAndTimestamp(recordAsOf(key, asOfTimestamp));
    }

    // ---- writes ----------------------------------------------------------------------------

    @Override
    public long put(Bytes key, byte[] value, long timestamp) {
        Objects.requireNonNull(key, "key cannot be null");
        validateStoreOpen();
        synchronized (position) {
            validateStoreOpen();
            try {
                long validTo = putVersion(new Direct(db), key.get(), value, timestamp);
                updatePosition();
                return validTo;
            } catch (RocksDBException e) {
                throw new ProcessorStateException(value == null ? "Error while removing key from store " + name
                        : "Error while putting key/value into store " + name, e);
            } catch (IllegalStateException e) {
                throw closedOr(e);
            }
        }
    }

    @Override
    public byte[] delete(Bytes key, long timestamp) {
        Objects.requireNonNull(key, "key cannot be null");
        validateStoreOpen();
        synchronized (position) {
            validateStoreOpen();
            try {
                if (expired(timestamp)) return null;
                VersionTable t = new Direct(db);
                Version existing = versionAsOf(t, key.get(), timestamp);
                putVersion(t, key.get(), null, timestamp);
                updatePosition();
                return existing == null ? null : valueAndTimestamp(existing.record());
            } catch (RocksDBException e) {
                throw new ProcessorStateException("Error while removing key from store " + name, e);
            } catch (IllegalStateException e) {
                throw closedOr(e);
            }
        }
    }

    /** A write older than the grace period is dropped and counted, as Kafka's store does. */
    private boolean expired(long timestamp) {
        if (timestamp >= observedStreamTime - gracePeriod) return false;
        Sensor dropped = droppedRecordsSensor();
        if (dropped != null) dropped.record();
        LOG.warn("Skipping record for expired put or delete to store {} (timestamp {}, observed stream time {}, grace period {})",
                name, timestamp, observedStreamTime, gracePeriod);
        return true;
    }

    /**
     * Adds a version (a tombstone if {@code value} is null) at {@code timestamp}
     * and returns when it stops being valid: -1 if it is the newest,
     * NOT_PUT if it is older than the grace period. Under the position's monitor.
     */
    private long putVersion(VersionTable t, byte[] key, byte[] value, long timestamp) throws RocksDBException {
        if (expired(timestamp)) return VersionedKeyValueStore.PUT_RETURN_CODE_NOT_PUT;
        boolean advanced = timestamp > observedStreamTime;
        if (advanced) {
            observedStreamTime = timestamp;
            sweepExpired(t);
            t.streamTime(timestamp);
        }
        long validTo = addVersion(t, key, value, timestamp);
        t.endChanges();
        return validTo;
    }

    private long addVersion(VersionTable t, byte[] key, byte[] value, long timestamp) throws RocksDBException {
        Version newest = newest(t, key);
        if (newest == null || timestamp >= newest.validFrom()) {
            if (newest != null && newest.value() == null) {
                t.delete(expiryKey(newest.validFrom(), key, POINTS_AT_NEWEST_TOMBSTONE));
            }
            if (newest != null && timestamp > newest.validFrom()) {
                // the newest version ends where this one begins
                addOlder(t, key, newest.validFrom(), timestamp, newest.value());
            }
            t.put(newestKey(key), stored(timestamp, value));
            if (value == null) t.put(expiryKey(timestamp, key, POINTS_AT_NEWEST_TOMBSTONE), NO_BYTES);
            return Version.OPEN_ENDED;
        }
        // older than the newest version: it goes between two versions, or before the first
        Version next = olderValidAfter(t, key, timestamp);
        if (next == null) {
            // no older version was valid after it: it lasts until the newest version
            addOlder(t, key, timestamp, newest.validFrom(), value);
            return newest.validFrom();
        }
        if (next.validFrom() > timestamp) {
            // before every stored version of the key
            addOlder(t, key, timestamp, next.validFrom(), value);
            return next.validFrom();
        }
        // the version valid at this timestamp: replaced if it starts there, else cut short by the new one
        t.put(olderKey(key, next.validTo()), stored(timestamp, value));
        if (next.validFrom() < timestamp) addOlder(t, key, next.validFrom(), timestamp, next.value());
        return next.validTo();
    }

    private void addOlder(VersionTable t, byte[] key, long validFrom, long validTo, byte[] value) throws RocksDBException {
        t.put(olderKey(key, validTo), stored(validFrom, value));
        t.put(expiryKey(validTo, key, POINTS_AT_OLDER), NO_BYTES);
    }

    /**
     * Deletes every version whose validity ended in a segment older than the
     * retention at the observed stream time (Kafka drops such segments), and
     * every newest tombstone of such a segment: nothing can be put before it
     * any more, so it changes no answer. One group of changes, before those
     * of the put that moved stream time.
     */
    private void sweepExpired(VersionTable t) throws RocksDBException {
        long firstLiveSegment = segmentId(observedStreamTime - historyRetention);
        if (firstLiveSegment <= sweptToSegment) return;
        long lastDeleted = sweepFromValidTo;
        ReadOptions bounds = new ReadOptions().setIterateLowerBound(expiryBound(sweepFromValidTo))
                .setIterateUpperBound(EXPIRY_END);
        try (RocksIterator it = t.iterator(bounds)) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                ByteBuffer entry = ByteBuffer.wrap(it.keyBytes());
                long validTo = entry.getLong(1) ^ Long.MIN_VALUE;
                if (segmentId(validTo) >= firstLiveSegment) break;
                lastDeleted = validTo;
                byte[] key = new byte[entry.getInt(1 + Long.BYTES)];
                entry.position(1 + Long.BYTES + Integer.BYTES);
                entry.get(key);
                byte pointsAt = entry.get();
                if (pointsAt == POINTS_AT_OLDER) {
                    t.delete(olderKey(key, validTo));
                } else {
                    Version newest = newest(t, key);
                    if (newest != null && newest.value() == null && newest.validFrom() == validTo) {
                        t.delete(newestKey(key));
                    }
                }
                t.delete(entry.array());
            }
            if (!it.isValid()) it.status();
        }
        t.endChanges();
        sweptToSegment = firstLiveSegment;
        sweepFromValidTo = lastDeleted;
    }

    // ---- restore ---------------------------------------------------------------------------

    /**
     * Replays changelog records as the puts they were, in order, with stream
     * time advancing record by record as it did when they were written: the
     * restored store holds what the store that wrote them held. Their
     * changes are written together at the end of the batch, or before a put
     * that must seek (see {@link Restoring}), rather than one write per
     * record. If the batch fails, the changes not yet written are dropped and
     * the stream time is read back from the DB, so that the store stays as it
     * was written (Kafka then restores again from its checkpoint).
     */
    @Override
    void restoreBatch(Collection<ConsumerRecord<byte[], byte[]>> records) {
        synchronized (position) {
            validateStoreOpen();
            Restoring t = new Restoring(db);
            boolean written = false;
            try {
                for (ConsumerRecord<byte[], byte[]> record : records) {
                    if (record.timestamp() < observedStreamTime - gracePeriod) continue; // never written
                    applyChangelogPosition(record);
                    putVersion(t, record.key(), record.value(), record.timestamp());
                }
                t.write();
                written = true;
            } catch (RocksDBException e) {
                throw new ProcessorStateException("Error restoring batch to store " + name, e);
            } catch (IllegalStateException e) {
                throw closedOr(e);
            } finally {
                if (!written) forgetUnwritten();
            }
        }
    }

    /** After a failed restore batch: the store's batch dropped, stream time as the DB has it. */
    private void forgetUnwritten() {
        batch();
        try {
            if (db != null) opened();
        } catch (RocksDBException | IllegalStateException e) {
            LOG.warn("Could not read the stream time of store {} back after a failed restore", name, e);
        }
    }

    @Override
    boolean addToRestoreBatch(WriteBatch b, byte[] key, byte[] value) {
        throw new UnsupportedOperationException("a versioned store replays each record as a put (see restoreBatch)");
    }

    // ---- IQv2 ------------------------------------------------------------------------------

    /** Answers {@link VersionedKeyQuery} and {@link MultiVersionedKeyQuery} with positions, as Kafka's store. */
    @Override
    @SuppressWarnings("unchecked")
    public <R> QueryResult<R> query(Query<R> query, PositionBound positionBound, QueryConfig config) {
        boolean known = query instanceof VersionedKeyQuery || query instanceof MultiVersionedKeyQuery;
        return Positions.handle(query, positionBound, config, this, position, context, known, q -> {
            if (q instanceof VersionedKeyQuery<?, ?> one) {
                Bytes key = (Bytes) one.key();
                Optional<Instant> asOf = one.asOfTimestamp();
                return QueryResult.forResult(asOf.isPresent() ? recordAsOf(key, asOf.get().toEpochMilli()) : latestRecord(key));
            }
            MultiVersionedKeyQuery<Bytes, byte[]> many = (MultiVersionedKeyQuery<Bytes, byte[]>) q;
            long from = many.fromTime().map(Instant::toEpochMilli).orElse(Long.MIN_VALUE);
            long to = many.toTime().map(Instant::toEpochMilli).orElse(Long.MAX_VALUE);
            return QueryResult.forResult(new RecordIterator(records(many.key(), from, to, many.resultOrder())));
        });
    }

    /** A query's records, read when the query ran. */
    static final class RecordIterator implements VersionedRecordIterator<byte[]> {
        private final Iterator<VersionedRecord<byte[]>> records;
        private boolean closed;

        RecordIterator(List<VersionedRecord<byte[]>> records) {
            this.records = records.iterator();
        }

        @Override
        public boolean hasNext() {
            if (closed) throw new IllegalStateException("The iterator is out of scope.");
            return records.hasNext();
        }

        @Override
        public VersionedRecord<byte[]> next() {
            if (!hasNext()) throw new NoSuchElementException();
            return records.next();
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    // ---- what a versioned store does not do (Kafka's messages) ------------------------------

    @Override
    public void put(Bytes key, byte[] value) {
        throw new UnsupportedOperationException("Versioned key-value stores should use put(key, value, timestamp) instead");
    }

    @Override
    public byte[] putIfAbsent(Bytes key, byte[] value) {
        throw new UnsupportedOperationException("Versioned key-value stores do not support putIfAbsent(key, value)");
    }

    @Override
    public void putAll(List<KeyValue<Bytes, byte[]>> entries) {
        throw new UnsupportedOperationException("Versioned key-value stores do not support putAll(entries)");
    }

    @Override
    public byte[] delete(Bytes key) {
        throw new UnsupportedOperationException("Versioned key-value stores do not support delete(key). Use delete(key, timestamp) instead.");
    }

    @Override
    public KeyValueIterator<Bytes, byte[]> range(Bytes from, Bytes to) {
        throw new UnsupportedOperationException("Versioned key-value stores do not support range(from, to)");
    }

    @Override
    public KeyValueIterator<Bytes, byte[]> reverseRange(Bytes from, Bytes to) {
        throw new UnsupportedOperationException("Versioned key-value stores do not support reverseRange(from, to)");
    }

    @Override
    public KeyValueIterator<Bytes, byte[]> all() {
        throw new UnsupportedOperationException("Versioned key-value stores do not support all()");
    }

    @Override
    public KeyValueIterator<Bytes, byte[]> reverseAll() {
        throw new UnsupportedOperationException("Versioned key-value stores do not support reverseAll()");
    }

    @Override
    public <PS extends Serializer<P>, P> KeyValueIterator<Bytes, byte[]> prefixScan(P prefix, PS prefixKeySerializer) {
        throw new UnsupportedOperationException("Versioned key-value stores do not support prefixScan(prefix, prefixKeySerializer)");
    }

    @Override
    public long approximateNumEntries() {
        throw new UnsupportedOperationException("Versioned key-value stores do not support approximateNumEntries()");
    }

    /** For tests: the observed stream time. */
    long observedStreamTime() {
        return observedStreamTime;
    }
}
