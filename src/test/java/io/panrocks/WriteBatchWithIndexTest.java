package io.panrocks;

import io.panrocks.testkit.EngineVersion;
import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.randomBytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/** WriteBatchWithIndex: read-your-writes alone and over a DB, iterators with base, writing, save points, lifetimes. */
class WriteBatchWithIndexTest {
    @RegisterExtension
    final OpenDbExtension fixture = OpenDbExtension.withOptions(
            new Options().setCreateIfMissing(true).setMergeOperator(new MergeOperator.StringAppendOperator(',')));
    RocksDB db;
    @TempDir
    Path otherDir; // a TransactionDB's

    @BeforeEach
    void open(RocksDB db) {
        this.db = db;
    }

    private static List<String> walk(RocksIterator it) {
        List<String> out = new ArrayList<>();
        for (it.seekToFirst(); it.isValid(); it.next()) out.add(string(it.keyBytes()) + "=" + string(it.valueBytes()));
        return out;
    }

    @Test
    void readsItsOwnUpdatesAloneAndOnTopOfTheDb() throws Exception {
        db.put(bytes("a"), bytes("db-a"));
        db.put(bytes("c"), bytes("db-c"));
        db.merge(bytes("m"), bytes("x"));
        try (WriteBatchWithIndex batch = new WriteBatchWithIndex()) {
            batch.put(bytes("b"), bytes("batch-b"));
            batch.delete(bytes("c"));
            batch.merge(bytes("m"), bytes("y"));
            byte[] big = randomBytes(3, 4 << 20);
            batch.put(bytes("big"), big);
            assertEquals(4, batch.count());

            assertEquals("batch-b", string(batch.getFromBatch(bytes("b"))));
            assertNull(batch.getFromBatch(bytes("a")), "the batch alone does not know the DB");
            assertNull(batch.getFromBatch(bytes("c")), "deleted in the batch");
            assertArrayEquals(big, batch.getFromBatch(bytes("big")));
            assertArrayEquals(big, batch.getFromBatch(new DBOptions(), bytes("big")));
            RocksDBException merge = assertThrows(RocksDBException.class, () -> batch.getFromBatch(bytes("m")));
            assertEquals(Status.Code.MergeInProgress, merge.getStatus().code());

            ReadOptions ro = new ReadOptions();
            assertEquals("db-a", string(batch.getFromBatchAndDB(db, ro, bytes("a"))));
            assertEquals("batch-b", string(batch.getFromBatchAndDB(db, ro, bytes("b"))));
            assertNull(batch.getFromBatchAndDB(db, ro, bytes("c")));
            assertEquals("x,y", string(batch.getFromBatchAndDB(db, ro, bytes("m"))));
            assertArrayEquals(big, batch.getFromBatchAndDB(db, null, ro, bytes("big")));
            assertEquals(big.length, batch.getFromBatchAndDB(db, null, ro, bytes("big"), MemorySegment::byteSize));
            assertNull(batch.getFromBatchAndDB(db, null, ro, bytes("c"), MemorySegment::byteSize));
            byte[] buffer = new byte[4];
            assertEquals(7, batch.getFromBatchAndDB(db, null, ro, bytes("b"), buffer));
            assertEquals("batc", string(buffer));
            assertEquals(RocksDB.NOT_FOUND, batch.getFromBatchAndDB(db, null, ro, bytes("zz"), buffer));

            // nothing reached the DB yet; then all of it at once
            assertEquals("db-c", string(db.get(bytes("c"))));
            db.write(WriteOptions.DEFAULT, batch);
            assertEquals(4, batch.count(), "the batch is left as it was");
        }
        assertNull(db.get(bytes("c")));
        assertEquals("batch-b", string(db.get(bytes("b"))));
        assertEquals("x,y", string(db.get(bytes("m"))));
    }

    @Test
    void itsBytesAreAWriteBatchs() throws Exception {
        try (WriteBatchWithIndex indexed = new WriteBatchWithIndex(); WriteBatch plain = new WriteBatch()) {
            byte[] binary = {0, 1, (byte) 0xff};
            indexed.put(bytes("k"), bytes("v"));
            plain.put(bytes("k"), bytes("v"));
            indexed.merge(binary, bytes("m"));
            plain.merge(binary, bytes("m"));
            indexed.delete(bytes("d"));
            plain.delete(bytes("d"));
            indexed.singleDelete(bytes("s"));
            plain.singleDelete(bytes("s"));
            indexed.put(null, ByteBuffer.wrap(bytes("bb")), ByteBuffer.allocateDirect(2).put(bytes("vv")).flip());
            plain.put(bytes("bb"), bytes("vv"));
            assertArrayEquals(plain.data(), indexed.data());
            assertEquals(plain.getDataSize(), indexed.getDataSize());
            assertEquals(plain.count(), indexed.count());
        }
    }

