package io.panrocks;

import io.panrocks.fork.WalFilterMisbehaviour;
import io.panrocks.testkit.ForkedJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * RocksJava's WAL filter ({@link AbstractWalFilter}, {@link WalFilter},
 * {@link WalProcessingOption}, {@code setWalFilter}) on the real engine:
 * what it is shown while a DB opens, each of its answers, a replaced batch,
 * and (in child JVMs) filters that throw, overflow the stack or answer null.
 */
class WalFilterTest {
    private static final List<ColumnFamilyDescriptor> FAMILIES = List.of(
            new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY), new ColumnFamilyDescriptor(bytes("pikachu")));

    /** Three batches of two keys each (key1..key6), the second family's in the second batch; left in the WAL. */
    static void writeThreeBatches(Path dir) throws RocksDBException {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true),
                dir, FAMILIES, handles)) {
            for (int b = 0; b < 3; b++) {
                try (WriteBatch batch = new WriteBatch()) {
                    ColumnFamilyHandle cf = b == 1 ? handles.get(1) : handles.get(0);
                    batch.put(cf, bytes("key" + (2 * b + 1)), bytes("v"));
                    batch.put(cf, bytes("key" + (2 * b + 2)), bytes("v"));
                    db.write(WriteOptions.DEFAULT, batch);
                }
            }
        }
    }

    /** Which of key1..key6 the DB holds, e.g. "12--56". */
    static String present(RocksDB db, List<ColumnFamilyHandle> handles) throws RocksDBException {
        StringBuilder s = new StringBuilder();
        for (int k = 1; k <= 6; k++) {
            ColumnFamilyHandle cf = k == 3 || k == 4 ? handles.get(1) : handles.get(0);
            s.append(db.get(cf, bytes("key" + k)) != null ? Integer.toString(k) : "-");
        }
        return s.toString();
    }

    /** Records what it is shown; answers record i with answer.apply(i). */
    static class Recording extends AbstractWalFilter {
        final IntFunction<WalFilter.LogRecordFoundResult> answer;
        Map<Integer, Long> logNumbers;
        Map<String, Integer> families;
        final List<String> records = new ArrayList<>();
        final List<String> files = new ArrayList<>();
        final List<Long> logs = new ArrayList<>();
        WriteBatch kept;

        Recording(IntFunction<WalFilter.LogRecordFoundResult> answer) {
            this.answer = answer;
        }

        @Override
        public void columnFamilyLogNumberMap(Map<Integer, Long> cfLognumber, Map<String, Integer> cfNameId) {
            logNumbers = cfLognumber;
            families = cfNameId;
        }

        @Override
        public LogRecordFoundResult logRecordFound(long logNumber, String logFileName, WriteBatch batch,
                                                   WriteBatch newBatch) {
            logs.add(logNumber);
            files.add(logFileName);
            StringBuilder s = new StringBuilder();
            try {
                batch.iterate((type, cf, key, value) -> {
                    s.append(type).append(' ').append(cf).append(' ').append(string(key.toArray(
                            java.lang.foreign.ValueLayout.JAVA_BYTE))).append(';');
                    return true;
                });
            } catch (RocksDBException e) {
                throw new AssertionError(e);
            }
            records.add(s.toString());
            kept = batch;
            return answer.apply(records.size() - 1);
        }

        @Override
        public String name() {
            return "test.Recording";
        }
    }

    static RocksDB reopen(Path dir, DBOptions options, List<ColumnFamilyHandle> handles) throws RocksDBException {
        return RocksDB.open(options, dir, FAMILIES, handles);
    }

    static WalFilter.LogRecordFoundResult answer(WalProcessingOption o) {
        return new WalFilter.LogRecordFoundResult(o, false);
    }

    @Test
    void theFilterSeesTheFamiliesThenEveryRecordOfTheLog(@TempDir Path dir) throws RocksDBException {
        writeThreeBatches(dir);
        Recording filter = new Recording(i -> WalFilter.LogRecordFoundResult.CONTINUE_UNCHANGED);
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = reopen(dir, new DBOptions().setWalFilter(filter), handles)) {
            assertEquals(Map.of("default", 0, "pikachu", 1), filter.families);
            assertEquals(java.util.Set.of(0, 1), filter.logNumbers.keySet(), "a log number for each family");
            int pikachu = handles.get(1).getID();
            assertEquals(List.of("PUT 0 key1;PUT 0 key2;", "PUT " + pikachu + " key3;PUT " + pikachu + " key4;",
                    "PUT 0 key5;PUT 0 key6;"), filter.records);
            assertEquals(3, filter.logs.size());
            assertTrue(filter.files.get(0).endsWith(".log"), filter.files.get(0));
            assertTrue(filter.logs.get(0) >= filter.logNumbers.get(0), "the log holds the family's unflushed updates");
            assertEquals("123456", present(db, handles));
            assertThrows(IllegalStateException.class, () -> filter.kept.data(),
                    "the batch is closed once the call returned");
        }
    }

    @Test
    void ignoreCurrentRecordSkipsOneBatch(@TempDir Path dir) throws RocksDBException {
        writeThreeBatches(dir);
        Recording filter = new Recording(i -> answer(i == 1 ? WalProcessingOption.IGNORE_CURRENT_RECORD
                : WalProcessingOption.CONTINUE_PROCESSING));
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = reopen(dir, new DBOptions().setWalFilter(filter), handles)) {
            assertEquals("12--56", present(db, handles));
            assertEquals(3, filter.records.size());
        }
    }

    @Test
    void stopReplayDropsTheRestOfTheLog(@TempDir Path dir) throws RocksDBException {
        writeThreeBatches(dir);
        Recording filter = new Recording(i -> answer(i == 1 ? WalProcessingOption.STOP_REPLAY
                : WalProcessingOption.CONTINUE_PROCESSING));
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = reopen(dir, new DBOptions().setWalFilter(filter), handles)) {
            assertEquals("12----", present(db, handles));
            assertEquals(2, filter.records.size(), "not asked again");
        }
    }

    @Test
    void corruptedRecordIsPointInTimeByDefaultAndAnErrorUnderAbsoluteConsistency(@TempDir Path dir)
            throws RocksDBException {
        writeThreeBatches(dir);
        Recording strict = new Recording(i -> answer(i == 1 ? WalProcessingOption.CORRUPTED_RECORD
                : WalProcessingOption.CONTINUE_PROCESSING));
        RocksDBException e = assertThrows(RocksDBException.class, () -> reopen(dir, new DBOptions()
                .setWalRecoveryMode(WALRecoveryMode.AbsoluteConsistency).setWalFilter(strict), new ArrayList<>()));
        assertEquals(Status.Code.Corruption, e.code());
        assertTrue(e.getMessage().contains("Corruption reported by Wal Filter"), e.getMessage());
        assertNull(e.getCause(), "the filter answered; it threw nothing");

        Recording pointInTime = new Recording(i -> answer(i == 1 ? WalProcessingOption.CORRUPTED_RECORD
                : WalProcessingOption.CONTINUE_PROCESSING));
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = reopen(dir, new DBOptions().setWalFilter(pointInTime), handles)) {
            assertEquals("12----", present(db, handles), "RocksDB's point-in-time recovery stops at the record");
        }
    }

    @Test
    void aReplacementBatchIsReplayedInsteadOfTheRecord(@TempDir Path dir) throws RocksDBException {
        writeThreeBatches(dir);
        AbstractWalFilter dropKey6 = new AbstractWalFilter() {
            @Override
            public LogRecordFoundResult logRecordFound(long logNumber, String logFileName, WriteBatch batch,
                                                       WriteBatch newBatch) {
                try {
                    boolean[] changed = {false};
                    batch.iterate((type, cf, key, value) -> {
                        if (string(key.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)).equals("key6")) {
                            changed[0] = true;
                        } else if (cf == 0) {
                            newBatch.put(key.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE), bytes("changed"));
                        }
                        return true;
                    });
                    return new LogRecordFoundResult(WalProcessingOption.CONTINUE_PROCESSING, changed[0]);
                } catch (RocksDBException e) {
                    throw new AssertionError(e);
                }
            }
        };
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = reopen(dir, new DBOptions().setWalFilter(dropKey6), handles)) {
            assertEquals("12345-", present(db, handles));
            assertEquals("changed", string(db.get(bytes("key5"))));
            assertEquals("v", string(db.get(bytes("key1"))), "unchanged records replay as they were");
        }
    }

    @Test
    void aReplacementWithMoreRecordsFailsTheOpenAsRocksDbDoesAndDropsNothing(@TempDir Path dir) throws RocksDBException {
        writeThreeBatches(dir);
        AbstractWalFilter grow = new AbstractWalFilter() {
            @Override
            public LogRecordFoundResult logRecordFound(long logNumber, String logFileName, WriteBatch batch,
                                                       WriteBatch newBatch) {
                for (int i = 0; i < 3; i++) newBatch.put(bytes("extra" + i), bytes("x"));
                return new LogRecordFoundResult(WalProcessingOption.CONTINUE_PROCESSING, true);
            }

            @Override
            public String name() {
                return "test.Grow";
            }
        };
        RocksDBException e = assertThrows(RocksDBException.class,
                () -> reopen(dir, new DBOptions().setWalFilter(grow), new ArrayList<>()));
        assertEquals(Status.Code.NotSupported, e.code());
        assertTrue(e.getMessage().contains("More than original # of records returned by Wal Filter")
                && e.getMessage().contains("test.Grow"), e.getMessage());
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = reopen(dir, new DBOptions(), handles)) {
            assertEquals("123456", present(db, handles), "the log was kept: a plain open replays it");
            assertNull(db.get(bytes("extra0")));
        }
    }

    @Test
    void aThrowingFilterFailsTheOpenWithItsExceptionAsCauseAndDropsNothing(@TempDir Path dir) throws RocksDBException {
        writeThreeBatches(dir);
        IllegalStateException boom = new IllegalStateException("boom");
        Recording throwing = new Recording(i -> {
            if (i == 1) throw boom;
            return WalFilter.LogRecordFoundResult.CONTINUE_UNCHANGED;
        });
        RocksDBException e = assertThrows(RocksDBException.class,
                () -> reopen(dir, new DBOptions().setWalFilter(throwing), new ArrayList<>()));
        assertSame(boom, e.getCause());
        assertEquals(Status.Code.NotSupported, e.code());
        assertTrue(e.getMessage().contains("the WAL filter 'test.Recording' threw java.lang.IllegalStateException: boom"),
                e.getMessage());
        assertEquals(2, throwing.records.size(), "not asked again after it threw");
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = reopen(dir, new DBOptions(), handles)) {
            assertEquals("123456", present(db, handles));
        }
    }

    @Test
    void aFilterThatThrowsInTheFamilyMapFailsTheOpenEvenWithAnEmptyLog(@TempDir Path dir) throws RocksDBException {
        List<ColumnFamilyHandle> created = new ArrayList<>();
        try (RocksDB db = RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true),
                dir, FAMILIES, created)) {
            db.put(bytes("key1"), bytes("v"));
            db.flush();
        }
        UnsupportedOperationException boom = new UnsupportedOperationException("no map");
        AbstractWalFilter filter = new AbstractWalFilter() {
            @Override
            public void columnFamilyLogNumberMap(Map<Integer, Long> cfLognumber, Map<String, Integer> cfNameId) {
                throw boom;
            }

            @Override
            public LogRecordFoundResult logRecordFound(long logNumber, String logFileName, WriteBatch batch,
                                                       WriteBatch newBatch) {
                throw new AssertionError("never asked once it failed");
            }
        };
        RocksDBException e = assertThrows(RocksDBException.class,
                () -> reopen(dir, new DBOptions().setWalFilter(filter), new ArrayList<>()));
        assertSame(boom, e.getCause());
        // the DB it had to open was closed: a plain open works at once
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = reopen(dir, new DBOptions(), handles)) {
            assertEquals("v", string(db.get(bytes("key1"))));
        }
    }

    @Test
    void theOptionsFileOfADbOpenedWithAFilterLoadsLater(@TempDir Path dir) throws RocksDBException {
        writeThreeBatches(dir);
        Recording filter = new Recording(i -> WalFilter.LogRecordFoundResult.CONTINUE_UNCHANGED);
        try (RocksDB db = reopen(dir, new DBOptions().setWalFilter(filter).setMaxOpenFiles(321), new ArrayList<>())) {
            assertEquals(3, filter.records.size());
        }
        DBOptions loaded = new DBOptions();
        List<ColumnFamilyDescriptor> families = new ArrayList<>();
        OptionsUtil.loadLatestOptions(new ConfigOptions(), dir.toString(), loaded, families);
        assertEquals(321, loaded.maxOpenFiles());
        assertNull(loaded.walFilter(), "a filter is an object: set it again");
        assertEquals(2, families.size());
    }

    @Test
    void optionsKeepTheFilterAndItsCopiesToo() {
        Recording filter = new Recording(i -> WalFilter.LogRecordFoundResult.CONTINUE_UNCHANGED);
        Options options = new Options().setWalFilter(filter);
        assertSame(filter, options.walFilter());
        assertSame(filter, new DBOptions(options).walFilter());
        assertSame(filter, new Options(new DBOptions().setWalFilter(filter), new ColumnFamilyOptions()).walFilter());
        assertNull(options.setWalFilter(null).walFilter(), "null removes it");
        assertNull(new DBOptions().walFilter());
        assertThrows(IllegalArgumentException.class, () -> new DBOptions().setRawDBOption("wal_filter",
                "panrocks.callback.walfilter.1"), "panrocks' IDs are not raw values");
        WalFilter.LogRecordFoundResult r = new WalFilter.LogRecordFoundResult(WalProcessingOption.STOP_REPLAY, true);
        assertEquals(WalProcessingOption.STOP_REPLAY, r.walProcessingOption());
        assertTrue(r.batchChanged());
        assertThrows(NullPointerException.class, () -> new WalFilter.LogRecordFoundResult(null, false));
        for (WalProcessingOption o : WalProcessingOption.values()) {
            assertSame(o, WalProcessingOption.fromValue(o.getValue()));
        }
        assertThrows(IllegalArgumentException.class, () -> WalProcessingOption.fromValue((byte) 4));
    }

    @Test
    void aFilterWithABadNameIsRefusedBeforeTheOpen(@TempDir Path dir) throws RocksDBException {
        writeThreeBatches(dir);
        for (String bad : new String[]{"", "a\0b", "panrocks.callback.walfilter.1"}) {
            AbstractWalFilter filter = new AbstractWalFilter() {
                @Override
                public LogRecordFoundResult logRecordFound(long logNumber, String logFileName, WriteBatch batch,
                                                           WriteBatch newBatch) {
                    throw new AssertionError("never called");
                }

                @Override
                public String name() {
                    return bad;
                }
            };
            assertThrows(IllegalArgumentException.class,
                    () -> reopen(dir, new DBOptions().setWalFilter(filter), new ArrayList<>()), bad);
        }
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = reopen(dir, new DBOptions(), handles)) {
            assertEquals("123456", present(db, handles));
        }
    }

    @Test
    void oneFilterServesTwoDbsAndSurvivesItsOwnClose(@TempDir Path dir) throws RocksDBException {
        Path a = dir.resolve("a"), b = dir.resolve("b");
        writeThreeBatches(a);
        writeThreeBatches(b);
        Recording filter = new Recording(i -> WalFilter.LogRecordFoundResult.CONTINUE_UNCHANGED);
        filter.close(); // owns nothing: harmless
        DBOptions options = new DBOptions().setWalFilter(filter);
        List<ColumnFamilyHandle> ha = new ArrayList<>(), hb = new ArrayList<>();
        try (RocksDB first = reopen(a, options, ha); RocksDB second = reopen(b, options, hb)) {
            assertEquals("123456", present(first, ha));
            assertEquals("123456", present(second, hb));
            assertEquals(6, filter.records.size());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"throws-error", "stack-overflow", "returns-null", "closes-and-keeps-its-batches",
            "throws-in-family-map-on-read-only-open"})
    void aMisbehavingFilterNeverEndsTheJvm(String scenario) throws Exception {
        ForkedJvm.Result r = ForkedJvm.main(WalFilterMisbehaviour.class, scenario).heap("256m").run().assertSuccess();
        assertTrue(r.stdout().lines().anyMatch(l -> l.startsWith("OK ")), r::toString);
        System.out.println(scenario + ": " + r.stdout().lines().filter(l -> l.startsWith("OK ")).findFirst().orElse(""));
    }
}
