package io.panrocks;

import io.panrocks.internal.Bounds;
import io.panrocks.internal.options.OptionDefaults;
import io.panrocks.internal.options.OptionValues;

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
public final class CompressionOptions implements AutoCloseable {
    /** RocksDB's {@code CompressionOptions::kDefaultCompressionLevel}: each library's own default level. */
    static final int DEFAULT_LEVEL = 32767;

    private int windowBits = -14;
    private int level = DEFAULT_LEVEL;
    private int strategy = 0;
    private int maxDictBytes = 0;
    private int zstdMaxTrainBytes = 0;
    private long maxDictBufferBytes = 0;
    private boolean useZstdDictTrainer = true;
    private boolean enabled = false;
    private int parallelThreads = 1;

    /** RocksDB's defaults (window bits -14, each library's default level, no dictionary, one compression thread). */
    public CompressionOptions() {
    }

    /**
     * zlib's window size as a base-2 logarithm; negative for raw deflate
     * (RocksDB's default -14).
     *
     * @param windowBits -15 to -8, or 8 to 15
     * @return this
     * @throws IllegalArgumentException if outside those ranges (zlib refuses the
     *         stream, and RocksDB would then store blocks uncompressed)
     */
    public CompressionOptions setWindowBits(int windowBits) {
        if (!(windowBits >= -15 && windowBits <= -8 || windowBits >= 8 && windowBits <= 15)) {
            throw new IllegalArgumentException("windowBits must be in [-15, -8] or [8, 15], was " + windowBits);
        }
        this.windowBits = windowBits;
        return this;
    }

    /**
     * The value set with {@link #setWindowBits}.
     *
     * @return the window bits (-14 unless set)
     */
    public int windowBits() {
        return windowBits;
    }

    /**
     * The library's compression level; 32767 (RocksDB's
     * {@code kDefaultCompressionLevel}) leaves each library's default.
     * Negative levels are ZSTD's fast modes.
     *
     * @param level the level
     * @return this
     */
    public CompressionOptions setLevel(int level) {
        this.level = level;
        return this;
    }

    /**
     * The value set with {@link #setLevel}.
     *
     * @return the level (32767 unless set)
     */
    public int level() {
        return level;
    }

    /**
     * zlib's strategy (0 default, 1 filtered, 2 Huffman only, 3 RLE, 4 fixed).
     *
     * @param strategy 0 to 4
     * @return this
     * @throws IllegalArgumentException if outside [0, 4]
     */
    public CompressionOptions setStrategy(int strategy) {
        Bounds.inRange(strategy, 0, 4, "strategy");
        this.strategy = strategy;
        return this;
    }

    /**
     * The value set with {@link #setStrategy}.
     *
     * @return the strategy (0 unless set)
     */
    public int strategy() {
        return strategy;
    }

    /**
     * Size of the dictionary built per SST file from its first blocks; 0 for none.
     *
     * @param maxDictBytes bytes, {@code >= 0}
     * @return this
     * @throws IllegalArgumentException if negative
     */
    public CompressionOptions setMaxDictBytes(int maxDictBytes) {
        this.maxDictBytes = (int) OptionValues.requireAtLeast(maxDictBytes, 0, "maxDictBytes");
        return this;
    }

    /**
     * The value set with {@link #setMaxDictBytes}.
     *
     * @return bytes (0 unless set)
     */
    public int maxDictBytes() {
        return maxDictBytes;
    }

    /**
     * Bytes of samples ZSTD trains the dictionary on; 0 uses the samples as the dictionary.
     *
     * @param zstdMaxTrainBytes bytes, {@code >= 0}
     * @return this
     * @throws IllegalArgumentException if negative
     */
    public CompressionOptions setZStdMaxTrainBytes(int zstdMaxTrainBytes) {
        this.zstdMaxTrainBytes = (int) OptionValues.requireAtLeast(zstdMaxTrainBytes, 0, "zstdMaxTrainBytes");
        return this;
    }

    /**
     * The value set with {@link #setZStdMaxTrainBytes}.
     *
     * @return bytes (0 unless set)
     */
    public int zstdMaxTrainBytes() {
        return zstdMaxTrainBytes;
    }

    /**
     * Data buffered per SST file to build its dictionary; 0: no limit but the file's size.
     *
     * @param maxDictBufferBytes bytes, {@code >= 0}
     * @return this
     * @throws IllegalArgumentException if negative
     */
    public CompressionOptions setMaxDictBufferBytes(long maxDictBufferBytes) {
        this.maxDictBufferBytes = OptionValues.requireAtLeast(maxDictBufferBytes, 0, "maxDictBufferBytes");
        return this;
    }

    /**
     * The value set with {@link #setMaxDictBufferBytes}.
     *
     * @return bytes (0 unless set)
     */
    public long maxDictBufferBytes() {
        return maxDictBufferBytes;
    }

    /**
     * Whether ZSTD trains the dictionary with its trainer (else its faster finalizer).
     *
     * @param useZstdDictTrainer the value
     * @return this
     */
    public CompressionOptions setUseZstdDictTrainer(boolean useZstdDictTrainer) {
        this.useZstdDictTrainer = useZstdDictTrainer;
        return this;
    }

    /**
     * The value set with {@link #setUseZstdDictTrainer}.
     *
     * @return the value (true unless set)
     */
    public boolean useZstdDictTrainer() {
        return useZstdDictTrainer;
    }

    /**
     * Threads that compress the data blocks of each SST file a flush or
     * compaction writes, RocksDB's {@code CompressionOptions::parallel_threads}
     * (default 1: the flush or compaction thread compresses its blocks
     * itself). Above 1 the table builder starts that many worker threads of its
     * own for each file it writes, outside the background thread pools, and
     * the job's thread only emits the compressed blocks in order; the engine
     * runs at most 31 workers per file whatever the value. The engine turns
     * parallel compression off (as if 1) when filters are partitioned and not
     * decoupled ({@code decouple_partitioned_filters=false}). RocksDB
     * recommends it for the heavier libraries (ZSTD, zlib), not for LZ4 or
     * Snappy, whose compression is too cheap to gain from a handoff between
     * threads. RocksJava 11.8.1 has no setter for it; the name follows its
     * others.
     *
     * @param parallelThreads 1 or more
     * @return this
     * @throws IllegalArgumentException if below 1 (the engine takes 0 as 1,
     *         which is never what a caller asking for 0 threads meant)
     */
    public CompressionOptions setParallelThreads(int parallelThreads) {
        this.parallelThreads = (int) OptionValues.requireAtLeast(parallelThreads, 1, "parallelThreads");
        return this;
    }

    /**
     * The value set with {@link #setParallelThreads} ({@code parallel_threads}).
     *
     * @return threads (1 unless set)
     */
    public int parallelThreads() {
        return parallelThreads;
    }

    /**
     * For {@code bottommost_compression_opts} only: whether these settings
     * apply to the last level (else the family's {@code compression_opts} do).
     *
     * @param enabled the value
     * @return this
     */
    public CompressionOptions setEnabled(boolean enabled) {
        this.enabled = enabled;
        return this;
    }

    /**
     * The value set with {@link #setEnabled}.
     *
     * @return the value (false unless set)
     */
    public boolean enabled() {
        return enabled;
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
