package io.panrocks;

import java.util.Map;

/**
 * What {@link MutableColumnFamilyOptions} and {@link MutableDBOptions} share,
 * as RocksJava's {@code AbstractMutableOptions}: a set of options as RocksDB's
 * names and their values in option-string syntax, in the order they were
 * first set. A plain Java value; sealed, since only those two exist.
 */
public abstract sealed class AbstractMutableOptions permits MutableColumnFamilyOptions, MutableDBOptions {
    private final String[] keys;
    private final String[] values;

    AbstractMutableOptions(Map<String, String> entries) {
        this.keys = entries.keySet().toArray(new String[0]);
        this.values = entries.values().toArray(new String[0]);
    }

    /**
     * RocksDB's names of the options set, in the order they were first set.
     *
     * @return a new array
     */
    public String[] getKeys() {
        return keys.clone();
    }

    /**
     * The values of {@link #getKeys()}, in option-string syntax.
     *
     * @return a new array
     */
    public String[] getValues() {
        return values.clone();
    }

    /** The option string, {@code name=value;name=value}. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < keys.length; i++) {
            if (i > 0) b.append(';');
            b.append(keys[i]).append('=').append(values[i]);
        }
        return b.toString();
    }
}
