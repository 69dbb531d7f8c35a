package io.panrocks;

/** What kind of logger a {@link LoggerInterface} is, as RocksJava's {@code LoggerType}. */
public enum LoggerType {
    /** A {@link Logger} written in Java. */
    JAVA_IMPLEMENTATION,
    /** RocksDB's logger to standard error (RocksJava's {@code StderrLogger}; not offered by panrocks yet). */
    STDERR_IMPLEMENTATION;

    /**
     * RocksJava's number of the type.
     *
     * @return 0 or 1
     */
    public byte getValue() {
        return (byte) ordinal();
    }
}
