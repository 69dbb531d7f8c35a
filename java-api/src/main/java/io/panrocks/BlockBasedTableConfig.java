package io.panrocks;

/**
 * Options of RocksDB's block-based SST format, as RocksJava's
 * {@code BlockBasedTableConfig}. A plain Java object; defaults are
 * RocksDB's.
 */
public final class BlockBasedTableConfig {
    private final OptionValues values = new OptionValues();
    private LRUCache blockCache;

    public BlockBasedTableConfig() {
    }

    /** Uncompressed size of a data block (default 4 KiB). */
    public BlockBasedTableConfig setBlockSize(long blockSize) {
        values.put("block_size", Long.toString(blockSize));
        return this;
    }

    public long blockSize() {
        return values.getLong("block_size", 4096);
    }

    /** The block cache; {@code null} (default) gives the DB RocksDB's own 32 MiB cache. */
    public BlockBasedTableConfig setBlockCache(LRUCache blockCache) {
        this.blockCache = blockCache;
        return this;
    }

    public LRUCache blockCache() {
        return blockCache;
    }

    /** Read blocks without any block cache. */
    public BlockBasedTableConfig setNoBlockCache(boolean noBlockCache) {
        values.put("no_block_cache", Boolean.toString(noBlockCache));
        return this;
    }

    public BlockBasedTableConfig setFilterPolicy(BloomFilter filter) {
        if (filter == null) values.put("filter_policy", "nullptr");
        else values.put("filter_policy", filter.optionValue());
        return this;
    }

    /** Keep index and filter blocks in the block cache (charged to it) rather than in table readers. */
    public BlockBasedTableConfig setCacheIndexAndFilterBlocks(boolean cacheIndexAndFilterBlocks) {
        values.put("cache_index_and_filter_blocks", Boolean.toString(cacheIndexAndFilterBlocks));
        return this;
    }

    public boolean cacheIndexAndFilterBlocks() {
        return values.getBoolean("cache_index_and_filter_blocks", false);
    }

    public BlockBasedTableConfig setPinL0FilterAndIndexBlocksInCache(boolean pin) {
        values.put("pin_l0_filter_and_index_blocks_in_cache", Boolean.toString(pin));
        return this;
    }

    /** Keys between restart points of delta encoding (default 16). */
    public BlockBasedTableConfig setBlockRestartInterval(int interval) {
        values.put("block_restart_interval", Integer.toString((int) OptionValues.requireAtLeast(interval, 1,
                "blockRestartInterval")));
        return this;
    }

    public BlockBasedTableConfig setWholeKeyFiltering(boolean wholeKeyFiltering) {
        values.put("whole_key_filtering", Boolean.toString(wholeKeyFiltering));
        return this;
    }

    /** SST format version (2..5 in RocksDB 7.8). */
    public BlockBasedTableConfig setFormatVersion(int formatVersion) {
        if (formatVersion < 2 || formatVersion > 5) {
            throw new IllegalArgumentException("formatVersion must be in [2, 5], was " + formatVersion);
        }
        values.put("format_version", Integer.toString(formatVersion));
        return this;
    }

    String optionString() {
        return values.toString();
    }

    @Override
    public String toString() {
        return "BlockBasedTableConfig{" + values + (blockCache != null ? ";block_cache=" + blockCache.capacity() : "") + "}";
    }
}
