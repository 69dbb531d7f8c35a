package io.panrocks;

import io.panrocks.internal.EnumCodes;

/** How a column family compacts its files, as RocksDB's {@code CompactionStyle} ({@code compaction_style}). */
public enum CompactionStyle {
    /** Leveled compaction (RocksDB's default): files move down through levels of growing size. */
    LEVEL("kCompactionStyleLevel"),
    /** Universal (tiered) compaction: fewer rewrites, more space. */
    UNIVERSAL("kCompactionStyleUniversal"),
    /** FIFO: the oldest files are deleted once the data exceeds a size; for time-series and caches. */
    FIFO("kCompactionStyleFIFO"),
    /** No automatic compaction; only manual ones. */
    NONE("kCompactionStyleNone");

    private final String rocksName;

    CompactionStyle(String rocksName) {
        this.rocksName = rocksName;
    }

    String rocksName() {
        return rocksName;
    }

    /** The constant RocksDB writes as {@code rocksName}; IllegalStateException if none (an engine newer than panrocks). */
    static CompactionStyle fromRocksName(String rocksName) {
        return EnumCodes.ofRocksName(values(), CompactionStyle::rocksName, rocksName);
    }
}
