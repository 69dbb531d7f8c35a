package io.panrocks.kafka;

import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.DslStoreFormat;
import org.apache.kafka.streams.state.HeadersBytesStoreSupplier;
import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.SessionBytesStoreSupplier;
import org.apache.kafka.streams.state.SessionStore;
import org.apache.kafka.streams.state.VersionedBytesStoreSupplier;
import org.apache.kafka.streams.state.WindowBytesStoreSupplier;
import org.apache.kafka.streams.state.WindowStore;

import java.util.Objects;

/**
 * The store suppliers {@link PanrocksStores} hands out. A headers-format
 * supplier also carries Kafka's {@link HeadersBytesStoreSupplier} marker,
 * which is how the DSL picks its headers-aware wrappers.
 */
final class Suppliers {
    /** The metrics scopes of Kafka's built-in RocksDB stores: the engine is RocksDB, the dashboards stay. */
    static final String KEY_VALUE_SCOPE = "rocksdb";
    static final String WINDOW_SCOPE = "rocksdb-window";
    static final String SESSION_SCOPE = "rocksdb-session";

    private Suppliers() {
    }

    static KeyValueBytesStoreSupplier keyValue(String name, DslStoreFormat format) {
        Objects.requireNonNull(name, "name cannot be null");
        Objects.requireNonNull(format, "format cannot be null");
        return format == DslStoreFormat.HEADERS ? new KeyValueWithHeaders(name) : new KeyValue(name, format);
    }

    static WindowBytesStoreSupplier window(String name, long retentionPeriod, long segmentInterval, long windowSize,
                                           boolean retainDuplicates, DslStoreFormat format) {
        return window(name, retentionPeriod, segmentInterval, windowSize, retainDuplicates, format,
                PanrocksStoreOptions.defaults());
    }

    static WindowBytesStoreSupplier window(String name, long retentionPeriod, long segmentInterval, long windowSize,
                                           boolean retainDuplicates, DslStoreFormat format,
                                           PanrocksStoreOptions options) {
        Objects.requireNonNull(name, "name cannot be null");
        Objects.requireNonNull(format, "format cannot be null");
        Objects.requireNonNull(options, "options cannot be null");
        if (retentionPeriod < 0) throw new IllegalArgumentException("retentionPeriod cannot be negative");
        if (windowSize < 0) throw new IllegalArgumentException("windowSize cannot be negative");
        if (windowSize > retentionPeriod) {
            throw new IllegalArgumentException("The retention period of the window store " + name
                    + " must be no smaller than its window size. Got size=[" + windowSize + "], retention=["
                    + retentionPeriod + "]");
        }
        if (segmentInterval < 1) throw new IllegalArgumentException("segmentInterval cannot be zero or negative");
        return format == DslStoreFormat.HEADERS
                ? new WindowWithHeaders(name, retentionPeriod, segmentInterval, windowSize, retainDuplicates, options)
                : new Window(name, retentionPeriod, segmentInterval, windowSize, retainDuplicates, format, options);
    }

    static SessionBytesStoreSupplier session(String name, long retentionPeriod, DslStoreFormat format) {
        return session(name, retentionPeriod, format, PanrocksStoreOptions.defaults());
    }

    static SessionBytesStoreSupplier session(String name, long retentionPeriod, DslStoreFormat format,
                                             PanrocksStoreOptions options) {
        Objects.requireNonNull(name, "name cannot be null");
        Objects.requireNonNull(options, "options cannot be null");
        if (retentionPeriod < 0) throw new IllegalArgumentException("retentionPeriod cannot be negative");
        return format == DslStoreFormat.HEADERS ? new SessionWithHeaders(name, retentionPeriod, options)
                : new Session(name, retentionPeriod, DslStoreFormat.PLAIN, options);
    }

    static VersionedBytesStoreSupplier versioned(String name, long historyRetention, long segmentInterval) {
        Objects.requireNonNull(name, "name cannot be null");
        if (historyRetention < 0) throw new IllegalArgumentException("historyRetention cannot be negative");
        if (segmentInterval < 1) throw new IllegalArgumentException("segmentInterval cannot be zero or negative");
        return new Versioned(name, historyRetention, segmentInterval);
    }

    /**
     * Kafka's default segment interval of a versioned store: a third of short
     * retentions down to a twenty-fourth of long ones, within floors. It decides
     * when versions that stopped being valid are deleted, so it is Kafka's.
     */
    static long defaultVersionedSegmentInterval(long historyRetention) {
        if (historyRetention <= 60_000L) return Math.max(historyRetention / 3, 2_000L);
        if (historyRetention <= 300_000L) return Math.max(historyRetention / 5, 20_000L);
        if (historyRetention <= 3_600_000L) return Math.max(historyRetention / 12, 60_000L);
        return Math.max(historyRetention / 24, 300_000L);
    }

    /** Kafka's default: half the retention, at least a minute. */
    static long defaultSegmentInterval(long retentionPeriod) {
        return Math.max(retentionPeriod / 2, 60_000L);
    }

    static class KeyValue implements KeyValueBytesStoreSupplier {
        final String name;
        final DslStoreFormat format;

