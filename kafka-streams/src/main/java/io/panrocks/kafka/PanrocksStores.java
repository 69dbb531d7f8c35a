package io.panrocks.kafka;

import org.apache.kafka.streams.DslStoreFormat;
import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;
import org.apache.kafka.streams.state.SessionBytesStoreSupplier;
import org.apache.kafka.streams.state.VersionedBytesStoreSupplier;
import org.apache.kafka.streams.state.WindowBytesStoreSupplier;

import java.time.Duration;
import java.util.Objects;

/**
 * Store suppliers for panrocks state stores, the counterparts of Kafka's
 * {@code Stores.persistent*} factories, for a store named in a topology
 * ({@code Materialized.as(PanrocksStores.keyValueStore("counts"))},
 * {@code Stores.keyValueStoreBuilder(PanrocksStores.keyValueStore("s"), ...)}).
 * To switch every store of a DSL topology at once, configure
 * {@link PanrocksDslStoreSuppliers} instead.
 *
 * <p>Each store is one panrocks DB under {@code <state.dir>/<application
 * id>/<task>/panrocks/<store name>}: key-value stores hold Kafka's bytes as
 * they come; window and session stores keep Kafka's segmented layout (and
 * so its iteration order) as key prefixes of one DB. Every store manages its
 * own changelog offsets (KIP-1035), writes without the WAL (the changelog is
 * the durability), restores in batches, answers IQv2 key and range queries
 * with positions, and reports the RocksDB metrics Kafka's stores report.
 * Versioned key-value stores answer IQv2's versioned key queries.
 * The metrics scopes are the built-in stores' ({@code rocksdb},
 * {@code rocksdb-window}, {@code rocksdb-session}).
 *
 * <p>Window and session stores keep the lifecycle of Kafka's segmented
 * stores (an iterator of a closed store ends, a closed store reads as empty,
 * a restore into a closed store is kept, a new store's data is created at its
 * first write); their factories that take {@link PanrocksStoreOptions} can
 * make it strict instead. A restore skips, counts (in the task's
 * {@code dropped-records}) and logs each changelog record such a store cannot
 * hold (a window start or session time no window can have, a key too short
 * for its times).
 */
public final class PanrocksStores {
    private PanrocksStores() {
    }

    /**
     * A persistent key-value store of plain values (Kafka's
     * {@code Stores.persistentKeyValueStore}).
     *
     * @param name the store's name
     * @return the supplier
     * @throws NullPointerException if {@code name} is null
     */
    public static KeyValueBytesStoreSupplier keyValueStore(String name) {
        return Suppliers.keyValue(name, DslStoreFormat.PLAIN);
    }

    /**
     * As {@link #keyValueStore(String)}, for values with their timestamps
     * (Kafka's {@code Stores.persistentTimestampedKeyValueStore}; the DSL's default).
     *
     * @param name the store's name
     * @return the supplier
     * @throws NullPointerException if {@code name} is null
     */
    public static KeyValueBytesStoreSupplier timestampedKeyValueStore(String name) {
        return Suppliers.keyValue(name, DslStoreFormat.TIMESTAMPED);
    }

    /**
     * As {@link #keyValueStore(String)}, for values with their timestamps and
     * record headers (Kafka's {@code Stores.persistentTimestampedKeyValueStoreWithHeaders}). IQv2 as Kafka's own
     * store of the release in use: on Kafka 4.4 the queries of the store without headers
     * and Kafka's typed headers queries; on Kafka 4.3 none ({@code UNKNOWN_QUERY_TYPE}).
     *
     * @param name the store's name
     * @return the supplier
     * @throws NullPointerException if {@code name} is null
     */
    public static KeyValueBytesStoreSupplier timestampedKeyValueStoreWithHeaders(String name) {
        return Suppliers.keyValue(name, DslStoreFormat.HEADERS);
    }

    /**
     * A persistent window store of plain values (Kafka's
     * {@code Stores.persistentWindowStore}), in segments of half the
     * retention period (at least a minute), as Kafka's.
     *
     * @param name             the store's name
     * @param retentionPeriod  how long windows are kept (at least {@code windowSize})
     * @param windowSize       the windows' size
     * @param retainDuplicates keep every value put for the same key and window
     *                         (stream-stream joins); a null value is then ignored
     * @return the supplier
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if a duration is negative, not representable
     *                                  in milliseconds, or the retention is shorter than the window
     */
    public static WindowBytesStoreSupplier windowStore(String name, Duration retentionPeriod, Duration windowSize,
                                                       boolean retainDuplicates) {
        return window(name, retentionPeriod, windowSize, retainDuplicates, DslStoreFormat.PLAIN,
                PanrocksStoreOptions.defaults());
    }

