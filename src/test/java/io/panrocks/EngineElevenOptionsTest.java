package io.panrocks;

import io.panrocks.testkit.EngineVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static io.panrocks.OptionGettersAndSettersTest.CF;
import static io.panrocks.OptionGettersAndSettersTest.DB;
import static io.panrocks.OptionGettersAndSettersTest.TABLE;
import static io.panrocks.OptionGettersAndSettersTest.optionsFile;
import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The options RocksDB 10 and 11 added that RocksJava 11.8.1 has setters for:
 * each setter's value reaches the engine (the OPTIONS file it writes) and its
 * getter reads it back, bad values are refused before anything opens, a DB
 * configured with them works; on an older engine each is refused with
 * {@link UnsupportedOperationException} instead of failing the open.
 */
class EngineElevenOptionsTest {
    @TempDir
    Path dir;

    @Test
    void theNewTableOptionsReachTheEngineAndADbUsesThem() throws Exception {
        assumeTrue(EngineVersion.atLeast(11, 0), "RocksDB " + RocksDB.engineVersion());
        for (IndexSearchType search : IndexSearchType.values()) {
            Path path = dir.resolve(search.name());
            BlockBasedTableConfig table = new BlockBasedTableConfig().setFormatVersion(7)
                    .setSeparateKeyValueInDataBlock(true).setUniformCvThreshold(0.5).setSuperBlockAlignmentSize(1 << 16)
                    .setSuperBlockAlignmentSpaceOverheadRatio(64).setIndexSearchType(search);
            assertEquals(7, table.formatVersion());
            assertTrue(table.separateKeyValueInDataBlock());
            assertEquals(0.5, table.uniformCvThreshold());
            assertEquals(1 << 16, table.superBlockAlignmentSize());
            assertEquals(64, table.superBlockAlignmentSpaceOverheadRatio());
            assertEquals(search, table.indexSearchType());
            try (Options options = new Options().setCreateIfMissing(true).setTableFormatConfig(table);
                 RocksDB db = RocksDB.open(options, path)) {
                for (int i = 0; i < 5000; i++) db.put(bytes(String.format("key%08d", i * 7)), bytes("value" + i));
                db.flush();
                for (int i = 0; i < 5000; i += 13) {
                    assertArrayEquals(bytes("value" + i), db.get(bytes(String.format("key%08d", i * 7))), search + " " + i);
                    assertNull(db.get(bytes(String.format("key%08d", i * 7 + 1))));
                }
                try (RocksIterator it = db.newIterator()) {
                    it.seek(bytes("key00000700"));
                    assertArrayEquals(bytes("key00000700"), it.keyBytes());
                    assertArrayEquals(bytes("value100"), it.valueBytes());
                }
            }
            Map<String, String> written = optionsFile(path).get(TABLE);
            assertEquals("7", written.get("format_version"));
            assertEquals("true", written.get("separate_key_value_in_data_block"));
            assertEquals(0.5, Double.parseDouble(written.get("uniform_cv_threshold")));
            assertEquals("65536", written.get("super_block_alignment_size"));
            assertEquals("64", written.get("super_block_alignment_space_overhead_ratio"));
            assertEquals(search.name(), written.get("index_block_search_type"));
        }
    }

    @Test
    void anUnsetTableConfigWritesRocksJavasDefaultsOfItsOwn() throws Exception {
        assumeTrue(EngineVersion.atLeast(11, 0), "RocksDB " + RocksDB.engineVersion());
        BlockBasedTableConfig table = new BlockBasedTableConfig();
        // RocksJava 11.8.1's BlockBasedTableConfig defaults (its constructor)
        assertEquals(7, table.formatVersion());
        assertEquals(0.2, table.uniformCvThreshold());
        assertFalse(table.separateKeyValueInDataBlock());
        assertEquals(0, table.superBlockAlignmentSize());
        assertEquals(128, table.superBlockAlignmentSpaceOverheadRatio());
        assertEquals(IndexSearchType.kBinary, table.indexSearchType());
        try (Options options = new Options().setCreateIfMissing(true).setTableFormatConfig(table);
             RocksDB db = RocksDB.open(options, dir)) {
            db.put(bytes("k"), bytes("v"));
        }
        Map<String, String> written = optionsFile(dir).get(TABLE);
        assertEquals(0.2, Double.parseDouble(written.get("uniform_cv_threshold")), "RocksJava passes 0.2, not the engine's -1");
        assertEquals("7", written.get("format_version"));
    }

