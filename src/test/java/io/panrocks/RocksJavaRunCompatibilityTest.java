package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Behaviour that RocksJava 9.11.2's own tests expect and panrocks lacked, found
 * by {@code scripts/check-migration.sh --run} (docs/migration.md): each test
 * here is panrocks' own, on the real engine.
 */
class RocksJavaRunCompatibilityTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    @TempDir
    Path dir;

    /** Every open with families refuses a list without "default" before it reaches the engine. */
    @Test
    void anOpenWithoutTheDefaultFamilyIsRefusedBeforeTheEngineIsAsked() throws Exception {
        Path db = dir.resolve("db");
        List<ColumnFamilyDescriptor> noDefault = List.of(new ColumnFamilyDescriptor(bytes("users")));
        DBOptions create = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
        List<Executable> opens = List.of(
                () -> RocksDB.open(create, db, noDefault, new ArrayList<>()),
                () -> RocksDB.openReadOnly(create, db, noDefault, new ArrayList<>()),
                () -> TransactionDB.open(create, db, noDefault, new ArrayList<>()),
                () -> OptimisticTransactionDB.open(create, new OptimisticTransactionDBOptions(), db, noDefault,
                        new ArrayList<>()),
                () -> TtlDB.open(create, db, noDefault, new ArrayList<>(), List.of(60), false),
                () -> RocksDB.openAsSecondary(create, db, dir.resolve("secondary"), noDefault, new ArrayList<>()));
        for (Executable open : opens) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, open);
            assertEquals("columnFamilyDescriptors must include the default column family "
                    + "(RocksDB.DEFAULT_COLUMN_FAMILY, \"default\")", e.getMessage());
        }
        // refused before the engine: with createIfMissing, RocksDB would have made the folder
        assertFalse(Files.exists(db));

        // the default family named anywhere in the list is enough (RocksDB takes it at any index)
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB opened = RocksDB.open(create, db, List.of(new ColumnFamilyDescriptor(bytes("users")),
                new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY)), handles)) {
            opened.put(handles.get(0), bytes("k"), bytes("v"));
            assertTrue(handles.get(1).isDefaultColumnFamily());
            assertEquals("v", string(opened.get(handles.get(0), bytes("k"))));
        }
    }

    /**
     * The engine's default SST format version (6 on RocksDB 9, 7 from 10.4 on) is the getter's answer,
     * and 6, the newest RocksDB 9 reads, can be set and is written (it was refused above 5).
     */
    @Test
    void formatVersionSixIsAcceptedAndWritten() throws Exception {
        BlockBasedTableConfig engineDefault = new BlockBasedTableConfig();
        int major = Integer.parseInt(RocksDB.engineVersion().split("\\.")[0]);
        assertEquals(major >= 11 ? 7 : 6, engineDefault.formatVersion());
        BlockBasedTableConfig table = new BlockBasedTableConfig().setFormatVersion(6);
        assertEquals(6, table.formatVersion());
        assertEquals(7, new BlockBasedTableConfig().setFormatVersion(7).formatVersion());
        IllegalArgumentException above = assertThrows(IllegalArgumentException.class,
                () -> new BlockBasedTableConfig().setFormatVersion(8));
        assertTrue(above.getMessage().startsWith("formatVersion must be in [2, 7], was 8"), above.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new BlockBasedTableConfig().setFormatVersion(1));

        Options options = new Options().setCreateIfMissing(true);
        options.setTableFormatConfig(new BlockBasedTableConfig().setFormatVersion(6));
        try (RocksDB db = fixture.open(options)) {
            db.put(bytes("k"), bytes("v"));
            db.flush(new FlushOptions().setWaitForFlush(true));
            assertEquals("v", string(db.get(bytes("k"))));
        }
        // the OPTIONS file RocksDB wrote names the version set
        try (var files = Files.list(fixture.dir())) {
            Path optionsFile = files.filter(f -> f.getFileName().toString().startsWith("OPTIONS-")).findFirst()
                    .orElseThrow();
            assertTrue(Files.readString(optionsFile).contains("format_version=6"));
        }
    }

    /** RocksDB writes no empty option into its options string: the unset off-peak window reads as "". */
    @Test
    void theUnsetOffpeakWindowReadsAsEmpty() {
        assertEquals("", new Options().dailyOffpeakTimeUTC());
        assertEquals("", new DBOptions().dailyOffpeakTimeUTC());
        assertEquals("03:45-20:15", new Options().setDailyOffpeakTimeUTC("03:45-20:15").dailyOffpeakTimeUTC());
        assertEquals("", new DBOptions().setDailyOffpeakTimeUTC("").dailyOffpeakTimeUTC());
    }
    /** A compaction or compression settings getter answers an object equal to the one set (RocksJava: the same one). */
    @Test
    void settingsObjectsReadBackEqualToWhatWasSet() {
        ColumnFamilyOptions options = new ColumnFamilyOptions();
        CompressionOptions compression = new CompressionOptions().setMaxDictBytes(123).setEnabled(true);
        options.setCompressionOptions(compression);
        options.setBottommostCompressionOptions(compression);
        assertEquals(compression, options.compressionOptions());
        assertEquals(compression.hashCode(), options.compressionOptions().hashCode());
        assertEquals(compression, options.bottommostCompressionOptions());
        assertNotEquals(new CompressionOptions(), options.compressionOptions());
        compression.setMaxDictBytes(124); // a changed setting is no longer equal to what the options hold
        assertNotEquals(compression, options.compressionOptions());

        CompactionOptionsFIFO fifo = new CompactionOptionsFIFO().setMaxTableFilesSize(2000).setAllowCompaction(true);
        options.setCompactionOptionsFIFO(fifo);
        assertEquals(fifo, options.compactionOptionsFIFO());
        assertEquals(fifo.hashCode(), options.compactionOptionsFIFO().hashCode());
        assertNotEquals(new CompactionOptionsFIFO().setMaxTableFilesSize(2000), options.compactionOptionsFIFO());

        CompactionOptionsUniversal universal = new CompactionOptionsUniversal().setSizeRatio(7).setMaxMergeWidth(9);
        options.setCompactionOptionsUniversal(universal);
        assertEquals(universal, options.compactionOptionsUniversal());
        assertEquals(universal.hashCode(), options.compactionOptionsUniversal().hashCode());
        assertNotEquals(new CompactionOptionsUniversal(), options.compactionOptionsUniversal());

        // equal to objects of its own kind only
        assertNotEquals(fifo, (Object) universal);
        assertNotEquals(compression, null);
    }
    /** The empty merge operator name is RocksDB's "none": it removes the operator set before. */
    @Test
    void theEmptyMergeOperatorNameRemovesTheOperator() throws Exception {
        Options options = new Options().setCreateIfMissing(true).setMergeOperatorName("stringappend");
        assertNotNull(options.mergeOperator());
        assertSame(options, options.setMergeOperatorName(""));
        assertNull(options.mergeOperator());
        assertNull(options.rawColumnFamilyOption("merge_operator"));
        ColumnFamilyOptions family = new ColumnFamilyOptions().setMergeOperatorName("").setMergeOperatorName("max");
        assertNotNull(family.mergeOperator());
        assertThrows(IllegalArgumentException.class, () -> family.setMergeOperatorName(null));
        assertThrows(IllegalArgumentException.class, () -> family.setMergeOperatorName("nope"));

        // the DB really has none: a merge is refused by the engine
        try (RocksDB db = fixture.open(options)) {
            RocksDBException e = assertThrows(RocksDBException.class, () -> db.merge(bytes("k"), bytes("v")));
            assertEquals(Status.Code.NotSupported, e.code());
        }
    }
}
