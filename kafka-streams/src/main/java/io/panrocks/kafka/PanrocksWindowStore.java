package io.panrocks.kafka;

import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.DslStoreFormat;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.kstream.internals.TimeWindow;
import org.apache.kafka.streams.query.FailureReason;
import org.apache.kafka.streams.query.PositionBound;
import org.apache.kafka.streams.query.Query;
import org.apache.kafka.streams.query.QueryConfig;
import org.apache.kafka.streams.query.QueryResult;
import org.apache.kafka.streams.query.WindowKeyQuery;
import org.apache.kafka.streams.query.WindowRangeQuery;
import org.apache.kafka.streams.state.HeadersBytesStore;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.TimestampedBytesStore;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A persistent window store on panrocks, Kafka's {@code RocksDBWindowStore}
 * contract: store keys are {@code [key][window start, 8 bytes][sequence
 * number, 4 bytes]} (Kafka's window key schema), segmented by window start;
 * with {@code retainDuplicates} every put gets a new sequence number and a
 * null value is ignored (stream-stream joins).
 */
class PanrocksWindowStore extends SegmentedStore implements WindowStore<Bytes, byte[]> {
    private static final Logger LOG = LoggerFactory.getLogger(PanrocksWindowStore.class);
    static final int TIMESTAMP = Long.BYTES;
    static final int SEQNUM = Integer.BYTES;
    static final int SUFFIX = TIMESTAMP + SEQNUM;

    final boolean retainDuplicates;
    final long windowSize;
    private int seqnum;

    PanrocksWindowStore(String name, String metricsScope, DslStoreFormat format, long retentionPeriod,
                        long segmentInterval, long windowSize, boolean retainDuplicates, PanrocksStoreOptions options) {
        super(name, metricsScope, "window/" + format + (retainDuplicates ? "/duplicates" : ""), retentionPeriod,
                segmentInterval, options);
        this.windowSize = windowSize;
        this.retainDuplicates = retainDuplicates;
    }

    static PanrocksWindowStore create(String name, String metricsScope, DslStoreFormat format, long retentionPeriod,
                                      long segmentInterval, long windowSize, boolean retainDuplicates,
                                      PanrocksStoreOptions options) {
        return switch (format) {
            case PLAIN -> new PanrocksWindowStore(name, metricsScope, format, retentionPeriod, segmentInterval,
                    windowSize, retainDuplicates, options);
            case TIMESTAMPED -> new Timestamped(name, metricsScope, retentionPeriod, segmentInterval, windowSize,
                    retainDuplicates, options);
            case HEADERS -> new WithHeaders(name, metricsScope, retentionPeriod, segmentInterval, windowSize,
                    retainDuplicates, options);
        };
    }

    /** Values are {@code [timestamp][value]}. */
    static final class Timestamped extends PanrocksWindowStore implements TimestampedBytesStore {
        Timestamped(String name, String scope, long retention, long segmentInterval, long windowSize, boolean dups,
                    PanrocksStoreOptions options) {
            super(name, scope, DslStoreFormat.TIMESTAMPED, retention, segmentInterval, windowSize, dups, options);
        }
    }

    /** Values carry headers and a timestamp, as Kafka's headers-aware window store's. */
    static final class WithHeaders extends PanrocksWindowStore implements TimestampedBytesStore, HeadersBytesStore {
        WithHeaders(String name, String scope, long retention, long segmentInterval, long windowSize, boolean dups,
                    PanrocksStoreOptions options) {
            super(name, scope, DslStoreFormat.HEADERS, retention, segmentInterval, windowSize, dups, options);
        }

        /**
         * As Kafka's headers-aware RocksDB stores of the release on the class
         * path: on Kafka 4.4 every query the store without headers answers
         * (Kafka's metered layer turns its typed headers queries into those);
         * on Kafka 4.3 every query fails with {@code UNKNOWN_QUERY_TYPE},
         * carrying the store's position, whatever the bound, and Kafka's
         * metered layer passes that failure on. Either way IQv2 over a
         * headers-aware store answers as it does on Kafka's own stores.
         */
        @Override
        public <R> QueryResult<R> query(Query<R> query, PositionBound positionBound, QueryConfig config) {
            if (KafkaRelease.HEADERS_STORES_ANSWER_QUERIES) return super.query(query, positionBound, config);
            return Positions.handle(query, positionBound, config, this, position, context, false, q -> null);
        }
    }

    static byte[] storeKey(byte[] key, long timestamp, int seqnum) {
        return ByteBuffer.allocate(key.length + SUFFIX).put(key).putLong(timestamp).putInt(seqnum).array();
    }

    @Override
    long segmentTimestamp(byte[] storeKey) {
        return longAt(storeKey, storeKey.length - SUFFIX);
    }

    /** A window Kafka's {@code TimeWindow} cannot hold: a negative start, or one that leaves no room for an end. */
    @Override
    String unstorable(byte[] storeKey) {
        if (storeKey.length < SUFFIX) {
            return "the key has " + storeKey.length + " bytes, too short for a window start and a sequence number ("
                    + SUFFIX + " bytes)";
        }
        long start = segmentTimestamp(storeKey);
        if (start < 0) return "the window start " + start + " is negative";
        if (start == Long.MAX_VALUE) return "the window start " + start + " leaves no room for the window's end";
        return null;
    }

    // ---- writes ------------------------------------------------------------------------

    @Override
    public void put(Bytes key, byte[] value, long windowStartTimestamp) {
        Objects.requireNonNull(key, "key cannot be null");
        if (value == null && retainDuplicates) return; // a delete of one duplicate among many is meaningless
        if (retainDuplicates) seqnum = (seqnum + 1) & 0x7FFFFFFF;
        putStoreKey(storeKey(key.get(), windowStartTimestamp, seqnum), value);
    }

    // ---- reads -------------------------------------------------------------------------

    @Override
    public byte[] fetch(Bytes key, long timestamp) {
        return getStoreKey(storeKey(key.get(), timestamp, seqnum));
    }

    @Override
    public WindowStoreIterator<byte[]> fetch(Bytes key, long timeFrom, long timeTo) {
        return values(fetchOne(key, timeFrom, timeTo, true));
    }

    @Override
    public WindowStoreIterator<byte[]> backwardFetch(Bytes key, long timeFrom, long timeTo) {
        return values(fetchOne(key, timeFrom, timeTo, false));
    }

    private KeyValueIterator<Bytes, byte[]> fetchOne(Bytes key, long from, long to, boolean forward) {
        Objects.requireNonNull(key, "key cannot be null");
        validateReadable();
        long actualFrom = actualFrom(from);
        if (to < actualFrom) return StoreIterator.empty();
        byte[] k = key.get();
        return search(segments(actualFrom, to, forward), storeKey(k, Math.max(0, actualFrom), 0),
                storeKey(k, to, Integer.MAX_VALUE), forward, filter(k, k, actualFrom, to));
    }

    @Override
    public KeyValueIterator<Windowed<Bytes>, byte[]> fetch(Bytes keyFrom, Bytes keyTo, long timeFrom, long timeTo) {
        return windowed(fetchRange(keyFrom, keyTo, timeFrom, timeTo, true));
    }

    @Override
    public KeyValueIterator<Windowed<Bytes>, byte[]> backwardFetch(Bytes keyFrom, Bytes keyTo, long timeFrom,
                                                                   long timeTo) {
        return windowed(fetchRange(keyFrom, keyTo, timeFrom, timeTo, false));
    }

    private KeyValueIterator<Bytes, byte[]> fetchRange(Bytes keyFrom, Bytes keyTo, long from, long to, boolean forward) {
        if (keyFrom != null && keyTo != null && keyFrom.compareTo(keyTo) > 0) {
            LOG.warn("Returning empty iterator for fetch with invalid key range: from > to. This may be due to range"
                    + " arguments set in the wrong order, or serdes that don't preserve ordering when"
                    + " lexicographically comparing the serialized bytes. Note that the built-in numerical serdes do"
                    + " not follow this for negative numbers");
            return StoreIterator.empty();
        }
        validateReadable();
        long actualFrom = actualFrom(from);
        if (to < actualFrom) return StoreIterator.empty();
        byte[] kf = keyFrom == null ? null : keyFrom.get();
        byte[] kt = keyTo == null ? null : keyTo.get();
        byte[] binaryFrom = kf == null ? null : Keys.concat(kf, new byte[SUFFIX]);
        byte[] binaryTo = kt == null ? null
                : upperRange(kt, ByteBuffer.allocate(SUFFIX).putLong(to).putInt(Integer.MAX_VALUE).array());
        return search(segments(actualFrom, to, forward), binaryFrom, binaryTo, forward, filter(kf, kt, actualFrom, to));
    }

    @Override
    public KeyValueIterator<Windowed<Bytes>, byte[]> all() {
        return windowed(scan(0, Long.MAX_VALUE, true));
    }

    @Override
    public KeyValueIterator<Windowed<Bytes>, byte[]> backwardAll() {
        return windowed(scan(0, Long.MAX_VALUE, false));
    }

    @Override
    public KeyValueIterator<Windowed<Bytes>, byte[]> fetchAll(long timeFrom, long timeTo) {
        return windowed(scanChecked(timeFrom, timeTo, true));
    }

    @Override
    public KeyValueIterator<Windowed<Bytes>, byte[]> backwardFetchAll(long timeFrom, long timeTo) {
        return windowed(scanChecked(timeFrom, timeTo, false));
    }

    private KeyValueIterator<Bytes, byte[]> scanChecked(long from, long to, boolean forward) {
        validateReadable();
        if (to < actualFrom(from)) return StoreIterator.empty();
        return scan(from, to, forward);
    }

    private KeyValueIterator<Bytes, byte[]> scan(long from, long to, boolean forward) {
        validateReadable();
        long actualFrom = actualFrom(from);
        return search(segments(actualFrom, to, forward), null, null, forward, filter(null, null, actualFrom, to));
    }

    /** Kafka's window search condition, read off RocksDB's memory: key in [from, to], window start in [timeFrom, timeTo]. */
    private static StoreIterator.KeyFilter filter(byte[] keyFrom, byte[] keyTo, long timeFrom, long timeTo) {
        return nativeKey -> {
            long size = nativeKey.byteSize();
            if (size < PREFIX + SUFFIX) return false;
            long keyEnd = size - SUFFIX;
            long time = longAt(nativeKey, keyEnd);
            return time >= timeFrom && time <= timeTo
                    && (keyFrom == null || compare(nativeKey, PREFIX, keyEnd, keyFrom) >= 0)
                    && (keyTo == null || compare(nativeKey, PREFIX, keyEnd, keyTo) <= 0);
        };
    }

    private static WindowStoreIterator<byte[]> values(KeyValueIterator<Bytes, byte[]> inner) {
        return new WindowStoreIterator<>() {
            @Override
            public boolean hasNext() {
                return inner.hasNext();
            }

            @Override
            public KeyValue<Long, byte[]> next() {
                KeyValue<Bytes, byte[]> kv = inner.next();
                byte[] k = kv.key.get();
                return KeyValue.pair(longAt(k, k.length - SUFFIX), kv.value);
            }

            @Override
            public Long peekNextKey() {
                byte[] k = inner.peekNextKey().get();
                return longAt(k, k.length - SUFFIX);
            }

            @Override
            public void close() {
                inner.close();
            }
        };
    }

    private KeyValueIterator<Windowed<Bytes>, byte[]> windowed(KeyValueIterator<Bytes, byte[]> inner) {
        return new KeyValueIterator<>() {
            @Override
            public boolean hasNext() {
                return inner.hasNext();
            }

            @Override
            public KeyValue<Windowed<Bytes>, byte[]> next() {
                KeyValue<Bytes, byte[]> kv = inner.next();
                return KeyValue.pair(windowedKey(kv.key.get()), kv.value);
            }

            @Override
            public Windowed<Bytes> peekNextKey() {
                return windowedKey(inner.peekNextKey().get());
            }

            @Override
            public void close() {
                inner.close();
            }
        };
    }

    /** A store key as Kafka's windowed key: the key and the window [start, start + size) (end capped at Long.MAX_VALUE). */
    Windowed<Bytes> windowedKey(byte[] storeKey) {
        int keyEnd = storeKey.length - SUFFIX;
        byte[] key = java.util.Arrays.copyOf(storeKey, keyEnd);
        long start = longAt(storeKey, keyEnd);
        long end = start + windowSize;
        if (end < 0) {
            LOG.warn("Warning: window end time was truncated to Long.MAX");
            end = Long.MAX_VALUE;
        }
        return new Windowed<>(Bytes.wrap(key), new TimeWindow(start, end));
    }

    // ---- IQv2 --------------------------------------------------------------------------

    @Override
    @SuppressWarnings("unchecked")
    public <R> QueryResult<R> query(Query<R> query, PositionBound positionBound, QueryConfig config) {
        boolean known = query instanceof WindowKeyQuery || query instanceof WindowRangeQuery;
        return Positions.handle(query, positionBound, config, this, position, context, known, q -> {
            if (q instanceof WindowKeyQuery<?, ?> keyQuery) {
                if (keyQuery.getTimeFrom().isEmpty() || keyQuery.getTimeTo().isEmpty()) {
                    return QueryResult.forFailure(FailureReason.UNKNOWN_QUERY_TYPE, "This store (" + getClass()
                            + ") doesn't know how to execute the given query (" + q + ") because it only supports"
                            + " closed-range queries. Contact the store maintainer if you need support for a new"
                            + " query type.");
                }
                return QueryResult.forResult(fetch((Bytes) keyQuery.getKey(), keyQuery.getTimeFrom().get().toEpochMilli(),
                        keyQuery.getTimeTo().get().toEpochMilli()));
            }
            WindowRangeQuery<Bytes, byte[]> range = (WindowRangeQuery<Bytes, byte[]>) q;
            if (range.getTimeFrom().isEmpty() || range.getTimeTo().isEmpty()) {
                return QueryResult.forFailure(FailureReason.UNKNOWN_QUERY_TYPE, "This store (" + getClass()
                        + ") doesn't know how to execute the given query (" + q + ") because WindowStores only"
                        + " supports WindowRangeQuery.withWindowStartRange. Contact the store maintainer if you need"
                        + " support for a new query type.");
            }
            return QueryResult.forResult(fetchAll(range.getTimeFrom().get().toEpochMilli(),
                    range.getTimeTo().get().toEpochMilli()));
        });
    }
}