        KeyValue(String name, DslStoreFormat format) {
            this.name = name;
            this.format = format;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public KeyValueStore<Bytes, byte[]> get() {
            return PanrocksKeyValueStore.create(name, metricsScope(), format);
        }

        @Override
        public String metricsScope() {
            return KEY_VALUE_SCOPE;
        }

        @Override
        public String toString() {
            return "PanrocksKeyValueBytesStoreSupplier{name=" + name + ", format=" + format + "}";
        }
    }

    static final class KeyValueWithHeaders extends KeyValue implements HeadersBytesStoreSupplier {
        KeyValueWithHeaders(String name) {
            super(name, DslStoreFormat.HEADERS);
        }
    }

    static class Window implements WindowBytesStoreSupplier {
        final String name;
        final long retentionPeriod;
        final long segmentInterval;
        final long windowSize;
        final boolean retainDuplicates;
        final DslStoreFormat format;
        final PanrocksStoreOptions options;

        Window(String name, long retentionPeriod, long segmentInterval, long windowSize, boolean retainDuplicates,
               DslStoreFormat format, PanrocksStoreOptions options) {
            this.options = options;
            this.name = name;
            this.retentionPeriod = retentionPeriod;
            this.segmentInterval = segmentInterval;
            this.windowSize = windowSize;
            this.retainDuplicates = retainDuplicates;
            this.format = format;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public WindowStore<Bytes, byte[]> get() {
            return PanrocksWindowStore.create(name, metricsScope(), format, retentionPeriod, segmentInterval, windowSize,
                    retainDuplicates, options);
        }

        @Override
        public String metricsScope() {
            return WINDOW_SCOPE;
        }

        @Override
        public long segmentIntervalMs() {
            return segmentInterval;
        }

        @Override
        public long windowSize() {
            return windowSize;
        }

        @Override
        public boolean retainDuplicates() {
            return retainDuplicates;
        }

        @Override
        public long retentionPeriod() {
            return retentionPeriod;
        }

        @Override
        public String toString() {
            return "PanrocksWindowBytesStoreSupplier{name=" + name + ", retentionPeriod=" + retentionPeriod
                    + ", segmentInterval=" + segmentInterval + ", windowSize=" + windowSize + ", retainDuplicates="
                    + retainDuplicates + ", format=" + format + ", " + options + "}";
        }
    }

    static final class WindowWithHeaders extends Window implements HeadersBytesStoreSupplier {
        WindowWithHeaders(String name, long retentionPeriod, long segmentInterval, long windowSize,
                          boolean retainDuplicates, PanrocksStoreOptions options) {
            super(name, retentionPeriod, segmentInterval, windowSize, retainDuplicates, DslStoreFormat.HEADERS, options);
        }
    }

    static class Session implements SessionBytesStoreSupplier {
        final String name;
        final long retentionPeriod;
        final DslStoreFormat format;
        final PanrocksStoreOptions options;

        Session(String name, long retentionPeriod, DslStoreFormat format, PanrocksStoreOptions options) {
            this.name = name;
            this.retentionPeriod = retentionPeriod;
            this.format = format;
            this.options = options;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public SessionStore<Bytes, byte[]> get() {
            return PanrocksSessionStore.create(name, metricsScope(), format, retentionPeriod, segmentIntervalMs(), options);
        }

        @Override
        public String metricsScope() {
            return SESSION_SCOPE;
        }

        @Override
        public long segmentIntervalMs() {
            return defaultSegmentInterval(retentionPeriod);
        }

        @Override
        public long retentionPeriod() {
            return retentionPeriod;
        }

        @Override
        public String toString() {
            return "PanrocksSessionBytesStoreSupplier{name=" + name + ", retentionPeriod=" + retentionPeriod
                    + ", format=" + format + ", " + options + "}";
        }
    }

    static final class SessionWithHeaders extends Session implements HeadersBytesStoreSupplier {
        SessionWithHeaders(String name, long retentionPeriod, PanrocksStoreOptions options) {
            super(name, retentionPeriod, DslStoreFormat.HEADERS, options);
        }
    }

    static final class Versioned implements VersionedBytesStoreSupplier {
        final String name;
        final long historyRetention;
        final long segmentInterval;

        Versioned(String name, long historyRetention, long segmentInterval) {
            this.name = name;
            this.historyRetention = historyRetention;
            this.segmentInterval = segmentInterval;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public KeyValueStore<Bytes, byte[]> get() {
            return new PanrocksVersionedStore(name, metricsScope(), historyRetention, segmentInterval);
        }

        @Override
        public String metricsScope() {
            return KEY_VALUE_SCOPE;
        }

        @Override
        public long historyRetentionMs() {
            return historyRetention;
        }

        /** how long a segment of versions lasts (versions are deleted a segment at a time) */
        public long segmentIntervalMs() {
            return segmentInterval;
        }

        @Override
        public String toString() {
            return "PanrocksVersionedBytesStoreSupplier{name=" + name + ", historyRetention=" + historyRetention
                    + ", segmentInterval=" + segmentInterval + "}";
        }
    }
}
