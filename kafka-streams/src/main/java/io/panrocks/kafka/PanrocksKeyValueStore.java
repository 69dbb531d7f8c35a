package io.panrocks.kafka;

import io.panrocks.RocksDBException;
import io.panrocks.WriteBatch;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.DslStoreFormat;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.errors.ProcessorStateException;
import org.apache.kafka.streams.query.KeyQuery;
import org.apache.kafka.streams.query.PositionBound;
import org.apache.kafka.streams.query.Query;
import org.apache.kafka.streams.query.QueryConfig;
import org.apache.kafka.streams.query.QueryResult;
import org.apache.kafka.streams.query.RangeQuery;
import org.apache.kafka.streams.query.ResultOrder;
import org.apache.kafka.streams.state.HeadersBytesStore;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.TimestampedBytesStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A persistent key-value store on panrocks: Kafka's {@code RocksDBStore}
 * contract (bytes in, bytes out, ordered by unsigned lexicographic key).
 * Which values it holds (plain, timestamp-prefixed, headers-prefixed) is
 * the business of the layers above; the subclasses only carry Kafka's
 * marker interfaces so those layers know.
 */
class PanrocksKeyValueStore extends PanrocksStore implements KeyValueStore<Bytes, byte[]> {
    private static final Logger LOG = LoggerFactory.getLogger(PanrocksKeyValueStore.class);

    PanrocksKeyValueStore(String name, String metricsScope, DslStoreFormat format) {
        super(name, metricsScope, "key-value/" + format);
    }

    /** The store for a format: Kafka's wrappers read the format from the marker interfaces. */
    static PanrocksKeyValueStore create(String name, String metricsScope, DslStoreFormat format) {
        return switch (format) {
            case PLAIN -> new PanrocksKeyValueStore(name, metricsScope, format);
            case TIMESTAMPED -> new Timestamped(name, metricsScope);
            case HEADERS -> new WithHeaders(name, metricsScope);
        };
    }

    /** Values are {@code [timestamp][value]} ({@link TimestampedBytesStore}). */
    static final class Timestamped extends PanrocksKeyValueStore implements TimestampedBytesStore {
        Timestamped(String name, String metricsScope) {
            super(name, metricsScope, DslStoreFormat.TIMESTAMPED);
        }
    }

