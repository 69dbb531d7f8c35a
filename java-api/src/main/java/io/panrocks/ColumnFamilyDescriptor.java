package io.panrocks;

import io.panrocks.internal.SharedNative;
import io.panrocks.internal.open.FamilySpec;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/** A column family's name and options, for opening or creating it (RocksJava's {@code ColumnFamilyDescriptor}). */
public final class ColumnFamilyDescriptor {
    private final byte[] name;
    private final ColumnFamilyOptions options;

    /**
     * A family named {@code name} with default options.
     *
     * @param name the family's name: not empty, no zero byte; copied
     */
    public ColumnFamilyDescriptor(byte[] name) {
        this(name, new ColumnFamilyOptions());
    }

    /**
     * A family named {@code name} with the given options.
     *
     * @param name the family's name: not empty, no zero byte; copied
     * @param options the family's options; not null
     * @throws IllegalArgumentException if the name is empty or contains a zero byte
     */
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

    /**
     * The family's name.
     *
     * @return a copy of the name's bytes
     */
    public byte[] getName() {
        return name.clone();
    }

    /**
     * The family's options.
     *
     * @return the options given at construction (not a copy)
     */
    public ColumnFamilyOptions getOptions() {
        return options;
    }

    /** This family in the engine side's terms (its options' objects read now: the native side of each). */
    FamilySpec spec() {
        BlockBasedTableConfig table = options.tableFormatConfig();
        ConcurrentTaskLimiter limiter = options.compactionThreadLimiter();
        // the sealed class's only kind
        SharedNative limiterNative = limiter == null ? null : ((ConcurrentTaskLimiterImpl) limiter).shared;
        return new FamilySpec(name, options.callbacks, options.values, table == null ? null : table.spec(),
                options.cfPaths(), limiterNative);
    }

    /**
     * The specs of descriptors, in order.
     *
     * @throws NullPointerException naming {@code what} if descriptors is or holds null
     */
    static List<FamilySpec> specs(List<ColumnFamilyDescriptor> descriptors, String what) {
        Objects.requireNonNull(descriptors, what);
        List<FamilySpec> specs = new ArrayList<>(descriptors.size());
        for (ColumnFamilyDescriptor d : descriptors) {
            specs.add(Objects.requireNonNull(d, what + " must not contain null").spec());
        }
        return specs;
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
