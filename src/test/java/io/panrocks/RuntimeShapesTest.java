package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * RocksJava's runtime types on the real engine: the top-level built-in
 * merge operators, a compaction's full {@link CompactionJobStats} and file
 * names through a listener, the standalone stats and info, an iterator's
 * key and value into arrays, and a write batch's byte limit.
 */
class RuntimeShapesTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    @TempDir
    Path dir;

    @Test
    void theTopLevelBuiltInMergeOperatorsMergeInTheEngineAndCloseAsNoOps() throws Exception {
        try (StringAppendOperator append = new StringAppendOperator('|');
             Options options = new Options().setCreateIfMissing(true).setMergeOperator(append);
             RocksDB db = RocksDB.open(options, dir.resolve("append"))) {
            db.merge(bytes("k"), bytes("a"));
            db.merge(bytes("k"), bytes("b"));
            assertEquals("a|b", string(db.get(bytes("k"))));
            append.close();
            db.merge(bytes("k"), bytes("c")); // the operator lives in the engine; close released nothing
            assertEquals("a|b|c", string(db.get(bytes("k"))));
            assertEquals(new StringAppendOperator("|"), append);
            assertEquals(",", new StringAppendOperator().delimiter());
        }
        try (UInt64AddOperator add = new UInt64AddOperator();
             Options options = new Options().setCreateIfMissing(true).setMergeOperator(add);
             RocksDB db = RocksDB.open(options, dir.resolve("add"))) {
            db.merge(bytes("n"), le(40));
            db.merge(bytes("n"), le(2));
            assertEquals(42, ByteBuffer.wrap(db.get(bytes("n"))).order(ByteOrder.LITTLE_ENDIAN).getLong());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new StringAppendOperator(';'));
        assertTrue(e.getMessage().contains("delimiter"), e.getMessage());
    }

    private static byte[] le(long v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
    }

    @Test
    void aCompactionDeliversRocksDbsFullStatsAndItsFileNames() throws Exception {
        List<CompactionJobInfo> seen = new CopyOnWriteArrayList<>();
        AbstractEventListener listener = new AbstractEventListener() {
            @Override
            public void onCompactionCompleted(RocksDB db, CompactionJobInfo info) {
                seen.add(info);
            }
        };
        try (Options options = new Options().setCreateIfMissing(true).setListeners(List.of(listener));
             RocksDB db = fixture.open(options)) {
            for (int round = 0; round < 2; round++) {
                for (int i = 0; i < 100; i++) db.put(bytes("key" + i), bytes("value" + round));
                db.delete(bytes("key7"));
                db.flush(new FlushOptions().setWaitForFlush(true));
            }
            db.compactRange();
        }
        assertFalse(seen.isEmpty(), "no compaction reported");
        CompactionJobInfo info = seen.get(seen.size() - 1);
        CompactionJobStats stats = info.stats();
        assertEquals(Status.Code.Ok, info.status().getCode());
        assertEquals("default", new String(info.columnFamilyName(), java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(2, info.inputFiles().size(), info.inputFiles().toString());
        assertEquals(info.getInputFileCount(), info.inputFiles().size());
        assertEquals(info.getOutputFileCount(), info.outputFiles().size());
        for (String f : info.inputFiles()) assertTrue(f.endsWith(".sst"), f);
        for (String f : info.outputFiles()) {
            assertTrue(f.endsWith(".sst"), f);
            assertTrue(Files.exists(Path.of(f)), f + " was written");
        }
        assertTrue(stats.isManualCompaction());
        assertEquals(2, stats.numInputFiles());
        assertEquals(info.getInputRecords(), stats.numInputRecords());
        // each flush kept 99 puts and key7's deletion (the put under it was dropped in the memtable)
        assertEquals(200, stats.numInputRecords());
        assertEquals(99, stats.numOutputRecords()); // the newer put of each key; no deletion at the bottom
        assertEquals(2, stats.numInputDeletionRecords());
        assertTrue(stats.numRecordsReplaced() >= 99, stats::toString);
        assertEquals(info.getTotalOutputBytes(), stats.totalOutputBytes());
        assertTrue(stats.totalInputRawKeyBytes() > 0);
        assertEquals("key0", string(stats.smallestOutputKeyPrefix()));
        assertEquals("key99", string(stats.largestOutputKeyPrefix()));
        assertThrows(UnsupportedOperationException.class, () -> info.inputFiles().clear());
    }

    @Test
    void standaloneStatsAddAsRocksDbAndResetToEmpty() {
        try (CompactionJobStats sum = new CompactionJobStats(); CompactionJobInfo empty = new CompactionJobInfo()) {
            assertEquals(0, sum.numInputRecords());
            assertArrayEquals(new byte[0], sum.smallestOutputKeyPrefix());
            assertEquals(Status.Code.Ok, empty.status().getCode());
            assertEquals(0, empty.columnFamilyName().length);
            assertTrue(empty.inputFiles().isEmpty());
            assertEquals(CompactionReason.UNKNOWN, empty.compactionReason());
            assertEquals(CompressionType.NO_COMPRESSION, empty.compression());
            CompactionJobStats one = new CompactionJobStats(new long[]{
                    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}, true, bytes("a"), bytes("b"));
            sum.add(one);
            sum.add(one);
            assertEquals(2, sum.elapsedMicros());
            assertEquals(4, sum.numInputRecords());
            assertEquals(34, sum.fileFsyncNanos());
            assertEquals(40, sum.numSingleDelMismatch());
            assertFalse(sum.isManualCompaction(), "Add keeps this one's manual flag, as RocksDB's");
            assertArrayEquals(new byte[0], sum.largestOutputKeyPrefix());
            one.reset();
            assertEquals(0, one.numSingleDelMismatch());
            assertFalse(one.isManualCompaction());
            assertArrayEquals(new byte[0], one.smallestOutputKeyPrefix());
            assertThrows(NullPointerException.class, () -> sum.add(null));
        }
    }

    @Test
    void anIteratorCopiesKeyAndValueIntoArraysAndReportsTheFullSizes() throws Exception {
        try (RocksDB db = fixture.db()) {
            db.put(bytes("key1"), bytes("value1"));
            try (RocksIterator it = db.newIterator()) {
                it.seekToFirst();
                byte[] two = new byte[2];
                assertEquals(4, it.key(two));
                assertEquals("ke", string(two));
                byte[] room = new byte[10];
                assertEquals(6, it.value(room, 3, 7));
                assertEquals("value1", new String(room, 3, 6, java.nio.charset.StandardCharsets.UTF_8));
                assertEquals(0, room[9]);
                assertThrows(IndexOutOfBoundsException.class, () -> it.key(room, 8, 3));
                assertThrows(NullPointerException.class, () -> it.value((byte[]) null));
                it.next();
                IllegalStateException e = assertThrows(IllegalStateException.class, () -> it.key(new byte[4]));
                assertEquals("RocksIterator is not on an entry (check isValid())", e.getMessage());
            }
        }
    }

    @Test
    void aBatchRefusesAnUpdatePastItsMaxBytesAndStaysAsItWas() throws Exception {
        try (WriteBatch batch = new WriteBatch()) {
            batch.setMaxBytes(19); // 12-byte header + a put of k1/v1 (7 bytes)
            batch.put(bytes("k1"), bytes("v1"));
            UncheckedRocksDBException e = assertThrows(UncheckedRocksDBException.class,
                    () -> batch.put(bytes("k2"), bytes("v2")));
            assertEquals(Status.Code.Aborted, e.getStatus().getCode());
            assertEquals(Status.SubCode.MemoryLimit, e.getStatus().getSubCode());
            assertThrows(UncheckedRocksDBException.class, () -> batch.putLogData(bytes("x")));
            assertEquals(1, batch.count());
            assertEquals(19, batch.data().length);
            batch.setMaxBytes(0);
            batch.put(bytes("k2"), bytes("v2"));
            assertEquals(2, batch.count());
            assertThrows(IllegalArgumentException.class, () -> batch.setMaxBytes(-1));
        }
        try (WriteBatch batch = new WriteBatch()) {
            batch.setMaxBytes(1);
            assertThrows(UncheckedRocksDBException.class, () -> batch.put(bytes("k1"), bytes("v1")));
            assertEquals(0, batch.count());
        }
    }

    @Test
    void memoryUtilReportsEachKindForDbsAndCachesAndNothingForNone() throws Exception {
        assertTrue(MemoryUtil.getApproximateMemoryUsageByType(null, null).isEmpty());
        try (LRUCache cache = new LRUCache(8 << 20);
             Options options = new Options().setCreateIfMissing(true)
                     .setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(cache));
             RocksDB db = RocksDB.open(options, dir.resolve("mem"))) {
            java.util.Map<MemoryUsageType, Long> before = MemoryUtil.getApproximateMemoryUsageByType(List.of(db),
                    java.util.Set.of(cache));
            assertEquals(java.util.EnumSet.of(MemoryUsageType.kMemTableTotal, MemoryUsageType.kMemTableUnFlushed,
                    MemoryUsageType.kTableReadersTotal, MemoryUsageType.kCacheTotal), before.keySet());
            for (int i = 0; i < 1000; i++) db.put(bytes("key" + i), new byte[100]);
            db.flush(new FlushOptions().setWaitForFlush(true));
            for (int i = 0; i < 1000; i++) db.get(bytes("key" + i));
            for (int i = 0; i < 100; i++) db.put(bytes("more" + i), new byte[100]);
            java.util.Map<MemoryUsageType, Long> after = MemoryUtil.getApproximateMemoryUsageByType(List.of(db, db),
                    java.util.Set.of(cache));
            assertEquals(db.getLongProperty("rocksdb.size-all-mem-tables"), after.get(MemoryUsageType.kMemTableTotal));
            assertEquals(db.getLongProperty("rocksdb.cur-size-all-mem-tables"),
                    after.get(MemoryUsageType.kMemTableUnFlushed), "a DB listed twice is counted once");
            assertEquals(db.getLongProperty("rocksdb.estimate-table-readers-mem"),
                    after.get(MemoryUsageType.kTableReadersTotal));
            assertEquals(cache.getUsage(), after.get(MemoryUsageType.kCacheTotal));
            assertTrue(after.get(MemoryUsageType.kCacheTotal) > 100_000, after::toString);
            java.util.Map<MemoryUsageType, Long> cacheOnly = MemoryUtil.getApproximateMemoryUsageByType(null,
                    java.util.Set.of(cache));
            assertEquals(java.util.Set.of(MemoryUsageType.kCacheTotal), cacheOnly.keySet());
        }
        java.util.List<RocksDB> withNull = new java.util.ArrayList<>();
        withNull.add(null);
        assertThrows(NullPointerException.class, () -> MemoryUtil.getApproximateMemoryUsageByType(withNull, null));
        RocksDB closed = RocksDB.open(new Options().setCreateIfMissing(true), dir.resolve("closed"));
        closed.close();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> MemoryUtil.getApproximateMemoryUsageByType(List.of(closed), null));
        assertTrue(e.getMessage().endsWith("is closed"), e.getMessage());
        LRUCache closedCache = new LRUCache(1 << 20);
        closedCache.close();
        assertThrows(IllegalStateException.class,
                () -> MemoryUtil.getApproximateMemoryUsageByType(null, java.util.Set.of(closedCache)));
    }

    @Test
    void aStatisticsCollectorReportsEveryTickerAndHistogramUntilShutDown() throws Exception {
        java.util.Map<TickerType, Long> tickers = new java.util.concurrent.ConcurrentHashMap<>();
        java.util.Set<HistogramType> histograms = java.util.concurrent.ConcurrentHashMap.newKeySet();
        java.util.concurrent.CountDownLatch rounds = new java.util.concurrent.CountDownLatch(2);
        try (Statistics statistics = new Statistics();
             RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setStatistics(statistics))) {
            db.put(bytes("k"), bytes("v"));
            StatisticsCollector collector = new StatisticsCollector(List.of(new StatsCollectorInput(statistics,
                    new StatisticsCollectorCallback() {
                        @Override
                        public void tickerCallback(TickerType tickerType, long tickerCount) {
                            tickers.put(tickerType, tickerCount);
                        }

                        @Override
                        public void histogramCallback(HistogramType histType, HistogramData histData) {
                            if (histograms.add(histType) && histType == HistogramType.DB_WRITE) rounds.countDown();
                            if (histType == HistogramType.DB_GET) rounds.countDown();
                        }
                    })), 5);
            collector.start();
            collector.start(); // a second start does nothing
            assertTrue(rounds.await(20, java.util.concurrent.TimeUnit.SECONDS), "no round seen");
            assertEquals(1L, tickers.get(TickerType.NUMBER_KEYS_WRITTEN));
            assertTrue(histograms.contains(HistogramType.DB_GET));
            collector.shutDown(5000);
            assertFalse(collector.isRunning());
        }
        StatisticsCollector failing = new StatisticsCollector(List.of(new StatsCollectorInput(new Statistics(),
                new StatisticsCollectorCallback() {
                    @Override
                    public void tickerCallback(TickerType tickerType, long tickerCount) {
                        throw new IllegalStateException("a failing callback");
                    }

                    @Override
                    public void histogramCallback(HistogramType histType, HistogramData histData) {
                    }
                })), 1);
        failing.start();
        for (int i = 0; i < 200 && failing.isRunning(); i++) Thread.sleep(50);
        assertFalse(failing.isRunning(), "a failing callback ends the collection");
        failing.shutDown(0);
        assertThrows(IllegalArgumentException.class, () -> new StatisticsCollector(List.of(), -1));
        assertThrows(NullPointerException.class, () -> new StatsCollectorInput(null, null));
    }

    @Test
    void aBackupEngineOpensOnTheDefaultEnvOnly() throws Exception {
        try (BackupEngine engine = BackupEngine.open(Env.getDefault(), new BackupEngineOptions(dir.resolve("b")))) {
            assertTrue(engine.getBackupInfo().isEmpty());
        }
        try (RocksMemEnv mem = new RocksMemEnv(Env.getDefault())) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> BackupEngine.open(mem, new BackupEngineOptions(dir.resolve("c"))));
            assertTrue(e.getMessage().startsWith("a BackupEngine works on the real file system"), e.getMessage());
        }
        assertFalse(Files.exists(dir.resolve("c")), "refused before anything was created");
    }

    @Test
    void theBuiltInRemoveEmptyValueFilterDropsEmptyValuesInCompactions() throws Exception {
        try (RemoveEmptyValueCompactionFilter filter = new RemoveEmptyValueCompactionFilter();
             Options options = new Options().setCreateIfMissing(true).setCompactionFilter(filter);
             RocksDB db = fixture.open(options)) {
            db.put(bytes("empty"), new byte[0]);
            db.put(bytes("full"), bytes("v"));
            db.flush(new FlushOptions().setWaitForFlush(true));
            assertArrayEquals(new byte[0], db.get(bytes("empty")), "kept until a compaction");
            db.compactRange();
            assertNull(db.get(bytes("empty")));
            assertEquals("v", string(db.get(bytes("full"))));
            assertSame(filter, options.compactionFilter());
            assertEquals(0, db.callbackFailureCount());
        }
        RemoveEmptyValueCompactionFilter f = new RemoveEmptyValueCompactionFilter();
        java.lang.foreign.MemorySegment empty = java.lang.foreign.MemorySegment.ofArray(new byte[0]);
        assertEquals(AbstractCompactionFilter.Decision.REMOVE,
                f.filter(0, empty, AbstractCompactionFilter.ValueType.VALUE, empty, null));
        assertEquals(AbstractCompactionFilter.Decision.KEEP,
                f.filter(0, empty, AbstractCompactionFilter.ValueType.MERGE_OPERAND, empty, null));
        assertEquals("RemoveEmptyValueCompactionFilter", f.name());
    }

    @Test
    void slicesCopyOrShowTheirBytesAndCompareAsRocksDb() {
        try (Slice slice = new Slice("abc"); Slice tail = new Slice("xabc".getBytes(java.nio.charset.StandardCharsets.UTF_8), 1)) {
            assertEquals(3, slice.size());
            assertFalse(slice.empty());
            assertEquals("abc", string(slice.data()));
            assertEquals(slice, tail);
            assertEquals(slice.hashCode(), tail.hashCode());
            assertEquals("616263", slice.toString(true));
            assertTrue(slice.startsWith(new Slice("ab")));
            assertFalse(slice.startsWith(new Slice("abcd")));
            assertFalse(slice.startsWith(null));
            assertTrue(new Slice("ab").compare(slice) < 0);
            assertTrue(new Slice(new byte[]{(byte) 0x80}).compare(slice) > 0, "unsigned bytes");
            slice.removePrefix(1);
            assertEquals("bc", slice.toString());
            assertThrows(IndexOutOfBoundsException.class, () -> slice.removePrefix(3));
            slice.clear();
            assertTrue(slice.empty());
            slice.clear();
            slice.close();
            assertEquals("", slice.toString(), "close releases nothing: the slice stays usable");
            assertThrows(IndexOutOfBoundsException.class, () -> new Slice(new byte[2], 3));
        }
        ByteBuffer buffer = ByteBuffer.allocateDirect(10);
        buffer.put("Some text".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        try (DirectSlice cString = new DirectSlice(buffer); DirectSlice four = new DirectSlice(buffer, 4);
             DirectSlice own = new DirectSlice("abc")) {
            assertEquals("Some text", cString.toString(), "up to the first zero byte; the position is ignored");
            assertEquals("Some", four.toString());
            assertEquals((byte) 'S', four.get(0));
            assertEquals((byte) ' ', four.get(4), "past the slice, within the buffer: as RocksJava reads");
            assertThrows(IndexOutOfBoundsException.class, () -> four.get(10));
            assertThrows(IndexOutOfBoundsException.class, () -> four.get(-1));
            buffer.put(0, (byte) 's');
            assertEquals("some", four.toString(), "the buffer's bytes show through");
            ByteBuffer view = four.data();
            assertEquals(4, view.remaining());
            four.removePrefix(1);
            four.setLength(8);
            assertEquals("ome text", four.toString());
            assertThrows(IndexOutOfBoundsException.class, () -> four.setLength(10));
            assertEquals(new Slice("abc"), own);
            own.clear();
            assertTrue(own.empty());
        }
        assertThrows(IllegalArgumentException.class, () -> new DirectSlice(ByteBuffer.allocate(4)));
        assertThrows(IllegalArgumentException.class, () -> new DirectSlice(ByteBuffer.allocate(4), 2));
        assertThrows(IndexOutOfBoundsException.class, () -> new DirectSlice(ByteBuffer.allocateDirect(4), 5));
        assertTrue(DirectSlice.NONE.empty());
        assertThrows(IndexOutOfBoundsException.class, () -> DirectSlice.NONE.setLength(1));
    }

    @Test
    void slicesServeAsIteratorBoundsAndSstWriterKeysCopiedAtTheCall() throws Exception {
        try (RocksDB db = fixture.db()) {
            for (String k : List.of("a", "b", "c", "d")) db.put(bytes(k), bytes(k));
            Slice upper = new Slice("c");
            ReadOptions ro = new ReadOptions().setIterateLowerBound(new DirectSlice("b")).setIterateUpperBound(upper);
            upper.removePrefix(1); // the bound was copied
            assertEquals("c", string(ro.iterateUpperBound()));
            try (RocksIterator it = db.newIterator(ro)) {
                List<String> seen = new java.util.ArrayList<>();
                for (it.seekToFirst(); it.isValid(); it.next()) seen.add(string(it.keyBytes()));
                assertEquals(List.of("b"), seen);
            }
            assertNull(ro.setIterateUpperBound((AbstractSlice<?>) null).iterateUpperBound());

            Path sst = dir.resolve("slices.sst");
            try (SstFileWriter writer = new SstFileWriter(new EnvOptions(), new Options())) {
                writer.open(sst);
                writer.put(new Slice("k1"), new DirectSlice("v1"));
                writer.delete(new Slice("k2"));
                writer.finish();
            }
            db.put(bytes("k2"), bytes("old"));
            db.ingestExternalFile(List.of(sst.toString()), new IngestExternalFileOptions());
            assertEquals("v1", string(db.get(bytes("k1"))));
            assertNull(db.get(bytes("k2")));
        }
    }

    @Test
    void newIteratorsShareOneViewOfEveryFamily() throws Exception {
        try (RocksDB db = fixture.db()) {
            ColumnFamilyHandle other = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("other")));
            db.put(bytes("a"), bytes("1"));
            db.put(other, bytes("b"), bytes("2"));
            List<RocksIterator> its = db.newIterators(java.util.Arrays.asList(null, other));
            db.put(bytes("a2"), bytes("later"));
            db.put(other, bytes("b2"), bytes("later"));
            try {
                assertEquals(2, its.size());
                assertEquals(List.of("a"), keys(its.get(0)), "the view of the call: later writes unseen");
                assertEquals(List.of("b"), keys(its.get(1)));
            } finally {
                for (RocksIterator it : its) it.close();
            }
            try (Snapshot snapshot = db.getSnapshot()) {
                db.put(bytes("a3"), bytes("after the snapshot"));
                List<RocksIterator> at = db.newIterators(List.of(db.getDefaultColumnFamily()),
                        new ReadOptions().setSnapshot(snapshot));
                try {
                    assertEquals(List.of("a", "a2"), keys(at.get(0)));
                } finally {
                    at.get(0).close();
                }
            }
            assertThrows(NullPointerException.class, () -> db.newIterators(null));
        }
    }

    private static List<String> keys(RocksIterator it) {
        List<String> out = new java.util.ArrayList<>();
        for (it.seekToFirst(); it.isValid(); it.next()) out.add(string(it.keyBytes()));
        return out;
    }

    @Test
    void anAggregatedPropertySumsEveryFamily() throws Exception {
        try (RocksDB db = fixture.db()) {
            ColumnFamilyHandle other = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("other")));
            for (int i = 0; i < 10; i++) db.put(bytes("d" + i), bytes("v"));
            for (int i = 0; i < 5; i++) db.put(other, bytes("o" + i), bytes("v"));
            long perFamily = db.getLongProperty("rocksdb.cur-size-all-mem-tables")
                    + db.getLongProperty(other, "rocksdb.cur-size-all-mem-tables");
            assertEquals(perFamily, db.getAggregatedLongProperty("rocksdb.cur-size-all-mem-tables"));
            assertEquals(15, db.getAggregatedLongProperty("rocksdb.estimate-num-keys"));
            assertEquals(-1, db.getAggregatedLongProperty("rocksdb.no-such-property"));
            assertEquals(-1, db.getAggregatedLongProperty("rocksdb.stats"), "text, not a number");
            assertThrows(IllegalArgumentException.class, () -> db.getAggregatedLongProperty("rocksdb.a\0b"));
            assertThrows(NullPointerException.class, () -> db.getAggregatedLongProperty(null));
        }
    }
}