    /** Values are {@code [headers][timestamp][value]} ({@link HeadersBytesStore}). */
    static final class WithHeaders extends PanrocksKeyValueStore implements HeadersBytesStore {
        WithHeaders(String name, String metricsScope) {
            super(name, metricsScope, DslStoreFormat.HEADERS);
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

    // ---- writes ------------------------------------------------------------------------

    @Override
    public void put(Bytes key, byte[] value) {
        Objects.requireNonNull(key, "key cannot be null");
        validateStoreOpen();
        synchronized (position) {
            validateStoreOpen();
            try {
                write(key.get(), value);
            } catch (RocksDBException e) {
                throw new ProcessorStateException(value == null ? "Error while removing key from store " + name
                        : "Error while putting key/value into store " + name, e);
            } catch (IllegalStateException e) {
                throw closedOr(e);
            }
            updatePosition();
        }
    }

    @Override
    public byte[] putIfAbsent(Bytes key, byte[] value) {
        Objects.requireNonNull(key, "key cannot be null");
        byte[] original = get(key);
        if (original == null && value != null) put(key, value);
        return original;
    }

    /** All entries in one {@link WriteBatch}, one crossing, applied atomically. */
    @Override
    public void putAll(List<KeyValue<Bytes, byte[]>> entries) {
        for (KeyValue<Bytes, byte[]> e : entries) Objects.requireNonNull(e.key, "key cannot be null");
        validateStoreOpen();
        synchronized (position) {
            validateStoreOpen();
            try {
                WriteBatch b = batch();
                for (KeyValue<Bytes, byte[]> e : entries) {
                    if (e.value == null) b.delete(data, e.key.get());
                    else b.put(data, e.key.get(), e.value);
                }
                writeBatch();
            } catch (RocksDBException e) {
                throw new ProcessorStateException("Error while batch writing to store " + name, e);
            } catch (IllegalStateException e) {
                throw closedOr(e);
            }
            updatePosition();
        }
    }

    @Override
    public byte[] delete(Bytes key) {
        Objects.requireNonNull(key, "key cannot be null");
        byte[] old = get(key);
        put(key, null);
        return old;
    }

    @Override
    boolean addToRestoreBatch(WriteBatch b, byte[] key, byte[] value) {
        if (value == null) b.delete(data, key);
        else b.put(data, key, value);
        return true;
    }

    // ---- reads -------------------------------------------------------------------------

    @Override
    public byte[] get(Bytes key) {
        validateStoreOpen();
        try {
            return db.get(data, key.get());
        } catch (RocksDBException e) {
            throw new ProcessorStateException("Error while getting value for key from store " + name, e);
        } catch (IllegalStateException e) {
            throw closedOr(e);
        }
    }

    @Override
    public KeyValueIterator<Bytes, byte[]> range(Bytes from, Bytes to) {
        return range(from, to, true);
    }

    @Override
    public KeyValueIterator<Bytes, byte[]> reverseRange(Bytes from, Bytes to) {
        return range(from, to, false);
    }

    private KeyValueIterator<Bytes, byte[]> range(Bytes from, Bytes to, boolean forward) {
        if (from != null && to != null && from.compareTo(to) > 0) {
            LOG.warn("Returning empty iterator for fetch with invalid key range: from > to. This may be due to range"
                    + " arguments set in the wrong order, or serdes that don't preserve ordering when"
                    + " lexicographically comparing the serialized bytes. Note that the built-in numerical serdes do"
                    + " not follow this for negative numbers");
            return StoreIterator.empty();
        }
        validateStoreOpen();
        return new StoreIterator(this, data, from == null ? null : from.get(), to == null ? null : Keys.after(to.get()),
                forward, 0, null);
    }

    @Override
    public KeyValueIterator<Bytes, byte[]> all() {
        validateStoreOpen();
        return new StoreIterator(this, data, null, null, true, 0, null);
    }

    @Override
    public KeyValueIterator<Bytes, byte[]> reverseAll() {
        validateStoreOpen();
        return new StoreIterator(this, data, null, null, false, 0, null);
    }

    /**
     * The keys that start with the serialized prefix, bounded natively by the
     * prefix and the smallest key greater than every key with it (no upper
     * bound when the prefix is all 0xFF bytes): exactly the keys with the
     * prefix, which Kafka's own store does not quite manage for prefixes
     * ending in 0xFF (it also returns the next prefix's shorter keys).
     */
    @Override
    public <PS extends Serializer<P>, P> KeyValueIterator<Bytes, byte[]> prefixScan(P prefix, PS prefixKeySerializer) {
        Objects.requireNonNull(prefix, "prefix cannot be null");
        Objects.requireNonNull(prefixKeySerializer, "prefixKeySerializer cannot be null");
        validateStoreOpen();
        byte[] p = prefixKeySerializer.serialize(null, prefix);
        return new StoreIterator(this, data, p, Keys.prefixEnd(p), true, 0, null);
    }

    @Override
    public long approximateNumEntries() {
        return super.approximateNumEntries();
    }

    // ---- IQv2 --------------------------------------------------------------------------

    @Override
    @SuppressWarnings("unchecked")
    public <R> QueryResult<R> query(Query<R> query, PositionBound positionBound, QueryConfig config) {
        boolean known = query instanceof KeyQuery || query instanceof RangeQuery;
        return Positions.handle(query, positionBound, config, this, position, context, known, q -> {
            if (q instanceof KeyQuery<?, ?> keyQuery) {
                return QueryResult.forResult(get((Bytes) keyQuery.getKey()));
            }
            RangeQuery<Bytes, byte[]> range = (RangeQuery<Bytes, byte[]>) q;
            Optional<Bytes> lower = range.getLowerBound();
            Optional<Bytes> upper = range.getUpperBound();
            boolean descending = range.resultOrder() == ResultOrder.DESCENDING;
            KeyValueIterator<Bytes, byte[]> it;
            if (lower.isEmpty() && upper.isEmpty()) it = descending ? reverseAll() : all();
            else
                it = descending ? reverseRange(lower.orElse(null), upper.orElse(null))
                        : range(lower.orElse(null), upper.orElse(null));
            return QueryResult.forResult(it);
        });
    }
}
