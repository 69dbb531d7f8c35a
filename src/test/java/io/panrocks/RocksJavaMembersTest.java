package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import io.panrocks.testkit.TestBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Members RocksJava 9.11.2's tests use (issue 23): {@code keyExists},
 * {@code keyMayExist} over ByteBuffers with its {@link KeyMayExist} answer,
 * {@code destroyDB}, {@code syncWal}, on the real engine.
 */
class RocksJavaMembersTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    @TempDir
    Path dir;

    private static ByteBuffer direct(byte[] b, int at) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(b.length + at + 3);
        buffer.position(at).put(b).flip().position(at);
        return buffer;
    }

    private static ByteBuffer heap(byte[] b, int at) {
        ByteBuffer buffer = ByteBuffer.allocate(b.length + at + 3);
        buffer.position(at).put(b).flip().position(at);
        return buffer;
    }

    // ---- keyExists -----------------------------------------------------------------

    @Test
    void keyExistsIsADefiniteAnswerInEveryForm() throws RocksDBException {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true),
                dir.toString(), List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY),
                        new ColumnFamilyDescriptor(bytes("second"))), handles)) {
            ColumnFamilyHandle second = handles.get(1);
            db.put(bytes("key"), bytes("value"));
            db.put(second, bytes("other"), new byte[0]); // an empty value exists too
            ReadOptions ro = new ReadOptions();

            assertTrue(db.keyExists(bytes("key")));
            assertFalse(db.keyExists(bytes("missing")));
            assertTrue(db.keyExists(bytes("xkeyx"), 1, 3));
            assertFalse(db.keyExists(bytes("xkeyx"), 0, 3));
            assertTrue(db.keyExists(ro, bytes("key")));
            assertTrue(db.keyExists(ro, bytes("xkeyx"), 1, 3));
            assertTrue(db.keyExists(second, bytes("other")));
            assertFalse(db.keyExists(second, bytes("key")));
            assertFalse(db.keyExists(bytes("other")));
            assertTrue(db.keyExists(second, bytes("-other"), 1, 5));
            assertTrue(db.keyExists(second, ro, bytes("other")));
            assertTrue(db.keyExists(second, ro, bytes("--other"), 2, 5));
            assertTrue(db.keyExists((ColumnFamilyHandle) null, ro, bytes("key")));

            ByteBuffer d = direct(bytes("key"), 2);
            assertTrue(db.keyExists(d));
            assertEquals(2, d.position(), "keyExists leaves the key's position (as RocksJava)");
            assertTrue(db.keyExists(heap(bytes("key"), 5)));
            assertTrue(db.keyExists(heap(bytes("key"), 0).asReadOnlyBuffer()));
            assertFalse(db.keyExists(direct(bytes("missing"), 1)));
            assertTrue(db.keyExists(second, direct(bytes("other"), 0)));
            assertTrue(db.keyExists(ro, heap(bytes("key"), 1)));
            assertTrue(db.keyExists(second, ro, heap(bytes("other"), 1)));

            // deleted: gone; a snapshot still sees it
            try (Snapshot before = db.getSnapshot()) {
                db.delete(bytes("key"));
                assertFalse(db.keyExists(bytes("key")));
                assertFalse(db.keyExists(direct(bytes("key"), 0)));
                assertTrue(db.keyExists(new ReadOptions().setSnapshot(before), bytes("key")));
            }
        }
    }

    @Test
    void keyExistsHasNoFalsePositiveWhereKeyMayExistHasOne(RocksDB db) throws RocksDBException {
        db.put(bytes("a"), bytes("1"));
        db.put(bytes("c"), bytes("3"));
        db.flush(new FlushOptions());
        // "b" lies inside the SST file's range, no bloom filter: the memory-only
        // probe cannot rule it out without reading the data block
        assertTrue(db.keyMayExist(bytes("b")), "precondition: keyMayExist answers maybe");
        assertFalse(db.keyExists(bytes("b")));
        assertFalse(db.keyExists(direct(bytes("b"), 0)));
        assertTrue(db.keyExists(bytes("c")));
    }

    @Test
    void keyExistsRefusesBadInputBeforeTheEngine(RocksDB db) throws RocksDBException {
        assertThrows(IndexOutOfBoundsException.class, () -> db.keyExists(bytes("key"), 1, 3));
        assertThrows(IndexOutOfBoundsException.class, () -> db.keyExists(bytes("key"), -1, 2));
        assertEquals("key", assertThrows(NullPointerException.class, () -> db.keyExists((byte[]) null)).getMessage());
        assertEquals("key", assertThrows(NullPointerException.class, () -> db.keyExists((ByteBuffer) null)).getMessage());
        assertEquals("readOptions", assertThrows(NullPointerException.class,
                () -> db.keyExists((ReadOptions) null, bytes("k"))).getMessage());
        db.close();
        assertThrows(IllegalStateException.class, () -> db.keyExists(bytes("key")));
        assertThrows(IllegalStateException.class, () -> db.keyExists(direct(bytes("key"), 0)));
    }

    // ---- keyMayExist over ByteBuffers --------------------------------------------------

    @Test
    void keyMayExistWithAValueBufferFollowsRocksJavasContract(RocksDB db) throws RocksDBException {
        byte[] value = bytes("the-value");
        db.put(bytes("key"), value);
        for (boolean isDirect : new boolean[]{true, false}) {
            ByteBuffer v = isDirect ? ByteBuffer.allocateDirect(value.length + 24) : ByteBuffer.allocate(value.length + 24);
            v.position(12);
            ByteBuffer k = direct(bytes("key"), 1);
            KeyMayExist answer = db.keyMayExist(k, v);
            assertEquals(new KeyMayExist(KeyMayExist.KeyMayExistEnum.kExistsWithValue, value.length), answer);
            assertEquals(k.limit(), k.position(), "the key's position moves to its limit");
            assertEquals(12, v.position());
            assertEquals(12 + value.length, v.limit());
            byte[] got = new byte[value.length];
            v.get(got);
            assertArrayEquals(value, got);

            // too small: as much as fits, the full length reported
            v.limit(value.length + 24).position(25);
            answer = db.keyMayExist(new ReadOptions(), heap(bytes("key"), 0), v);
            assertEquals(KeyMayExist.KeyMayExistEnum.kExistsWithValue, answer.exists);
            assertEquals(value.length, answer.valueLength);
            assertEquals(25, v.position());
            assertEquals(24 + value.length, v.limit());
            got = new byte[value.length - 1];
            v.get(got);
            assertArrayEquals(java.util.Arrays.copyOf(value, value.length - 1), got);

            // absent: nothing copied, limit at position
            v.clear().position(3);
            answer = db.keyMayExist((ColumnFamilyHandle) null, heap(bytes("nope"), 2), v);
            assertEquals(new KeyMayExist(KeyMayExist.KeyMayExistEnum.kNotExist, 0), answer);
            assertEquals(3, v.position());
            assertEquals(3, v.limit());
        }
    }

    @Test
    void keyMayExistFillsALargeHeapBufferWhole(RocksDB db) throws RocksDBException {
        byte[] big = TestBytes.randomBytes(7, 300_000); // larger than a thread's scratch buffer
        db.put(bytes("big"), big);
        for (int room : new int[]{big.length + 10, 100_000, 10}) {
            ByteBuffer v = ByteBuffer.allocate(room + 5);
            v.position(5);
            KeyMayExist answer = db.keyMayExist(direct(bytes("big"), 0), v);
            assertEquals(new KeyMayExist(KeyMayExist.KeyMayExistEnum.kExistsWithValue, big.length), answer);
            int copied = Math.min(big.length, room);
            assertEquals(5 + copied, v.limit());
            byte[] got = new byte[copied];
            v.get(got);
            assertArrayEquals(java.util.Arrays.copyOf(big, copied), got, "room " + room);
        }
    }

    @Test
    void keyMayExistWithoutTheValueInMemorySaysSo(RocksDB db) throws RocksDBException {
        db.put(bytes("a"), bytes("1"));
        db.put(bytes("c"), bytes("3"));
        db.flush(new FlushOptions());
        ByteBuffer v = ByteBuffer.allocateDirect(16);
        KeyMayExist answer = db.keyMayExist(new ReadOptions(), direct(bytes("c"), 0), v);
        assertEquals(new KeyMayExist(KeyMayExist.KeyMayExistEnum.kExistsWithoutValue, 0), answer);
        assertEquals(0, v.limit());
    }

    @Test
    void keyMayExistOverAByteBufferMovesTheKeyAndAnswers() throws RocksDBException {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true),
                dir.toString(), List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY),
                        new ColumnFamilyDescriptor(bytes("second"))), handles)) {
            db.put(handles.get(1), bytes("key"), bytes("v"));
            ByteBuffer k = heap(bytes("key"), 2);
            assertFalse(db.keyMayExist(k), "an empty memtable and no file: certainly absent");
            assertEquals(k.limit(), k.position());
            assertTrue(db.keyMayExist(handles.get(1), direct(bytes("key"), 0)));
            assertTrue(db.keyMayExist(handles.get(1), new ReadOptions(), direct(bytes("key"), 0)));
            assertFalse(db.keyMayExist(new ReadOptions(), direct(bytes("key"), 0)));
            KeyMayExist answer = db.keyMayExist(handles.get(1), direct(bytes("key"), 0), ByteBuffer.allocate(4));
            assertEquals(new KeyMayExist(KeyMayExist.KeyMayExistEnum.kExistsWithValue, 1), answer);
        }
    }

    @Test
    void keyMayExistRefusesBadBuffersBeforeTheEngine(RocksDB db) throws RocksDBException {
        db.put(bytes("key"), bytes("value"));
        ByteBuffer k = direct(bytes("key"), 0);
        assertEquals("value", assertThrows(NullPointerException.class, () -> db.keyMayExist(k, null)).getMessage());
        assertEquals("value buffer is read-only", assertThrows(IllegalArgumentException.class,
                () -> db.keyMayExist(k, ByteBuffer.allocate(8).asReadOnlyBuffer())).getMessage());
        assertEquals("key", assertThrows(NullPointerException.class,
                () -> db.keyMayExist((ByteBuffer) null, ByteBuffer.allocate(8))).getMessage());
        assertEquals(0, k.position(), "a refused call moves nothing");
        assertThrows(IllegalArgumentException.class, () -> new KeyMayExist(KeyMayExist.KeyMayExistEnum.kNotExist, -1));
        db.close();
        assertThrows(IllegalStateException.class, () -> db.keyMayExist(k, ByteBuffer.allocate(8)));
        assertThrows(IllegalStateException.class, () -> db.keyMayExist(k));
    }

    // ---- destroyDB -------------------------------------------------------------------

    @Test
    void destroyDBDeletesTheDbAndItsWalDirectory() throws Exception {
        Path db = fixture.dir();
        Path wal = dir.resolve("wal");
        Options options = new Options().setCreateIfMissing(true).setWalDir(wal.toString());
        try (RocksDB opened = fixture.open(options)) {
            opened.put(bytes("k"), bytes("v"));
            opened.flush(new FlushOptions());
            opened.put(bytes("k2"), bytes("v2")); // in the WAL only
        }
        assertTrue(Files.list(wal).findAny().isPresent(), "precondition: a WAL file");
        RocksDB.destroyDB(db.toString(), options);
        assertFalse(Files.exists(db), "the DB's folder is gone");
        assertFalse(Files.exists(wal), "the WAL folder is gone");
        RocksDBException e = assertThrows(RocksDBException.class, () -> RocksDB.open(new Options(), db));
        assertEquals(Status.Code.InvalidArgument, e.code(), e.getMessage()); // "does not exist"
    }

    @Test
    void destroyDBLeavesFilesRocksDBDidNotWrite() throws Exception {
        Path db = fixture.dir();
        try (RocksDB opened = fixture.db()) {
            opened.put(bytes("k"), bytes("v"));
        }
        Files.writeString(db.resolve("mine.txt"), "keep me");
        RocksDB.destroyDB(db, new Options());
        assertEquals(List.of(db.resolve("mine.txt")), Files.list(db).toList());
    }

    @Test
    void destroyDBRefusesAFolderThisProcessUses() throws Exception {
        Path db = dir.resolve("db");
        Files.createDirectories(dir.resolve("sub"));
        try (RocksDB opened = RocksDB.open(new Options().setCreateIfMissing(true), db)) {
            opened.put(bytes("k"), bytes("v"));
            for (String spelling : List.of(db.toString(), dir.resolve("sub/../db").toString())) {
                RocksDBException e = assertThrows(RocksDBException.class,
                        () -> RocksDB.destroyDB(spelling, new Options()));
                assertEquals(Status.Code.Busy, e.code(), e.getMessage());
                assertTrue(e.getMessage().contains("open in this process"), e.getMessage());
            }
            Path link = Files.createSymbolicLink(dir.resolve("link"), db);
            assertEquals(Status.Code.Busy, assertThrows(RocksDBException.class,
                    () -> RocksDB.destroyDB(link, new Options())).code());
            assertArrayEquals(bytes("v"), opened.get(bytes("k")), "the open DB is untouched");
        }
        try (RocksDB readOnly = RocksDB.openReadOnly(new Options(), db.toString())) {
            assertEquals(Status.Code.Busy, assertThrows(RocksDBException.class,
                    () -> RocksDB.destroyDB(db, new Options())).code());
            assertArrayEquals(bytes("v"), readOnly.get(bytes("k")));
        }
        RocksDB.destroyDB(db, new Options()); // closed: now it goes
        assertFalse(Files.exists(db));
    }

    @Test
    void destroyDBOfAPathWithoutADb() throws Exception {
        Path never = dir.resolve("never");
        RocksDB.destroyDB(never, new Options());
        assertFalse(Files.exists(never));
    }

    @Test
    void destroyDBRefusesBadInput() {
        assertEquals("path", assertThrows(NullPointerException.class,
                () -> RocksDB.destroyDB((String) null, new Options())).getMessage());
        assertEquals("options", assertThrows(NullPointerException.class,
                () -> RocksDB.destroyDB(dir.toString(), null)).getMessage());
        try (RocksMemEnv env = new RocksMemEnv(Env.getDefault())) {
            assertThrows(IllegalArgumentException.class, () -> RocksDB.destroyDB(dir, new Options().setEnv(env)));
        }
    }

    // ---- syncWal ---------------------------------------------------------------------

    @Test
    void syncWalMakesUnsyncedWritesDurableOnEveryKindOfDb() throws Exception {
        try (RocksDB db = fixture.db()) {
            db.put(new WriteOptions().setSync(false), bytes("k"), bytes("v"));
            db.syncWal();
        }
        try (TransactionDB db = TransactionDB.open(new Options().setCreateIfMissing(true), new TransactionDBOptions(),
                dir.resolve("txn"))) {
            db.put(bytes("k"), bytes("v"));
            db.syncWal();
        }
        try (OptimisticTransactionDB db = OptimisticTransactionDB.open(new Options().setCreateIfMissing(true),
                dir.resolve("optimistic"))) {
            db.put(bytes("k"), bytes("v"));
            db.syncWal();
        }
        try (RocksDB readOnly = RocksDB.openReadOnly(new Options(), fixture.dir().toString())) {
            RocksDBException e = assertThrows(RocksDBException.class, readOnly::syncWal);
            assertEquals(Status.Code.NotSupported, e.code(), e.getMessage());
        }
        RocksDB closed = fixture.db();
        closed.close();
        assertThrows(IllegalStateException.class, closed::syncWal);
    }

    // ---- tableFactoryName --------------------------------------------------------------

    @Test
    void tableFactoryNameIsTheEnginesNameOfTheBlockBasedTable() throws Exception {
        assertEquals("BlockBasedTable", new Options().tableFactoryName());
        assertEquals("BlockBasedTable", new ColumnFamilyOptions().tableFactoryName());
        Options options = new Options().setCreateIfMissing(true)
                .setTableFormatConfig(new BlockBasedTableConfig().setBlockSize(8192));
        assertEquals("BlockBasedTable", options.tableFactoryName());
        try (RocksDB db = fixture.open(options)) {
            db.put(bytes("k"), bytes("v"));
            db.flush(new FlushOptions());
            // the engine's own name, as its OPTIONS file records it
            Path optionsFile;
            try (var files = Files.list(fixture.dir())) {
                optionsFile = files.filter(f -> f.getFileName().toString().startsWith("OPTIONS-")).max(Path::compareTo)
                        .orElseThrow();
            }
            assertTrue(Files.readString(optionsFile).contains("[TableOptions/" + options.tableFactoryName()
                    + " \"default\"]"), "the OPTIONS file names the factory");
        }
    }

    // ---- BlockBasedTableConfig: blockCacheSize, readAmpBytesPerBit, useDeltaEncoding ------

    private static String latestOptionsFile(Path db) throws java.io.IOException {
        try (var files = Files.list(db)) {
            return Files.readString(files.filter(f -> f.getFileName().toString().startsWith("OPTIONS-"))
                    .max(Path::compareTo).orElseThrow());
        }
    }

    @Test
    @SuppressWarnings("deprecation")
    void blockBasedTableSettingsOfRocksJavaReachTheEngine() throws Exception {
        BlockBasedTableConfig table = new BlockBasedTableConfig();
        assertEquals(32L << 20, table.blockCacheSize(), "RocksDB's own cache when none is named");
        assertEquals(0, table.readAmpBytesPerBit());
        assertTrue(table.useDeltaEncoding());
        table.setBlockCacheSize(1 << 20).setReadAmpBytesPerBit(32).setUseDeltaEncoding(false);
        assertEquals(1 << 20, table.blockCacheSize());
        assertEquals(32, table.readAmpBytesPerBit());
        assertFalse(table.useDeltaEncoding());

        try (Statistics statistics = new Statistics();
             RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setStatistics(statistics)
                     .setTableFormatConfig(table))) {
            assertEquals(Long.toString(1 << 20), db.getProperty("rocksdb.block-cache-capacity"));
            for (int i = 0; i < 100; i++) db.put(bytes(String.format("key-%03d", i)), bytes("value-" + i));
            db.flush(new FlushOptions());
            for (int i = 0; i < 100; i++) assertArrayEquals(bytes("value-" + i), db.get(bytes(String.format("key-%03d", i))));
            assertTrue(statistics.getTickerCount(TickerType.READ_AMP_TOTAL_READ_BYTES) > 0,
                    "read amplification is tracked for the blocks read");
            String written = latestOptionsFile(fixture.dir());
            assertTrue(written.contains("read_amp_bytes_per_bit=32"), written);
            assertTrue(written.contains("use_delta_encoding=false"), written);
        }
    }

    @Test
    @SuppressWarnings("deprecation")
    void aCacheObjectWinsOverABlockCacheSize() throws Exception {
        try (LRUCache cache = new LRUCache(2 << 20);
             RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setTableFormatConfig(
                     new BlockBasedTableConfig().setBlockCacheSize(1 << 20).setBlockCache(cache)))) {
            assertEquals(Long.toString(2 << 20), db.getProperty("rocksdb.block-cache-capacity"));
        }
    }

    @Test
    @SuppressWarnings("deprecation")
    void blockBasedTableSettingsRefuseNegativeValues() {
        BlockBasedTableConfig table = new BlockBasedTableConfig();
        assertEquals("blockCacheSize must not be negative: -1 (for no block cache, use setNoBlockCache(true))",
                assertThrows(IllegalArgumentException.class, () -> table.setBlockCacheSize(-1)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> table.setReadAmpBytesPerBit(-1));
        assertEquals(32L << 20, table.blockCacheSize(), "a refused value changes nothing");
        assertEquals(0, table.readAmpBytesPerBit());
    }

    // ---- isOwningHandle, backupEnv ----------------------------------------------------------

    @Test
    void handlesAndBatchesOwnTheirNativeHandleUntilClosed(RocksDB db) throws RocksDBException {
        ColumnFamilyHandle one = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("one")));
        ColumnFamilyHandle two = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("two")));
        assertTrue(one.isOwningHandle());
        db.dropColumnFamily(one);
        assertTrue(one.isOwningHandle(), "dropping the family keeps the handle");
        db.destroyColumnFamilyHandle(one);
        assertFalse(one.isOwningHandle());
        assertTrue(two.isOwningHandle());
        WriteBatch batch = new WriteBatch();
        assertTrue(batch.isOwningHandle());
        batch.close();
        assertFalse(batch.isOwningHandle());
        db.close();
        assertFalse(two.isOwningHandle(), "the DB's close releases its handles");
    }

    @Test
    void backupEnvIsRocksDBsDefault() {
        assertNull(new BackupEngineOptions(dir).backupEnv());
    }

    // ---- db_paths, cf_paths -------------------------------------------------------------

    private static List<String> sstFiles(Path folder) throws java.io.IOException {
        if (!Files.isDirectory(folder)) return List.of();
        try (var files = Files.list(folder)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".sst")).sorted().toList();
        }
    }

    @Test
    void sstFilesLandInTheDbPathsAndCfPaths() throws Exception {
        Path db = dir.resolve("db");
        Path data = dir.resolve("data");
        Path familyData = dir.resolve("family-data");
        DBOptions options = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true)
                .setDbPaths(List.of(new DbPath(data, 1L << 30)));
        assertEquals(List.of(new DbPath(data, 1L << 30)), options.dbPaths());
        ColumnFamilyOptions familyOptions = new ColumnFamilyOptions().setCfPaths(List.of(new DbPath(familyData, 1L << 30)));
        List<ColumnFamilyDescriptor> descriptors = List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY),
                new ColumnFamilyDescriptor(bytes("family"), familyOptions));
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB opened = RocksDB.open(options, db, descriptors, handles)) {
            opened.put(bytes("k"), bytes("v"));
            opened.put(handles.get(1), bytes("fk"), bytes("fv"));
            opened.flush(new FlushOptions(), handles);
            ColumnFamilyHandle created = opened.createColumnFamily(new ColumnFamilyDescriptor(bytes("created"),
                    new ColumnFamilyOptions().setCfPaths(List.of(new DbPath(familyData, 1L << 30)))));
            opened.put(created, bytes("ck"), bytes("cv"));
            opened.flush(new FlushOptions(), List.of(created));
            assertEquals(1, sstFiles(data).size(), "the default family's file: " + sstFiles(data));
            assertEquals(2, sstFiles(familyData).size(), "the two families' files: " + sstFiles(familyData));
            assertEquals(List.of(), sstFiles(db), "none in the DB's directory");

            // a data path in use is the DB's: destroyDB of another DB naming it is refused
            RocksDBException e = assertThrows(RocksDBException.class, () -> RocksDB.destroyDB(dir.resolve("other"),
                    new Options().setDbPaths(List.of(new DbPath(data, 0)))));
            assertEquals(Status.Code.Busy, e.code(), e.getMessage());
            assertEquals(1, sstFiles(data).size());
        }
        handles.clear();
        try (RocksDB reopened = RocksDB.open(options, db, List.of(descriptors.get(0), descriptors.get(1),
                new ColumnFamilyDescriptor(bytes("created"), familyOptions)), handles)) {
            assertArrayEquals(bytes("v"), reopened.get(bytes("k")));
            assertArrayEquals(bytes("fv"), reopened.get(handles.get(1), bytes("fk")));
            assertArrayEquals(bytes("cv"), reopened.get(handles.get(2), bytes("ck")));
        }
        RocksDB.destroyDB(db, new Options(options, new ColumnFamilyOptions()));
        assertEquals(List.of(), sstFiles(data), "destroyDB cleans the data paths");
        assertFalse(Files.exists(db));
    }

    @Test
    void dbPathsRefuseBadValues() {
        assertThrows(NullPointerException.class, () -> new DbPath(null, 1));
        assertEquals("targetSize must not be negative: -1",
                assertThrows(IllegalArgumentException.class, () -> new DbPath(dir, -1)).getMessage());
        java.util.List<DbPath> withNull = new ArrayList<>();
        withNull.add(null);
        DBOptions options = new DBOptions();
        assertThrows(NullPointerException.class, () -> options.setDbPaths(withNull));
        assertThrows(NullPointerException.class, () -> new ColumnFamilyOptions().setCfPaths(null));
        assertEquals(List.of(), options.dbPaths(), "a refused list changes nothing");
        assertEquals(new DbPath(dir, 5), new DbPath(dir, 5));
        assertNotEquals(new DbPath(dir, 5), new DbPath(dir, 6));
    }
}
