package io.panrocks;

/**
 * A mutable slot for an out-value, as RocksJava's {@code Holder} (used by {@link RocksDB#keyMayExist}).
 *
 * @param <T> the type of the value held
 */
public final class Holder<T> {
    private T value;

    public Holder() {
    }

    public Holder(T value) {
        this.value = value;
    }

    public T getValue() {
        return value;
    }

    public void setValue(T value) {
        this.value = value;
    }
}