    @Test
    void theNewFamilyAndDbOptionsReachTheEngine() throws Exception {
        assumeTrue(EngineVersion.atLeast(11, 0), "RocksDB " + RocksDB.engineVersion());
        try (Options options = new Options().setCreateIfMissing(true).setMinTombstonesForRangeConversion(8)
                .setReadTriggeredCompactionThreshold(0.01).setMaxCompactionTriggerWakeupSeconds(600)
                .setSkipStatsUpdateOnDbOpen(true).setOpenFilesAsync(true)
                .setCompactionOptionsFIFO(new CompactionOptionsFIFO().setMaxDataFilesSize(1L << 30)
                        .setUseKvRatioCompaction(true))) {
            assertEquals(8, options.minTombstonesForRangeConversion());
            assertEquals(0.01, options.readTriggeredCompactionThreshold());
            assertEquals(600, options.maxCompactionTriggerWakeupSeconds());
            assertTrue(options.openFilesAsync());
            assertEquals(1L << 30, options.compactionOptionsFIFO().maxDataFilesSize());
            assertTrue(options.compactionOptionsFIFO().useKvRatioCompaction());
            try (RocksDB db = RocksDB.open(options, dir)) {
                for (int i = 0; i < 100; i++) db.put(bytes("k" + i), bytes("v"));
                for (int i = 0; i < 100; i++) db.delete(bytes("k" + i));
                db.put(bytes("z"), bytes("live"));
                try (RocksIterator it = db.newIterator()) {
                    it.seekToFirst();
                    assertArrayEquals(bytes("z"), it.keyBytes(), "100 tombstones passed");
                }
                // mutable: changed on the open DB
                db.setOptions(MutableColumnFamilyOptions.builder().setMinTombstonesForRangeConversion(4)
                        .setReadTriggeredCompactionThreshold(0.5).build());
                db.setDBOptions(MutableDBOptions.builder().setMaxCompactionTriggerWakeupSeconds(60).build());
            }
        }
        Map<String, Map<String, String>> file = optionsFile(dir);
        assertEquals("4", file.get(CF).get("min_tombstones_for_range_conversion"));
        assertEquals(0.5, Double.parseDouble(file.get(CF).get("read_triggered_compaction_threshold")));
        assertEquals("60", file.get(DB).get("max_compaction_trigger_wakeup_seconds"));
        assertEquals("true", file.get(DB).get("open_files_async"));
        String fifo = file.get(CF).get("compaction_options_fifo");
        assertTrue(fifo.contains("max_data_files_size=1073741824") && fifo.contains("use_kv_ratio_compaction=true"), fifo);
        // RocksDB writes them back; the parsed object reads the same
        CompactionOptionsFIFO parsed = CompactionOptionsFIFO.fromOptionValue(fifo);
        assertEquals(1L << 30, parsed.maxDataFilesSize());
        assertTrue(parsed.useKvRatioCompaction());
        assertEquals(MutableColumnFamilyOptions.parse("min_tombstones_for_range_conversion=3").build().toString(),
                MutableColumnFamilyOptions.builder().setMinTombstonesForRangeConversion(3).build().toString());
    }

