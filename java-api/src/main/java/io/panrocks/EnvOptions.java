package io.panrocks;


/**
 * How an {@link SstFileWriter} writes its file (the fields of RocksDB's
 * {@code EnvOptions} that matter there; RocksJava's {@code EnvOptions}).
 * A plain Java value with RocksDB's defaults: no native memory, and
 * {@code close()} is a no-op kept for RocksJava code.
 */
public final class EnvOptions extends EnvOptionsFields implements AutoCloseable {
    /** RocksDB's defaults. */
    public EnvOptions() {
    }

    /** Nothing to release. */
    @Override
    public void close() {
    }

}
