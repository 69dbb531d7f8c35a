package io.panrocks;

/**
 * What an entry of a block cache holds, or what memory a reservation in it
 * stands for (RocksDB's {@code CacheEntryRole}), in the engine's order. Read
 * a cache's usage by role with {@link Cache#getUsageByRole()}; charge the
 * memory of the {@linkplain #isChargeable() chargeable} roles to the block
 * cache with {@link CacheUsageOptions}.
 */
public enum CacheEntryRole {
    /** Data blocks read from table files ({@code kDataBlock}). */
    kDataBlock("DataBlock"),
    /** Filter blocks, whole or partitions ({@code kFilterBlock}). */
    kFilterBlock("FilterBlock"),
    /** The top-level index of partitioned filters ({@code kFilterMetaBlock}). */
    kFilterMetaBlock("FilterMetaBlock"),
    /** Filter blocks of the old block-based format ({@code kDeprecatedFilterBlock}). */
    kDeprecatedFilterBlock("DeprecatedFilterBlock"),
    /** Index blocks, whole or partitions ({@code kIndexBlock}). */
    kIndexBlock("IndexBlock"),
    /** Other blocks: compression dictionaries, range deletions ... ({@code kOtherBlock}). */
    kOtherBlock("OtherBlock"),
    /** Memtables charged by a {@link WriteBufferManager} created with this cache ({@code kWriteBuffer}). */
    kWriteBuffer("WriteBuffer"),
    /** Samples buffered to train compression dictionaries ({@code kCompressionDictionaryBuildingBuffer}). */
    kCompressionDictionaryBuildingBuffer("CompressionDictionaryBuildingBuffer"),
    /** Memory of Bloom and Ribbon filters under construction in flushes and compactions ({@code kFilterConstruction}). */
    kFilterConstruction("FilterConstruction"),
    /** Table readers: properties, and index and filter blocks kept outside the cache ({@code kBlockBasedTableReader}). */
    kBlockBasedTableReader("BlockBasedTableReader"),
    /** The in-memory metadata of each table file ({@code kFileMetadata}). */
    kFileMetadata("FileMetadata"),
    /** Blob values in a blob cache ({@code kBlobValue}). */
    kBlobValue("BlobValue"),
    /** A blob cache's usage charged to the block cache ({@code kBlobCache}). */
    kBlobCache("BlobCache"),
    /** Anything else ({@code kMisc}), entries that name no role included. */
    kMisc("Misc");

    private final String engineName;

    CacheEntryRole(String engineName) {
        this.engineName = engineName;
    }

    /**
     * The engine's camel-case name of the role, as its messages and the
     * {@code rocksdb.block-cache-entry-stats} property spell it.
     *
     * @return the name, e.g. {@code "BlockBasedTableReader"}
     */
    public String engineName() {
        return engineName;
    }

    /**
     * Whether the engine can charge this role's memory to the block cache
     * ({@code CacheUsageOptions}): compression dictionary buffers, filter
     * construction, table readers, file metadata and the blob cache.
     *
     * @return true for the five roles the engine charges on request
     */
    public boolean isChargeable() {
        return this == kCompressionDictionaryBuildingBuffer || this == kFilterConstruction
                || this == kBlockBasedTableReader || this == kFileMetadata || this == kBlobCache;
    }
}
