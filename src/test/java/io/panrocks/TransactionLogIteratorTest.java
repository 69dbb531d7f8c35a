package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The WAL walk ({@link RocksDB#getUpdatesSince}, {@link TransactionLogIterator})
 * and the WAL files ({@link RocksDB#getCurrentWalFile}) on the real engine:
 * RocksJava's behaviour (TransactionLogIteratorTest's cases), zero-copy
 * batches and their lifetime, change-data capture into a replica, and the
 * gaps panrocks reports where RocksDB moves on silently.
 */
class TransactionLogIteratorTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    @TempDir
    Path dir;

    private static Options keepingWal() {
        return new Options().setCreateIfMissing(true).setWalTtlSeconds(1000).setWalSizeLimitMB(10)
                .setMergeOperatorName("stringappend");
    }

    private static Options purgingWal() {
        return new Options().setCreateIfMissing(true).setWalTtlSeconds(0).setWalSizeLimitMB(0);
    }

    @Test
    void aWalkStandsOnTheBatchOfTheRequestedSequenceAndReadsOnInOrder() throws Exception {
        try (RocksDB db = fixture.open(keepingWal())) {
            for (int i = 0; i < 5; i++) db.put(bytes("k" + i), bytes("v" + i));
            db.flush(new FlushOptions().setWaitForFlush(true));
            assertEquals(5, db.getLatestSequenceNumber());
            try (TransactionLogIterator it = db.getUpdatesSince(0)) {
                assertTrue(it.isValid());
                it.status();
                for (int i = 0; i < 5; i++) {
                    assertTrue(it.isValid(), "batch " + i);
                    TransactionLogIterator.BatchResult batch = it.getBatch();
                    assertEquals(i + 1, batch.sequenceNumber());
                    List<String> seen = new ArrayList<>();
                    batch.iterate((type, cf, key, value) -> seen.add(type + " " + cf + " "
                            + new String(key.toArray(ValueLayout.JAVA_BYTE)) + "="
                            + new String(value.toArray(ValueLayout.JAVA_BYTE))));
                    assertEquals(List.of("PUT 0 k" + i + "=v" + i), seen);
                    it.next();
                }
                assertFalse(it.isValid());
                it.status(); // the end, not a failure
            }
            // from the middle: the walk stands on the batch holding sequence 3
            try (TransactionLogIterator it = db.getUpdatesSince(3)) {
                assertEquals(3, it.getBatch().sequenceNumber());
            }
        }
    }

    @Test
    void aStalledWalkPicksUpLaterWrites() throws Exception {
        try (RocksDB db = fixture.open(keepingWal())) {
            db.put(bytes("key1"), bytes("value1"));
            try (TransactionLogIterator it = db.getUpdatesSince(0)) {
                it.status();
                assertTrue(it.isValid());
                it.next();
                assertFalse(it.isValid());
                it.status();
                db.put(bytes("key2"), bytes("value2"));
                it.next();
                it.status();
                assertTrue(it.isValid());
                assertEquals(2, it.getBatch().sequenceNumber());
            }
        }
    }

    @Test
    void anEmptyDbsWalkIsInvalidAndMovesSafelyUntilSomethingIsWritten() throws Exception {
        try (RocksDB db = fixture.open(keepingWal());
             TransactionLogIterator it = db.getUpdatesSince(0)) {
            assertFalse(it.isValid());
            it.status();
            // RocksDB's own iterator has no log reader here and would dereference null in Next()
            it.next();
            it.next();
            assertFalse(it.isValid());
            it.status();
            assertThrows(IllegalStateException.class, it::getBatch);
            db.put(bytes("a"), bytes("1"));
            it.next();
            assertTrue(it.isValid());
            assertEquals(1, it.getBatch().sequenceNumber());
        }
    }

    @Test
    void theWalkSurvivesARestart() throws Exception {
        try (RocksDB db = fixture.open(keepingWal())) {
            db.put(bytes("key1"), bytes("value1"));
            db.put(bytes("key2"), bytes("value2"));
            db.flush(new FlushOptions().setWaitForFlush(true));
        }
        try (RocksDB db = fixture.open(keepingWal())) {
            assertEquals(2, db.getLatestSequenceNumber());
            try (TransactionLogIterator it = db.getUpdatesSince(0)) {
                for (int i = 0; i < 2; i++) {
                    it.status();
                    assertTrue(it.isValid());
                    assertEquals(i + 1, it.getBatch().sequenceNumber());
                    it.next();
                }
            }
        }
    }

    @Test
    void aSequencePastTheLatestIsRocksDbsNotFound() throws Exception {
        try (RocksDB db = fixture.open(keepingWal())) {
            db.put(bytes("a"), bytes("1"));
            RocksDBException e = assertThrows(RocksDBException.class, () -> db.getUpdatesSince(2));
            assertEquals(Status.Code.NotFound, e.getStatus().getCode());
            assertTrue(e.getMessage().contains("Requested sequence not yet written in the db"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> db.getUpdatesSince(-1));
        }
    }

    @Test
    void purgedUpdatesAreNotFoundNeverSkipped() throws Exception {
        try (RocksDB db = fixture.open(purgingWal())) {
            for (int i = 0; i < 10; i++) db.put(bytes("old" + i), bytes("x"));
            db.flush(new FlushOptions().setWaitForFlush(true)); // without a TTL or size limit, the WAL goes
            db.put(bytes("new"), bytes("y"));                    // sequence 11, in the new WAL
            for (long from : new long[]{0, 1, 5, 10}) {
                RocksDBException e = assertThrows(RocksDBException.class, () -> db.getUpdatesSince(from).close(),
                        "from " + from);
                assertEquals(Status.Code.NotFound, e.getStatus().getCode());
                assertTrue(e.getMessage().contains("the WAL no longer holds sequence"), e.getMessage());
            }
            try (TransactionLogIterator it = db.getUpdatesSince(11)) {
                assertEquals(11, it.getBatch().sequenceNumber());
            }
        }
    }

    @Test
    void allUpdatesPurgedIsNotFoundNotAnEmptyWalk() throws Exception {
        try (RocksDB db = fixture.open(purgingWal())) {
            for (int i = 0; i < 3; i++) db.put(bytes("k" + i), bytes("x"));
            db.flush(new FlushOptions().setWaitForFlush(true));
            RocksDBException e = assertThrows(RocksDBException.class, () -> db.getUpdatesSince(1));
            assertEquals(Status.Code.NotFound, e.getStatus().getCode());
            assertTrue(e.getMessage().contains("the WAL holds none of the updates from sequence 1 to 3"), e.getMessage());
        }
    }

    @Test
    void updatesWrittenWithoutTheWalAreAGap() throws Exception {
        try (RocksDB db = fixture.open(keepingWal());
             WriteOptions noWal = new WriteOptions().setDisableWAL(true)) {
            db.put(bytes("a"), bytes("1"));                      // 1, in the WAL
            db.put(noWal, bytes("b"), bytes("2"));               // 2, not
            db.put(bytes("c"), bytes("3"));                      // 3, in the WAL
            RocksDBException e = assertThrows(RocksDBException.class, () -> db.getUpdatesSince(2));
            assertEquals(Status.Code.NotFound, e.getStatus().getCode());
            // met in the middle of a walk: RocksDB's own gap error
            try (TransactionLogIterator it = db.getUpdatesSince(1)) {
                assertEquals(1, it.getBatch().sequenceNumber());
                it.next();
                assertFalse(it.isValid(), "the batch after the gap must not be handed out as the next one");
                RocksDBException gap = assertThrows(RocksDBException.class, it::status);
                assertEquals(Status.Code.NotFound, gap.getStatus().getCode());
                assertTrue(gap.getMessage().contains("Gap in sequence numbers"), gap.getMessage());
            }
        }
    }

    @Test
    void aBatchIsAReadOnlyViewThatEndsWithTheNextMoveAndTheClose() throws Exception {
        try (RocksDB db = fixture.open(keepingWal())) {
            try (WriteBatch batch = new WriteBatch()) {
                batch.put(bytes("a"), bytes("1")).delete(bytes("b")).merge(bytes("c"), bytes("2"))
                        .putLogData(bytes("blob"));
                db.write(new WriteOptions(), batch);
                byte[] expected = batch.data();
                db.put(bytes("d"), bytes("4"));
                TransactionLogIterator it = db.getUpdatesSince(1);
                TransactionLogIterator.BatchResult first = it.getBatch();
                MemorySegment data = first.data();
                assertTrue(data.isReadOnly());
                assertEquals(1, first.sequenceNumber());
                byte[] seen = data.toArray(ValueLayout.JAVA_BYTE);
                // the same records as written; the header's sequence is the one the write took
                assertArrayEquals(Arrays.copyOfRange(expected, 8, expected.length), Arrays.copyOfRange(seen, 8, seen.length));
                assertEquals(1, data.get(ValueLayout.JAVA_LONG_UNALIGNED, 0));
                assertThrows(IllegalArgumentException.class, () -> data.set(ValueLayout.JAVA_BYTE, 0, (byte) 1)); // read-only
                // the handler form, as RocksJava's
                List<String> seenByHandler = new ArrayList<>();
                first.iterate(new RecordingHandler(seenByHandler));
                assertEquals(List.of("put 0 a 1", "delete 0 b", "merge 0 c 2", "logData blob"), seenByHandler);
                // a copy that is the caller's
                try (WriteBatch copy = first.writeBatch()) {
                    assertEquals(3, copy.count());
                }
                it.next();
                assertEquals(4, it.getBatch().sequenceNumber()); // 3 updates: 1, 2, 3
                assertThrows(IllegalStateException.class, () -> data.get(ValueLayout.JAVA_BYTE, 0));
                assertThrows(IllegalStateException.class, first::data);
                assertThrows(IllegalStateException.class, () -> first.iterate((t, c, k, v) -> true));
                assertThrows(IllegalStateException.class, first::writeBatch);
                assertEquals(1, first.sequenceNumber()); // a plain value stays readable
                MemorySegment second = it.getBatch().data();
                it.close();
                assertThrows(IllegalStateException.class, () -> second.get(ValueLayout.JAVA_BYTE, 0));
                assertThrows(IllegalStateException.class, it::isValid);
                assertThrows(IllegalStateException.class, it::next);
                assertThrows(IllegalStateException.class, it::status);
                it.close(); // idempotent
            }
        }
    }

    @Test
    void insideIterateTheIteratorCannotMoveAndACloseWaitsForTheEnd() throws Exception {
        try (RocksDB db = fixture.open(keepingWal())) {
            try (WriteBatch batch = new WriteBatch()) {
                db.write(new WriteOptions(), batch.put(bytes("a"), bytes("1")).put(bytes("b"), bytes("2")));
            }
            TransactionLogIterator it = db.getUpdatesSince(1);
            TransactionLogIterator.BatchResult result = it.getBatch();
            AtomicReference<Throwable> refused = new AtomicReference<>();
            List<String> keys = new ArrayList<>();
            long visited = result.iterate((type, cf, key, value) -> {
                try {
                    it.next();
                } catch (IllegalStateException expected) {
                    refused.set(expected);
                }
                it.close(); // deferred to the end of iterate: the record views stay readable
                keys.add(new String(key.toArray(ValueLayout.JAVA_BYTE)));
                return true;
            });
            assertEquals(2, visited);
            assertEquals(List.of("a", "b"), keys);
            assertInstanceOf(IllegalStateException.class, refused.get());
            assertThrows(IllegalStateException.class, it::isValid); // closed when iterate returned
        }
    }

    @Test
    void anotherThreadIsRefusedAndTheIteratorStaysUsable() throws Exception {
        try (RocksDB db = fixture.open(keepingWal())) {
            db.put(bytes("a"), bytes("1"));
            try (TransactionLogIterator it = db.getUpdatesSince(1)) {
                TransactionLogIterator.BatchResult result = it.getBatch();
                AtomicReference<Throwable> seen = new AtomicReference<>();
                List<Runnable> uses = List.of(it::isValid, it::next, it::getBatch, it::close, result::data);
                for (Runnable use : uses) {
                    Thread t = new Thread(() -> {
                        try {
                            use.run();
                        } catch (Throwable e) {
                            seen.set(e);
                        }
                    });
                    t.start();
                    t.join();
                    assertInstanceOf(WrongThreadException.class, seen.getAndSet(null));
                }
                assertTrue(it.isValid());
                assertEquals(1, result.data().get(ValueLayout.JAVA_LONG_UNALIGNED, 0));
            }
        }
    }

    @Test
    void afterTheDbClosesEveryUseThrows() throws Exception {
        RocksDB db = RocksDB.open(keepingWal(), dir);
        db.put(bytes("a"), bytes("1"));
        TransactionLogIterator it = db.getUpdatesSince(1);
        MemorySegment view = it.getBatch().data();
        db.close();
        assertThrows(IllegalStateException.class, it::isValid);
        assertThrows(IllegalStateException.class, it::next);
        assertThrows(IllegalStateException.class, it::status);
        assertThrows(IllegalStateException.class, it::getBatch);
        assertThrows(IllegalStateException.class, () -> view.get(ValueLayout.JAVA_BYTE, 0));
        assertThrows(IllegalStateException.class, () -> db.getUpdatesSince(1));
        assertThrows(IllegalStateException.class, db::getCurrentWalFile);
        it.close();
    }

    @Test
    void theCurrentWalFileIsTheLastOfTheSortedOnes() throws Exception {
        try (RocksDB db = fixture.open(keepingWal())) {
            db.put(bytes("a"), bytes("1"));
            LogFile current = db.getCurrentWalFile();
            assertEquals(WalFileType.kAliveLogFile, current.type());
            assertTrue(current.pathName().matches("/\\d+\\.log"), current.pathName());
            assertTrue(Files.exists(fixture.dir().resolve(current.pathName().substring(1))));
            assertTrue(current.sizeFileBytes() > 0);
            List<LogFile> sorted = db.getSortedWalFiles();
            assertEquals(current.logNumber(), sorted.get(sorted.size() - 1).logNumber());
            db.flush(new FlushOptions().setWaitForFlush(true));
            assertTrue(db.getCurrentWalFile().logNumber() > current.logNumber(), "a flush starts a new WAL");
        }
    }

    @Test
    void aReadOnlyDbWalksTheWalItRecoveredFrom() throws Exception {
        try (RocksDB db = fixture.open(keepingWal())) {
            db.put(bytes("a"), bytes("1"));
            db.put(bytes("b"), bytes("2"));
        }
        try (RocksDB readOnly = RocksDB.openReadOnly(keepingWal(), fixture.dir());
             TransactionLogIterator it = readOnly.getUpdatesSince(1)) {
            assertEquals(1, it.getBatch().sequenceNumber());
            it.next();
            assertEquals(2, it.getBatch().sequenceNumber());
            it.next();
            assertFalse(it.isValid());
            it.status();
        }
    }

    /**
     * A two-phase commit logs markers (begin/end prepare, commit) that a
     * panrocks WriteBatch does not hold: the batch's bytes are shown, its
     * walk and copy refuse them with an exception, never a wrong record.
     */
    @Test
    void twoPhaseCommitMarkersAreShownButNotParsed() throws Exception {
        try (TransactionDB db = TransactionDB.open(keepingWal(), new TransactionDBOptions(), dir)) {
            try (Transaction t = db.beginTransaction(new WriteOptions())) {
                t.setName("xid1");
                t.put(bytes("k"), bytes("v"));
                t.prepare();
                t.commit();
            }
            assertEquals("v", string(db.get(bytes("k"))));
            int refused = 0;
            try (TransactionLogIterator it = db.getUpdatesSince(0)) {
                for (; it.isValid(); it.next()) {
                    TransactionLogIterator.BatchResult batch = it.getBatch();
                    assertTrue(batch.data().byteSize() >= 12);
                    try {
                        batch.iterate((type, cf, key, value) -> true);
                    } catch (RocksDBException e) {
                        assertEquals(Status.Code.Corruption, e.getStatus().getCode());
                        assertTrue(e.getMessage().contains("unknown WriteBatch tag"), e.getMessage());
                        assertThrows(IllegalArgumentException.class, batch::writeBatch);
                        refused++;
                    }
                }
                it.status();
            }
            assertTrue(refused > 0, "the prepared batch's markers were not met");
        }
    }

    /**
     * Change-data capture: random puts, deletes, merges, range deletes and
     * writes to a second family, in batches and alone, read back through the
     * WAL and applied to a replica, which must then equal the source.
     */
    @Test
    void aReplicaFedFromTheWalEqualsTheSource() throws Exception {
        Random random = new Random(20261127L);
        List<ColumnFamilyHandle> sourceFamilies = new ArrayList<>();
        List<ColumnFamilyHandle> replicaFamilies = new ArrayList<>();
        DBOptions options = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true)
                .setWalTtlSeconds(1000).setWalSizeLimitMB(100);
        ColumnFamilyOptions families = new ColumnFamilyOptions().setMergeOperatorName("stringappend");
        List<ColumnFamilyDescriptor> descriptors = List.of(new ColumnFamilyDescriptor(bytes("default"), families),
                new ColumnFamilyDescriptor(bytes("second"), families));
        try (RocksDB source = RocksDB.open(options, dir.resolve("source"), descriptors, sourceFamilies);
             RocksDB replica = RocksDB.open(options, dir.resolve("replica"), descriptors, replicaFamilies)) {
            long applied = 0;
            for (int round = 0; round < 4; round++) {
                for (int i = 0; i < 300; i++) {
                    ColumnFamilyHandle family = sourceFamilies.get(random.nextInt(2));
                    byte[] key = key(random.nextInt(60));
                    switch (random.nextInt(6)) {
                        case 0, 1 -> source.put(family, key, bytes("v" + random.nextInt()));
                        case 2 -> source.delete(family, key);
                        case 3 -> source.merge(family, key, bytes("m" + random.nextInt(10)));
                        case 4 -> {
                            try (WriteBatch batch = new WriteBatch()) {
                                for (int n = random.nextInt(5) + 1; n > 0; n--) {
                                    ColumnFamilyHandle f = sourceFamilies.get(random.nextInt(2));
                                    byte[] k = key(random.nextInt(60));
                                    if (random.nextBoolean()) batch.put(f, k, bytes("b" + random.nextInt()));
                                    else batch.merge(f, k, bytes("n" + random.nextInt(10)));
                                }
                                if (random.nextInt(4) == 0) batch.delete(family, key);
                                source.write(new WriteOptions(), batch);
                            }
                        }
                        default -> {
                            int from = random.nextInt(60);
                            source.deleteRange(family, key(from), key(from + random.nextInt(5)));
                        }
                    }
                }
                if (round == 1) source.flush(new FlushOptions().setWaitForFlush(true)); // the WAL rolls over
                applied = replicate(source, replica, applied);
            }
            assertEquals(source.getLatestSequenceNumber(), applied);
            for (int f = 0; f < 2; f++) assertSameContents(source, sourceFamilies.get(f), replica, replicaFamilies.get(f));
        }
    }

    private static byte[] key(int n) {
        return bytes(String.format("k%03d", n));
    }

    /** Applies every batch after sequence {@code applied} to replica, checking they are contiguous. */
    private static long replicate(RocksDB source, RocksDB replica, long applied) throws RocksDBException {
        try (TransactionLogIterator it = source.getUpdatesSince(applied + 1)) {
            while (it.isValid()) {
                TransactionLogIterator.BatchResult batch = it.getBatch();
                assertEquals(applied + 1, batch.sequenceNumber(), "batches follow each other without a gap");
                try (WriteBatch copy = batch.writeBatch()) {
                    replica.write(new WriteOptions(), copy);
                    applied += copy.count();
                }
                it.next();
            }
            it.status();
        }
        return applied;
    }

    private static void assertSameContents(RocksDB a, ColumnFamilyHandle fa, RocksDB b, ColumnFamilyHandle fb) {
        List<String> left = new ArrayList<>(), right = new ArrayList<>();
        try (RocksIterator i = a.newIterator(fa); RocksIterator j = b.newIterator(fb)) {
            for (i.seekToFirst(); i.isValid(); i.next()) left.add(string(i.keyBytes()) + "=" + string(i.valueBytes()));
            for (j.seekToFirst(); j.isValid(); j.next()) right.add(string(j.keyBytes()) + "=" + string(j.valueBytes()));
        }
        assertFalse(left.isEmpty());
        assertEquals(left, right);
    }

    private static final class RecordingHandler extends WriteBatch.Handler {
        private final List<String> seen;

        RecordingHandler(List<String> seen) {
            this.seen = seen;
        }

        @Override
        public void put(int cf, byte[] key, byte[] value) {
            seen.add("put " + cf + " " + string(key) + " " + string(value));
        }

        @Override
        public void merge(int cf, byte[] key, byte[] value) {
            seen.add("merge " + cf + " " + string(key) + " " + string(value));
        }

        @Override
        public void delete(int cf, byte[] key) {
            seen.add("delete " + cf + " " + string(key));
        }

        @Override
        public void singleDelete(int cf, byte[] key) {
            seen.add("singleDelete " + cf + " " + string(key));
        }

        @Override
        public void deleteRange(int cf, byte[] begin, byte[] end) {
            seen.add("deleteRange " + cf + " " + string(begin) + " " + string(end));
        }

        @Override
        public void logData(byte[] blob) {
            seen.add("logData " + string(blob));
        }

        @Override
        public void put(byte[] key, byte[] value) { fail("never called"); }
        @Override
        public void merge(byte[] key, byte[] value) { fail("never called"); }
        @Override
        public void delete(byte[] key) { fail("never called"); }
        @Override
        public void singleDelete(byte[] key) { fail("never called"); }
        @Override
        public void deleteRange(byte[] begin, byte[] end) { fail("never called"); }
        @Override
        public void putBlobIndex(int cf, byte[] key, byte[] value) { fail("never called"); }
        @Override
        public void markBeginPrepare() { fail("never called"); }
        @Override
        public void markEndPrepare(byte[] xid) { fail("never called"); }
        @Override
        public void markNoop(boolean emptyBatch) { fail("never called"); }
        @Override
        public void markRollback(byte[] xid) { fail("never called"); }
        @Override
        public void markCommit(byte[] xid) { fail("never called"); }
        @Override
        public void markCommitWithTimestamp(byte[] xid, byte[] ts) { fail("never called"); }
    }
}
