package io.panrocks;

/**
 * Options of {@link RocksDB#flush(FlushOptions)}, as RocksJava's
 * {@code FlushOptions}; defaults are RocksDB's (wait, no write stall). A
 * plain Java value: it owns no native memory ({@code close()} does nothing).
 */
public final class FlushOptions extends FlushOptionsFields implements AutoCloseable {
    /** RocksDB's defaults: wait for the flush, wait out a write stall before flushing. */
    public FlushOptions() {
    }

    /** Nothing to release; present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

}
