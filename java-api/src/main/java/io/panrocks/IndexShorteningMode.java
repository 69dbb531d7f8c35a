package io.panrocks;

import io.panrocks.internal.EnumCodes;

/** How index keys are shortened, as RocksDB's {@code BlockBasedTableOptions::IndexShorteningMode}. */
public enum IndexShorteningMode {
    /** Index keys are the blocks' full last keys. */
    kNoShortening,
    /** Separators between blocks are shortened (RocksDB's default). */
    kShortenSeparators,
    /** As kShortenSeparators, the last block's key too. */
    kShortenSeparatorsAndSuccessor;

    /** The name RocksDB gives the constant in its options: the constant's own. */
    String rocksName() {
        return name();
    }

    /** The constant RocksDB writes as {@code rocksName}; IllegalStateException if none (an engine newer than panrocks). */
    static IndexShorteningMode fromRocksName(String rocksName) {
        return EnumCodes.ofRocksName(values(), IndexShorteningMode::rocksName, rocksName);
    }
}
