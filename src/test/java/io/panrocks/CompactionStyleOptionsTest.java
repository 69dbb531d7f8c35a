package io.panrocks;

import io.panrocks.internal.options.OptionDefaults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.*;

/**
 * RocksJava's CompactionOptionsUniversal and CompactionOptionsFIFO: they
 * reach the engine (the OPTIONS file it writes), come back from the getters
 * (the engine's defaults when unset), and refuse bad values by name.
 */
class CompactionStyleOptionsTest {
    @TempDir
    Path dir;

    private Map<String, String> written(String option) throws Exception {
        String nested = OptionGettersAndSettersTest.optionsFile(dir).get(OptionGettersAndSettersTest.CF).get(option);
        return OptionDefaults.parse(nested.replaceAll("^\\{|\\}$", ""));
    }

    @Test
    void universalOptionsReachTheEngine() throws Exception {
        CompactionOptionsUniversal u = new CompactionOptionsUniversal().setSizeRatio(7).setMinMergeWidth(3).setMaxMergeWidth(9)
                .setMaxSizeAmplificationPercent(150).setCompressionSizePercent(80)
                .setStopStyle(CompactionStopStyle.CompactionStopStyleSimilarSize).setAllowTrivialMove(true);
        try (Options o = new Options().setCreateIfMissing(true).setCompactionStyle(CompactionStyle.UNIVERSAL)
                .setCompactionOptionsUniversal(u); RocksDB db = RocksDB.open(o, dir.toString())) {
            db.put(bytes("k"), bytes("v"));
            CompactionOptionsUniversal back = o.compactionOptionsUniversal();
            assertEquals(7, back.sizeRatio());
            assertEquals(9, back.maxMergeWidth());
            assertEquals(CompactionStopStyle.CompactionStopStyleSimilarSize, back.stopStyle());
        }
        Map<String, String> w = written("compaction_options_universal");
        assertEquals("7", w.get("size_ratio"));
        assertEquals("3", w.get("min_merge_width"));
        assertEquals("9", w.get("max_merge_width"));
        assertEquals("150", w.get("max_size_amplification_percent"));
        assertEquals("80", w.get("compression_size_percent"));
        assertEquals("kCompactionStopStyleSimilarSize", w.get("stop_style"));
        assertEquals("true", w.get("allow_trivial_move"));
    }

    @Test
    void fifoOptionsReachTheEngineAndReplaceTheSizeSetterOrTheOtherWayRound() throws Exception {
        ColumnFamilyOptions cf = new ColumnFamilyOptions().setMaxTableFilesSizeFIFO(1 << 20);
        assertEquals(1 << 20, cf.compactionOptionsFIFO().maxTableFilesSize());
        cf.setCompactionOptionsFIFO(new CompactionOptionsFIFO().setMaxTableFilesSize(3 << 20).setAllowCompaction(true));
        assertEquals(3 << 20, cf.maxTableFilesSizeFIFO());
        cf.setMaxTableFilesSizeFIFO(5 << 20);
        assertTrue(cf.compactionOptionsFIFO().allowCompaction());   // the size setter keeps the other fields
        try (Options o = new Options(new DBOptions().setCreateIfMissing(true), cf).setCompactionStyle(CompactionStyle.FIFO);
             RocksDB db = RocksDB.open(o, dir.toString())) {
            db.put(bytes("k"), bytes("v"));
        }
        Map<String, String> w = written("compaction_options_fifo");
        assertEquals(Long.toString(5 << 20), w.get("max_table_files_size"));
        assertEquals("true", w.get("allow_compaction"));
    }

    @Test
    void defaultsAreTheEnginesAndBadValuesAreRefused() {
        CompactionOptionsUniversal d = new ColumnFamilyOptions().compactionOptionsUniversal();
        assertEquals(1, d.sizeRatio());
        assertEquals(2, d.minMergeWidth());
        assertEquals(-1, d.maxMergeWidth());   // UINT_MAX, as RocksJava reads it
        assertEquals(200, d.maxSizeAmplificationPercent());
        assertEquals(CompactionStopStyle.CompactionStopStyleTotalSize, d.stopStyle());
        assertEquals(1L << 30, new ColumnFamilyOptions().compactionOptionsFIFO().maxTableFilesSize());
        CompactionOptionsUniversal u = new CompactionOptionsUniversal();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> u.setMinMergeWidth(1));
        assertEquals("minMergeWidth must be >= 2, was 1", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> u.setCompressionSizePercent(101));
        assertEquals("compressionSizePercent must be in [-1, 100], was 101", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> u.setStopStyle(null));
        assertThrows(IllegalArgumentException.class, () -> new CompactionOptionsFIFO().setMaxTableFilesSize(0));
        assertThrows(IllegalArgumentException.class, () -> new Options().setCompactionOptionsUniversal(null));
        assertThrows(IllegalArgumentException.class, () -> new Options().setCompactionOptionsFIFO(null));
    }
}
