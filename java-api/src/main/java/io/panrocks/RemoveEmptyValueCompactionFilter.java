package io.panrocks;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * RocksJava's {@code RemoveEmptyValueCompactionFilter}: compactions drop
 * every entry whose value is empty (merge operands are kept). Set with
 * {@code setCompactionFilter}, it runs as RocksDB's own built-in filter of
 * that name, inside the engine: no upcall, so {@link #filter} is not called
 * for the DB's compactions (it gives the same decision, for reading or
 * wrapping). {@code AutoCloseable} for RocksJava's try-with-resources;
 * {@link #close()} does nothing.
 */
public final class RemoveEmptyValueCompactionFilter extends AbstractCompactionFilter implements AutoCloseable {
    /** RocksDB's name of the built-in filter (an option value). */
    static final String ENGINE_NAME = "RemoveEmptyValueCompactionFilter";

    /** The filter. */
    public RemoveEmptyValueCompactionFilter() {
    }

    /**
     * The built-in filter's decision: {@code REMOVE} for an empty value, {@code KEEP} otherwise.
     *
     * @param level the level (unused)
     * @param key the key (unused)
     * @param valueType a value or a merge operand (operands are kept)
     * @param value the value
     * @param newValue unused (may be null)
     * @return {@code REMOVE} for an empty value, else {@code KEEP}
     * @throws NullPointerException if key, valueType or value is null
     */
    @Override
    public Decision filter(int level, MemorySegment key, ValueType valueType, MemorySegment value, NewValue newValue) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(valueType, "valueType");
        Objects.requireNonNull(value, "value");
        return valueType == ValueType.VALUE && value.byteSize() == 0 ? Decision.REMOVE : Decision.KEEP;
    }

    /**
     * RocksDB's name of the filter.
     *
     * @return {@code "RemoveEmptyValueCompactionFilter"}
     */
    @Override
    public String name() {
        return ENGINE_NAME;
    }
}
