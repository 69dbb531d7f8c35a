package io.panrocks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** PlainTableConfig (RocksJava's) on the real engine: its values, its option string, a DB of plain tables. */
class PlainTableConfigTest {

    /** The text of the DB's newest OPTIONS file. */
    static String optionsFile(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            Path newest = files.filter(p -> p.getFileName().toString().startsWith("OPTIONS-")).sorted()
                    .reduce((a, b) -> b).orElseThrow();
            return Files.readString(newest);
        }
    }

    @Test
    void defaultsSettersAndBadValues() {
        PlainTableConfig c = new PlainTableConfig();
        assertEquals(PlainTableConfig.VARIABLE_LENGTH, c.keySize());
        assertEquals(10, c.bloomBitsPerKey());
        assertEquals(0.75, c.hashTableRatio());
        assertEquals(16, c.indexSparseness());
        assertEquals(0, c.hugePageTlbSize());
        assertEquals(EncodingType.kPlain, c.encodingType());
        assertFalse(c.fullScanMode());
        assertFalse(c.storeIndexInFile());
        assertSame(c, c.setKeySize(8).setBloomBitsPerKey(4).setHashTableRatio(0.5).setIndexSparseness(8)
                .setHugePageTlbSize(0).setEncodingType(EncodingType.kPrefix).setFullScanMode(false).setStoreIndexInFile(true));
        assertEquals(8, c.keySize());
        assertEquals(4, c.bloomBitsPerKey());
        assertEquals(0.5, c.hashTableRatio());
        assertEquals(8, c.indexSparseness());
        assertEquals(EncodingType.kPrefix, c.encodingType());
        assertTrue(c.storeIndexInFile());
        assertEquals("keySize must be >= 0, was -1",
                assertThrows(IllegalArgumentException.class, () -> c.setKeySize(-1)).getMessage());
        assertEquals("hashTableRatio must be in [0, 1], was NaN",
                assertThrows(IllegalArgumentException.class, () -> c.setHashTableRatio(Double.NaN)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> c.setHashTableRatio(1.5));
        assertThrows(IllegalArgumentException.class, () -> c.setBloomBitsPerKey(-3));
        assertThrows(IllegalArgumentException.class, () -> c.setIndexSparseness(-1));
        assertThrows(IllegalArgumentException.class, () -> c.setHugePageTlbSize(-1));
        assertThrows(NullPointerException.class, () -> c.setEncodingType(null));
        assertEquals(8, c.keySize(), "a refused value changes nothing");
    }

    @Test
    void plainAndBlockBasedReplaceEachOther() {
        ColumnFamilyOptions o = new ColumnFamilyOptions();
        BlockBasedTableConfig blocks = new BlockBasedTableConfig();
        o.setTableFormatConfig(blocks);
        assertSame(blocks, o.tableFormatConfig());
        o.setTableFormatConfig(new PlainTableConfig());
        assertNull(o.tableFormatConfig());
        assertTrue(o.rawColumnFamilyOption("table_factory").startsWith("{id=PlainTable;"));
        o.setTableFormatConfig(blocks);
        assertSame(blocks, o.tableFormatConfig());
        assertNull(o.rawColumnFamilyOption("table_factory"));
        o.setTableFormatConfig((TableFormatConfig) null);
        assertNull(o.tableFormatConfig());
    }

    @Test
    void aDbOfPlainTablesWritesReadsAndScansByPrefix(@TempDir Path dir) throws Exception {
        PlainTableConfig plain = new PlainTableConfig().setKeySize(8).setBloomBitsPerKey(10).setHashTableRatio(0.75)
                .setIndexSparseness(4);
        try (Options o = new Options().setCreateIfMissing(true).setAllowMmapReads(true)
                .useFixedLengthPrefixExtractor(4).setTableFormatConfig(plain);
             RocksDB db = RocksDB.open(o, dir)) {
            for (int p = 0; p < 10; p++) {
                for (int i = 0; i < 50; i++) db.put(bytes(String.format("p%03d%04d", p, i)), bytes("v" + p + "-" + i));
            }
            db.flush(new FlushOptions());
            assertArrayEquals(bytes("v3-17"), db.get(bytes("p0030017")));
            assertNull(db.get(bytes("p0030099")));
            assertNull(db.get(bytes("q9990000")));
            List<String> inPrefix = new ArrayList<>();
            try (ReadOptions r = new ReadOptions().setPrefixSameAsStart(true); RocksIterator it = db.newIterator(r)) {
                for (it.seek(bytes("p0070000")); it.isValid(); it.next()) {
                    inPrefix.add(new String(it.keyBytes(), StandardCharsets.UTF_8));
                }
            }
            assertEquals(50, inPrefix.size());
            assertEquals("p0070000", inPrefix.get(0));
            assertEquals("p0070049", inPrefix.get(49));
        }
        String options = optionsFile(dir);
        assertTrue(options.contains("[TableOptions/PlainTable \"default\"]"), options);
        assertTrue(options.contains("user_key_len=8"), options);
        assertTrue(options.contains("index_sparseness=4"), options);
        // and it reopens with the same format
        try (Options o = new Options().setAllowMmapReads(true).useFixedLengthPrefixExtractor(4)
                .setTableFormatConfig(new PlainTableConfig().setKeySize(8));
             RocksDB db = RocksDB.open(o, dir)) {
            assertArrayEquals(bytes("v9-49"), db.get(bytes("p0090049")));
        }
    }
}