    /**
     * As {@link #windowStore(String, Duration, Duration, boolean)}, with
     * {@link PanrocksStoreOptions options}.
     *
     * @param name             the store's name
     * @param retentionPeriod  how long windows are kept (at least {@code windowSize})
     * @param windowSize       the windows' size
     * @param retainDuplicates keep every value put for the same key and window
     * @param options          the store's options
     * @return the supplier
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException as {@link #windowStore(String, Duration, Duration, boolean)}
     */
    public static WindowBytesStoreSupplier windowStore(String name, Duration retentionPeriod, Duration windowSize,
                                                       boolean retainDuplicates, PanrocksStoreOptions options) {
        return window(name, retentionPeriod, windowSize, retainDuplicates, DslStoreFormat.PLAIN, options);
    }

    /**
     * As {@link #windowStore(String, Duration, Duration, boolean)}, for values
     * with their timestamps (Kafka's {@code Stores.persistentTimestampedWindowStore};
     * the DSL's default).
     *
     * @param name             the store's name
     * @param retentionPeriod  how long windows are kept (at least {@code windowSize})
     * @param windowSize       the windows' size
     * @param retainDuplicates keep every value put for the same key and window
     * @return the supplier
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException as {@link #windowStore(String, Duration, Duration, boolean)}
     */
    public static WindowBytesStoreSupplier timestampedWindowStore(String name, Duration retentionPeriod,
                                                                  Duration windowSize, boolean retainDuplicates) {
        return window(name, retentionPeriod, windowSize, retainDuplicates, DslStoreFormat.TIMESTAMPED,
                PanrocksStoreOptions.defaults());
    }

    /**
     * As {@link #timestampedWindowStore(String, Duration, Duration, boolean)}, with
     * {@link PanrocksStoreOptions options}.
     *
     * @param name             the store's name
     * @param retentionPeriod  how long windows are kept (at least {@code windowSize})
     * @param windowSize       the windows' size
     * @param retainDuplicates keep every value put for the same key and window
     * @param options          the store's options
     * @return the supplier
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException as {@link #windowStore(String, Duration, Duration, boolean)}
     */
    public static WindowBytesStoreSupplier timestampedWindowStore(String name, Duration retentionPeriod,
                                                                  Duration windowSize, boolean retainDuplicates,
                                                                  PanrocksStoreOptions options) {
        return window(name, retentionPeriod, windowSize, retainDuplicates, DslStoreFormat.TIMESTAMPED, options);
    }

    /**
     * As {@link #windowStore(String, Duration, Duration, boolean)}, for values
     * with their timestamps and record headers
     * (Kafka's {@code Stores.persistentTimestampedWindowStoreWithHeaders}). IQv2 as Kafka's own
     * store of the release in use: on Kafka 4.4 the queries of the store without headers
     * and Kafka's typed headers queries; on Kafka 4.3 none ({@code UNKNOWN_QUERY_TYPE}).
     *
     * @param name             the store's name
     * @param retentionPeriod  how long windows are kept (at least {@code windowSize})
     * @param windowSize       the windows' size
     * @param retainDuplicates keep every value put for the same key and window
     * @return the supplier
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException as {@link #windowStore(String, Duration, Duration, boolean)}
     */
    public static WindowBytesStoreSupplier timestampedWindowStoreWithHeaders(String name, Duration retentionPeriod,
                                                                             Duration windowSize,
                                                                             boolean retainDuplicates) {
        return window(name, retentionPeriod, windowSize, retainDuplicates, DslStoreFormat.HEADERS,
                PanrocksStoreOptions.defaults());
    }

    /**
     * As {@link #timestampedWindowStoreWithHeaders(String, Duration, Duration, boolean)}, with
     * {@link PanrocksStoreOptions options}.
     *
     * @param name             the store's name
     * @param retentionPeriod  how long windows are kept (at least {@code windowSize})
     * @param windowSize       the windows' size
     * @param retainDuplicates keep every value put for the same key and window
     * @param options          the store's options
     * @return the supplier
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException as {@link #windowStore(String, Duration, Duration, boolean)}
     */
    public static WindowBytesStoreSupplier timestampedWindowStoreWithHeaders(String name, Duration retentionPeriod,
                                                                             Duration windowSize,
                                                                             boolean retainDuplicates,
                                                                             PanrocksStoreOptions options) {
        return window(name, retentionPeriod, windowSize, retainDuplicates, DslStoreFormat.HEADERS, options);
    }

    /**
     * A persistent session store (Kafka's {@code Stores.persistentSessionStore}),
     * in segments of half the retention period (at least a minute), as Kafka's.
     *
     * @param name            the store's name
     * @param retentionPeriod how long sessions are kept after they end
     * @return the supplier
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if the retention is negative or not representable in milliseconds
     */
    public static SessionBytesStoreSupplier sessionStore(String name, Duration retentionPeriod) {
        return Suppliers.session(name, millis(retentionPeriod, "retentionPeriod"), DslStoreFormat.PLAIN);
    }

