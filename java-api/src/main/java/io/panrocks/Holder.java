package io.panrocks;

/**
 * A mutable slot for an out-value, as RocksJava's {@code Holder} (used by {@link RocksDB#keyMayExist}).
 *
 * @param <T> the type of the value held
 */
public final class Holder<T> {
    private T value;

    /** An empty holder (its value is {@code null}). */
    public Holder() {
    }

    /**
     * A holder with a value.
     *
     * @param value the initial value, may be null
     */
    public Holder(T value) {
        this.value = value;
    }

    /**
     * The value held.
     *
     * @return the value, or {@code null}
     */
    public T getValue() {
        return value;
    }

    /**
     * Replaces the value held.
     *
     * @param value the new value, may be null
     */
    public void setValue(T value) {
        this.value = value;
    }
}
