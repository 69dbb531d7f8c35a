package io.panrocks;

import io.panrocks.testkit.TestBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A family opened without a merge operator: merges into it are refused up
 * front (a single merge, a batch, a transaction), and merge records it
 * already holds (a log written with the operator, recovered without it) are
 * kept, never dropped. RocksDB's own recovery fails such a record and, under
 * point-in-time recovery, ends the replay there: that record and every later
 * one were lost for good, with no error. These tests open DBs by hand: the
 * reopen is what they test.
 */
class MissingMergeOperatorTest {
    @TempDir
    Path dir;

    private static final String NOT_INITIALIZED = "merge_operator is not properly initialized.";

    /** put, merge, put, merge, put into the default family, with the operator; in the log only. */
    private void writeMergesToTheLogOnly() throws RocksDBException {
        try (Options options = new Options().setCreateIfMissing(true).setMergeOperatorName("stringappend");
             RocksDB db = RocksDB.open(options, dir)) {
            db.put(bytes("k1"), bytes("a"));
            db.merge(bytes("k1"), bytes("b"));
            db.put(bytes("k2"), bytes("c"));
            db.merge(bytes("k3"), bytes("d"));
            db.put(bytes("k4"), bytes("e"));
        }
    }

    private static void assertReadNeedsTheOperator(ThrowingRead read) {
        RocksDBException e = assertThrows(RocksDBException.class, read::run);
        assertEquals(Status.Code.InvalidArgument, e.getStatus().getCode(), e.getMessage());
        assertEquals(NOT_INITIALIZED, e.getStatus().getState());
    }

    @FunctionalInterface
    private interface ThrowingRead {
        void run() throws RocksDBException;
    }

