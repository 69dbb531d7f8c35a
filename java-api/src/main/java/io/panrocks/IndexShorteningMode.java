package io.panrocks;

/** How index keys are shortened, as RocksDB's {@code BlockBasedTableOptions::IndexShorteningMode}. */
public enum IndexShorteningMode {
    /** Index keys are the blocks' full last keys. */
    kNoShortening("kNoShortening"),
    /** Separators between blocks are shortened (RocksDB's default). */
    kShortenSeparators("kShortenSeparators"),
    /** As kShortenSeparators, the last block's key too. */
    kShortenSeparatorsAndSuccessor("kShortenSeparatorsAndSuccessor");

    private final String rocksName;

    IndexShorteningMode(String rocksName) {
        this.rocksName = rocksName;
    }

    String rocksName() {
        return rocksName;
    }

    /** The constant RocksDB writes as {@code rocksName}; IllegalStateException if none (an engine newer than panrocks). */
    static IndexShorteningMode fromRocksName(String rocksName) {
        for (IndexShorteningMode v : values()) if (v.rocksName.equals(rocksName)) return v;
        throw new IllegalStateException("IndexShorteningMode: the engine reports " + rocksName + ", which panrocks does not know");
    }
}
