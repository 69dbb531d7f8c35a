package io.panrocks;

/**
 * How {@link OptionsUtil} reads an OPTIONS file, as RocksJava's
 * {@code ConfigOptions} (RocksDB's {@code ConfigOptions}). A plain Java
 * value: no native memory, {@code close()} does nothing.
 */
public final class ConfigOptions extends ConfigOptionsFields implements AutoCloseable {
    private String delimiter = ";";

    /** RocksDB's defaults: unknown options refused, input strings escaped. */
    public ConfigOptions() {
    }

    /**
     * The separator of options in RocksDB's option strings. Kept for RocksJava
     * code: reading an OPTIONS file does not use it.
     *
     * @param delimiter a non-empty separator
     * @return this
     * @throws IllegalArgumentException if null or empty
     */
    public ConfigOptions setDelimiter(String delimiter) {
        if (delimiter == null || delimiter.isEmpty()) throw new IllegalArgumentException("delimiter must not be empty");
        this.delimiter = delimiter;
        return this;
    }

    /**
     * The value set with {@link #setDelimiter}.
     *
     * @return the delimiter (";" unless set)
     */
    public String delimiter() {
        return delimiter;
    }

    /**
     * The environment whose files are read. Only the default one
     * ({@link Env#getDefault()}) is supported: panrocks reads OPTIONS files
     * from the file system.
     *
     * @param env {@link Env#getDefault()}
     * @return this
     * @throws IllegalArgumentException if env is another environment or null
     */
    public ConfigOptions setEnv(Env env) {
        OptionsUtil.requireDefaultEnv(env);
        return this;
    }

    /** RocksDB's {@code PANROCKS_CONFIG_*} flags of these settings. */
    int flags() {
        return (ignoreUnknownOptions ? 1 : 0) | (inputStringsEscaped ? 2 : 0);
    }

    /** Nothing to release; present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

}
