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
 * RocksJava's flush and compaction with options ({@code FlushOptions},
 * {@code CompactRangeOptions}) on the real engine: several families flushed
 * together, waiting or not, files moved to a target level, bad values refused
 * by the engine with its status.
 */
class FlushAndCompactionOptionsTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    @TempDir
    Path dir;

    static long files(RocksDB db, ColumnFamilyHandle cf, int level) throws RocksDBException {
        return Long.parseLong(db.getProperty(cf, "rocksdb.num-files-at-level" + level));
    }

    RocksDB openWithFamily(List<ColumnFamilyHandle> handles, DBOptions options) throws RocksDBException {
        return RocksDB.open(options.setCreateIfMissing(true).setCreateMissingColumnFamilies(true), dir.toString(),
                List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY),
                        new ColumnFamilyDescriptor(bytes("second"))), handles);
    }


    @Test
    void flushOptionsFlushSeveralFamiliesAndMayNotWait() throws Exception {
        FlushOptions defaults = new FlushOptions();
        assertTrue(defaults.waitForFlush());
        assertFalse(defaults.allowWriteStall());
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = openWithFamily(handles, new DBOptions().setAtomicFlush(true))) {
            ColumnFamilyHandle second = handles.get(1);
            db.put(bytes("a"), bytes("1"));
            db.put(second, bytes("b"), bytes("2"));
            try (FlushOptions wait = new FlushOptions().setWaitForFlush(true).setAllowWriteStall(true)) {
                assertTrue(wait.allowWriteStall());
                db.flush(wait, handles);
            }
            assertEquals(1, files(db, null, 0));
            assertEquals(1, files(db, second, 0));
            db.put(second, bytes("c"), bytes("3"));
            db.flush(new FlushOptions(), second);
            assertEquals(2, files(db, second, 0));
            assertEquals(1, files(db, null, 0));
            db.put(bytes("d"), bytes("4"));
            db.flush(new FlushOptions());
            assertEquals(2, files(db, null, 0));

            // not waiting: the flush happens in the background
            db.put(bytes("e"), bytes("5"));
            db.flush(new FlushOptions().setWaitForFlush(false));
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (files(db, null, 0) < 3 && System.nanoTime() < deadline) Thread.sleep(10);
            assertEquals(3, files(db, null, 0));

            assertThrows(NullPointerException.class, () -> db.flush((FlushOptions) null));
            assertThrows(NullPointerException.class, () -> db.flush(new FlushOptions(), (List<ColumnFamilyHandle>) null));
            second.close();
            assertThrows(IllegalStateException.class, () -> db.flush(new FlushOptions(), second));
        }
        List<ColumnFamilyHandle> other = new ArrayList<>();
        RocksDB b = fixture.other();
        try (RocksDB a = RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true),
                dir.resolve("a").toString(), List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY),
                        new ColumnFamilyDescriptor(bytes("x"))), other)) {
            assertThrows(IllegalArgumentException.class, () -> b.flush(new FlushOptions(), other.get(1)));
            a.flush(new FlushOptions(), other.get(1));
        }
    }

    // ---- compaction ---------------------------------------------------------------------


    @Test
    void compactRangeOptionsMoveFilesAndAreCheckedByTheEngine() throws RocksDBException {
        try (CompactRangeOptions defaults = new CompactRangeOptions()) {
            assertEquals(-1, defaults.targetLevel());
            assertFalse(defaults.changeLevel());
            assertEquals(0, defaults.targetPathId());
            assertEquals(CompactRangeOptions.BottommostLevelCompaction.kIfHaveCompactionFilter,
                    defaults.bottommostLevelCompaction());
            assertEquals(0, defaults.maxSubcompactions());
            assertFalse(defaults.allowWriteStall());
        }
        Options options = new Options().setCreateIfMissing(true).setLevelCompactionDynamicLevelBytes(false)
                .setDisableAutoCompactions(true);
        try (RocksDB db = fixture.open(options)) {
            for (int i = 0; i < 3; i++) {
                db.put(bytes("k" + i), bytes("v" + i));
                db.flush();
            }
            assertEquals(3, files(db, null, 0));
            CompactRangeOptions toLevel2 = new CompactRangeOptions().setChangeLevel(true).setTargetLevel(2)
                    .setExclusiveManualCompaction(true).setMaxSubcompactions(2).setAllowWriteStall(true)
                    .setBottommostLevelCompaction(CompactRangeOptions.BottommostLevelCompaction.kForce);
            db.compactRange(null, null, null, toLevel2);
            assertEquals(0, files(db, null, 0));
            assertEquals(1, files(db, null, 2));
            // a bounded range of the default family
            db.put(bytes("k9"), bytes("v9"));
            db.flush();
            db.compactRange(db.getDefaultColumnFamily(), bytes("k9"), bytes("k9\0"), new CompactRangeOptions()
                    .setBottommostLevelCompaction(CompactRangeOptions.BottommostLevelCompaction.kForce));
            assertEquals(0, files(db, null, 0));
            for (int i = 0; i < 3; i++) assertEquals("v" + i, string(db.get(bytes("k" + i))));

            // the engine refuses a level the family does not have
            RocksDBException deep = assertThrows(RocksDBException.class,
                    () -> db.compactRange(null, null, null, new CompactRangeOptions().setChangeLevel(true).setTargetLevel(40)));
            assertEquals(Status.Code.InvalidArgument, deep.getStatus().getCode());
            RocksDBException path = assertThrows(RocksDBException.class,
                    () -> db.compactRange(null, null, null, new CompactRangeOptions().setTargetPathId(5)));
            assertEquals(Status.Code.InvalidArgument, path.getStatus().getCode());
            assertThrows(NullPointerException.class, () -> db.compactRange(null, null, null, null));
        }
        CompactRangeOptions o = new CompactRangeOptions();
        assertThrows(IllegalArgumentException.class, () -> o.setTargetLevel(-2));
        assertThrows(IllegalArgumentException.class, () -> o.setTargetPathId(-1));
        assertThrows(IllegalArgumentException.class, () -> o.setMaxSubcompactions(-1));
        assertThrows(IllegalArgumentException.class, () -> o.setMaxSubcompactions(CompactRangeOptions.MAX_SUBCOMPACTIONS + 1));
        assertThrows(NullPointerException.class, () -> o.setBottommostLevelCompaction(null));
        assertEquals(CompactRangeOptions.BottommostLevelCompaction.kForceOptimized,
                CompactRangeOptions.BottommostLevelCompaction.fromRocksId(3));
        assertNull(CompactRangeOptions.BottommostLevelCompaction.fromRocksId(9));
        assertEquals(2, CompactRangeOptions.BottommostLevelCompaction.kForce.getValue());
    }
}