    @Test
    void overwriteKeyKeepsOneEntryPerKey() throws Exception {
        try (WriteBatchWithIndex batch = new WriteBatchWithIndex(true)) {
            assertTrue(batch.isOverwriteKey());
            batch.put(bytes("k"), bytes("1"));
            batch.put(bytes("k"), bytes("2"));
            assertEquals("2", string(batch.getFromBatch(bytes("k"))));
            try (RocksIterator it = batch.newIteratorWithBase(db.newIterator())) {
                assertEquals(List.of("k=2"), walk(it));
            }
        }
    }

    @Test
    void anIteratorWithBaseShowsTheBatchOnTopOfTheDb() throws Exception {
        for (String k : List.of("a", "c", "e", "g")) db.put(bytes(k), bytes("db-" + k));
        try (WriteBatchWithIndex batch = new WriteBatchWithIndex()) {
            batch.put(bytes("b"), bytes("batch-b"));
            batch.put(bytes("c"), bytes("batch-c"));
            batch.delete(bytes("e"));
            batch.merge(bytes("g"), bytes("more"));
            RocksIterator base = db.newIterator(new ReadOptions().setIterateUpperBound(bytes("f")));
            RocksIterator it = batch.newIteratorWithBase(base);
            assertThrows(IllegalStateException.class, base::seekToFirst, "the base was taken over");
            // the base's bounds apply to the batch's side too from RocksDB 8.8 on; before, only to the DB's
            assertEquals(EngineVersion.atLeast(8, 8) ? List.of("a=db-a", "b=batch-b", "c=batch-c")
                    : List.of("a=db-a", "b=batch-b", "c=batch-c", "g=more"), walk(it));
            it.close();
            try (RocksIterator all = batch.newIteratorWithBase(db, null, ReadOptions.DEFAULT)) {
                assertEquals(List.of("a=db-a", "b=batch-b", "c=batch-c", "g=db-g,more"), walk(all));
                List<String> backwards = new ArrayList<>();
                all.seekToLast();
                all.scanBackward((k, v) -> backwards.add(string(k.toArray(ValueLayout.JAVA_BYTE))));
                assertEquals(List.of("g", "c", "b", "a"), backwards);

                // positioned on the batch's entry while the batch grows: the entry stays readable
                all.seek(bytes("b"));
                MemorySegment value = all.value();
                for (int i = 0; i < 3000; i++) batch.put(bytes("z" + i), randomBytes(i, 100));
                assertEquals("batch-b", string(value.toArray(ValueLayout.JAVA_BYTE)));
                all.next();
                assertEquals("c", string(all.keyBytes()));

                // clearing rebuilds the index: the iterator ends (its entry stays readable)
                MemorySegment key = all.key();
                batch.clear();
                assertEquals("c", string(key.toArray(ValueLayout.JAVA_BYTE)));
                IllegalStateException ended = assertThrows(IllegalStateException.class, all::next);
                assertTrue(ended.getMessage().contains("cleared"), ended.getMessage());
                assertThrows(IllegalStateException.class, all::seekToFirst);
            }
            assertEquals(0, batch.count());
        }
    }

