package io.panrocks;

/**
 * RocksJava's {@code StringAppendOperator}: RocksDB's built-in merge operator
 * that appends each operand to the value, with a delimiter between them; the
 * same operator as {@link MergeOperator.StringAppendOperator} (set it with
 * {@code setMergeOperator}; {@code mergeOperator()} reads it back as that
 * record). It runs inside the engine: no upcall.
 * <p>
 * A plain value: it owns no native memory (RocksJava's is a native object),
 * so {@link #close()} releases nothing, and an options object may keep using
 * it after its close.
 */
public final class StringAppendOperator implements MergeOperator, AutoCloseable {
    private final MergeOperator.StringAppendOperator operator;

    /** Appends with a comma between operands, as RocksJava's default. */
    public StringAppendOperator() {
        this(',');
    }

    /**
     * Appends with {@code delimiter} between operands.
     *
     * @param delimiter the delimiter
     * @throws IllegalArgumentException if it cannot be passed in an option
     *         string (a zero character, or one of {@code ;{}=})
     */
    public StringAppendOperator(char delimiter) {
        this(String.valueOf(delimiter));
    }

    /**
     * Appends with {@code delimiter} (any length, empty included) between operands.
     *
     * @param delimiter the delimiter
     * @throws NullPointerException if delimiter is null
     * @throws IllegalArgumentException if it cannot be passed in an option string
     */
    public StringAppendOperator(String delimiter) {
        this.operator = new MergeOperator.StringAppendOperator(delimiter);
    }

    /**
     * The delimiter.
     *
     * @return the delimiter
     */
    public String delimiter() {
        return operator.delimiter();
    }

    @Override
    public String optionValue() {
        return operator.optionValue();
    }

    /** Nothing to release (a plain value); present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof io.panrocks.StringAppendOperator other && other.operator.equals(operator);
    }

    @Override
    public int hashCode() {
        return operator.hashCode();
    }

    @Override
    public String toString() {
        return "StringAppendOperator[delimiter=" + operator.delimiter() + "]";
    }
}
