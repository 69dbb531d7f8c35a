package io.panrocks.kafka;

import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.DslStoreFormat;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.kstream.internals.SessionWindow;
import org.apache.kafka.streams.query.FailureReason;
import org.apache.kafka.streams.query.PositionBound;
import org.apache.kafka.streams.query.Query;
import org.apache.kafka.streams.query.QueryConfig;
import org.apache.kafka.streams.query.QueryResult;
import org.apache.kafka.streams.query.WindowRangeQuery;
import org.apache.kafka.streams.state.HeadersBytesStore;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.SessionStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * A persistent session store on panrocks, Kafka's {@code RocksDBSessionStore}
 * contract: store keys are {@code [key][session end, 8 bytes][session start,
 * 8 bytes]} (Kafka's session key schema), segmented by session end.
 */
class PanrocksSessionStore extends SegmentedStore implements SessionStore<Bytes, byte[]> {
    private static final Logger LOG = LoggerFactory.getLogger(PanrocksSessionStore.class);
    static final int SUFFIX = 2 * Long.BYTES;

    PanrocksSessionStore(String name, String metricsScope, DslStoreFormat format, long retentionPeriod,
                         long segmentInterval, PanrocksStoreOptions options) {
        super(name, metricsScope, "session/" + format, retentionPeriod, segmentInterval, options);
    }

    static PanrocksSessionStore create(String name, String metricsScope, DslStoreFormat format, long retentionPeriod,
                                       long segmentInterval, PanrocksStoreOptions options) {
        return format == DslStoreFormat.HEADERS
                ? new WithHeaders(name, metricsScope, retentionPeriod, segmentInterval, options)
                : new PanrocksSessionStore(name, metricsScope, DslStoreFormat.PLAIN, retentionPeriod, segmentInterval,
                        options);
    }

    /** Values carry headers, as Kafka's headers-aware session store's. */
    static final class WithHeaders extends PanrocksSessionStore implements HeadersBytesStore {
        WithHeaders(String name, String scope, long retention, long segmentInterval, PanrocksStoreOptions options) {
            super(name, scope, DslStoreFormat.HEADERS, retention, segmentInterval, options);
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

    static byte[] storeKey(byte[] key, long start, long end) {
        return ByteBuffer.allocate(key.length + SUFFIX).put(key).putLong(end).putLong(start).array();
    }

    @Override
    long segmentTimestamp(byte[] storeKey) {
        return longAt(storeKey, storeKey.length - SUFFIX);
    }

    /** A session Kafka's {@code SessionWindow} cannot hold: a negative start, or an end before the start. */
    @Override
    String unstorable(byte[] storeKey) {
        if (storeKey.length < SUFFIX) {
            return "the key has " + storeKey.length + " bytes, too short for a session's end and start (" + SUFFIX
                    + " bytes)";
        }
        long end = longAt(storeKey, storeKey.length - SUFFIX);
        long start = longAt(storeKey, storeKey.length - Long.BYTES);
        if (start < 0) return "the session start " + start + " is negative";
        if (end < start) return "the session ends (" + end + ") before it starts (" + start + ")";
        return null;
    }

    // ---- writes ------------------------------------------------------------------------

    @Override
    public void put(Windowed<Bytes> sessionKey, byte[] aggregate) {
        Objects.requireNonNull(sessionKey, "sessionKey cannot be null");
        putStoreKey(storeKey(sessionKey.key().get(), sessionKey.window().start(), sessionKey.window().end()), aggregate);
    }

    @Override
    public void remove(Windowed<Bytes> sessionKey) {
        Objects.requireNonNull(sessionKey, "sessionKey cannot be null");
        removeStoreKey(storeKey(sessionKey.key().get(), sessionKey.window().start(), sessionKey.window().end()));
    }

    // ---- reads -------------------------------------------------------------------------

    @Override
    public byte[] fetchSession(Bytes key, long sessionStartTime, long sessionEndTime) {
        Objects.requireNonNull(key, "key cannot be null");
        return getStoreKey(storeKey(key.get(), sessionStartTime, sessionEndTime));
    }

    @Override
    public KeyValueIterator<Windowed<Bytes>, byte[]> findSessions(Bytes key, long earliestSessionEndTime,
                                                                  long latestSessionStartTime) {
        return sessions(findOne(key, earliestSessionEndTime, latestSessionStartTime, true));
    }

    @Override
    public KeyValueIterator<Windowed<Bytes>, byte[]> backwardFindSessions(Bytes key, long earliestSessionEndTime,
                                                                          long latestSessionStartTime) {
        return sessions(findOne(key, earliestSessionEndTime, latestSessionStartTime, false));
    }

    @Override
    public KeyValueIterator<Windowed<Bytes>, byte[]> findSessions(Bytes keyFrom, Bytes keyTo, long earliestSessionEndTime,
                                                                  long latestSessionStartTime) {
        return sessions(findRange(keyFrom, keyTo, earliestSessionEndTime, latestSessionStartTime, true));
    }

    @Override
    public KeyValueIterator<Windowed<Bytes>, byte[]> backwardFindSessions(Bytes keyFrom, Bytes keyTo,
                                                                          long earliestSessionEndTime,
                                                                          long latestSessionStartTime) {
        return sessions(findRange(keyFrom, keyTo, earliestSessionEndTime, latestSessionStartTime, false));
    }

    @Override
    public KeyValueIterator<Windowed<Bytes>, byte[]> fetch(Bytes key) {
        return findSessions(key, 0, Long.MAX_VALUE);
    }

    @Override
    public KeyValueIterator<Windowed<Bytes>, byte[]> backwardFetch(Bytes key) {
        return backwardFindSessions(key, 0, Long.MAX_VALUE);
    }

    @Override
    public KeyValueIterator<Windowed<Bytes>, byte[]> fetch(Bytes keyFrom, Bytes keyTo) {
        return findSessions(keyFrom, keyTo, 0, Long.MAX_VALUE);
    }

    @Override
    public KeyValueIterator<Windowed<Bytes>, byte[]> backwardFetch(Bytes keyFrom, Bytes keyTo) {
        return backwardFindSessions(keyFrom, keyTo, 0, Long.MAX_VALUE);
    }

    /** Sessions of one key that end at or after {@code from} and start at or before {@code to}. */
    private KeyValueIterator<Bytes, byte[]> findOne(Bytes key, long from, long to, boolean forward) {
        Objects.requireNonNull(key, "key cannot be null");
        validateReadable();
        long actualFrom = actualFrom(from);
        byte[] k = key.get();
        // [key][end = from][start = 0] .. [key][end = MAX][start = to]
        return search(segments(actualFrom, Long.MAX_VALUE, forward), storeKey(k, 0, Math.max(0, actualFrom)),
                storeKey(k, to, Long.MAX_VALUE), forward, filter(k, k, actualFrom, to));
    }

    private KeyValueIterator<Bytes, byte[]> findRange(Bytes keyFrom, Bytes keyTo, long from, long to, boolean forward) {
        if (keyFrom != null && keyTo != null && keyFrom.compareTo(keyTo) > 0) {
            LOG.warn("Returning empty iterator for fetch with invalid key range: from > to. This may be due to range"
                    + " arguments set in the wrong order, or serdes that don't preserve ordering when"
                    + " lexicographically comparing the serialized bytes. Note that the built-in numerical serdes do"
                    + " not follow this for negative numbers");
            return StoreIterator.empty();
        }
        validateReadable();
        long actualFrom = actualFrom(from);
        byte[] kf = keyFrom == null ? null : keyFrom.get();
        byte[] kt = keyTo == null ? null : keyTo.get();
        byte[] binaryFrom = kf == null ? null : Keys.concat(kf, new byte[SUFFIX]);
        byte[] binaryTo = kt == null ? null
                : upperRange(kt, ByteBuffer.allocate(SUFFIX).putLong(Long.MAX_VALUE).putLong(to).array());
        return search(segments(actualFrom, Long.MAX_VALUE, forward), binaryFrom, binaryTo, forward,
                filter(kf, kt, actualFrom, to));
    }

    /** Kafka's session search condition, read off RocksDB's memory: key in range, end >= from, start <= to. */
    private static StoreIterator.KeyFilter filter(byte[] keyFrom, byte[] keyTo, long from, long to) {
        return nativeKey -> {
            long size = nativeKey.byteSize();
            if (size < PREFIX + SUFFIX) return false;
            long keyEnd = size - SUFFIX;
            long end = longAt(nativeKey, keyEnd);
            long start = longAt(nativeKey, keyEnd + Long.BYTES);
            return end >= from && start <= to
                    && (keyFrom == null || compare(nativeKey, PREFIX, keyEnd, keyFrom) >= 0)
                    && (keyTo == null || compare(nativeKey, PREFIX, keyEnd, keyTo) <= 0);
        };
    }

    private static KeyValueIterator<Windowed<Bytes>, byte[]> sessions(KeyValueIterator<Bytes, byte[]> inner) {
        return new KeyValueIterator<>() {
            @Override
            public boolean hasNext() {
                return inner.hasNext();
            }

            @Override
            public KeyValue<Windowed<Bytes>, byte[]> next() {
                KeyValue<Bytes, byte[]> kv = inner.next();
                return KeyValue.pair(sessionKey(kv.key.get()), kv.value);
            }

            @Override
            public Windowed<Bytes> peekNextKey() {
                return sessionKey(inner.peekNextKey().get());
            }

            @Override
            public void close() {
                inner.close();
            }
        };
    }

    static Windowed<Bytes> sessionKey(byte[] storeKey) {
        int keyEnd = storeKey.length - SUFFIX;
        long end = longAt(storeKey, keyEnd);
        long start = longAt(storeKey, keyEnd + Long.BYTES);
        return new Windowed<>(Bytes.wrap(Arrays.copyOf(storeKey, keyEnd)), new SessionWindow(start, end));
    }

    // ---- IQv2 --------------------------------------------------------------------------

    @Override
    @SuppressWarnings("unchecked")
    public <R> QueryResult<R> query(Query<R> query, PositionBound positionBound, QueryConfig config) {
        boolean known = query instanceof WindowRangeQuery;
        return Positions.handle(query, positionBound, config, this, position, context, known, q -> {
            WindowRangeQuery<Bytes, byte[]> range = (WindowRangeQuery<Bytes, byte[]>) q;
            if (range.getKey().isEmpty()) {
                return QueryResult.forFailure(FailureReason.UNKNOWN_QUERY_TYPE, "This store (" + getClass()
                        + ") doesn't know how to execute the given query (" + q + ") because SessionStores only"
                        + " support WindowRangeQuery.withKey. Contact the store maintainer if you need support for a"
                        + " new query type.");
            }
            return QueryResult.forResult(fetch(range.getKey().get()));
        });
    }
}
