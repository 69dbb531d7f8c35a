package io.panrocks;

import java.util.ArrayList;
import java.util.List;

/**
 * How to open a DB: the DB-wide options and those of the default column
 * family, as RocksJava's {@code Options}. Defaults are RocksDB's, except
 * where a setter says otherwise.
 *
 * <p>A plain Java object: it owns no native memory and needs no closing.
 * Every setter validates its value at once, with an
 * {@link IllegalArgumentException} that names the option. The DB reads the
 * options when it opens; later changes do not affect an open DB.
 */
public final class Options implements AutoCloseable {
    private boolean createIfMissing;
    private boolean errorIfExists;
    private boolean createMissingColumnFamilies;
    private boolean paranoidChecks = true;
    private long adaptiveReadThreshold = DEFAULT_ADAPTIVE_READ_THRESHOLD;

    /**
     * Default size up to which adaptive reads copy rather than pin. Chosen by
     * measurement on the reference machine (AdaptiveThresholdBenchmark, see
     * docs/benchmarks.md): below it a copy is cheaper than the second
     * crossing that releasing a pin costs.
     */
    public static final long DEFAULT_ADAPTIVE_READ_THRESHOLD = 1024;

    public Options() {
    }

    /** Create the DB if it does not exist (default false). */
    public Options setCreateIfMissing(boolean createIfMissing) {
        this.createIfMissing = createIfMissing;
        return this;
    }

    public boolean createIfMissing() {
        return createIfMissing;
    }

    /** Fail to open if the DB already exists (default false). */
    public Options setErrorIfExists(boolean errorIfExists) {
        this.errorIfExists = errorIfExists;
        return this;
    }

    public boolean errorIfExists() {
        return errorIfExists;
    }

    /** Create column families named at open that do not exist yet (default false). */
    public Options setCreateMissingColumnFamilies(boolean createMissingColumnFamilies) {
        this.createMissingColumnFamilies = createMissingColumnFamilies;
        return this;
    }

    public boolean createMissingColumnFamilies() {
        return createMissingColumnFamilies;
    }

    /** Check aggressively for corruption and stop early (default true). */
    public Options setParanoidChecks(boolean paranoidChecks) {
        this.paranoidChecks = paranoidChecks;
        return this;
    }

    public boolean paranoidChecks() {
        return paranoidChecks;
    }

    /**
     * Values up to this many bytes are copied by the adaptive reads
     * ({@link RocksDB#get(byte[], java.util.function.Function)},
     * {@link RocksDB#getAdaptive}); larger ones are handed out pinned.
     * 0 pins everything; {@code Long.MAX_VALUE} copies whatever fits.
     */
    public Options setAdaptiveReadThreshold(long bytes) {
        if (bytes < 0) throw new IllegalArgumentException("adaptiveReadThreshold must be >= 0, was " + bytes);
        this.adaptiveReadThreshold = bytes;
        return this;
    }

    public long adaptiveReadThreshold() {
        return adaptiveReadThreshold;
    }

    /** The DBOptions in RocksDB's option-string syntax. */
    String dbOptionsString() {
        List<String> parts = new ArrayList<>();
        parts.add("create_if_missing=" + createIfMissing);
        parts.add("error_if_exists=" + errorIfExists);
        parts.add("create_missing_column_families=" + createMissingColumnFamilies);
        parts.add("paranoid_checks=" + paranoidChecks);
        return String.join(";", parts);
    }

    /** Nothing to release; present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }
}
