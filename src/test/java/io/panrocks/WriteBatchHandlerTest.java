package io.panrocks;

import io.panrocks.fork.BatchBytesFuzz;
import io.panrocks.testkit.ForkedJvm;
import io.panrocks.testkit.OpenDbExtension;
import io.panrocks.testkit.Seeds;
import io.panrocks.testkit.TestBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.hex;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * WriteBatch's RocksJava side: {@code iterate(Handler)} and the zero-copy
 * visitor over every record type and column families, {@code putLogData},
 * a batch from its bytes (validated), {@code has*}, and what a handler may
 * not do to its own batch.
 */
class WriteBatchHandlerTest {
    @RegisterExtension
    final OpenDbExtension fixture = OpenDbExtension.withColumnFamilies(new DBOptions(),
            List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY,
                    new ColumnFamilyOptions().setMergeOperatorName("stringappend")),
                    new ColumnFamilyDescriptor(bytes("second"), new ColumnFamilyOptions().setMergeOperatorName("stringappend"))));
    @TempDir
    Path dir;

    /** Records each call as a line, the way a RocksJava handler would see it. */
    static class Recorder extends WriteBatch.Handler {
        final List<String> calls = new ArrayList<>();

        @Override
        public void put(int cf, byte[] key, byte[] value) throws RocksDBException {
            calls.add("put " + cf + " " + hex(key) + " " + hex(value));
        }

        @Override
        public void put(byte[] key, byte[] value) {
            calls.add("put-default");
        }

        @Override
        public void merge(int cf, byte[] key, byte[] value) throws RocksDBException {
            calls.add("merge " + cf + " " + hex(key) + " " + hex(value));
        }

        @Override
        public void merge(byte[] key, byte[] value) {
            calls.add("merge-default");
        }

        @Override
        public void delete(int cf, byte[] key) throws RocksDBException {
            calls.add("delete " + cf + " " + hex(key));
        }

        @Override
        public void delete(byte[] key) {
            calls.add("delete-default");
        }

        @Override
        public void singleDelete(int cf, byte[] key) throws RocksDBException {
            calls.add("singleDelete " + cf + " " + hex(key));
        }

        @Override
        public void singleDelete(byte[] key) {
            calls.add("singleDelete-default");
        }

        @Override
        public void deleteRange(int cf, byte[] begin, byte[] end) throws RocksDBException {
            calls.add("deleteRange " + cf + " " + hex(begin) + " " + hex(end));
        }

        @Override
        public void deleteRange(byte[] begin, byte[] end) {
            calls.add("deleteRange-default");
        }

        @Override
        public void logData(byte[] blob) {
            calls.add("logData " + hex(blob));
        }

        @Override
        public void putBlobIndex(int cf, byte[] key, byte[] value) {
            calls.add("putBlobIndex");
        }

        @Override
        public void markBeginPrepare() {
            calls.add("markBeginPrepare");
        }

        @Override
        public void markEndPrepare(byte[] xid) {
            calls.add("markEndPrepare");
        }

        @Override
        public void markNoop(boolean emptyBatch) {
            calls.add("markNoop");
        }

        @Override
        public void markRollback(byte[] xid) {
            calls.add("markRollback");
        }

        @Override
        public void markCommit(byte[] xid) {
            calls.add("markCommit");
        }

        @Override
        public void markCommitWithTimestamp(byte[] xid, byte[] ts) {
            calls.add("markCommitWithTimestamp");
        }
    }

    /** A handler whose every record callback runs {@code action} first. */
    static Recorder onEachRecord(Consumer<String> action) {
        return new Recorder() {
            @Override
            public void put(int cf, byte[] key, byte[] value) throws RocksDBException {
                action.accept("put");
                super.put(cf, key, value);
            }

            @Override
            public void delete(int cf, byte[] key) throws RocksDBException {
                action.accept("delete");
                super.delete(cf, key);
            }
        };
    }

    /** A batch with every record type panrocks writes, in the default family and in {@code cf}. */
    static WriteBatch everyRecord(ColumnFamilyHandle cf) {
        WriteBatch b = new WriteBatch();
        b.put(bytes("k1"), bytes("v1"));
        b.put(cf, bytes("k2"), bytes("v2"));
        b.merge(bytes("m"), bytes("mv"));
        b.merge(cf, bytes("m2"), bytes("mv2"));
        b.delete(bytes("d"));
        b.delete(cf, bytes("d2"));
        b.singleDelete(bytes("s"));
        b.singleDelete(cf, bytes("s2"));
        b.deleteRange(bytes("a"), bytes("b"));
        b.deleteRange(cf, bytes("c"), bytes("d"));
        b.putLogData(bytes("blob"));
        b.put(ByteBuffer.wrap(bytes("bb")), ByteBuffer.wrap(new byte[0]));
        b.delete(cf, ByteBuffer.wrap(bytes("bd")));
        b.delete(ByteBuffer.wrap(bytes("bd2")));
        return b;
    }

    static List<String> expectedRecords(int cf) {
        return List.of("put 0 6b31 7631", "put " + cf + " 6b32 7632", "merge 0 6d 6d76", "merge " + cf + " 6d32 6d7632",
                "delete 0 64", "delete " + cf + " 6432", "singleDelete 0 73", "singleDelete " + cf + " 7332",
                "deleteRange 0 61 62", "deleteRange " + cf + " 63 64", "logData 626c6f62", "put 0 6262 ",
                "delete " + cf + " 6264", "delete 0 626432");
    }

    @Test
    void aHandlerSeesEveryRecordAsRocksJavasDoes(RocksDB db) throws RocksDBException {
        try (WriteBatch batch = everyRecord(fixture.family("second"))) {
            int cf = fixture.family("second").getID();
            Recorder r = new Recorder();
            batch.iterate(r);
            assertEquals(expectedRecords(cf), r.calls);
            assertEquals(13, batch.count(), "log data is not counted");
            assertTrue(batch.hasPut() && batch.hasDelete() && batch.hasSingleDelete() && batch.hasDeleteRange()
                    && batch.hasMerge());
            assertFalse(batch.hasBeginPrepare() || batch.hasEndPrepare() || batch.hasCommit() || batch.hasRollback());
            assertSame(batch, batch.getWriteBatch());
            db.write(WriteOptions.DEFAULT, batch);
            assertEquals("v2", string(db.get(fixture.family("second"), bytes("k2"))));
            assertEquals("mv2", string(db.get(fixture.family("second"), bytes("m2"))));
            try (WriteBatch empty = new WriteBatch()) {
                Recorder none = new Recorder();
                empty.iterate(none);
                assertEquals(List.of(), none.calls);
                assertFalse(empty.hasPut() || empty.hasDelete() || empty.hasMerge());
                empty.delete(bytes("x"));
                assertTrue(empty.hasDelete());
                assertFalse(empty.hasPut());
            }
        }
    }

    @Test
    void theVisitorSeesReadOnlyViewsThatDieWithTheWalk() throws RocksDBException {
        try (WriteBatch batch = new WriteBatch()) {
            byte[] big = TestBytes.randomBytes(7, 4 << 20);
            batch.put(bytes("big"), big);
            batch.putLogData(new byte[0]);
            batch.delete(new byte[0]);
            List<MemorySegment> kept = new ArrayList<>();
            List<String> seen = new ArrayList<>();
            long visited = batch.iterate((type, cf, key, value) -> {
                seen.add(type + " " + cf + " " + key.byteSize() + " " + value.byteSize());
                assertTrue(key.isReadOnly() && value.isReadOnly());
                if (type == WriteBatch.RecordType.PUT) {
                    assertArrayEquals(big, value.toArray(ValueLayout.JAVA_BYTE));
                    assertThrows(IllegalArgumentException.class, () -> value.set(ValueLayout.JAVA_BYTE, 0, (byte) 1));
                }
                kept.add(value);
                return true;
            });
            assertEquals(3, visited);
            assertEquals(List.of("PUT 0 3 " + (4 << 20), "LOG_DATA 0 0 0", "DELETE 0 0 0"), seen);
            assertThrows(IllegalStateException.class, () -> kept.get(0).get(ValueLayout.JAVA_BYTE, 0),
                    "a view read after the walk");
            // stop early
            assertEquals(1, batch.iterate((type, cf, key, value) -> false));
            // a visitor's failure ends the walk and reaches the caller
            RocksDBException boom = new RocksDBException("boom");
            assertSame(boom, assertThrows(RocksDBException.class, () -> batch.iterate((t, c, k, v) -> {
                throw boom;
            })));
            assertEquals(3, batch.iterate((t, c, k, v) -> true), "the batch is unharmed");
        }
    }

    @Test
    void shouldContinueAndHandlerExceptions() throws RocksDBException {
        try (WriteBatch batch = new WriteBatch()) {
            for (int i = 0; i < 5; i++) batch.put(bytes("k" + i), bytes("v"));
            Recorder three = new Recorder() {
                @Override
                public boolean shouldContinue() {
                    return calls.size() < 3;
                }
            };
            batch.iterate(three);
            assertEquals(3, three.calls.size(), "asked before each record");

            RocksDBException stop = new RocksDBException("stop here");
            RocksDBException fromHandler = assertThrows(RocksDBException.class, () -> batch.iterate(new Recorder() {
                @Override
                public void put(int cf, byte[] key, byte[] value) throws RocksDBException {
                    throw stop;
                }
            }));
            assertSame(stop, fromHandler);
            assertThrows(IllegalStateException.class, () -> batch.iterate(onEachRecord(kind -> {
                throw new IllegalStateException("runtime");
            })));
            Recorder all = new Recorder();
            batch.iterate(all);
            assertEquals(5, all.calls.size());
            assertThrows(NullPointerException.class, () -> batch.iterate((WriteBatch.Handler) null));
            assertThrows(NullPointerException.class, () -> batch.iterate((WriteBatch.RecordVisitor) null));
        }
    }

    @Test
    void aHandlerMayReadItsBatchButNotChangeIt(RocksDB db) throws RocksDBException {
        try (WriteBatch batch = new WriteBatch()) {
            batch.put(bytes("k"), bytes("v")).delete(bytes("gone"));
            byte[] before = batch.data();
            List<Runnable> changes = List.of(
                    () -> batch.put(bytes("x"), bytes("y")),
                    () -> batch.put(fixture.family("second"), bytes("x"), bytes("y")),
                    () -> batch.put(MemorySegment.ofArray(bytes("x")), MemorySegment.ofArray(bytes("y"))),
                    () -> batch.put(ByteBuffer.wrap(bytes("x")), ByteBuffer.wrap(bytes("y"))),
                    () -> batch.merge(bytes("x"), bytes("y")),
                    () -> batch.delete(bytes("x")),
                    () -> batch.delete(ByteBuffer.wrap(bytes("x"))),
                    () -> batch.singleDelete(bytes("x")),
                    () -> batch.deleteRange(bytes("a"), bytes("b")),
                    () -> batch.putLogData(bytes("x")),
                    batch::clear,
                    batch::setSavePoint,
                    () -> {
                        try {
                            batch.rollbackToSavePoint();
                        } catch (RocksDBException e) {
                            throw new AssertionError(e);
                        }
                    },
                    () -> {
                        try {
                            batch.popSavePoint();
                        } catch (RocksDBException e) {
                            throw new AssertionError(e);
                        }
                    });
            List<String> refusals = new ArrayList<>();
            batch.iterate(onEachRecord(kind -> {
                if (!kind.equals("put")) return;
                for (Runnable change : changes) {
                    IllegalStateException e = assertThrows(IllegalStateException.class, change::run);
                    refusals.add(e.getMessage());
                }
                // reading is fine: the data, a nested walk, a write of the batch to a DB
                assertArrayEquals(before, batch.data());
                assertEquals(2, batch.count());
                try {
                    assertEquals(2, batch.iterate((t, c, k, v) -> true));
                    db.write(WriteOptions.DEFAULT, batch);
                } catch (RocksDBException e) {
                    throw new AssertionError(e);
                }
            }));
            assertEquals(changes.size(), refusals.size());
            assertTrue(refusals.get(0).contains("inside its own iterate"), refusals.get(0));
            assertArrayEquals(before, batch.data(), "nothing changed");
            assertEquals("v", string(db.get(bytes("k"))));
            // after the walk, changes work again
            batch.put(bytes("x"), bytes("y"));
            assertEquals(3, batch.count());
        }
    }

    @Test
    void aCloseFromInsideTheHandlerHappensWhenIterateReturns() throws RocksDBException {
        WriteBatch batch = new WriteBatch();
        for (int i = 0; i < 4; i++) batch.put(bytes("k" + i), TestBytes.randomBytes(i, 100_000));
        Recorder r = new Recorder() {
            @Override
            public void put(int cf, byte[] key, byte[] value) throws RocksDBException {
                super.put(cf, key, value);
                batch.close();
                assertEquals(4, batch.count(), "still readable inside the walk");
            }
        };
        batch.iterate(r);
        assertEquals(4, r.calls.size(), "the walk finished over intact memory");
        assertThrows(IllegalStateException.class, batch::data);
        assertThrows(IllegalStateException.class, () -> batch.iterate(new Recorder()));
        batch.close();
    }

    @Test
    void anotherThreadWaitsForTheWalk() throws Exception {
        try (WriteBatch batch = new WriteBatch()) {
            batch.put(bytes("k"), bytes("v"));
            CountDownLatch inside = new CountDownLatch(1);
            AtomicLong putAt = new AtomicLong();
            Thread other = new Thread(() -> {
                try {
                    inside.await();
                } catch (InterruptedException e) {
                    return;
                }
                batch.put(bytes("late"), bytes("v"));
                putAt.set(System.nanoTime());
            });
            other.start();
            long[] walkEnd = new long[1];
            batch.iterate(onEachRecord(kind -> {
                inside.countDown();
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                walkEnd[0] = System.nanoTime();
            }));
            other.join(TimeUnit.SECONDS.toMillis(30));
            assertTrue(putAt.get() > walkEnd[0], "the other thread's put came after the walk");
            assertEquals(2, batch.count());
        }
    }

    @Test
    void logDataTravelsWithTheBatchAndRollsBackWithIt(RocksDB db) throws RocksDBException {
        try (WriteBatch batch = new WriteBatch()) {
            batch.putLogData(bytes("first"));
            batch.setSavePoint();
            batch.put(bytes("k"), bytes("v")).putLogData(bytes("second"));
            assertEquals(1, batch.count());
            batch.rollbackToSavePoint();
            Recorder r = new Recorder();
            batch.iterate(r);
            assertEquals(List.of("logData " + hex(bytes("first"))), r.calls);
            assertEquals(0, batch.count());
            batch.put(bytes("k"), bytes("v"));
            db.write(WriteOptions.DEFAULT, batch);
            assertEquals("v", string(db.get(bytes("k"))));
            assertThrows(NullPointerException.class, () -> batch.putLogData(null));
        }
    }

    @Test
    void aBatchFromItsBytesIsTheSameBatch(RocksDB db) throws RocksDBException {
        try (WriteBatch original = everyRecord(fixture.family("second"))) {
            byte[] data = original.data();
            try (WriteBatch copy = new WriteBatch(data)) {
                assertArrayEquals(data, copy.data());
                assertEquals(original.count(), copy.count());
                assertEquals(original.getDataSize(), copy.getDataSize());
                Recorder a = new Recorder(), b = new Recorder();
                original.iterate(a);
                copy.iterate(b);
                assertEquals(a.calls, b.calls);
                // family IDs apply to the DB written to, as in RocksDB
                db.write(WriteOptions.DEFAULT, copy);
                assertEquals("v2", string(db.get(fixture.family("second"), bytes("k2"))));
                copy.put(bytes("more"), bytes("x"));
                assertEquals(original.count() + 1, copy.count());
            }
            try (WriteBatch empty = new WriteBatch(new WriteBatch().data())) {
                assertEquals(0, empty.count());
            }
        }
    }

    @Test
    void bytesThatAreNotABatchPanrocksWritesAreRefused() {
        byte[] good;
        try (WriteBatch b = new WriteBatch()) {
            good = b.put(bytes("k"), bytes("v")).data();
        }
        List<byte[]> bad = new ArrayList<>();
        bad.add(new byte[0]);
        bad.add(new byte[11]);
        bad.add(java.util.Arrays.copyOf(good, good.length - 1)); // value cut short
        byte[] count = good.clone();
        count[8] = 2; // counts two records, holds one
        bad.add(count);
        byte[] marker = java.util.Arrays.copyOf(good, good.length + 1);
        marker[good.length] = 0x9; // a transaction marker: not something panrocks writes
        bad.add(marker);
        byte[] unknown = good.clone();
        unknown[12] = 0x7F;
        bad.add(unknown);
        byte[] varint = java.util.Arrays.copyOf(new byte[12], 18);
        varint[8] = 1;
        varint[12] = 0x1;
        for (int i = 13; i < 18; i++) varint[i] = (byte) 0xFF; // a varint that never ends
        bad.add(varint);
        for (byte[] b : bad) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new WriteBatch(b),
                    HexFormat.of().formatHex(b));
            assertTrue(e.getMessage().startsWith("not a WriteBatch panrocks accepts"), e.getMessage());
        }
        assertThrows(NullPointerException.class, () -> new WriteBatch((byte[]) null));
    }

    /** Damaged batches given to the engine: refused, or handled with a status; never a crash (child JVM). */
    @Test
    void damagedBatchesNeverCrash() throws Exception {
        Seeds seeds = Seeds.of("WriteBatchHandlerTest.damaged", "panrocks.batchfuzz", 1);
        int rounds = Seeds.scaled(3000);
        for (int round = 0; round < seeds.rounds(); round++) {
            ForkedJvm.Result r = ForkedJvm.main(BatchBytesFuzz.class, dir.resolve("fuzz" + round).toString(),
                    Long.toString(seeds.seed(round)), Integer.toString(rounds))
                    .heap("256m").timeout(Duration.ofMinutes(5)).run();
            r.assertSuccess();
            String line = r.stdoutLines().stream().filter(l -> l.startsWith("ACCEPTED")).findFirst().orElseThrow();
            String[] f = line.split(" ");
            System.out.println(seeds.replay(round) + ": " + line);
            assertTrue(Integer.parseInt(f[1]) > 0 && Integer.parseInt(f[3]) > 0, "both outcomes happen: " + line);
        }
    }
}