    @Test
    void columnFamiliesBindTheBatchToTheirDb(@OpenDbExtension.Other RocksDB other) throws Exception {
        ColumnFamilyHandle users = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("users"),
                new ColumnFamilyOptions().setMergeOperator(new MergeOperator.StringAppendOperator('+'))));
        db.put(users, bytes("u"), bytes("db"));
        db.merge(users, bytes("m"), bytes("1"));
        try (WriteBatchWithIndex batch = new WriteBatchWithIndex()) {
            ColumnFamilyHandle foreign = other.createColumnFamily(new ColumnFamilyDescriptor(bytes("f")));
            batch.put(users, bytes("v"), bytes("batch"));
            batch.merge(users, bytes("m"), bytes("2"));
            assertEquals("batch", string(batch.getFromBatch(users, bytes("v"))));
            // with the family's handle, merges in the batch alone are resolved only with a base value
            assertEquals(Status.Code.MergeInProgress, assertThrows(RocksDBException.class,
                    () -> batch.getFromBatch(users, bytes("m"))).getStatus().code());
            assertEquals("1+2", string(batch.getFromBatchAndDB(db, users, ReadOptions.DEFAULT, bytes("m"))));
            assertThrows(IllegalArgumentException.class, () -> batch.put(foreign, bytes("k"), bytes("v")));
            assertThrows(IllegalArgumentException.class, () -> other.write(WriteOptions.DEFAULT, batch));
            assertThrows(IllegalArgumentException.class, () -> batch.getFromBatchAndDB(other, ReadOptions.DEFAULT, bytes("k")));
            assertThrows(IllegalArgumentException.class, () -> batch.getFromBatchAndDB(db, foreign, ReadOptions.DEFAULT, bytes("k")));
            try (RocksIterator base = other.newIterator()) {
                assertThrows(IllegalArgumentException.class, () -> batch.newIteratorWithBase(base));
            }
            try (RocksIterator base = db.newIterator()) {
                assertThrows(IllegalArgumentException.class, () -> batch.newIteratorWithBase(users, base),
                        "the base iterates another family");
            }
            try (RocksIterator it = batch.newIteratorWithBase(users, db.newIterator(users))) {
                assertEquals(List.of("m=1+2", "u=db", "v=batch"), walk(it));
                users.close(); // takes effect when the iterator closes: RocksDB's iterator keeps the handle
                it.seekToFirst();
                assertTrue(it.isValid());
            }
            assertTrue(users.isReleased());
            assertThrows(IllegalStateException.class, () -> batch.put(users, bytes("x"), bytes("y")));
            db.write(WriteOptions.DEFAULT, batch);
            batch.clear(); // unbinds it
            batch.put(bytes("default"), bytes("any DB"));
            other.write(WriteOptions.DEFAULT, batch);
            assertEquals("any DB", string(other.get(bytes("default"))));
            foreign.close();
        }
    }

    @Test
    void theDefaultFamilysHandleBindsTheBatchToItsDbUntilClear(@OpenDbExtension.Other RocksDB other) throws Exception {
        try (WriteBatchWithIndex batch = new WriteBatchWithIndex()) {
            batch.put(db.getDefaultColumnFamily(), bytes("k"), bytes("v"));
            batch.put(bytes("unnamed"), bytes("u")); // the default family, of the same DB
            assertThrows(IllegalArgumentException.class, () -> other.write(WriteOptions.DEFAULT, batch));
            assertThrows(IllegalArgumentException.class, () -> batch.put(other.getDefaultColumnFamily(), bytes("x"), bytes("y")));
            assertThrows(IllegalArgumentException.class, () -> batch.getFromBatch(other.getDefaultColumnFamily(), bytes("k")));
            assertEquals("v", string(batch.getFromBatch(db.getDefaultColumnFamily(), bytes("k"))));
            assertEquals("u", string(batch.getFromBatchAndDB(db, ReadOptions.DEFAULT, bytes("unnamed"))));
            db.close();
            IllegalStateException closed = assertThrows(IllegalStateException.class, () -> batch.put(bytes("a"), bytes("b")));
            assertTrue(closed.getMessage().contains("is closed"), closed.getMessage());
            assertThrows(IllegalStateException.class, () -> batch.getFromBatch(bytes("k")));
            assertThrows(IllegalStateException.class, batch::rollbackToSavePoint);
            assertThrows(IllegalStateException.class, () -> other.write(WriteOptions.DEFAULT, batch));
            assertEquals(2, batch.count());
            batch.clear();
            batch.put(bytes("k"), bytes("again"));
            other.write(WriteOptions.DEFAULT, batch);
            assertEquals("again", string(other.get(bytes("k"))));
        }
    }

    @Test
    void savePointsAndWhatRocksDbLeavesOut() throws Exception {
        try (WriteBatchWithIndex batch = new WriteBatchWithIndex()) {
            assertEquals(Status.Code.NotFound, assertThrows(RocksDBException.class, batch::rollbackToSavePoint).getStatus().code());
            assertEquals(Status.Code.NotFound, assertThrows(RocksDBException.class, batch::popSavePoint).getStatus().code());
            batch.put(bytes("a"), bytes("1"));
            batch.setSavePoint();
            batch.put(bytes("b"), bytes("2"));
            try (RocksIterator it = batch.newIteratorWithBase(db.newIterator())) {
                it.seekToFirst();
                batch.rollbackToSavePoint();
                assertThrows(IllegalStateException.class, it::next, "a rollback to a save point rebuilds the index");
            }
            assertNull(batch.getFromBatch(bytes("b")));
            assertEquals("1", string(batch.getFromBatch(bytes("a"))));
            batch.setSavePoint();
            batch.popSavePoint();
            RocksDBException range = assertThrows(RocksDBException.class, () -> batch.deleteRange(bytes("a"), bytes("z")));
            assertEquals(Status.Code.NotSupported, range.getStatus().code());
            assertEquals(1, batch.count(), "left as it was");
            batch.putLogData(bytes("only in the log"));
            db.write(WriteOptions.DEFAULT, batch);
            assertEquals("1", string(db.get(bytes("a"))));
            assertNull(db.get(bytes("only in the log")));
        }
    }

    @Test
    void closingEndsItsIteratorsAndEverythingElseThrows() throws Exception {
        db.put(bytes("a"), bytes("db"));
        WriteBatchWithIndex batch = new WriteBatchWithIndex();
        batch.put(bytes("b"), bytes("batch"));
        RocksIterator it = batch.newIteratorWithBase(db.newIterator());
        it.seek(bytes("b"));
        MemorySegment value = it.value();
        // closed from another thread while this one holds an iterator over it
        CompletableFuture.runAsync(batch::close).get(10, TimeUnit.SECONDS);
        assertEquals("batch", string(value.toArray(ValueLayout.JAVA_BYTE)));
        assertThrows(IllegalStateException.class, it::next);
        assertThrows(IllegalStateException.class, () -> batch.put(bytes("k"), bytes("v")));
        assertThrows(IllegalStateException.class, () -> batch.getFromBatch(bytes("b")));
        assertThrows(IllegalStateException.class, batch::count);
        assertThrows(IllegalStateException.class, () -> db.write(WriteOptions.DEFAULT, batch));
        assertThrows(IllegalStateException.class, () -> batch.newIteratorWithBase(db.newIterator()));
        batch.close();
        it.close();
        assertTrue(batch.toString().contains("closed"));

        // the DB's close closes iterators over a batch; the batch lives on
        try (WriteBatchWithIndex other = new WriteBatchWithIndex()) {
            other.put(bytes("x"), bytes("1"));
            RocksIterator over = other.newIteratorWithBase(db.newIterator());
            over.seekToFirst();
            db.close();
            assertThrows(IllegalStateException.class, over::next);
            over.close();
            assertEquals("1", string(other.getFromBatch(bytes("x"))));
            assertThrows(IllegalStateException.class, () -> other.getFromBatchAndDB(db, ReadOptions.DEFAULT, bytes("x")));
        }
    }

    @Test
    void badArguments() throws Exception {
        try (WriteBatchWithIndex batch = new WriteBatchWithIndex()) {
            assertThrows(NullPointerException.class, () -> batch.put(null, bytes("v")));
            assertThrows(NullPointerException.class, () -> batch.put(bytes("k"), (byte[]) null));
            assertThrows(NullPointerException.class, () -> batch.getFromBatchAndDB(null, ReadOptions.DEFAULT, bytes("k")));
            assertThrows(NullPointerException.class, () -> batch.newIteratorWithBase((RocksIterator) null));
            assertThrows(IllegalArgumentException.class, () -> new WriteBatchWithIndex(-1, false));
            batch.put(new byte[0], new byte[0]);
            assertArrayEquals(new byte[0], batch.getFromBatch(new byte[0]));
            try (Transaction txn = TransactionDB.open(otherDir).beginTransaction(WriteOptions.DEFAULT)) {
                try (RocksIterator overTxn = txn.getIterator()) {
                    assertThrows(IllegalArgumentException.class, () -> batch.newIteratorWithBase(overTxn),
                            "the base must iterate the DB alone");
                }
                txn.owner().close();
            }
            RocksIterator base = db.newIterator();
            Throwable onOtherThread = CompletableFuture.supplyAsync(() -> {
                try {
                    batch.newIteratorWithBase(base);
                    return null;
                } catch (Throwable t) {
                    return t;
                }
            }).get();
            assertInstanceOf(WrongThreadException.class, onOtherThread);
            base.seekToFirst(); // still usable: nothing was taken over
            base.close();
        }
    }
}
