package io.panrocks;

/**
 * RocksDB's built-in comparators, as RocksJava's {@code BuiltinComparator},
 * for {@link ColumnFamilyOptionsInterface#setComparator(BuiltinComparator)}.
 * The two {@code _WITH_U64_TS} ones (panrocks' own constants; RocksJava has
 * no way to name them) give a column family user-defined timestamps: every
 * version of a key carries a 64-bit timestamp, written with
 * {@link RocksDB#put(ColumnFamilyHandle, WriteOptions, byte[], long, byte[])}
 * and friends and read as of one with {@link ReadOptions#setTimestamp(long)}.
 * A family's comparator cannot change once it holds data: RocksDB refuses to
 * open it with another one.
 */
public enum BuiltinComparator {
    /** Keys in bytewise order (RocksDB's default, {@code leveldb.BytewiseComparator}). */
    BYTEWISE_COMPARATOR("leveldb.BytewiseComparator"),
    /** Keys in reverse bytewise order ({@code rocksdb.ReverseBytewiseComparator}). */
    REVERSE_BYTEWISE_COMPARATOR("rocksdb.ReverseBytewiseComparator"),
    /**
     * Bytewise keys, each version with a 64-bit timestamp, newer first
     * ({@code leveldb.BytewiseComparator.u64ts}).
     */
    BYTEWISE_COMPARATOR_WITH_U64_TS("leveldb.BytewiseComparator.u64ts"),
    /**
     * Reverse bytewise keys, each version with a 64-bit timestamp, newer first
     * ({@code rocksdb.ReverseBytewiseComparator.u64ts}).
     */
    REVERSE_BYTEWISE_COMPARATOR_WITH_U64_TS("rocksdb.ReverseBytewiseComparator.u64ts");

    private final String engineName;

    BuiltinComparator(String engineName) {
        this.engineName = engineName;
    }

    /**
     * The comparator's name in RocksDB (its option-string value).
     *
     * @return the name
     */
    public String engineName() {
        return engineName;
    }

    /**
     * Whether the comparator gives keys user-defined timestamps.
     *
     * @return true for the {@code _WITH_U64_TS} constants
     */
    public boolean hasTimestamps() {
        return this == BYTEWISE_COMPARATOR_WITH_U64_TS || this == REVERSE_BYTEWISE_COMPARATOR_WITH_U64_TS;
    }
}
