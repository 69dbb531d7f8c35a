package io.panrocks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * RocksDB's tuning presets as RocksJava offers them (optimizeForSmallDb,
 * optimizeForPointLookup, optimizeLevelStyleCompaction,
 * optimizeUniversalStyleCompaction, prepareForBulkLoad) and
 * memtableMaxRangeDeletions: each value reaches the engine (the OPTIONS
 * file of a DB opened with them) and the DB works.
 */
class OptionPresetsTest {
    @TempDir
    Path dir;

    private Map<String, Map<String, String>> openAndRead(Options o) throws Exception {
        try (RocksDB db = RocksDB.open(o.setCreateIfMissing(true), dir.toString())) {
            db.put(bytes("k"), bytes("v"));
            db.flush(new FlushOptions());
            assertEquals("v", string(db.get(bytes("k"))));
        }
        return OptionGettersAndSettersTest.optionsFile(dir);
    }

    private static Map<String, String> cf(Map<String, Map<String, String>> file) {
        return file.get(OptionGettersAndSettersTest.CF);
    }

    @Test
    void levelStyleCompaction() throws Exception {
        var file = openAndRead(new Options().optimizeLevelStyleCompaction(64L << 20));
        assertEquals(Long.toString(16L << 20), cf(file).get("write_buffer_size"));
        assertEquals("2", cf(file).get("min_write_buffer_number_to_merge"));
        assertEquals("6", cf(file).get("max_write_buffer_number"));
        assertEquals("2", cf(file).get("level0_file_num_compaction_trigger"));
        assertEquals(Long.toString(8L << 20), cf(file).get("target_file_size_base"));
        assertEquals(Long.toString(64L << 20), cf(file).get("max_bytes_for_level_base"));
        assertEquals("kNoCompression:kNoCompression:kLZ4Compression:kLZ4Compression:kLZ4Compression:kLZ4Compression:"
                + "kLZ4Compression", cf(file).get("compression_per_level"));
        assertEquals(512L << 20, new ColumnFamilyOptions().optimizeLevelStyleCompaction().writeBufferSize() * 4);
        assertThrows(IllegalArgumentException.class, () -> new Options().optimizeLevelStyleCompaction(7));
    }

    @Test
    void universalStyleCompaction() throws Exception {
        var file = openAndRead(new Options().optimizeUniversalStyleCompaction(32L << 20));
        assertEquals(Long.toString(8L << 20), cf(file).get("write_buffer_size"));
        assertEquals("kCompactionStyleUniversal", cf(file).get("compaction_style"));
        assertTrue(cf(file).get("compaction_options_universal").contains("compression_size_percent=80"),
                cf(file).get("compaction_options_universal"));
    }

    @Test
    void smallDbWithItsCache() throws Exception {
        try (LRUCache cache = new LRUCache(16 << 20)) {
            var file = openAndRead(new Options().optimizeForSmallDb(cache));
            assertEquals("5000", file.get(OptionGettersAndSettersTest.DB).get("max_open_files"));
            assertEquals("1", file.get(OptionGettersAndSettersTest.DB).get("max_file_opening_threads"));
            assertEquals(Long.toString(2L << 20), cf(file).get("write_buffer_size"));
            assertEquals(Long.toString(10L << 20), cf(file).get("max_bytes_for_level_base"));
            assertEquals("268435456", cf(file).get("soft_pending_compaction_bytes_limit"));
            Map<String, String> table = file.get(OptionGettersAndSettersTest.TABLE);
            assertEquals("kTwoLevelIndexSearch", table.get("index_type"));
            assertEquals("true", table.get("cache_index_and_filter_blocks"));
            assertTrue(cache.getUsage() > 0, "the DB uses the cache it was given");
        }
        assertThrows(IllegalArgumentException.class, () -> new ColumnFamilyOptions().optimizeForSmallDb(null));
        assertEquals(5000, new DBOptions().optimizeForSmallDb().maxOpenFiles());
    }

    @Test
    void pointLookup() throws Exception {
        var file = openAndRead(new Options().optimizeForPointLookup(8));
        Map<String, String> table = file.get(OptionGettersAndSettersTest.TABLE);
        assertEquals("kDataBlockBinaryAndHash", table.get("data_block_index_type"));
        assertEquals("0.750000", table.get("data_block_hash_table_util_ratio"));
        assertTrue(table.get("filter_policy").contains("bloomfilter"), table.get("filter_policy"));
        assertEquals("true", cf(file).get("memtable_whole_key_filtering"));
        assertEquals("0.020000", cf(file).get("memtable_prefix_bloom_size_ratio"));
        assertThrows(IllegalArgumentException.class, () -> new Options().optimizeForPointLookup(-1));
        // as RocksDB, a new table configuration: one set before (maybe shared) is left as it was
        BlockBasedTableConfig mine = new BlockBasedTableConfig();
        Options o = new Options().setTableFormatConfig(mine).optimizeForPointLookup(8).optimizeForSmallDb();
        assertNotSame(mine, o.tableFormatConfig());
        assertEquals(DataBlockIndexType.kDataBlockBinarySearch, mine.dataBlockIndexType());
        assertFalse(mine.cacheIndexAndFilterBlocks());
    }

    @Test
    void bulkLoadAndRangeDeletionLimit() throws Exception {
        var file = openAndRead(new Options().prepareForBulkLoad().setMemtableMaxRangeDeletions(5));
        assertEquals("2", cf(file).get("num_levels"));
        assertEquals("true", cf(file).get("disable_auto_compactions"));
        assertEquals(Integer.toString(1 << 30), cf(file).get("level0_stop_writes_trigger"));
        assertEquals("0", cf(file).get("hard_pending_compaction_bytes_limit"));
        assertEquals("5", cf(file).get("memtable_max_range_deletions"));
        assertEquals("4", file.get(OptionGettersAndSettersTest.DB).get("max_background_flushes"));
        assertEquals(0, new ColumnFamilyOptions().memtableMaxRangeDeletions());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Options().setMemtableMaxRangeDeletions(-1));
        assertEquals("memtableMaxRangeDeletions must be >= 0, was -1", e.getMessage());
    }
}
