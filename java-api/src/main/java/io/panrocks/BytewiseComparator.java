package io.panrocks;

import java.lang.foreign.MemorySegment;

/**
 * RocksDB's bytewise order written in Java, as RocksJava's
 * {@code org.rocksdb.util.BytewiseComparator} (here in {@code io.panrocks}),
 * under RocksJava's name {@code rocksdb.java.BytewiseComparator}: a DB
 * created with it opens only with a comparator of that name. It costs an
 * upcall per comparison; {@link BuiltinComparator#BYTEWISE_COMPARATOR} gives
 * the same order inside the engine.
 */
public final class BytewiseComparator extends AbstractComparator {
    /** RocksJava's name of this comparator, persisted in the DB. */
    static final String NAME = "rocksdb.java.BytewiseComparator";

    /**
     * The comparator.
     *
     * @param options RocksJava's buffer settings: kept for RocksJava code, no effect here; not null
     * @throws IllegalArgumentException if options is null
     */
    public BytewiseComparator(ComparatorOptions options) {
        super(options);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int compare(MemorySegment a, MemorySegment b) {
        return compareBytewise(a, b);
    }
}
