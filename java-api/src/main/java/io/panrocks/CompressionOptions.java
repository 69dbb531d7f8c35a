package io.panrocks;

import io.panrocks.internal.options.OptionDefaults;

import java.util.Map;

/**
 * Settings of the compression libraries, as RocksJava's
 * {@code CompressionOptions}: set on a column family with
 * {@link ColumnFamilyOptionsInterface#setCompressionOptions} (RocksDB's
 * {@code compression_opts}) or, for the last level,
 * {@link ColumnFamilyOptionsInterface#setBottommostCompressionOptions}
 * ({@code bottommost_compression_opts}). A plain Java value with RocksDB's
 * defaults; each setter checks its value at once with an
 * {@link IllegalArgumentException} naming it. No native memory;
 * {@code close()} does nothing.
 */
public final class CompressionOptions extends CompressionOptionsFields implements AutoCloseable {
    /** RocksDB's {@code CompressionOptions::kDefaultCompressionLevel}: each library's own default level. */
    static final int DEFAULT_LEVEL = 32767;

    /** RocksDB's defaults (window bits -14, each library's default level, no dictionary, one compression thread). */
    public CompressionOptions() {
    }

    /** Nothing to release; present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

    /** RocksDB's nested option value, {@code {window_bits=-14;level=32767;...}}. */
    String optionValue() {
        return "{window_bits=" + windowBits + ";level=" + level + ";strategy=" + strategy + ";max_dict_bytes=" + maxDictBytes
                + ";zstd_max_train_bytes=" + zstdMaxTrainBytes + ";max_dict_buffer_bytes=" + maxDictBufferBytes
                + ";use_zstd_dict_trainer=" + useZstdDictTrainer + ";parallel_threads=" + parallelThreads + ";enabled=" + enabled + "}";
    }

    /** Reads a nested value RocksDB (or {@link #optionValue}) wrote; options it does not name keep their defaults. */
    static CompressionOptions fromOptionValue(String value) {
        String inner = value;
        // every pair of outer braces: options loaded from an OPTIONS file come back as {{...}} (the engine's
        // nested value, braced once more so the record parses back as one value); with one pair stripped the
        // rest parsed as no known setting and every field silently kept its default
        while (inner.length() >= 2 && inner.startsWith("{") && inner.endsWith("}")) {
            inner = inner.substring(1, inner.length() - 1);
        }
        Map<String, String> m = OptionDefaults.parse(inner);
        CompressionOptions o = new CompressionOptions();
        // assigned directly: these are the engine's values, checked when they were set
        if (m.containsKey("window_bits")) o.windowBits = OptionDefaults.integer(m.get("window_bits"));
        if (m.containsKey("level")) o.level = OptionDefaults.integer(m.get("level"));
        if (m.containsKey("strategy")) o.strategy = OptionDefaults.integer(m.get("strategy"));
        if (m.containsKey("max_dict_bytes")) o.maxDictBytes = OptionDefaults.integer(m.get("max_dict_bytes"));
        if (m.containsKey("zstd_max_train_bytes")) o.zstdMaxTrainBytes = OptionDefaults.integer(m.get("zstd_max_train_bytes"));
        if (m.containsKey("max_dict_buffer_bytes")) o.maxDictBufferBytes = OptionDefaults.number(m.get("max_dict_buffer_bytes"));
        if (m.containsKey("use_zstd_dict_trainer")) o.useZstdDictTrainer = OptionDefaults.bool(m.get("use_zstd_dict_trainer"));
        if (m.containsKey("parallel_threads")) o.parallelThreads = OptionDefaults.integer(m.get("parallel_threads"));
        if (m.containsKey("enabled")) o.enabled = OptionDefaults.bool(m.get("enabled"));
        return o;
    }

    /**
     * Whether {@code other} is a {@code CompressionOptions} holding the same settings.
     * A getter such as {@code ColumnFamilyOptions}' returns a new object
     * read from the options (RocksJava's returns the object that was set), so
     * equality is by value; a changed setting changes it (and the hash code).
     *
     * @param other the object to compare with
     * @return true when every setting is the same
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof CompressionOptions o && optionValue().equals(o.optionValue());
    }

    /**
     * A hash code of the settings, consistent with {@link #equals}.
     *
     * @return the hash code
     */
    @Override
    public int hashCode() {
        return optionValue().hashCode();
    }

    @Override
    public String toString() {
        return "CompressionOptions" + optionValue();
    }
}
