package io.panrocks;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * RocksDB's reverse bytewise order written in Java, as RocksJava's
 * {@code org.rocksdb.util.ReverseBytewiseComparator} (here in
 * {@code io.panrocks}), under RocksJava's name
 * {@code rocksdb.java.ReverseBytewiseComparator}: a DB created with it
 * opens only with a comparator of that name. It costs an upcall per
 * comparison; {@link BuiltinComparator#REVERSE_BYTEWISE_COMPARATOR} gives
 * the same order inside the engine (under another name).
 */
public final class ReverseBytewiseComparator extends AbstractComparator {
    /** RocksJava's name of this comparator, persisted in the DB. */
    static final String NAME = "rocksdb.java.ReverseBytewiseComparator";

    /**
     * The comparator.
     *
     * @param options RocksJava's buffer settings: kept for RocksJava code, no effect here; not null
     * @throws IllegalArgumentException if options is null
     */
    public ReverseBytewiseComparator(ComparatorOptions options) {
        super(options);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int compare(MemorySegment a, MemorySegment b) {
        return compareBytewise(b, a);
    }

    /**
     * Shortens start to its first differing byte when that keeps it
     * between start and limit in reverse order: start's prefix up to and
     * including the first byte where it differs from limit, if that byte is
     * the greater one and is not start's last. A prefix of start sorts at or
     * after start (reverse order), and its greater byte keeps it before
     * limit. When one key is a prefix of the other, start is kept.
     *
     * @param start the last key of a block
     * @param limit the first key of the next block
     * @param out where the shorter key goes
     * @return its length, or -1 to keep start
     */
    @Override
    public long findShortestSeparator(MemorySegment start, MemorySegment limit, MemorySegment out) {
        long startSize = start.byteSize();
        long differs = MemorySegment.mismatch(start, 0, startSize, limit, 0, limit.byteSize());
        if (differs < 0 || differs >= Math.min(startSize, limit.byteSize())) return -1; // equal, or a prefix
        int startByte = Byte.toUnsignedInt(start.get(ValueLayout.JAVA_BYTE, differs));
        int limitByte = Byte.toUnsignedInt(limit.get(ValueLayout.JAVA_BYTE, differs));
        if (startByte <= limitByte || differs >= startSize - 1) return -1;
        MemorySegment.copy(start, 0, out, 0, differs + 1);
        return differs + 1;
    }
}
