package io.panrocks;

/** How index keys are shortened, as RocksDB's {@code BlockBasedTableOptions::IndexShorteningMode}. */
public enum IndexShorteningMode {
    /** Index keys are the blocks' full last keys. */
    kNoShortening,
    /** Separators between blocks are shortened (RocksDB's default). */
    kShortenSeparators,
    /** As kShortenSeparators, the last block's key too. */
    kShortenSeparatorsAndSuccessor;
}