    /**
     * Options RocksDB 10 and 11 retired (the engine accepts the names and
     * ignores the values): RocksJava 9 code that sets them still opens, and
     * their getters answer the last engine's default instead of throwing.
     */
    @Test
    void retiredOptionsAreAcceptedAndTheirGettersAnswer() throws Exception {
        try (Options fresh = new Options()) {
            assertEquals(0, fresh.maxWriteBufferNumberToMaintain());
            assertTrue(fresh.failIfOptionsFileError());
            assertFalse(fresh.skipCheckingSstFileSizesOnDbOpen());
        }
        try (Options options = new Options().setCreateIfMissing(true).setMaxWriteBufferNumberToMaintain(3)
                .setFailIfOptionsFileError(false).setSkipCheckingSstFileSizesOnDbOpen(true)) {
            assertEquals(3, options.maxWriteBufferNumberToMaintain());
            assertFalse(options.failIfOptionsFileError());
            assertTrue(options.skipCheckingSstFileSizesOnDbOpen());
            try (RocksDB db = RocksDB.open(options, dir)) {
                db.put(bytes("k"), bytes("v"));
                assertArrayEquals(bytes("v"), db.get(bytes("k")));
            }
        }
    }

    /** RocksDB 11.8's flush reason and ticker for a memtable full of range deletions. */
    @Test
    void aFlushForTooManyRangeDeletionsReportsItsOwnReasonAndTicker() throws Exception {
        assumeTrue(EngineVersion.atLeast(11, 8), "RocksDB " + RocksDB.engineVersion());
        java.util.concurrent.BlockingQueue<FlushReason> reasons = new java.util.concurrent.LinkedBlockingQueue<>();
        AbstractEventListener listener = new AbstractEventListener() {
            @Override
            public void onFlushCompleted(RocksDB db, FlushJobInfo info) {
                reasons.add(info.getFlushReason());
            }
        };
        try (Statistics statistics = new Statistics();
             Options options = new Options().setCreateIfMissing(true).setMemtableMaxRangeDeletions(2)
                     .setStatistics(statistics).setListeners(List.of(listener));
             RocksDB db = RocksDB.open(options, dir)) {
            for (int i = 0; i < 4 && reasons.isEmpty(); i++) {
                db.deleteRange(bytes("a" + i), bytes("b" + i));
                db.put(bytes("k" + i), bytes("v"));
                Thread.sleep(50);
            }
            FlushReason reason = reasons.poll(10, java.util.concurrent.TimeUnit.SECONDS);
            assertEquals(FlushReason.MEMTABLE_MAX_RANGE_DELETIONS, reason);
            assertEquals(1, statistics.getTickerCount(TickerType.FLUSH_REASON_MEMTABLE_MAX_RANGE_DELETIONS));
            assertEquals(0, statistics.getTickerCount(TickerType.FLUSH_REASON_WRITE_BUFFER_FULL));
        }
    }

    /** RocksJava 11.8's SizeApproximationFlag.INCLUDE_BLOB_FILES (RocksDB 11's include_blob_files). */
    @Test
    void approximateSizesCountBlobFilesOnlyWhenAsked() throws Exception {
        try (Options options = new Options().setCreateIfMissing(true).setEnableBlobFiles(true).setMinBlobSize(0)
                .setCompressionType(CompressionType.NO_COMPRESSION);
             RocksDB db = RocksDB.open(options, dir)) {
            byte[] value = new byte[1000];
            for (int i = 0; i < 200; i++) db.put(bytes("key" + (1000 + i)), value);
            db.flush();
            List<Range> range = List.of(new Range(bytes("key"), bytes("kez")));
            long files = db.getApproximateSizes(range, SizeApproximationFlag.INCLUDE_FILES)[0];
            if (!EngineVersion.atLeast(11, 0)) {
                assertThrows(UnsupportedOperationException.class,
                        () -> db.getApproximateSizes(range, SizeApproximationFlag.INCLUDE_BLOB_FILES));
                return;
            }
            long withBlobs = db.getApproximateSizes(range, SizeApproximationFlag.INCLUDE_FILES,
                    SizeApproximationFlag.INCLUDE_BLOB_FILES)[0];
            // the 200 KB of values live in the blob file, not in the SST
            assertTrue(files < 100_000, "SST only: " + files);
            assertTrue(withBlobs > files + 150_000, files + " without the blob files, " + withBlobs + " with");
            assertEquals(0, db.getApproximateSizes(List.of(new Range(bytes("a"), bytes("b"))),
                    SizeApproximationFlag.INCLUDE_BLOB_FILES)[0], "an empty range holds no blob share");
        }
    }

