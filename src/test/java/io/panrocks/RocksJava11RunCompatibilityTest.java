package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * RocksJava shapes that RocksJava 11.8.1's own tests use and panrocks lacked, found by
 * {@code scripts/check-migration.sh --run} (docs/migration.md): enum numbers, copy
 * constructors, and the small DB getters. Each test here is panrocks' own, on the real engine.
 */
class RocksJava11RunCompatibilityTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    @TempDir
    Path dir;

    /** The numbers are RocksDB's enum values (RocksJava's bytes); each number maps back to its constant. */
    @Test
    void enumNumbersAreRocksDBsAndMapBack() {
        assertEquals(0, CompressionType.NO_COMPRESSION.getValue());
        assertEquals(1, CompressionType.SNAPPY_COMPRESSION.getValue());
        assertEquals(4, CompressionType.LZ4_COMPRESSION.getValue());
        assertEquals(7, CompressionType.ZSTD_COMPRESSION.getValue());
        assertEquals(0x7F, CompressionType.DISABLE_COMPRESSION_OPTION.getValue()); // RocksJava's, not 0xFF
        for (CompressionType t : CompressionType.values()) {
            assertSame(t, CompressionType.getCompressionType(t.getValue()));
        }
        assertThrows(IllegalArgumentException.class, () -> CompressionType.getCompressionType((byte) 6));

        assertEquals("zstd", CompressionType.ZSTD_COMPRESSION.getLibraryName());
        assertEquals("z", CompressionType.ZLIB_COMPRESSION.getLibraryName());
        assertNull(CompressionType.NO_COMPRESSION.getLibraryName());
        assertSame(CompressionType.LZ4HC_COMPRESSION, CompressionType.getCompressionType("lz4hc"));
        // null, unknown and the library-less types all read as no compression, as RocksJava's
        assertThrows(NullPointerException.class, () -> CompressionType.getCompressionType((String) null));
        assertSame(CompressionType.NO_COMPRESSION, CompressionType.getCompressionType("xpress"));
        assertSame(CompressionType.NO_COMPRESSION, CompressionType.getCompressionType(""));

        assertEquals(1, CompactionStopStyle.CompactionStopStyleTotalSize.getValue());
        assertEquals(4, CompactionPriority.RoundRobin.getValue());
        assertEquals(2, WALRecoveryMode.PointInTimeRecovery.getValue());
        for (CompactionStopStyle s : CompactionStopStyle.values()) {
            assertSame(s, CompactionStopStyle.getCompactionStopStyle(s.getValue()));
        }
        for (CompactionPriority p : CompactionPriority.values()) {
            assertSame(p, CompactionPriority.getCompactionPriority(p.getValue()));
        }
        for (WALRecoveryMode m : WALRecoveryMode.values()) {
            assertSame(m, WALRecoveryMode.getWALRecoveryMode(m.getValue()));
        }
        assertThrows(IllegalArgumentException.class, () -> CompactionStopStyle.getCompactionStopStyle((byte) 2));
        assertThrows(IllegalArgumentException.class, () -> CompactionPriority.getCompactionPriority((byte) -1));
        assertThrows(IllegalArgumentException.class, () -> WALRecoveryMode.getWALRecoveryMode((byte) 4));
    }

    /** A copy has the values of the original and lives apart from it; the objects set are shared. */
    @Test
    void copyConstructorsCopyValuesAndShareObjects() throws Exception {
        BlockBasedTableConfig table = new BlockBasedTableConfig().setBlockSize(8192);
        Options original = new Options().setCreateIfMissing(true).setNumLevels(4).setMergeOperatorName("max")
                .setLevel0StopWritesTrigger(40);
        original.setTableFormatConfig(table);
        Options copy = new Options(original);
        assertEquals(4, copy.numLevels());
        assertEquals(40, copy.level0StopWritesTrigger());
        assertTrue(copy.createIfMissing());
        assertSame(table, copy.tableFormatConfig());
        copy.setNumLevels(5).setCreateIfMissing(false);
        assertEquals(4, original.numLevels()); // the original keeps its values
        assertTrue(original.createIfMissing());

        // the copy opens the DB with the original's settings, merge operator included
        try (RocksDB db = fixture.open(new Options(original))) {
            assertEquals(4, db.numberLevels());
            db.merge(bytes("k"), bytes("a"));
            db.merge(bytes("k"), bytes("c"));
            assertEquals("c", string(db.get(bytes("k"))));
        }

        DBOptions db = new DBOptions().setCreateIfMissing(true).setMaxBackgroundJobs(3);
        DBOptions dbCopy = new DBOptions(db);
        assertTrue(dbCopy.createIfMissing());
        assertEquals(3, dbCopy.maxBackgroundJobs());
        dbCopy.setMaxBackgroundJobs(5);
        assertEquals(3, db.maxBackgroundJobs());

        ColumnFamilyOptions family = new ColumnFamilyOptions().setNumLevels(3).setTargetFileSizeMultiplier(2);
        ColumnFamilyOptions familyCopy = new ColumnFamilyOptions(family);
        assertEquals(3, familyCopy.numLevels());
        assertEquals(2, familyCopy.targetFileSizeMultiplier());
        familyCopy.setNumLevels(6);
        assertEquals(3, family.numLevels());
    }

    /** numberLevels and level0StopWriteTrigger read the family's running options, changes included. */
    @Test
    void runningLevelsAndStopTriggerPerFamily() throws Exception {
        DBOptions options = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = RocksDB.open(options, dir.resolve("db"), List.of(
                new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY),
                new ColumnFamilyDescriptor(bytes("other"),
                        new ColumnFamilyOptions().setNumLevels(3).setLevel0StopWritesTrigger(50))), handles)) {
            // RocksDB's defaults for the default family
            assertEquals(7, db.numberLevels());
            assertEquals(36, db.level0StopWriteTrigger());
            assertEquals(7, db.numberLevels(handles.get(0)));
            assertEquals(3, db.numberLevels(handles.get(1)));
            assertEquals(50, db.level0StopWriteTrigger(handles.get(1)));

            db.setOptions(handles.get(1), MutableColumnFamilyOptions.builder().setLevel0StopWritesTrigger(60).build());
            assertEquals(60, db.level0StopWriteTrigger(handles.get(1)));
            assertEquals(36, db.level0StopWriteTrigger());

            ColumnFamilyHandle dropped = handles.get(1);
            db.dropColumnFamily(dropped);
            dropped.close();
            assertThrows(IllegalStateException.class, () -> db.numberLevels(dropped));
        }
    }

    /** isClosed, getEnv and rocksdbVersion, as RocksJava's. */
    @Test
    void closedStateEnvironmentAndVersion() throws Exception {
        RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), dir.resolve("db"));
        assertFalse(db.isClosed());
        assertSame(Env.getDefault(), db.getEnv());
        db.close();
        assertTrue(db.isClosed());
        assertThrows(IllegalStateException.class, db::numberLevels);

        try (RocksMemEnv mem = new RocksMemEnv(Env.getDefault());
             RocksDB inMemory = RocksDB.open(new Options().setCreateIfMissing(true).setEnv(mem), dir.resolve("mem"))) {
            assertSame(mem, inMemory.getEnv());
        }

        RocksDB.Version version = RocksDB.rocksdbVersion();
        assertEquals(RocksDB.engineVersion(), version.toString());
        assertEquals(version.getMajor() + "." + version.getMinor() + "." + version.getPatch(), version.toString());
        assertTrue(version.getMajor() >= 9);
        assertEquals(new RocksDB.Version(version.getMajor(), version.getMinor(), version.getPatch()), version);
    }

    /** RocksJava's Range of two slices: the bytes are copied at the call, and the range reads as the byte form. */
    @Test
    void rangeOfSlices() throws Exception {
        Slice start = new Slice(bytes("key1"));
        java.nio.ByteBuffer direct = java.nio.ByteBuffer.allocateDirect(4).put(bytes("key3")).flip();
        Range range = new Range(start, new DirectSlice(direct));
        assertArrayEquals(bytes("key1"), range.start());
        assertArrayEquals(bytes("key3"), range.limit());
        direct.put(0, (byte) 'z'); // copied: a later change of the buffer does not move the range
        assertArrayEquals(bytes("key3"), range.limit());
        assertThrows(NullPointerException.class, () -> new Range(start, (Slice) null));

        try (RocksDB db = fixture.db()) {
            for (int i = 0; i < 100; i++) db.put(bytes("key" + i), new byte[100]);
            RocksDB.CountAndSize inMemtable = db.getApproximateMemTableStats(range);
            assertTrue(inMemtable.count > 0, "entries between key1 and key3: " + inMemtable.count);
            assertEquals(0, db.getApproximateMemTableStats(new Range(new Slice("x"), new Slice("y"))).count);
        }
    }

    /** RocksJava's spelling of the hash linked list memtable factory, and RocksDB's for the others. */
    @Test
    void memtableFactoryNamesAsRocksJava() {
        assertEquals("HashLinkedListRepFactory",
                new ColumnFamilyOptions().setMemTableConfig(new HashLinkedListMemTableConfig()).memTableFactoryName());
        assertEquals("HashSkipListRepFactory",
                new Options().setMemTableConfig(new HashSkipListMemTableConfig()).memTableFactoryName());
        assertEquals("SkipListFactory", new Options().memTableFactoryName());
    }

    /** oldDefaults sets what RocksDB's OldDefaults sets for each older version, and only that. */
    @Test
    void oldDefaultsFollowRocksDB() throws Exception {
        Options fresh = new Options();
        Options v46 = new Options().oldDefaults(4, 6);
        assertEquals(4L << 20, v46.writeBufferSize());
        assertEquals(CompactionPriority.ByCompensatedSize, v46.compactionPriority());
        assertEquals(2L * 1048576, v46.targetFileSizeBase());
        assertEquals(10L * 1048576, v46.maxBytesForLevelBase());
        assertEquals(0, v46.softPendingCompactionBytesLimit());
        assertEquals(0, v46.hardPendingCompactionBytesLimit());
        assertEquals(24, v46.level0StopWritesTrigger());
        assertEquals(1, v46.maxFileOpeningThreads());
        assertEquals(4, v46.tableCacheNumshardbits());
        assertEquals(2L * 1024 * 1024, v46.delayedWriteRate());
        assertEquals(5000, v46.maxOpenFiles());
        assertEquals(WALRecoveryMode.TolerateCorruptedTailRecords, v46.walRecoveryMode());

        Options v53 = new Options().oldDefaults(5, 3);
        assertEquals(fresh.writeBufferSize(), v53.writeBufferSize()); // 4.7 and later kept today's
        assertEquals(fresh.level0StopWritesTrigger(), v53.level0StopWritesTrigger());
        assertEquals(CompactionPriority.ByCompensatedSize, v53.compactionPriority());
        assertEquals(16L * 1024 * 1024, v53.delayedWriteRate());
        assertEquals(fresh.maxFileOpeningThreads(), v53.maxFileOpeningThreads());

        ColumnFamilyOptions cf = new ColumnFamilyOptions().oldDefaults(5, 1);
        assertEquals(30, cf.level0StopWritesTrigger());
        ColumnFamilyOptions recent = new ColumnFamilyOptions().oldDefaults(6, 0);
        assertEquals(new ColumnFamilyOptions().compactionPriority(), recent.compactionPriority());
        DBOptions db = new DBOptions().oldDefaults(10, 0);
        assertEquals(5000, db.maxOpenFiles()); // set for every version, as RocksDB
        assertEquals(new DBOptions().delayedWriteRate(), db.delayedWriteRate());

        // the engine takes them
        try (RocksDB opened = fixture.open(new Options(v46).setCreateIfMissing(true))) {
            assertEquals(24, opened.level0StopWriteTrigger());
        }
    }

    /** RocksJava's kName constants are the same objects as panrocks' ones. */
    @Test
    void compactionReasonsUnderRocksJavasNames() {
        assertSame(CompactionReason.UNKNOWN, CompactionReason.kUnknown);
        assertSame(CompactionReason.FLUSH, CompactionReason.kFlush);
        assertSame(CompactionReason.MANUAL_COMPACTION, CompactionReason.kManualCompaction);
        assertSame(CompactionReason.REFIT_LEVEL, CompactionReason.kRefitLevel);
        assertEquals(CompactionReason.kUnknown, new CompactionJobInfo().compactionReason());
    }
}
