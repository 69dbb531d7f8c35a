package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * A run of next() (or prev()) reads ahead in batches (RocksIterator's
 * "Reading ahead"): the iterator shows what a step-by-step walk shows, the
 * views of entries read ahead show their own bytes until the next batch,
 * views of the engine's memory end at the next crossing, and the calls that
 * read the engine's iterator at the entry find it there.
 */
class IteratorReadAheadTest {
    @RegisterExtension
    final OpenDbExtension fixture = OpenDbExtension.withOptions(
            new Options().setCreateIfMissing(true).useFixedLengthPrefixExtractor(1));
    RocksDB db;
    /** what the DB holds: region "r" (mixed sizes, SST and memtable), "a" (small values), "b" (large values) */
    final TreeMap<String, byte[]> model = new TreeMap<>();

    @BeforeEach
    void load(RocksDB db) throws RocksDBException {
        this.db = db;
        Random random = new Random(7);
        for (int i = 0; i < 1200; i++) put(String.format("r%05d", i * 2), value(random, i));
        db.flush(new FlushOptions().setWaitForFlush(true));
        // the memtable over the file: overwrites, deletions and keys in between
        for (int i = 0; i < 1200; i += 3) put(String.format("r%05d", i * 2), value(random, i + 1));
        for (int i = 0; i < 1200; i += 11) {
            String k = String.format("r%05d", i * 2);
            db.delete(bytes(k));
            model.remove(k);
        }
        for (int i = 0; i < 400; i++) put(String.format("r%05d", i * 6 + 1), value(random, i + 2));
        for (int i = 0; i < 100; i++) put(String.format("a%03d", i), bytes("small-" + i));
        for (int i = 0; i < 20; i++) {
            byte[] v = new byte[5000];
            Arrays.fill(v, (byte) i);
            put(String.format("b%03d", i), v);
        }
    }

    private void put(String key, byte[] value) throws RocksDBException {
        db.put(bytes(key), value);
        model.put(key, value);
    }

    /** Mostly small values, some empty, some beyond the copy limit (they end a batch, in place). */
    private static byte[] value(Random random, int i) {
        int size = i % 41 == 7 ? 3000 + random.nextInt(3000) : i % 37 == 3 ? 0 : 1 + random.nextInt(300);
        byte[] v = new byte[size];
        random.nextBytes(v);
        return v;
    }

