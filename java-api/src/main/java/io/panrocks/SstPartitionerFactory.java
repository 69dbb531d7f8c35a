package io.panrocks;

/**
 * What splits a compaction's or flush's output into SST files at chosen key
 * boundaries (RocksDB's {@code SstPartitionerFactory}), set with
 * {@link ColumnFamilyOptionsInterface#setSstPartitionerFactory}, as
 * RocksJava's {@code SstPartitionerFactory}. The only one is
 * {@link SstPartitionerFixedPrefixFactory}.
 * <p>
 * A plain Java value (RocksJava's is a native object): it crosses to the
 * engine as its option string ({@code sst_partitioner_factory}), owns no
 * native memory, and {@link #close()} releases nothing.
 */
public abstract sealed class SstPartitionerFactory implements AutoCloseable permits SstPartitionerFixedPrefixFactory {
    SstPartitionerFactory() {
    }

    /** RocksDB's option value of the factory, {@code {id=...;...}}. */
    abstract String optionValue();

    /** Nothing to release (a plain value); present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }
}