    @Test
    void badValuesAreRefusedNamingTheOption() {
        assumeTrue(EngineVersion.atLeast(11, 0), "RocksDB " + RocksDB.engineVersion());
        BlockBasedTableConfig table = new BlockBasedTableConfig();
        for (double bad : new double[]{Double.NaN, Double.POSITIVE_INFINITY, Double.MIN_VALUE, -1, -0.5}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> table.setUniformCvThreshold(bad));
            assertTrue(e.getMessage().contains("uniformCvThreshold"), e.getMessage());
        }
        table.setUniformCvThreshold(0);  // never uniform: what the engine's -1 means, without a negative number
        assertEquals(0, table.uniformCvThreshold());
        assertThrows(IllegalArgumentException.class, () -> table.setSuperBlockAlignmentSize(-1));
        assertThrows(IllegalArgumentException.class, () -> table.setSuperBlockAlignmentSpaceOverheadRatio(-1));
        assertThrows(IllegalArgumentException.class, () -> table.setIndexSearchType(null));
        assertThrows(IllegalArgumentException.class, () -> table.setFormatVersion(8));
        assertThrows(IllegalArgumentException.class, () -> table.setFormatVersion(1));
        try (Options options = new Options()) {
            assertThrows(IllegalArgumentException.class, () -> options.setMinTombstonesForRangeConversion(-1));
            assertThrows(IllegalArgumentException.class, () -> options.setReadTriggeredCompactionThreshold(-0.5));
            assertThrows(IllegalArgumentException.class, () -> options.setReadTriggeredCompactionThreshold(Double.NaN));
            assertThrows(IllegalArgumentException.class, () -> options.setMaxCompactionTriggerWakeupSeconds(-1));
        }
        assertThrows(IllegalArgumentException.class, () -> new CompactionOptionsFIFO().setMaxDataFilesSize(-1));
    }

    @Test
    void onAnOlderEngineEachIsRefusedBeforeTheOpen() {
        assumeTrue(!EngineVersion.atLeast(11, 0), "RocksDB " + RocksDB.engineVersion() + " has them");
        BlockBasedTableConfig table = new BlockBasedTableConfig();
        List<Runnable> setters = List.of(() -> table.setSeparateKeyValueInDataBlock(true),
                () -> table.setUniformCvThreshold(0.3), () -> table.setSuperBlockAlignmentSize(0),
                () -> table.setSuperBlockAlignmentSpaceOverheadRatio(128), () -> table.setIndexSearchType(IndexSearchType.kAuto),
                () -> new Options().setMinTombstonesForRangeConversion(1),
                () -> new Options().setReadTriggeredCompactionThreshold(0.1),
                () -> new DBOptions().setMaxCompactionTriggerWakeupSeconds(1), () -> new DBOptions().setOpenFilesAsync(true),
                () -> new CompactionOptionsFIFO().setMaxDataFilesSize(1), () -> new CompactionOptionsFIFO().setUseKvRatioCompaction(true));
        for (Runnable setter : setters) {
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, setter::run);
            assertTrue(e.getMessage().contains(RocksDB.engineVersion()), e.getMessage());
        }
        assertThrows(UnsupportedOperationException.class, table::indexSearchType);
        assertThrows(UnsupportedOperationException.class, table::uniformCvThreshold);
        // an untouched table config still opens (the RocksJava 11 threshold is left out)
        assertFalse(table.optionString().contains("uniform_cv_threshold"));
    }
}
