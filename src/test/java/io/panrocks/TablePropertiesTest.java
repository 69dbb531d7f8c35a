package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Table properties on the real engine: RocksDB.getPropertiesOfAllTables and
 * getPropertiesOfTablesInRange, the table-file listener events and
 * CompactionJobInfo.tableProperties(), and ReadOptions.setTableFilter (the
 * filter sees each file's properties; a skipped file's keys are not
 * returned; a filter that throws reads the file).
 */
class TablePropertiesTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();

    /** A DB with two flushed files: a* (3 puts, 1 delete) and m* (2 puts, 1 merge). */
    private static RocksDB twoFiles(Path dir, Options options) throws RocksDBException {
        RocksDB db = RocksDB.open(options.setCreateIfMissing(true).setDisableAutoCompactions(true), dir);
        db.put(bytes("a1"), bytes("v1"));
        db.put(bytes("a2"), bytes("v2"));
        db.put(bytes("a3"), bytes("v3"));
        db.delete(bytes("a0"));
        db.flush();
        db.put(bytes("m1"), bytes("w1"));
        db.put(bytes("m2"), bytes("w2"));
        db.merge(bytes("m3"), bytes("x"));
        db.flush();
        return db;
    }

    private static Options withMerge() {
        return new Options().setMergeOperator(new MergeOperator.StringAppendOperator(','));
    }

    @Test
    void propertiesOfAllTablesDescribeEachFile(@TempDir Path dir) throws Exception {
        try (RocksDB db = twoFiles(dir, withMerge())) {
            Map<String, TableProperties> all = db.getPropertiesOfAllTables();
            assertEquals(2, all.size(), all::toString);
            Set<String> live = new java.util.HashSet<>();
            for (LiveFileMetaData f : db.getLiveFilesMetaData()) live.add(Path.of(f.path(), f.fileName()).normalize().toString());
            for (String path : all.keySet()) assertTrue(live.contains(Path.of(path).normalize().toString()), path + " " + live);
            List<TableProperties> byEntries = new ArrayList<>(all.values());
            byEntries.sort((x, y) -> Long.compare(x.getNumMergeOperands(), y.getNumMergeOperands()));
            TableProperties first = byEntries.get(0), second = byEntries.get(1);
            assertEquals(4, first.getNumEntries());
            assertEquals(1, first.getNumDeletions());
            assertEquals(0, first.getNumMergeOperands());
            assertEquals(3, second.getNumEntries());
            assertEquals(1, second.getNumMergeOperands());
            assertEquals(0, second.getNumDeletions());
            for (TableProperties p : all.values()) {
                assertEquals("leveldb.BytewiseComparator", p.getComparatorName());
                assertEquals("StringAppendOperator", p.getMergeOperatorName());
                assertArrayEquals(bytes("default"), p.getColumnFamilyName());
                assertEquals(0, p.getColumnFamilyId());
                assertTrue(p.getDataSize() > 0 && p.getNumDataBlocks() >= 1, p::toString);
                assertTrue(p.getRawKeySize() > 0 && p.getRawValueSize() > 0, p::toString);
                assertTrue(p.getCreationTime() > 0, p::toString);
                assertNull(p.getFilterPolicyName(), "no filter configured");
                assertNotNull(p.getCompressionName());
                // the block-based table records its index type among the user-collected properties
                assertTrue(p.getUserCollectedProperties().containsKey("rocksdb.block.based.table.index.type"),
                        p.getUserCollectedProperties()::toString);
                assertThrows(UnsupportedOperationException.class, () -> p.getUserCollectedProperties().put("x", "y"));
                assertEquals(p, p);
            }
            assertNotEquals(first, second);
            // a copy: the caller's map, changing it changes nothing else
            all.clear();
            assertEquals(2, db.getPropertiesOfAllTables(db.getDefaultColumnFamily()).size());
        }
    }

    @Test
    void aBloomFilterAndAFamilyShowInTheProperties(@TempDir Path dir) throws Exception {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        ColumnFamilyOptions other = new ColumnFamilyOptions()
                .setTableFormatConfig(new BlockBasedTableConfig().setFilterPolicy(new BloomFilter(10)));
        try (RocksDB db = RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true),
                dir, List.of(new ColumnFamilyDescriptor(bytes("default")), new ColumnFamilyDescriptor(bytes("blooms"), other)),
                handles)) {
            ColumnFamilyHandle blooms = handles.get(1);
            db.put(blooms, bytes("k"), bytes("v"));
            db.flush(new FlushOptions(), blooms);
            assertTrue(db.getPropertiesOfAllTables().isEmpty(), "the default family has no file");
            TableProperties p = db.getPropertiesOfAllTables(blooms).values().iterator().next();
            assertArrayEquals(bytes("blooms"), p.getColumnFamilyName());
            assertEquals(blooms.getID(), p.getColumnFamilyId());
            assertNotNull(p.getFilterPolicyName());
            assertTrue(p.getFilterPolicyName().toLowerCase(java.util.Locale.ROOT).contains("bloom"), p.getFilterPolicyName());
            assertTrue(p.getFilterSize() > 0);
        }
    }

    @Test
    void propertiesOfTablesInRangeListOnlyOverlappingFiles(@TempDir Path dir) throws Exception {
        try (RocksDB db = twoFiles(dir, withMerge())) {
            Map<String, TableProperties> a = db.getPropertiesOfTablesInRange(List.of(new Range(bytes("a"), bytes("b"))));
            assertEquals(1, a.size(), a::toString);
            assertEquals(4, a.values().iterator().next().getNumEntries());
            Map<String, TableProperties> m = db.getPropertiesOfTablesInRange(null, List.of(new Range(bytes("m2"), bytes("z"))));
            assertEquals(1, m.size());
            assertEquals(1, m.values().iterator().next().getNumMergeOperands());
            assertEquals(2, db.getPropertiesOfTablesInRange(List.of(new Range(bytes("a"), bytes("b")),
                    new Range(bytes("m"), bytes("n")))).size());
            assertTrue(db.getPropertiesOfTablesInRange(List.of(new Range(bytes("x"), bytes("y")))).isEmpty());
            assertTrue(db.getPropertiesOfTablesInRange(List.of()).isEmpty());
            assertEquals(2, db.getPropertiesOfTablesInRange(List.of(new Range(new byte[0], bytes("zz")))).size());
            // refused before any native call
            assertThrows(NullPointerException.class, () -> db.getPropertiesOfTablesInRange(null));
            List<Range> withNull = new ArrayList<>();
            withNull.add(null);
            assertThrows(NullPointerException.class, () -> db.getPropertiesOfTablesInRange(withNull));
        }
    }

    @Test
    void closedDbOrFamilyIsRefused(@TempDir Path dir) throws Exception {
        RocksDB db = twoFiles(dir, withMerge());
        ColumnFamilyHandle family = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("gone")));
        family.close();
        IllegalStateException closedFamily = assertThrows(IllegalStateException.class,
                () -> db.getPropertiesOfAllTables(family));
        assertTrue(closedFamily.getMessage().contains("closed"), closedFamily.getMessage());
        db.close();
        assertThrows(IllegalStateException.class, db::getPropertiesOfAllTables);
        assertThrows(IllegalStateException.class,
                () -> db.getPropertiesOfTablesInRange(List.of(new Range(bytes("a"), bytes("b")))));
    }

    // ---- listener events ----------------------------------------------------------

    static final class TableFiles extends AbstractEventListener {
        final List<TableFileCreationBriefInfo> started = Collections.synchronizedList(new ArrayList<>());
        final List<TableFileCreationInfo> created = Collections.synchronizedList(new ArrayList<>());
        final List<CompactionJobInfo> compactions = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void onTableFileCreationStarted(TableFileCreationBriefInfo info) {
            started.add(info);
        }

        @Override
        public void onTableFileCreated(TableFileCreationInfo info) {
            created.add(info);
        }

        @Override
        public void onCompactionCompleted(RocksDB db, CompactionJobInfo info) {
            compactions.add(info);
        }
    }

    @Test
    void tableFileEventsCarryTheFileAndItsProperties(@TempDir Path dir) throws Exception {
        TableFiles events = new TableFiles();
        try (RocksDB db = twoFiles(dir, withMerge().setListeners(List.of(events)))) {
            assertEquals(2, events.started.size(), events.started::toString);
            assertEquals(2, events.created.size(), events.created::toString);
            for (int i = 0; i < 2; i++) {
                TableFileCreationBriefInfo s = events.started.get(i);
                TableFileCreationInfo c = events.created.get(i);
                assertEquals(TableFileCreationReason.FLUSH, s.getReason());
                assertEquals(TableFileCreationReason.FLUSH, c.getReason());
                assertEquals(s.getJobId(), c.getJobId());
                assertEquals(s.getFilePath(), c.getFilePath());
                assertEquals("default", c.getColumnFamilyName());
                assertEquals(Path.of(c.getDbName()).toRealPath(), dir.toRealPath());
                assertTrue(c.getFilePath().endsWith(".sst"), c.getFilePath());
                assertEquals(Status.Code.Ok, c.getStatus().code());
                assertEquals(java.nio.file.Files.size(Path.of(c.getFilePath())), c.getFileSize());
            }
            assertEquals(4, events.created.get(0).getTableProperties().getNumEntries());
            assertEquals(1, events.created.get(1).getTableProperties().getNumMergeOperands());
            // the event's properties are the file's, as the DB reports them
            Map<String, TableProperties> all = db.getPropertiesOfAllTables();
            for (TableFileCreationInfo c : events.created) {
                TableProperties fromDb = all.get(c.getFilePath());
                assertNotNull(fromDb, c.getFilePath() + " " + all.keySet());
                assertEquals(fromDb.getNumEntries(), c.getTableProperties().getNumEntries());
                assertEquals(fromDb.getDataSize(), c.getTableProperties().getDataSize());
            }

            // a compaction: its files' events, and its info's tableProperties()
            db.put(bytes("a2"), bytes("newer"));
            db.flush();
            db.compactRange();
            List<TableFileCreationInfo> compacted = events.created.stream()
                    .filter(c -> c.getReason() == TableFileCreationReason.COMPACTION).toList();
            assertFalse(compacted.isEmpty(), events.created::toString);
            assertFalse(events.compactions.isEmpty());
            CompactionJobInfo job = events.compactions.get(0);
            // RocksDB's map holds the input files' properties and the output files'
            Set<String> files = new java.util.HashSet<>(job.inputFiles());
            files.addAll(job.outputFiles());
            assertEquals(files, job.tableProperties().keySet());
            long entries = 0;
            for (String out : job.outputFiles()) entries += job.tableProperties().get(out).getNumEntries();
            assertEquals(job.stats().numOutputRecords(), entries);
        }
        assertTrue(new CompactionJobInfo().tableProperties().isEmpty());
    }

    @Test
    void aThrowingTableFileListenerIsRecordedAndTheDbGoesOn() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        AbstractEventListener throwing = new AbstractEventListener() {
            @Override
            public void onTableFileCreated(TableFileCreationInfo info) {
                calls.incrementAndGet();
                throw new IllegalStateException("listener failure on purpose");
            }

            @Override
            public void onTableFileCreationStarted(TableFileCreationBriefInfo info) {
                throw new OutOfMemoryError("not really");
            }
        };
        try (RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setListeners(List.of(throwing)))) {
            db.put(bytes("k"), bytes("v"));
            db.flush();
            db.put(bytes("k2"), bytes("v2"));
            db.flush();
            assertEquals(2, calls.get());
            assertEquals("v", new String(db.get(bytes("k"))));
            assertEquals(2, db.getPropertiesOfAllTables().size(), "the files were written all the same");
            assertNotNull(db.callbackFailure());
        }
    }

    // ---- table filters --------------------------------------------------------------

    /** Skips the files with merge operands, and records what it saw. */
    static final class SkipMerges extends AbstractTableFilter {
        final List<TableProperties> seen = new ArrayList<>();

        @Override
        public boolean filter(TableProperties tableProperties) {
            seen.add(tableProperties);
            return tableProperties.getNumMergeOperands() == 0;
        }
    }

    private static List<String> keys(RocksIterator it) {
        List<String> keys = new ArrayList<>();
        for (it.seekToFirst(); it.isValid(); it.next()) keys.add(new String(it.keyBytes()));
        return keys;
    }

    @Test
    void aTableFilterSkipsTheFilesItRefuses(@TempDir Path dir) throws Exception {
        try (RocksDB db = twoFiles(dir, withMerge())) {
            db.put(bytes("z-memtable"), bytes("v")); // memtables are never filtered
            SkipMerges filter = new SkipMerges();
            ReadOptions ro = new ReadOptions().setTableFilter(filter);
            assertSame(filter, ro.tableFilter());
            try (RocksIterator it = db.newIterator(ro)) {
                assertEquals(List.of("a1", "a2", "a3", "z-memtable"), keys(it));
            }
            assertEquals(2, filter.seen.size(), filter.seen::toString);
            // point reads ignore it
            assertEquals("x", new String(db.get(ro, bytes("m3"))));
            // without it, everything
            try (RocksIterator it = db.newIterator(new ReadOptions())) {
                assertEquals(List.of("a1", "a2", "a3", "m1", "m2", "m3", "z-memtable"), keys(it));
            }
            // a copy of the options keeps it, and null removes it
            try (RocksIterator it = db.newIterator(new ReadOptions(ro))) {
                assertEquals(4, keys(it).size());
            }
            try (RocksIterator it = db.newIterator(new ReadOptions(ro).setTableFilter(null))) {
                assertEquals(7, keys(it).size());
            }
            // a filter that refuses every file
            try (RocksIterator it = db.newIterator(new ReadOptions().setTableFilter(new AbstractTableFilter() {
                @Override
                public boolean filter(TableProperties p) {
                    return false;
                }
            }))) {
                assertEquals(List.of("z-memtable"), keys(it));
            }
        }
    }

    @Test
    void aThrowingTableFilterReadsTheFileAndIsRecorded(@TempDir Path dir) throws Exception {
        try (RocksDB db = twoFiles(dir, withMerge())) {
            AtomicInteger calls = new AtomicInteger();
            ReadOptions ro = new ReadOptions().setTableFilter(new AbstractTableFilter() {
                @Override
                public boolean filter(TableProperties p) {
                    calls.incrementAndGet();
                    throw new IllegalArgumentException("filter failure on purpose");
                }
            });
            try (RocksIterator it = db.newIterator(ro)) {
                assertEquals(6, keys(it).size(), "a failing filter hides nothing");
                it.status();
            }
            assertEquals(2, calls.get());
            Throwable failure = db.callbackFailure();
            assertNotNull(failure);
            assertEquals("filter failure on purpose", failure.getMessage());
        }
    }

    @Test
    void aTableFilterCannotCallIntoItsDb(@TempDir Path dir) throws Exception {
        try (RocksDB db = twoFiles(dir, withMerge())) {
            AtomicReference<Throwable> refused = new AtomicReference<>();
            ReadOptions ro = new ReadOptions().setTableFilter(new AbstractTableFilter() {
                @Override
                public boolean filter(TableProperties p) {
                    try {
                        db.get(bytes("a1"));
                    } catch (Throwable t) {
                        refused.compareAndSet(null, t);
                    }
                    return true;
                }
            });
            try (RocksIterator it = db.newIterator(ro)) {
                assertEquals(6, keys(it).size());
            }
            assertInstanceOf(IllegalStateException.class, refused.get());
            // the DB works as before
            assertEquals("v1", new String(db.get(bytes("a1"))));
        }
    }

    @Test
    void filteredIteratorsGoWithTheirDb(@TempDir Path dir) throws Exception {
        RocksDB db = twoFiles(dir, withMerge());
        SkipMerges filter = new SkipMerges();
        RocksIterator kept = db.newIterator(new ReadOptions().setTableFilter(filter));
        kept.seekToFirst();
        db.close(); // closes the iterator of the closing thread, and the filter's upcall with it
        assertThrows(IllegalStateException.class, kept::next);
        kept.close();
        assertThrows(IllegalStateException.class, () -> db.newIterator(new ReadOptions().setTableFilter(filter)));
    }

    @Test
    void frozenDefaultsRefuseAFilter() {
        assertThrows(UnsupportedOperationException.class, () -> ReadOptions.DEFAULT.setTableFilter(new SkipMerges()));
        assertNull(new ReadOptions().tableFilter());
    }

    /** RocksJava's tests make test data with these constructors (package-private there and here). */
    @Test
    void rocksJavasConstructorsMakeTheSameValues() {
        TableProperties p = new TableProperties(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                22, bytes("cf"), "filter", "comparator", "merge", "prefix", "[]", "Snappy", Map.of("k", "v"),
                Map.of("r", "s"));
        assertEquals(1, p.getDataSize());
        assertEquals(11, p.getNumEntries());
        assertEquals(22, p.getExternalSstFileGlobalSeqnoOffset());
        assertArrayEquals(bytes("cf"), p.getColumnFamilyName());
        assertEquals("Snappy", p.getCompressionName());
        assertEquals(Map.of("k", "v"), p.getUserCollectedProperties());
        assertEquals(Map.of("r", "s"), p.getReadableProperties());
        Status ok = new Status(Status.Code.Ok, Status.SubCode.None, Status.Severity.NoError, "");
        TableFileCreationInfo info = new TableFileCreationInfo(99, p, ok, "db", "cf", "/f.sst", 7, (byte) 0x01);
        assertEquals(TableFileCreationReason.COMPACTION, info.getReason());
        assertEquals(99, info.getFileSize());
        assertSame(p, info.getTableProperties());
        assertEquals(TableFileCreationReason.MISC,
                new TableFileCreationBriefInfo("db", "cf", "/f.sst", 7, (byte) 0x7f).getReason(), "unknown: MISC");
        assertEquals(new TableFileCreationBriefInfo("db", "cf", "/f.sst", 7, (byte) 0),
                new TableFileCreationBriefInfo("db", "cf", "/f.sst", 7, TableFileCreationReason.FLUSH));
        assertNotEquals(info, new TableFileCreationBriefInfo("db", "cf", "/f.sst", 7, (byte) 0x01));
    }
}