    /**
     * As {@link #sessionStore(String, Duration)}, with {@link PanrocksStoreOptions options}.
     *
     * @param name            the store's name
     * @param retentionPeriod how long sessions are kept after they end
     * @param options         the store's options
     * @return the supplier
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException as {@link #sessionStore(String, Duration)}
     */
    public static SessionBytesStoreSupplier sessionStore(String name, Duration retentionPeriod,
                                                         PanrocksStoreOptions options) {
        return Suppliers.session(name, millis(retentionPeriod, "retentionPeriod"), DslStoreFormat.PLAIN, options);
    }

    /**
     * As {@link #sessionStore(String, Duration)}, for values with record
     * headers (Kafka's {@code Stores.persistentSessionStoreWithHeaders}). IQv2 as Kafka's own
     * store of the release in use: on Kafka 4.4 the queries of the store without headers
     * and Kafka's typed headers queries; on Kafka 4.3 none ({@code UNKNOWN_QUERY_TYPE}).
     *
     * @param name            the store's name
     * @param retentionPeriod how long sessions are kept after they end
     * @return the supplier
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException as {@link #sessionStore(String, Duration)}
     */
    public static SessionBytesStoreSupplier sessionStoreWithHeaders(String name, Duration retentionPeriod) {
        return Suppliers.session(name, millis(retentionPeriod, "retentionPeriod"), DslStoreFormat.HEADERS);
    }

    /**
     * As {@link #sessionStoreWithHeaders(String, Duration)}, with {@link PanrocksStoreOptions options}.
     *
     * @param name            the store's name
     * @param retentionPeriod how long sessions are kept after they end
     * @param options         the store's options
     * @return the supplier
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException as {@link #sessionStore(String, Duration)}
     */
    public static SessionBytesStoreSupplier sessionStoreWithHeaders(String name, Duration retentionPeriod,
                                                                    PanrocksStoreOptions options) {
        return Suppliers.session(name, millis(retentionPeriod, "retentionPeriod"), DslStoreFormat.HEADERS, options);
    }

    /**
     * A persistent versioned key-value store (Kafka's
     * {@code Stores.persistentVersionedKeyValueStore}), for versioned tables
     * ({@code Materialized.as(PanrocksStores.versionedKeyValueStore("t", Duration.ofMinutes(10)))})
     * and the stream-table joins that read them as of the stream record's time.
     * Versions are read back for {@code historyRetention}, which is also the
     * grace period of writes; they are deleted in segments of Kafka's default
     * interval for that retention.
     *
     * @param name             the store's name
     * @param historyRetention how long old versions can be read (and older writes are refused)
     * @return the supplier
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if the retention is negative or not representable in milliseconds
     */
    public static VersionedBytesStoreSupplier versionedKeyValueStore(String name, Duration historyRetention) {
        Objects.requireNonNull(name, "name cannot be null");
        long retention = millis(historyRetention, "historyRetention");
        return Suppliers.versioned(name, retention, Suppliers.defaultVersionedSegmentInterval(retention));
    }

    /**
     * As {@link #versionedKeyValueStore(String, Duration)}, with versions
     * deleted in segments of {@code segmentInterval}.
     *
     * @param name             the store's name
     * @param historyRetention how long old versions can be read (and older writes are refused)
     * @param segmentInterval  the time span of a segment of versions
     * @return the supplier
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if the retention is negative, the interval not positive, or either
     *                                  not representable in milliseconds
     */
    public static VersionedBytesStoreSupplier versionedKeyValueStore(String name, Duration historyRetention,
                                                                     Duration segmentInterval) {
        Objects.requireNonNull(name, "name cannot be null");
        return Suppliers.versioned(name, millis(historyRetention, "historyRetention"),
                millis(segmentInterval, "segmentInterval"));
    }

    private static WindowBytesStoreSupplier window(String name, Duration retentionPeriod, Duration windowSize,
                                                   boolean retainDuplicates, DslStoreFormat format,
                                                   PanrocksStoreOptions options) {
        long retention = millis(retentionPeriod, "retentionPeriod");
        return Suppliers.window(name, retention, Suppliers.defaultSegmentInterval(retention),
                millis(windowSize, "windowSize"), retainDuplicates, format, options);
    }

    static long millis(Duration d, String what) {
        Objects.requireNonNull(d, what + " cannot be null");
        try {
            return d.toMillis();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(what + " cannot be represented as long milliseconds: " + d, e);
        }
    }
}
