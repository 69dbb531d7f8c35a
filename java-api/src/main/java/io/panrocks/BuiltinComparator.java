package io.panrocks;

/**
 * RocksDB's own key orders, as RocksJava's {@code BuiltinComparator}: set
 * with {@link ColumnFamilyOptionsInterface#setComparator(BuiltinComparator)}.
 * They run inside the engine (no upcall). The order's name is persisted: a
 * DB created with one opens only with the same one.
 */
public enum BuiltinComparator {
    /** Ascending unsigned bytes, then shorter first: RocksDB's default ({@code leveldb.BytewiseComparator}). */
    BYTEWISE_COMPARATOR("leveldb.BytewiseComparator"),
    /** The reverse of {@link #BYTEWISE_COMPARATOR} ({@code rocksdb.ReverseBytewiseComparator}). */
    REVERSE_BYTEWISE_COMPARATOR("rocksdb.ReverseBytewiseComparator");

    private final String rocksName;

    BuiltinComparator(String rocksName) {
        this.rocksName = rocksName;
    }

    /** The name RocksDB knows the comparator by and writes into the OPTIONS file. */
    String rocksName() {
        return rocksName;
    }
}
