package io.panrocks;

/**
 * RocksJava's {@code UInt64AddOperator}: RocksDB's built-in merge operator
 * that adds 64-bit unsigned integers (8 bytes, little-endian; RocksDB's
 * {@code uint64add}); the same operator as {@link MergeOperator.UInt64AddOperator}.
 * It runs inside the engine: no upcall.
 * <p>
 * A plain value: it owns no native memory (RocksJava's is a native object),
 * so {@link #close()} releases nothing.
 */
public final class UInt64AddOperator implements MergeOperator, AutoCloseable {
    /** The operator. */
    public UInt64AddOperator() {
    }

    @Override
    public String optionValue() {
        return new MergeOperator.UInt64AddOperator().optionValue();
    }

    /** Nothing to release (a plain value); present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof io.panrocks.UInt64AddOperator;
    }

    @Override
    public int hashCode() {
        return io.panrocks.UInt64AddOperator.class.hashCode();
    }

    @Override
    public String toString() {
        return "UInt64AddOperator";
    }
}
