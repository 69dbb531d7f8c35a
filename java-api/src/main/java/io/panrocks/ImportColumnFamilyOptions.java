package io.panrocks;

/**
 * Options of {@link RocksDB#createColumnFamilyWithImport}, as RocksJava's
 * {@code ImportColumnFamilyOptions} (RocksDB's
 * {@code ImportColumnFamilyOptions}). A plain Java value: it owns no native
 * memory ({@code close()} releases nothing).
 */
public final class ImportColumnFamilyOptions extends ImportColumnFamilyOptionsFields implements AutoCloseable {
    /** RocksDB's defaults: the files are hard linked (or copied), not moved. */
    public ImportColumnFamilyOptions() {
    }

    /** Nothing to release (a plain value); present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

}