    private void assertOn(RocksIterator it, Map.Entry<String, byte[]> expected, String where) {
        if (expected == null) {
            assertFalse(it.isValid(), where + ": past the end, the iterator stands on " + (it.isValid() ? string(it.keyBytes()) : "-"));
            return;
        }
        assertTrue(it.isValid(), where + ": expected " + expected.getKey());
        assertEquals(expected.getKey(), string(it.key()), where);
        assertArrayEquals(expected.getValue(), it.value().toArray(ValueLayout.JAVA_BYTE), where + " " + expected.getKey());
        assertArrayEquals(expected.getValue(), it.valueBytes(), where);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void randomMovesAgreeWithTheSortedModel(int seed) throws RocksDBException {
        Random random = new Random(seed);
        List<String> keys = new ArrayList<>(model.keySet());
        try (RocksIterator it = db.newIterator()) {
            Map.Entry<String, byte[]> at = null;
            for (int op = 0; op < 4000; op++) {
                int choice = random.nextInt(100);
                String where = "seed " + seed + ", op " + op;
                if (choice < 3 || (at == null && choice < 40)) {
                    String target = keys.get(random.nextInt(keys.size()));
                    if (random.nextBoolean()) target = target + "0"; // between two keys
                    if (random.nextBoolean()) {
                        it.seek(bytes(target));
                        at = model.ceilingEntry(target);
                    } else {
                        it.seekForPrev(bytes(target));
                        at = model.floorEntry(target);
                    }
                } else if (choice < 5) {
                    it.seekToFirst();
                    at = model.firstEntry();
                } else if (choice < 6) {
                    it.seekToLast();
                    at = model.lastEntry();
                } else if (choice < 8 && at != null) {
                    // a bulk walk from where it stands, stopped after a few entries
                    int wanted = 1 + random.nextInt(40);
                    List<String> seen = new ArrayList<>();
                    boolean forward = random.nextBoolean();
                    RocksIterator.EntryVisitor v = (k, val) -> {
                        seen.add(string(k));
                        return seen.size() < wanted;
                    };
                    long n = forward ? it.scanForward(v) : it.scanBackward(v);
                    Map.Entry<String, byte[]> e = at;
                    List<String> expected = new ArrayList<>();
                    while (e != null && expected.size() < wanted) {
                        expected.add(e.getKey());
                        if (expected.size() < wanted) e = forward ? model.higherEntry(e.getKey()) : model.lowerEntry(e.getKey());
                    }
                    assertEquals(expected, seen, where + ": the walk");
                    assertEquals(expected.size(), n, where);
                    at = seen.size() == wanted ? model.ceilingEntry(seen.get(seen.size() - 1)) : null;
                } else if (at != null) {
                    // runs: mostly one direction for a while, sometimes back
                    boolean forward = choice < 85;
                    int steps = 1 + random.nextInt(choice < 50 ? 3 : 60);
                    for (int i = 0; i < steps && at != null; i++) {
                        if (forward) it.next();
                        else it.prev();
                        at = forward ? model.higherEntry(at.getKey()) : model.lowerEntry(at.getKey());
                        assertOn(it, at, where + " step " + i);
                    }
                }
                assertOn(it, at, where);
                if (at == null) it.status();
                else it.status(); // quiet on every entry, read ahead or not
            }
        }
    }

    @Test
    void walksBothWaysEntryByEntryAsTheModel() throws RocksDBException {
        try (RocksIterator it = db.newIterator()) {
            it.seekToFirst();
            for (Map.Entry<String, byte[]> e : model.entrySet()) {
                assertOn(it, e, "forward");
                it.next();
            }
            assertFalse(it.isValid());
            it.status();
            it.seekToLast();
            for (Map.Entry<String, byte[]> e : model.descendingMap().entrySet()) {
                assertOn(it, e, "backward");
                it.prev();
            }
            assertFalse(it.isValid());
            it.status();
            it.next(); // on an invalid iterator: nothing
            assertFalse(it.isValid());
        }
    }

    @Test
    void viewsOfEntriesReadAheadShowTheirOwnBytesUntilTheBufferStartsOver() {
        try (RocksIterator it = db.newIterator()) {
            it.seek(bytes("a000"));
            it.next();
            it.next();
            it.next(); // the third step in a row: reads a003..a018 ahead, stands on a003
            MemorySegment k = it.key(), v = it.value();
            assertEquals("a003", string(k));
            List<MemorySegment> kept = new ArrayList<>(List.of(k, v));
            for (int i = 4; i <= 18; i++) {
                it.next(); // within the batch
                assertEquals(String.format("a%03d", i), string(it.key()));
                assertEquals("a003", string(k), "a view of an entry read ahead shows its own bytes");
                assertEquals("small-3", string(v));
                kept.add(it.key());
            }
            it.next(); // the next batch goes after the first one's copies in the buffer
            assertEquals("a019", string(it.key()));
            assertEquals("a003", string(k), "a few small batches fit: the first one's copies stay");
            assertEquals("small-3", string(v));
            assertEquals("a018", string(kept.get(kept.size() - 1)), "the batch's last entry is a copy too");
            // the r region (about 190 KiB of small values, copied) makes the buffer start over
            it.seek(bytes("r"));
            int steps = 0;
            while (it.isValid() && steps < 2000) {
                it.next();
                steps++;
                try {
                    assertEquals("a003", string(k), "until it ends, a view shows its own bytes, never others");
                } catch (IllegalStateException ended) {
                    break;
                }
            }
            for (MemorySegment s : kept) {
                assertThrows(IllegalStateException.class, () -> s.get(ValueLayout.JAVA_BYTE, 0),
                        "the buffer started over: every view of its earlier copies ends");
            }
            MemorySegment current = it.key();
            it.close();
            assertThrows(IllegalStateException.class, () -> current.get(ValueLayout.JAVA_BYTE, 0));
        }
    }

    @Test
    void pinnedValuesReadAheadStayUntilTheIteratorCloses() throws RocksDBException {
        List<MemorySegment> values = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        MemorySegment aKey;
        try (RocksIterator it = db.newIterator(new ReadOptions().setPinData(true))) {
            it.seek(bytes("r"));
            aKey = null;
            while (it.isValid()) {
                values.add(it.value());
                keys.add(string(it.key()));
                if (keys.size() == 10) aKey = it.key(); // read ahead: a copy in the batch buffer
                it.next();
            }
            it.status();
            assertEquals(model.tailMap("r").size(), values.size());
            // long after the walk went past them (hundreds of batches), every value still reads right,
            // but the first ones, which came before the run read ahead
            for (int i = RocksIterator.RUN_BEFORE_READING_AHEAD; i < values.size(); i++) {
                assertArrayEquals(model.get(keys.get(i)), values.get(i).toArray(ValueLayout.JAVA_BYTE), keys.get(i));
            }
            MemorySegment key10 = aKey;
            assertEquals(keys.get(9), string(key10), "keys are copies, readable until the buffer starts over");
            assertThrows(IllegalStateException.class, () -> values.get(0).get(ValueLayout.JAVA_BYTE, 0),
                    "before the run read ahead, a value ends at the next crossing");
        }
        MemorySegment last = values.get(values.size() - 1);
        assertThrows(IllegalStateException.class, () -> last.get(ValueLayout.JAVA_BYTE, 0), "the close ends them");
    }

    @Test
    void viewsOfTheEnginesMemoryEndAtTheNextCrossing() {
        try (RocksIterator it = db.newIterator()) {
            it.seek(bytes("b000"));
            for (int i = 0; i < 5; i++) it.next(); // a run: every large entry ends its batch, in place
            assertEquals("b005", string(it.key()));
            MemorySegment v = it.value();
            assertEquals(5000, v.byteSize());
            assertEquals(5, v.get(ValueLayout.JAVA_BYTE, 4999));
            it.next();
            assertThrows(IllegalStateException.class, () -> v.get(ValueLayout.JAVA_BYTE, 0));
            assertEquals(6, it.value().get(ValueLayout.JAVA_BYTE, 0));
        }
    }

    @Test
    void stepsBackOverABatchStartReturnToTheEntry() throws RocksDBException {
        try (RocksIterator it = db.newIterator()) {
            it.seek(bytes("a010"));
            for (int i = 0; i < 3; i++) it.next(); // reads ahead from a013, stands on it
            assertEquals("a013", string(it.key()));
            MemorySegment kept = it.key();
            it.prev(); // before the batch: the engine's iterator comes back first
            assertEquals("a012", string(it.key()));
            assertEquals("a013", string(kept));
            it.prev();
            it.prev();
            it.prev(); // a run backwards reads ahead backwards
            assertEquals("a009", string(it.key()));
            for (int i = 8; i >= 0; i--) {
                it.prev();
                assertEquals(String.format("a%03d", i), string(it.key()));
            }
            it.prev();
            assertFalse(it.isValid(), "a000 is the first key of its prefix... and of the DB");
            it.status();
        }
    }

    @Test
    void prefixSameAsStartHoldsAcrossBatches() throws RocksDBException {
        try (RocksIterator it = db.newIterator(new ReadOptions().setPrefixSameAsStart(true))) {
            int n = 0;
            for (it.seek(bytes("a")); it.isValid(); it.next()) {
                assertEquals(String.format("a%03d", n++), string(it.key()));
            }
            it.status();
            assertEquals(100, n, "every key of prefix a, none of b");
            it.seek(bytes("a050"));
            for (int i = 0; i < 20; i++) it.next();
            assertEquals("a070", string(it.key()));
            for (int i = 0; i < 5; i++) it.prev();
            assertEquals("a065", string(it.key()));
        }
    }

    @Test
    void columnsAndScansStartAtTheEntryReadAhead() throws RocksDBException {
        for (int i = 0; i < 30; i++) {
            db.putEntity(bytes(String.format("e%03d", i)),
                    List.of(WideColumn.of("n", bytes("" + i)), WideColumn.of("x", bytes("col-" + i))));
        }
        try (RocksIterator it = db.newIterator()) {
            it.seek(bytes("e000"));
            for (int i = 0; i < 5; i++) it.next(); // read ahead
            List<WideColumn> columns = it.columns();
            assertEquals(2, columns.size());
            assertEquals("5", string(columns.get(0).value().toArray(ValueLayout.JAVA_BYTE)));
            assertEquals("col-5", string(columns.get(1).value().toArray(ValueLayout.JAVA_BYTE)));
            for (int i = 6; i < 30; i++) {
                it.next();
                assertEquals(String.format("e%03d", i), string(it.key()));
                assertEquals("col-" + i, string(it.columns().get(1).value().toArray(ValueLayout.JAVA_BYTE)));
            }
        }
        try (RocksIterator it = db.newIterator()) {
            it.seek(bytes("a000"));
            for (int i = 0; i < 7; i++) it.next(); // stands on a007, read ahead to a018
            List<String> seen = new ArrayList<>();
            it.scanForward((k, v) -> {
                seen.add(string(k));
                return seen.size() < 20;
            });
            assertEquals("a007", seen.get(0), "the walk starts at the entry the iterator stands on");
            assertEquals("a026", seen.get(19));
            assertEquals("a026", string(it.key()));
            it.next();
            assertEquals("a027", string(it.key()));
        }
    }

    @Test
    void aBulkWalkLeavesReadingAheadOnAndColumnsTurnItOff() throws RocksDBException {
        try (RocksIterator it = db.newIterator()) {
            it.seek(bytes("a000"));
            it.scanForward((k, v) -> !string(k).equals("a005"));
            for (int i = 0; i < 3; i++) it.next(); // a run: reads ahead from a008
            MemorySegment k = it.key();
            it.next();
            assertEquals("a008", string(k), "read ahead: the view of a008 outlives the step to a009");
            it.columns(); // from here on every step crosses
            it.seek(bytes("a020"));
            for (int i = 0; i < 3; i++) it.next();
            MemorySegment k23 = it.key();
            it.next();
            assertThrows(IllegalStateException.class, () -> k23.get(ValueLayout.JAVA_BYTE, 0),
                    "without reading ahead a view ends at the next step");
        }
    }

    @Test
    void aTailingIteratorSeesWritesMadeAheadOfIt() throws RocksDBException {
        try (RocksIterator tailing = db.newIterator(new ReadOptions().setTailing(true));
             RocksIterator fixed = db.newIterator()) {
            tailing.seek(bytes("a000"));
            fixed.seek(bytes("a000"));
            for (int i = 0; i < 4; i++) {
                tailing.next();
                fixed.next();
            }
            assertEquals("a004", string(tailing.key()));
            db.put(bytes("a004x"), bytes("new"));
            tailing.next();
            fixed.next();
            assertEquals("a004x", string(tailing.key()), "a tailing iterator does not read ahead");
            assertEquals("a005", string(fixed.key()), "the others read a fixed state, ahead or not");
        }
    }

    @Test
    void aTransactionsIteratorShowsItsOwnWritesAmongTheDbs(@TempDir Path dir) throws Exception {
        try (TransactionDB tdb = TransactionDB.open(new Options().setCreateIfMissing(true), dir);
             Transaction txn = tdb.beginTransaction(new WriteOptions())) {
            TreeMap<String, String> expected = new TreeMap<>();
            for (int i = 0; i < 40; i++) {
                tdb.put(bytes(String.format("t%03d", i)), bytes("v" + i));
                expected.put(String.format("t%03d", i), "v" + i);
            }
            for (int i = 0; i < 40; i += 4) {
                txn.put(bytes(String.format("t%03dx", i)), bytes("mine" + i));
                expected.put(String.format("t%03dx", i), "mine" + i);
            }
            try (RocksIterator it = txn.getIterator()) {
                List<String> seen = new ArrayList<>();
                for (it.seekToFirst(); it.isValid(); it.next()) seen.add(string(it.key()) + "=" + string(it.value()));
                it.status();
                List<String> want = new ArrayList<>();
                expected.forEach((k, v) -> want.add(k + "=" + v));
                assertEquals(want, seen);
            }
        }
    }

    @Test
    void closingTheDbEndsStepsWithinABatch() throws RocksDBException {
        RocksIterator it = db.newIterator();
        it.seek(bytes("a000"));
        for (int i = 0; i < 4; i++) it.next(); // within a batch now
        MemorySegment k = it.key();
        db.close(); // closes this thread's iterators
        assertThrows(IllegalStateException.class, it::next);
        assertThrows(IllegalStateException.class, () -> k.get(ValueLayout.JAVA_BYTE, 0));
        it.close();
    }

    @Test
    void anIteratorAtASnapshotReadsAheadTheSnapshot() throws RocksDBException {
        try (Snapshot s = db.getSnapshot();
             RocksIterator it = db.newIterator(new ReadOptions().setSnapshot(s))) {
            it.seek(bytes("a000"));
            for (int i = 0; i < 3; i++) it.next();
            db.put(bytes("a004"), bytes("changed"));
            db.delete(bytes("a005"));
            it.next();
            assertEquals("a004", string(it.key()));
            assertEquals("small-4", string(it.value()));
            it.next();
            assertEquals("a005", string(it.key()));
            it.prev();
            it.prev();
            assertEquals("a003", string(it.key()));
            it.prev(); // back over the batch's start: the return finds a003 at the snapshot
            assertEquals("a002", string(it.key()));
            for (int i = 3; i <= 5; i++) {
                it.next();
                assertEquals(String.format("a%03d", i), string(it.key()));
            }
            assertEquals("small-5", string(it.value()));
        }
    }

    // ---- the batch's last entry is a copy too (PANROCKS_WALK_PAST_LAST) ----------------

    @Test
    void theLastEntryOfABatchIsACopyThatABulkWalkEnds() throws RocksDBException {
        try (RocksIterator it = db.newIterator()) {
            it.seek(bytes("a000"));
            for (int i = 0; i < 3; i++) it.next(); // reads a003..a018 ahead (16 entries)
            for (int i = 4; i <= 18; i++) it.next();
            assertEquals("a018", string(it.key()), "the batch's last entry");
            MemorySegment k = it.key(), v = it.value();
            it.seek(bytes("a050")); // a seek does not touch the buffer: the copies stay
            assertEquals("a050", string(it.key()));
            assertEquals("a018", string(k), "a view of a copy outlives a seek, showing its own bytes");
            assertEquals("small-18", string(v));
            for (int i = 0; i < 3; i++) it.next(); // reads ahead again, after the earlier copies
            assertEquals("a053", string(it.key()));
            assertEquals("small-18", string(v));
            it.scanForward((key, value) -> false); // a bulk walk fills the buffer from its start
            assertThrows(IllegalStateException.class, () -> k.get(ValueLayout.JAVA_BYTE, 0));
            assertThrows(IllegalStateException.class, () -> v.get(ValueLayout.JAVA_BYTE, 0));
        }
    }

    @Test
    void batchBoundariesNeitherSkipNorRepeatAnEntry() throws RocksDBException {
        // batches of 16, 32 and 64 entries: their ends at a018/a019 and a050/a051, in both directions
        try (RocksIterator it = db.newIterator()) {
            int n = 0;
            List<MemorySegment> views = new ArrayList<>();
            for (it.seek(bytes("a")); it.isValid() && string(it.key()).startsWith("a"); it.next()) {
                assertEquals(String.format("a%03d", n), string(it.key()));
                assertEquals("small-" + n, string(it.value()));
                views.add(it.value());
                n++;
            }
            it.status();
            assertEquals(100, n);
            assertEquals("b000", string(it.key()), "the large entry after the last small one, in place");
            // a view either shows its own entry's bytes or throws; never another entry's
            for (int i = 0; i < views.size(); i++) {
                MemorySegment view = views.get(i);
                try {
                    assertEquals("small-" + i, string(view));
                } catch (IllegalStateException ended) {
                    // its batch was filled again
                }
            }
            for (int i = 99; i >= 0; i--) {
                it.prev();
                assertEquals(String.format("a%03d", i), string(it.key()));
                assertEquals("small-" + i, string(it.value()));
            }
        }
    }

    @Test
    void columnsAndStepsBackAtTheEdgesOfACopiedBatch() throws RocksDBException {
        for (int i = 0; i < 40; i++) {
            db.putEntity(bytes(String.format("e%03d", i)),
                    List.of(WideColumn.of("n", bytes("" + i)), WideColumn.of("x", bytes("col-" + i))));
        }
        try (RocksIterator it = db.newIterator()) {
            it.seek(bytes("e000"));
            for (int i = 1; i <= 19; i++) it.next(); // the first batch is e003..e018; e019 starts the second
            assertEquals("e019", string(it.key()));
            it.prev(); // back over the second batch's start: the engine's iterator returns first
            assertEquals("e018", string(it.key()));
            it.prev();
            assertEquals("e017", string(it.key()));
        }
        try (RocksIterator it = db.newIterator()) {
            it.seek(bytes("e000"));
            for (int i = 1; i <= 18; i++) it.next();
            assertEquals("e018", string(it.key()), "the first batch's last entry; the engine stands past it");
            List<WideColumn> columns = it.columns(); // brings the engine's iterator back to e018
            assertEquals("col-18", string(columns.get(1).value().toArray(ValueLayout.JAVA_BYTE)));
            for (int i = 19; i < 40; i++) {
                it.next();
                assertEquals(String.format("e%03d", i), string(it.key()));
            }
        }
    }

    @Test
    void iteratorsOfOneThreadReadAheadSideBySide() throws RocksDBException {
        // each keeps its own copy of its batch (the thread lends one array, to the first)
        RocksIterator a = db.newIterator();
        RocksIterator r = db.newIterator();
        try {
            a.seek(bytes("a000"));
            r.seek(bytes("r"));
            Map.Entry<String, byte[]> atR = model.ceilingEntry("r");
            for (int i = 0; i < 90; i++) {
                assertEquals(String.format("a%03d", i), string(a.key()));
                assertOn(r, atR, "r step " + i);
                a.next();
                r.next();
                atR = model.higherEntry(atR.getKey());
            }
            a.close(); // gives its array back; the next iterator takes it
            try (RocksIterator again = db.newIterator()) {
                again.seek(bytes("a010"));
                for (int i = 10; i < 60; i++) {
                    assertEquals(String.format("a%03d", i), string(again.key()));
                    assertOn(r, atR, "r beside the new iterator, step " + i);
                    again.next();
                    r.next();
                    atR = model.higherEntry(atR.getKey());
                }
            }
            assertThrows(IllegalStateException.class, a::next);
        } finally {
            a.close();
            r.close();
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void mergedValuesReadAheadAreCopies(boolean pinData, @TempDir Path dir) throws RocksDBException {
        try (Options options = new Options().setCreateIfMissing(true).setMergeOperatorName("stringappend");
             RocksDB mdb = RocksDB.open(options, dir)) {
            for (int i = 0; i < 300; i++) mdb.put(bytes(String.format("m%03d", i)), bytes("base" + i));
            mdb.flush(new FlushOptions().setWaitForFlush(true));
            for (int i = 0; i < 300; i += 2) mdb.merge(bytes(String.format("m%03d", i)), bytes("more" + i));
            try (RocksIterator it = mdb.newIterator(new ReadOptions().setPinData(pinData))) {
                List<MemorySegment> values = new ArrayList<>();
                int n = 0;
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    String expected = n % 2 == 0 ? "base" + n + ",more" + n : "base" + n;
                    assertEquals(String.format("m%03d", n), string(it.key()));
                    assertEquals(expected, string(it.value()));
                    values.add(it.value());
                    n++;
                }
                it.status();
                assertEquals(300, n);
                // merged values are built per entry: none may stay in place; a view kept shows its
                // own entry's merge (a copy) or throws, never a later entry's bytes
                for (int i = 0; i < values.size(); i++) {
                    String expected = i % 2 == 0 ? "base" + i + ",more" + i : "base" + i;
                    try {
                        assertEquals(expected, string(values.get(i)));
                    } catch (IllegalStateException ended) {
                        assertTrue(i < RocksIterator.RUN_BEFORE_READING_AHEAD, "only views of the engine's memory end");
                    }
                }
            }
        }
    }

    /**
     * Reading ahead costs the engine a step for every entry it collects, read
     * or not: a scan that stops after n entries may have stepped the engine
     * at most {@link RocksIterator#MAX_BATCH} entries further (and a bulk
     * walk too). Counted by the engine itself (rocksdb.number.db.next, per
     * iterator, added up when it closes). Batches of up to 256 read 339
     * entries for a scan of 100.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 5, 20, 100, 333, 1000})
    void aScanThatStopsStepsTheEngineLittleFurther(int wanted, @TempDir Path dir) throws RocksDBException {
        try (Statistics statistics = new Statistics();
             Options options = new Options().setCreateIfMissing(true).setStatistics(statistics);
             RocksDB sdb = RocksDB.open(options, dir)) {
            for (int i = 0; i < 3000; i++) sdb.put(bytes(String.format("k%05d", i)), bytes("v" + i));
            sdb.flush(new FlushOptions().setWaitForFlush(true));
            long before = statistics.getTickerCount(TickerType.NUMBER_DB_NEXT);
            try (RocksIterator it = sdb.newIterator()) {
                int n = 0;
                for (it.seek(bytes("k00100")); it.isValid() && n < wanted; it.next()) {
                    assertEquals(String.format("k%05d", 100 + n), string(it.key()));
                    n++;
                }
                assertEquals(wanted, n);
            }
            long stepping = statistics.getTickerCount(TickerType.NUMBER_DB_NEXT) - before;
            assertTrue(stepping <= wanted + RocksIterator.MAX_BATCH,
                    "a scan of " + wanted + " stepped the engine " + stepping + " times");
            before = statistics.getTickerCount(TickerType.NUMBER_DB_NEXT);
            try (RocksIterator it = sdb.newIterator()) {
                it.seek(bytes("k00100"));
                int[] seen = {0};
                long visited = it.scanForward((k, v) -> ++seen[0] < wanted);
                assertEquals(wanted, visited);
                assertEquals(String.format("k%05d", 100 + wanted - 1), string(it.key()), "the walk stops on its last visit");
            }
            long walking = statistics.getTickerCount(TickerType.NUMBER_DB_NEXT) - before;
            assertTrue(walking <= wanted + RocksIterator.MAX_BATCH,
                    "a bulk walk of " + wanted + " stepped the engine " + walking + " times");
        }
    }

    /**
     * A bulk walk's views: each shows its own entry's bytes or throws, never
     * another entry's, while the walk goes on (its batches share the buffer
     * and one arena until the buffer starts over); every one throws once the
     * walk returns. Both directions, over small, empty and large entries,
     * the memtable over a file.
     */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void bulkWalkViewsEndWithTheWalkAndNeverShowAnotherEntry(boolean forward) throws RocksDBException {
        List<Map.Entry<String, byte[]>> expected = new ArrayList<>(forward ? model.entrySet()
                : model.descendingMap().entrySet());
        List<MemorySegment> keys = new ArrayList<>(), values = new ArrayList<>();
        try (RocksIterator it = db.newIterator()) {
            if (forward) it.seekToFirst();
            else it.seekToLast();
            RocksIterator.EntryVisitor visitor = (k, v) -> {
                int i = keys.size();
                assertEquals(expected.get(i).getKey(), string(k), "entry " + i);
                assertArrayEquals(expected.get(i).getValue(), v.toArray(ValueLayout.JAVA_BYTE), "entry " + i);
                keys.add(k);
                values.add(v);
                if (i % 97 == 0) {
                    for (int j = 0; j < i; j++) assertOwnBytesOrEnded(keys.get(j), values.get(j), expected.get(j), j);
                }
                return true;
            };
            long n = forward ? it.scanForward(visitor) : it.scanBackward(visitor);
            assertEquals(expected.size(), n);
            assertFalse(it.isValid());
            for (int j = 0; j < keys.size(); j++) {
                int at = j;
                assertThrows(IllegalStateException.class, () -> keys.get(at).get(ValueLayout.JAVA_BYTE, 0), "key " + j);
                if (values.get(j).byteSize() > 0) {
                    assertThrows(IllegalStateException.class, () -> values.get(at).get(ValueLayout.JAVA_BYTE, 0), "value " + j);
                }
            }
        }
    }

    private static void assertOwnBytesOrEnded(MemorySegment key, MemorySegment value, Map.Entry<String, byte[]> entry,
                                              int index) {
        try {
            assertEquals(entry.getKey(), string(key), "a kept key view, entry " + index);
            assertArrayEquals(entry.getValue(), value.toArray(ValueLayout.JAVA_BYTE), "a kept value view, entry " + index);
        } catch (IllegalStateException ended) {
            // its batch's part of the buffer was reused, or it was a large entry the walk moved past
        }
    }
}
