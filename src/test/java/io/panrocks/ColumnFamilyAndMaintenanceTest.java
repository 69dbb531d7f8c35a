package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import io.panrocks.testkit.TestBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

class ColumnFamilyAndMaintenanceTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    @TempDir
    Path dir;

    static Set<String> names(List<byte[]> names) {
        Set<String> s = new TreeSet<>();
        for (byte[] n : names) s.add(string(n));
        return s;
    }

    @Test
    void createListDropAndReopenColumnFamilies() throws RocksDBException {
        try (RocksDB db = fixture.db()) {
            ColumnFamilyHandle users = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("users"),
                    new ColumnFamilyOptions().setWriteBufferSize(1 << 20)));
            List<ColumnFamilyHandle> more = db.createColumnFamilies(List.of(
                    new ColumnFamilyDescriptor(bytes("orders")), new ColumnFamilyDescriptor(bytes("tmp"))));
            db.put(users, bytes("alice"), bytes("1"));
            db.put(more.get(0), bytes("alice"), bytes("order-1"));
            db.put(bytes("alice"), bytes("default"));
            assertEquals("1", string(db.get(users, bytes("alice"))));
            assertEquals("order-1", string(db.get(more.get(0), bytes("alice"))));
            assertEquals("default", string(db.get(db.getDefaultColumnFamily(), bytes("alice"))));
            assertEquals("users", string(users.getName()));
            assertTrue(users.getID() > 0);
            db.dropColumnFamily(more.get(1));
            more.get(1).close();
            assertThrows(IllegalStateException.class, () -> db.get(more.get(1), bytes("x")));
            RocksDBException exists = assertThrows(RocksDBException.class,
                    () -> db.createColumnFamily(new ColumnFamilyDescriptor(bytes("users"))));
            assertEquals(Status.Code.InvalidArgument, exists.code());
        }
        assertEquals(Set.of("default", "users", "orders"), names(RocksDB.listColumnFamilies(new Options(), fixture.dir())));

        // all existing families must be named at open
        RocksDBException missing = assertThrows(RocksDBException.class, () -> RocksDB.open(new DBOptions(), fixture.dir(),
                List.of(new ColumnFamilyDescriptor(bytes("default"))), new ArrayList<>()));
        assertEquals(Status.Code.InvalidArgument, missing.code());

        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = RocksDB.open(new DBOptions().setCreateMissingColumnFamilies(true), fixture.dir(),
                List.of(new ColumnFamilyDescriptor(bytes("default")), new ColumnFamilyDescriptor(bytes("users")),
                        new ColumnFamilyDescriptor(bytes("orders")), new ColumnFamilyDescriptor(bytes("created"))),
                handles)) {
            assertEquals(4, handles.size());
            assertTrue(handles.get(0).isDefaultColumnFamily());
            assertEquals("1", string(db.get(handles.get(1), bytes("alice"))));
            assertEquals("order-1", string(db.get(handles.get(2), bytes("alice"))));
            assertNull(db.get(handles.get(3), bytes("alice")));
            db.put(handles.get(3), bytes("k"), bytes("v"));
            try (WriteBatch batch = new WriteBatch()) {
                batch.put(handles.get(1), bytes("bob"), bytes("2")).delete(handles.get(2), bytes("alice"));
                db.write(WriteOptions.DEFAULT, batch);
            }
            assertEquals(List.of("2", "1"), List.of(string(db.get(handles.get(1), bytes("bob"))),
                    string(db.get(handles.get(1), bytes("alice")))));
            assertNull(db.get(handles.get(2), bytes("alice")));
            List<byte[]> values = db.multiGetAsList(List.of(handles.get(1), handles.get(0), handles.get(1)),
                    List.of(bytes("alice"), bytes("alice"), bytes("nobody")));
            assertEquals("1", string(values.get(0)));
            assertEquals("default", string(values.get(1)));
            assertNull(values.get(2));
        }
        for (ColumnFamilyHandle h : handles) {
            assertTrue(h.isReleased(), "handles close with their DB");
        }
    }

    @Test
    void handlesOfAnotherDbAreRejected(RocksDB a, @OpenDbExtension.Other RocksDB b) throws RocksDBException {
        ColumnFamilyHandle h = a.createColumnFamily(new ColumnFamilyDescriptor(bytes("cf")));
        assertThrows(IllegalArgumentException.class, () -> b.get(h, bytes("k")));
    }

    @Test
    void readOnlyOpenWithFamilies() throws RocksDBException {
        try (RocksDB db = fixture.db()) {
            ColumnFamilyHandle cf = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("cf")));
            db.put(cf, bytes("k"), bytes("v"));
        }
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB ro = RocksDB.openReadOnly(new DBOptions(), fixture.dir(), List.of(new ColumnFamilyDescriptor(bytes("default")),
                new ColumnFamilyDescriptor(bytes("cf"))), handles)) {
            assertEquals("v", string(ro.get(handles.get(1), bytes("k"))));
            assertEquals(Status.Code.NotSupported,
                    assertThrows(RocksDBException.class, () -> ro.put(handles.get(1), bytes("k"), bytes("w"))).code());
        }
    }

    @Test
    void optionsReachTheEngine() throws RocksDBException {
        try (LRUCache cache = new LRUCache(64 << 20)) {
            Options options = new Options().setCreateIfMissing(true).setStatisticsEnabled(true)
                    .setMaxOpenFiles(500).setMaxBackgroundJobs(3).setWriteBufferSize(2 << 20)
                    .setMaxWriteBufferNumber(3).setCompressionType(CompressionType.LZ4_COMPRESSION)
                    .setCompressionPerLevel(List.of(CompressionType.NO_COMPRESSION, CompressionType.SNAPPY_COMPRESSION,
                            CompressionType.ZSTD_COMPRESSION))
                    .setLevel0FileNumCompactionTrigger(8).setMaxBytesForLevelBase(32 << 20)
                    .setTargetFileSizeBase(8 << 20).setWalRecoveryMode(WALRecoveryMode.PointInTimeRecovery)
                    .setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(cache).setBlockSize(8192)
                            .setFilterPolicy(new BloomFilter(10)).setCacheIndexAndFilterBlocks(true));
            try (RocksDB db = fixture.open(options)) {
                for (int i = 0; i < 5000; i++) db.put(bytes("key" + i), TestBytes.randomBytes(i, 200));
                db.flush();
                for (int i = 0; i < 5000; i++) assertNotNull(db.get(bytes("key" + i)));
                String stats = db.getProperty("rocksdb.stats");
                assertTrue(stats.contains("Compaction Stats"), stats);
                String cfOptions = db.getProperty("rocksdb.cfstats");
                assertNotNull(cfOptions);
                assertEquals(5000, db.getLongProperty("rocksdb.estimate-num-keys"), 500);
                assertEquals(-1, db.getLongProperty("rocksdb.no-such-property"));
                assertNull(db.getProperty("rocksdb.no-such-property"));
                assertTrue(cache.getUsage() > 0, "the shared cache holds the DB's blocks");
                Statistics statistics = db.getStatistics();
                assertTrue(statistics.getTickerCount(TickerType.NUMBER_KEYS_WRITTEN) >= 5000);
                assertTrue(statistics.getTickerCount(TickerType.BLOCK_CACHE_DATA_HIT)
                        + statistics.getTickerCount(TickerType.BLOCK_CACHE_DATA_MISS) > 0);
                HistogramData gets = statistics.getHistogramData(HistogramType.DB_GET_MICROS);
                assertEquals(5000, gets.count());
                assertEquals(-1, statistics.getTickerCount("rocksdb.not.a.ticker"));
                statistics.reset();
                assertEquals(0, statistics.getTickerCount(TickerType.NUMBER_KEYS_WRITTEN));
                long[] sizes = db.getApproximateSizes(null, List.of(new Range(bytes("key"), bytes("kez")),
                        new Range(bytes("a"), bytes("b"))), SizeApproximationFlag.INCLUDE_FILES);
                assertTrue(sizes[0] > 0);
                assertEquals(0, sizes[1]);
            }
            // a bad raw option is RocksDB's InvalidArgument, at open
            RocksDBException bad = assertThrows(RocksDBException.class,
                    () -> RocksDB.open(new Options().setRawDBOption("not_an_option", "1"), fixture.dir()));
            assertEquals(Status.Code.InvalidArgument, bad.code());
            assertTrue(bad.getMessage().contains("not_an_option"), bad.getMessage());
        }
    }

    @Test
    void invalidOptionValuesFailAtTheSetterNamingTheOption() {
        Options o = new Options();
        assertMessage("maxOpenFiles", () -> o.setMaxOpenFiles(-2));
        assertMessage("maxBackgroundJobs", () -> o.setMaxBackgroundJobs(0));
        assertMessage("writeBufferSize", () -> o.setWriteBufferSize(0));
        assertMessage("maxWriteBufferNumber", () -> o.setMaxWriteBufferNumber(0));
        assertMessage("numLevels", () -> o.setNumLevels(0));
        assertMessage("compressionPerLevel", () -> o.setCompressionPerLevel(List.of()));
        assertMessage("maxBytesForLevelMultiplier", () -> o.setMaxBytesForLevelMultiplier(-1));
        assertMessage("prefixExtractor", () -> o.useFixedLengthPrefixExtractor(0));
        assertMessage("walDir", () -> o.setWalDir("a;b"));
        assertMessage("bitsPerKey", () -> new BloomFilter(0));
        assertMessage("capacity", () -> new LRUCache(-1));
        assertMessage("numShardBits", () -> new LRUCache(1, 40));
        assertMessage("blockSize", () -> new BlockBasedTableConfig().setBlockSize(0));
        assertMessage("formatVersion", () -> new BlockBasedTableConfig().setFormatVersion(9));
        assertMessage("adaptiveReadThreshold", () -> o.setAdaptiveReadThreshold(-1));
        assertMessage("readaheadSize", () -> new ReadOptions().setReadaheadSize(-5));
        assertMessage("deadline", () -> new ReadOptions().setDeadline(java.time.Duration.ofSeconds(-1)));
        assertMessage("column family name", () -> new ColumnFamilyDescriptor(new byte[0]));
    }

    private static void assertMessage(String option, org.junit.jupiter.api.function.Executable e) {
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, e);
        assertTrue(x.getMessage().contains(option), "message names " + option + ": " + x.getMessage());
    }

    @Test
    void sharedCacheAcrossTwoDbsAndClosedCache() throws RocksDBException {
        LRUCache cache = new LRUCache(8 << 20);
        BlockBasedTableConfig table = new BlockBasedTableConfig().setBlockCache(cache);
        try (RocksDB a = RocksDB.open(new Options().setCreateIfMissing(true).setTableFormatConfig(table), dir.resolve("a"));
             RocksDB b = RocksDB.open(new Options().setCreateIfMissing(true).setTableFormatConfig(table), dir.resolve("b"))) {
            a.put(bytes("k"), TestBytes.randomBytes(1, 10_000));
            b.put(bytes("k"), TestBytes.randomBytes(2, 10_000));
            a.flush();
            b.flush();
            a.get(bytes("k"));
            b.get(bytes("k"));
            assertTrue(cache.getUsage() >= 20_000);
            cache.close(); // the DBs keep their own reference
            assertArrayEquals(TestBytes.randomBytes(2, 10_000), b.get(bytes("k")));
        }
        assertThrows(IllegalStateException.class, () -> RocksDB.open(new Options().setTableFormatConfig(table), dir.resolve("a")));
    }

    @Test
    void dbIdentityIsStableAcrossReopensAndDiffersBetweenDbs() throws RocksDBException {
        String first;
        try (RocksDB db = RocksDB.open(dir.resolve("a"))) {
            first = db.getDbIdentity();
            assertFalse(first.isBlank());
            assertEquals(first, db.getDbIdentity());
        }
        try (RocksDB again = RocksDB.open(dir.resolve("a")); RocksDB other = RocksDB.open(dir.resolve("b"))) {
            assertEquals(first, again.getDbIdentity(), "the identity survives a reopen");
            assertNotEquals(first, other.getDbIdentity(), "two DBs, two identities");
        }
        RocksDB closed = RocksDB.open(dir.resolve("a"));
        closed.close();
        assertThrows(IllegalStateException.class, closed::getDbIdentity);
    }
}