    @Test
    void aReopenWithoutTheOperatorKeepsEveryRecordOfTheLog() throws Exception {
        writeMergesToTheLogOnly();
        try (Options options = new Options(); RocksDB db = RocksDB.open(options, dir)) {
            assertArrayEquals(bytes("c"), db.get(bytes("k2")), "a record after the first merge");
            assertArrayEquals(bytes("e"), db.get(bytes("k4")), "the last record");
            assertReadNeedsTheOperator(() -> db.get(bytes("k1")));
            assertReadNeedsTheOperator(() -> db.get(bytes("k3")));
            try (ReadOptions read = new ReadOptions()) {
                List<byte[]> keys = List.of(bytes("k2"), bytes("k3"));
                // a MultiGet's entries carry RocksDB's code, not its text
                RocksDBException e = assertThrows(RocksDBException.class, () -> db.multiGetAsList(read, keys));
                assertEquals(Status.Code.InvalidArgument, e.getStatus().getCode(), e.getMessage());
            }
            // an iteration stops at the first key that needs a merge, with the error
            try (RocksIterator it = db.newIterator()) {
                List<String> seen = new ArrayList<>();
                for (it.seekToFirst(); it.isValid(); it.next()) seen.add(TestBytes.string(it.key()));
                assertEquals(List.of(), seen, "k1 is the first key, and it needs the operator");
                assertReadNeedsTheOperator(it::status);
            }
            // flushes and compactions copy the operands: nothing merged, nothing lost
            try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
                db.flush(flush);
            }
            db.compactRange();
            assertReadNeedsTheOperator(() -> db.get(bytes("k1")));
            db.put(bytes("k6"), bytes("f")); // the DB still writes
        }
        try (Options options = new Options().setMergeOperatorName("stringappend"); RocksDB db = RocksDB.open(options, dir)) {
            assertArrayEquals(bytes("a,b"), db.get(bytes("k1")));
            assertArrayEquals(bytes("c"), db.get(bytes("k2")));
            assertArrayEquals(bytes("d"), db.get(bytes("k3")));
            assertArrayEquals(bytes("e"), db.get(bytes("k4")));
            assertArrayEquals(bytes("f"), db.get(bytes("k6")));
        }
    }

    @Test
    void aTtlDbReopenedWithoutTheOperatorKeepsEveryRecordToo() throws Exception {
        // a TTL DB wraps the family's merge operator (the stand-in too) in its own, which strips
        // the timestamps and calls the one it wraps
        try (Options options = new Options().setCreateIfMissing(true).setMergeOperatorName("stringappend");
             TtlDB db = TtlDB.open(options, dir, 3600, false)) {
            db.put(bytes("k1"), bytes("a"));
            db.merge(bytes("k1"), bytes("b"));
            db.put(bytes("k2"), bytes("c"));
        }
        try (Options options = new Options(); TtlDB db = TtlDB.open(options, dir, 3600, false)) {
            assertArrayEquals(bytes("c"), db.get(bytes("k2")));
            assertReadNeedsTheOperator(() -> db.get(bytes("k1")));
            try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
                db.flush(flush); // the operands are copied: no background error
            }
            db.compactRange();
            db.put(bytes("k3"), bytes("d"));
            RocksDBException e = assertThrows(RocksDBException.class, () -> db.merge(bytes("k4"), bytes("x")));
            assertEquals(Status.Code.NotSupported, e.getStatus().getCode());
        }
        try (Options options = new Options().setMergeOperatorName("stringappend");
             TtlDB db = TtlDB.open(options, dir, 3600, false)) {
            assertArrayEquals(bytes("a,b"), db.get(bytes("k1")));
            assertArrayEquals(bytes("d"), db.get(bytes("k3")));
        }
    }

    @Test
    void filesWrittenWithoutTheOperatorSayNoneInTheirPropertiesAndTheOptionsFile() throws Exception {
        writeMergesToTheLogOnly();
        try (Options options = new Options(); RocksDB db = RocksDB.open(options, dir)) {
            try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
                db.flush(flush);
            }
            for (TableProperties properties : db.getPropertiesOfAllTables().values()) {
                assertEquals("nullptr", properties.getMergeOperatorName(), "what RocksDB records for none");
            }
        }
        try (Stream<Path> files = Files.list(dir)) {
            Path latest = files.filter(p -> p.getFileName().toString().startsWith("OPTIONS-"))
                    .max((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()))
                    .orElseThrow();
            List<String> mergeLines = Files.readAllLines(latest).stream()
                    .map(String::strip)
                    .filter(line -> line.startsWith("merge_operator="))
                    .toList();
            assertFalse(mergeLines.isEmpty());
            mergeLines.forEach(line -> assertEquals("merge_operator=nullptr", line));
        }
    }

    @Test
    void aMergeIntoAFamilyWithoutAnOperatorIsRefusedUpFrontByEveryWritePath() throws Exception {
        List<ColumnFamilyDescriptor> families = List.of(
                new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY),
                new ColumnFamilyDescriptor(bytes("counts"), new ColumnFamilyOptions().setMergeOperatorName("uint64add")));
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        byte[] one = {1, 0, 0, 0, 0, 0, 0, 0};
        try (DBOptions options = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
             RocksDB db = RocksDB.open(options, dir.toString(), families, handles);
             WriteOptions write = new WriteOptions()) {
            ColumnFamilyHandle counts = handles.get(1);
            RocksDBException single = assertThrows(RocksDBException.class, () -> db.merge(bytes("m"), bytes("x")));
            assertEquals(Status.Code.NotSupported, single.getStatus().getCode());
            assertEquals("Provide a merge_operator when opening DB", single.getStatus().getState());

            try (WriteBatch batch = new WriteBatch()) {
                batch.put(bytes("p"), bytes("1"));
                batch.merge(counts, bytes("n"), one);
                batch.merge(bytes("m"), bytes("x"));
                RocksDBException e = assertThrows(RocksDBException.class, () -> db.write(write, batch));
                assertEquals(Status.Code.InvalidArgument, e.getStatus().getCode());
                assertEquals("Merge requires `ColumnFamilyOptions::merge_operator != nullptr`", e.getStatus().getState());
            }
            assertNull(db.get(bytes("p")), "none of the refused batch");
            assertNull(db.get(counts, bytes("n")));

            try (WriteBatchWithIndex batch = new WriteBatchWithIndex()) {
                batch.merge(bytes("m"), bytes("x"));
                RocksDBException e = assertThrows(RocksDBException.class, () -> db.write(write, batch));
                assertEquals(Status.Code.InvalidArgument, e.getStatus().getCode());
            }

            try (WriteBatch batch = new WriteBatch()) { // merges into the family with an operator go through
                batch.put(bytes("p"), bytes("1"));
                batch.merge(counts, bytes("n"), one);
                batch.merge(counts, bytes("n"), one);
                db.write(write, batch);
            }
            assertArrayEquals(bytes("1"), db.get(bytes("p")), "the DB still writes after the refusals");
            assertArrayEquals(new byte[]{2, 0, 0, 0, 0, 0, 0, 0}, db.get(counts, bytes("n")));
            handles.forEach(ColumnFamilyHandle::close);
        }
    }

    @Test
    void aTransactionMergeIntoAFamilyWithoutAnOperatorIsRefusedAndTheCommitStillWorks() throws Exception {
        // RocksDB takes the merge into the transaction; its commit writes the
        // log, fails the memtable insert and stops the DB
        try (Options options = new Options().setCreateIfMissing(true);
             TransactionDBOptions txnOptions = new TransactionDBOptions();
             TransactionDB db = TransactionDB.open(options, txnOptions, dir);
             WriteOptions write = new WriteOptions();
             Transaction txn = db.beginTransaction(write)) {
            txn.put(bytes("p"), bytes("1"));
            RocksDBException e = assertThrows(RocksDBException.class, () -> txn.merge(bytes("m"), bytes("x")));
            assertEquals(Status.Code.NotSupported, e.getStatus().getCode());
            txn.commit();
            assertArrayEquals(bytes("1"), db.get(bytes("p")));
            db.put(bytes("q"), bytes("2")); // not stopped
            assertArrayEquals(bytes("2"), db.get(bytes("q")));
        }
    }
}
