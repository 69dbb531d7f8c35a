package io.panrocks;

/**
 * How {@link OptionsUtil} reads an OPTIONS file, as RocksJava's
 * {@code ConfigOptions} (RocksDB's {@code ConfigOptions}). A plain Java
 * value: no native memory, {@code close()} does nothing.
 */
public final class ConfigOptions implements AutoCloseable {
    private boolean ignoreUnknownOptions;
    private boolean inputStringsEscaped = true;
    private String delimiter = ";";

    /** RocksDB's defaults: unknown options refused, input strings escaped. */
    public ConfigOptions() {
    }

    /**
     * Whether options the engine does not know (a file of a newer RocksDB)
     * are skipped rather than refused.
     *
     * @param ignore the value
     * @return this
     */
    public ConfigOptions setIgnoreUnknownOptions(boolean ignore) {
        this.ignoreUnknownOptions = ignore;
        return this;
    }

    /**
     * The value set with {@link #setIgnoreUnknownOptions}.
     *
     * @return the value (false unless set)
     */
    public boolean ignoreUnknownOptions() {
        return ignoreUnknownOptions;
    }

    /**
     * Whether the file's values are escaped ({@code \:}), as RocksDB writes them.
     *
     * @param escaped the value
     * @return this
     */
    public ConfigOptions setInputStringsEscaped(boolean escaped) {
        this.inputStringsEscaped = escaped;
        return this;
    }

    /**
     * The value set with {@link #setInputStringsEscaped}.
     *
     * @return the value (true unless set)
     */
    public boolean inputStringsEscaped() {
        return inputStringsEscaped;
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

    @Override
    public String toString() {
        return "ConfigOptions{ignoreUnknownOptions=" + ignoreUnknownOptions + ", inputStringsEscaped=" + inputStringsEscaped
                + "}";
    }
}
