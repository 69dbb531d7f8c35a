package io.panrocks;

import io.panrocks.testkit.EngineVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import static io.panrocks.TestSupport.bytes;
import static io.panrocks.TestSupport.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * RocksJava's calls panrocks added: flush and compaction with options,
 * iterator refresh, multiGetByteBuffers, the String-path opens, the
 * overloads with offsets.
 */
class CompatCallsTest {
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

    // ---- flush ------------------------------------------------------------------------

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
        try (RocksDB a = RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true),
                dir.resolve("a").toString(), List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY),
                        new ColumnFamilyDescriptor(bytes("x"))), other);
             RocksDB b = TestSupport.openFresh(dir.resolve("b"))) {
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
        try (RocksDB db = RocksDB.open(options, dir.toString())) {
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

    // ---- refresh -------------------------------------------------------------------------

    @Test
    void refreshReadsTheLatestStateAndEndsTheViews() throws Exception {
        try (RocksDB db = TestSupport.openFresh(dir); RocksIterator it = db.newIterator()) {
            db.put(bytes("a"), bytes("1"));
            it.seekToFirst();
            assertFalse(it.isValid(), "created before the write");
            it.refresh();
            assertFalse(it.isValid(), "refresh leaves no entry");
            it.seekToFirst();
            assertEquals("a", string(it.keyBytes()));
            MemorySegment view = it.value();
            db.put(bytes("b"), bytes("2"));
            it.refresh();
            assertThrows(IllegalStateException.class, () -> view.get(ValueLayout.JAVA_BYTE, 0), "views end at refresh");
            assertThrows(IllegalStateException.class, it::keyBytes);
            it.seekToLast();
            assertEquals("b", string(it.keyBytes()));
            it.status();

            // inside its own scan: refused
            it.seekToFirst();
            IllegalStateException inside = assertThrows(IllegalStateException.class, () -> it.scanForward((k, v) -> {
                try {
                    it.refresh();
                } catch (RocksDBException e) {
                    throw new AssertionError(e);
                }
                return true;
            }));
            assertTrue(inside.getMessage().contains("scan"), inside.getMessage());

            // another thread: refused, the iterator stays usable
            ExecutionException foreign = assertThrows(ExecutionException.class, () -> CompletableFuture.runAsync(() -> {
                try {
                    it.refresh();
                } catch (RocksDBException e) {
                    throw new AssertionError(e);
                }
            }).get());
            assertInstanceOf(WrongThreadException.class, foreign.getCause());
            it.seekToFirst();
            assertTrue(it.isValid());
        }
    }

    @Test
    void refreshOfASnapshotIteratorAndToASnapshot() throws Exception {
        try (RocksDB db = TestSupport.openFresh(dir)) {
            db.put(bytes("a"), bytes("1"));
            try (Snapshot before = db.getSnapshot()) {
                db.put(bytes("b"), bytes("2"));
                try (RocksIterator it = db.newIterator(new ReadOptions().setSnapshot(before))) {
                    it.seekToLast();
                    assertEquals("a", string(it.keyBytes()));
                    if (!EngineVersion.atLeast(8, 0)) {
                        // RocksDB 7 cannot renew an iterator created with a snapshot
                        RocksDBException refused = assertThrows(RocksDBException.class, it::refresh);
                        assertEquals(Status.Code.NotSupported, refused.getStatus().getCode());
                        assertFalse(it.isValid());
                        it.seekToLast();
                        assertEquals("a", string(it.keyBytes()), "a refused refresh keeps the snapshot");
                        return;
                    }
                    it.refresh();
                    it.seekToLast();
                    assertEquals("b", string(it.keyBytes()), "refresh reads the latest state, snapshot or not");

                    if (EngineVersion.atLeast(8, 0)) {
                        it.refresh(before);
                        it.seekToLast();
                        assertEquals("a", string(it.keyBytes()), "back at the snapshot");
                    } else {
                        RocksDBException old = assertThrows(RocksDBException.class, () -> it.refresh(before));
                        assertEquals(Status.Code.NotSupported, old.getStatus().getCode());
                        it.seekToLast();
                        assertEquals("b", string(it.keyBytes()), "a refused refresh changes nothing but the position");
                    }
                    it.refresh(null);
                    it.seekToLast();
                    assertEquals("b", string(it.keyBytes()));
                }
            }
            try (RocksDB other = TestSupport.openFresh(dir.resolve("other")); Snapshot foreign = other.getSnapshot();
                 RocksIterator it = db.newIterator()) {
                assertThrows(IllegalArgumentException.class, () -> it.refresh(foreign));
                Snapshot closed = db.getSnapshot();
                closed.close();
                assertThrows(IllegalStateException.class, () -> it.refresh(closed));
            }
            RocksIterator gone = db.newIterator();
            gone.close();
            assertThrows(IllegalStateException.class, gone::refresh);
        }
    }

    // ---- multiGetByteBuffers ---------------------------------------------------------------

    static ByteBuffer direct(String s) {
        byte[] b = bytes(s);
        ByteBuffer buffer = ByteBuffer.allocateDirect(b.length + 4);
        buffer.position(2);
        buffer.put(b);
        buffer.flip();
        buffer.position(2);
        return buffer; // the key is [2, 2 + length)
    }

    @Test
    void multiGetByteBuffersFillsTheCallersBuffers() throws RocksDBException {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = openWithFamily(handles, new DBOptions())) {
            ColumnFamilyHandle second = handles.get(1);
            db.put(bytes("k1"), bytes("value-one"));
            db.put(second, bytes("k2"), bytes("v2"));
            db.put(bytes("empty"), new byte[0]);
            List<ByteBuffer> keys = List.of(direct("k1"), direct("missing"), direct("k1"), direct("empty"));
            List<ByteBuffer> values = new ArrayList<>();
            for (int capacity : new int[]{20, 20, 4, 8}) {
                ByteBuffer v = ByteBuffer.allocateDirect(capacity);
                v.position(3); // ignored: written from index 0, as RocksJava does
                values.add(v);
            }
            List<ByteBufferGetStatus> results = db.multiGetByteBuffers(keys, values);
            assertEquals(4, results.size());
            assertEquals(Status.Code.Ok, results.get(0).status.getCode());
            assertEquals(9, results.get(0).requiredSize);
            assertSame(values.get(0), results.get(0).value);
            assertEquals(0, values.get(0).position());
            assertEquals(9, values.get(0).limit());
            byte[] got = new byte[9];
            values.get(0).duplicate().get(got);
            assertEquals("value-one", string(got));
            assertEquals(Status.Code.NotFound, results.get(1).status.getCode());
            assertNull(results.get(1).value);
            assertEquals(0, results.get(1).requiredSize);
            assertEquals(3, values.get(1).position(), "a missing key leaves its buffer alone");
            // too small: what fits, and the full size
            assertEquals(9, results.get(2).requiredSize);
            assertEquals(4, values.get(2).limit());
            byte[] part = new byte[4];
            values.get(2).duplicate().get(part);
            assertEquals("valu", string(part));
            assertEquals(Status.Code.Ok, results.get(3).status.getCode());
            assertEquals(0, results.get(3).requiredSize);
            assertEquals(0, values.get(3).limit());
            for (ByteBuffer k : keys) assertEquals(2, k.position(), "keys are not moved");

            // one family for every key, one per key; heap buffers work too
            List<ByteBuffer> heap = List.of(ByteBuffer.allocate(8), ByteBuffer.allocate(8));
            List<ByteBufferGetStatus> one = db.multiGetByteBuffers(List.of(second),
                    List.of(ByteBuffer.wrap(bytes("k2")), ByteBuffer.wrap(bytes("k1"))), heap);
            assertEquals(Status.Code.Ok, one.get(0).status.getCode());
            assertEquals(Status.Code.NotFound, one.get(1).status.getCode());
            List<ByteBufferGetStatus> each = db.multiGetByteBuffers(new ReadOptions(), Arrays.asList(second, null),
                    List.of(ByteBuffer.wrap(bytes("k2")), ByteBuffer.wrap(bytes("k1"))),
                    List.of(ByteBuffer.allocate(8), ByteBuffer.allocate(16)));
            assertEquals(2, each.get(0).requiredSize);
            assertEquals(9, each.get(1).requiredSize);
            assertEquals(0, db.multiGetByteBuffers(List.of(), List.of()).size());
            assertEquals(1, db.multiGetByteBuffers(ReadOptions.DEFAULT, List.of(direct("k1")),
                    List.of(ByteBuffer.allocateDirect(16))).size());

            // refusals before any native call
            assertThrows(IllegalArgumentException.class, () -> db.multiGetByteBuffers(List.of(direct("k1")), List.of()));
            assertThrows(IllegalArgumentException.class, () -> db.multiGetByteBuffers(List.of(second, second),
                    List.of(direct("a"), direct("b"), direct("c")), List.of(ByteBuffer.allocate(1),
                            ByteBuffer.allocate(1), ByteBuffer.allocate(1))));
            assertThrows(IllegalArgumentException.class, () -> db.multiGetByteBuffers(List.of(direct("k1")),
                    List.of(ByteBuffer.allocateDirect(8).asReadOnlyBuffer())));
            assertThrows(NullPointerException.class, () -> db.multiGetByteBuffers(Arrays.asList(direct("k1"), null),
                    List.of(ByteBuffer.allocate(1), ByteBuffer.allocate(1))));
            try (RocksDB other = TestSupport.openFresh(dir.resolve("other"))) {
                assertThrows(IllegalArgumentException.class, () -> other.multiGetByteBuffers(List.of(second),
                        List.of(direct("k2")), List.of(ByteBuffer.allocate(8))));
            }
        }
    }

    // ---- opens by string, and RocksJava's other overloads --------------------------------------------

    @Test
    void stringPathsAndRocksJavasOverloads() throws RocksDBException {
        String path = dir.resolve("db").toString();
        assertArrayEquals(bytes("default"), RocksDB.DEFAULT_COLUMN_FAMILY);
        RocksDB.loadLibrary();
        try (RocksDB db = RocksDB.open(path)) {
            assertEquals(Path.of(path).toAbsolutePath().toString(), db.getName());
            byte[] buffer = bytes("xxKEYxxVALUExx");
            db.put(buffer, 2, 3, buffer, 7, 5);
            assertEquals("VALUE", string(db.get(bytes("KEY"))));
            assertEquals("VALUE", string(db.get(buffer, 2, 3)));
            assertEquals("VALUE", string(db.get(db.getDefaultColumnFamily(), buffer, 2, 3)));
            assertEquals("VALUE", string(db.get(ReadOptions.DEFAULT, buffer, 2, 3)));
            byte[] out = new byte[8];
            assertEquals(5, db.get(buffer, 2, 3, out, 1, 7));
            assertEquals("VALUE", new String(out, 1, 5));
            assertEquals(RocksDB.NOT_FOUND, db.get(db.getDefaultColumnFamily(), buffer, 0, 2, out, 0, 8));
            Holder<byte[]> holder = new Holder<>();
            assertTrue(db.keyMayExist(buffer, 2, 3, holder));
            assertEquals("VALUE", string(holder.getValue()));
            assertTrue(db.keyMayExist(bytes("KEY"), null));
            assertTrue(db.keyMayExist(db.getDefaultColumnFamily(), bytes("KEY"), new Holder<>()));
            assertTrue(db.keyMayExist(ReadOptions.DEFAULT, buffer, 2, 3, null));
            assertThrows(IndexOutOfBoundsException.class, () -> db.get(buffer, 12, 3));
            assertThrows(IndexOutOfBoundsException.class, () -> db.keyMayExist(buffer, -1, 3, null));
            assertThrows(IndexOutOfBoundsException.class, () -> db.delete(buffer, 13, 3));
            db.delete(buffer, 2, 3);
            assertNull(db.get(bytes("KEY")));
            db.put(bytes("m"), bytes("x"));
            db.delete(WriteOptions.DEFAULT, ByteBuffer.wrap(bytes("m")));
            assertNull(db.get(bytes("m")));
            assertEquals(1, db.getApproximateSizes(List.of(new Range(bytes("a"), bytes("z")))).length);
            List<ColumnFamilyHandle> made = db.createColumnFamilies(new ColumnFamilyOptions(),
                    List.of(bytes("one"), bytes("two")));
            assertEquals("two", string(made.get(1).getName()));
            db.dropColumnFamilies(made);
            for (ColumnFamilyHandle h : made) db.destroyColumnFamilyHandle(h);
            assertTrue(made.get(0).isReleased());
        }
        try (RocksDB ro = RocksDB.openReadOnly(path)) {
            assertTrue(ro.isReadOnly());
        }
        // the flag reaches the engine: the DB's WAL holds unflushed writes
        RocksDBException wal = assertThrows(RocksDBException.class, () -> RocksDB.openReadOnly(new Options(), path, true));
        assertEquals(Status.Code.Corruption, wal.getStatus().getCode());
        assertEquals(List.of("default"), RocksDB.listColumnFamilies(new Options(), path).stream()
                .map(TestSupport::string).toList());
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = RocksDB.open(path, List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY)), handles)) {
            assertTrue(handles.get(0).isDefaultColumnFamily());
            // unflushed writes again, for the errorIfWalFileExists open below: after a session that
            // wrote nothing, RocksDB 11.8.1 left no WAL file to refuse
            db.put(bytes("wal"), bytes("data"));
        }
        try (RocksDB ro = RocksDB.openReadOnly(path, List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY)),
                handles)) {
            assertEquals(1, handles.size());
        }
        try (RocksDB ro = RocksDB.openReadOnly(new DBOptions(), path,
                List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY)), handles, false)) {
            assertTrue(ro.isReadOnly());
        }
        assertThrows(RocksDBException.class, () -> RocksDB.openReadOnly(new DBOptions(), path,
                List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY)), new ArrayList<>(), true));
        // RocksJava's open(String, List, List) does not create a missing DB
        assertThrows(RocksDBException.class, () -> RocksDB.open(dir.resolve("none").toString(),
                List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY)), new ArrayList<>()));
        assertThrows(NullPointerException.class, () -> RocksDB.open(new DBOptions(), (String) null, List.of(), handles));
        RocksDB closing = RocksDB.open(path);
        closing.closeE();
        assertFalse(closing.isOpen());
    }

    @Test
    void rocksJavasSmallerTypes() throws Exception {
        HistogramData h = new HistogramData(1, 2, 3, 4, 5, 6, 0.5, 7, 8);
        assertEquals(1, h.getMedian());
        assertEquals(2, h.getPercentile95());
        assertEquals(3, h.getPercentile99());
        assertEquals(4, h.getAverage());
        assertEquals(5, h.getStandardDeviation());
        assertEquals(6, h.getMax());
        assertEquals(0.5, h.getMin());
        assertEquals(7, h.getCount());
        assertEquals(8, h.getSum());
        try (Filter f = new BloomFilter(10)) {
            assertEquals(f, new BlockBasedTableConfig().setFilter(f).filterPolicy());
        }
        ReadOptions ro = new ReadOptions(false, false);
        assertFalse(ro.verifyChecksums());
        assertFalse(ro.fillCache());
        assertEquals(java.time.Duration.ofMillis(5), ro.setDeadline(5000L).deadline());
        assertEquals(java.time.Duration.ofMillis(7), ro.setIoTimeout(7000L).ioTimeout());
        assertThrows(IllegalArgumentException.class, () -> ro.setDeadline(-1L));
        WriteOptions wo = new WriteOptions().setSync(true).setDisableWAL(false).setLowPri(true);
        WriteOptions copy = new WriteOptions(wo);
        assertTrue(copy.sync() && copy.lowPri());
        copy.setSync(false);
        assertTrue(wo.sync(), "the copy changes on its own");
        assertEquals("Env{default}", Env.getDefault().toString());
    }
}
