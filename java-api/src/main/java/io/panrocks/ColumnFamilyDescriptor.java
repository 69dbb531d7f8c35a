package io.panrocks;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/** A column family's name and options, for opening or creating it (RocksJava's {@code ColumnFamilyDescriptor}). */
public final class ColumnFamilyDescriptor {
    private final byte[] name;
    private final ColumnFamilyOptions options;

    public ColumnFamilyDescriptor(byte[] name) {
        this(name, new ColumnFamilyOptions());
    }

    public ColumnFamilyDescriptor(byte[] name, ColumnFamilyOptions options) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(options, "options");
        if (name.length == 0) throw new IllegalArgumentException("a column family name must not be empty");
        for (byte b : name) {
            if (b == 0) throw new IllegalArgumentException("a column family name must not contain a zero byte");
        }
        this.name = name.clone();
        this.options = options;
    }

    public byte[] getName() {
        return name.clone();
    }

    public ColumnFamilyOptions getOptions() {
        return options;
    }

    byte[] nameBytes() {
        return name;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ColumnFamilyDescriptor d && Arrays.equals(name, d.name);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(name);
    }

    @Override
    public String toString() {
        return "ColumnFamilyDescriptor{" + new String(name, StandardCharsets.UTF_8) + "}";
    }
}
