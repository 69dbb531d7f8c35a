package io.panrocks;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.randomBytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * RocksJava's transaction surface on the real engine, pessimistic and
 * optimistic: the ByteBuffer reads and writes (heap, direct, mixed) with
 * RocksJava's position contract, the {@link GetStatus} reads, the key-parts
 * writes and the array multiGets.
 */
class TransactionBuffersAndStatusTest {
    @TempDir
    Path dir;

    private RocksDB open(String kind) throws RocksDBException {
        Options options = new Options().setCreateIfMissing(true)
                .setMergeOperator(new MergeOperator.StringAppendOperator(','));
        return switch (kind) {
            case "pessimistic" -> TransactionDB.open(options,
                    new TransactionDBOptions().setTransactionLockTimeout(100).setDefaultLockTimeout(100), dir);
            case "optimistic" -> OptimisticTransactionDB.open(options, dir);
            default -> throw new AssertionError(kind);
        };
    }

    private static Transaction begin(RocksDB db) {
        return db instanceof TransactionDB t ? t.beginTransaction(WriteOptions.DEFAULT)
                : ((OptimisticTransactionDB) db).beginTransaction(WriteOptions.DEFAULT);
    }

    private static ByteBuffer filled(IntFunction<ByteBuffer> allocate, String text) {
        ByteBuffer b = allocate.apply(100).put(text.getBytes(StandardCharsets.UTF_8));
        return b.flip();
    }

    private static IntFunction<ByteBuffer> allocator(String name) {
        return name.equals("direct") ? ByteBuffer::allocateDirect : ByteBuffer::allocate;
    }

    @ParameterizedTest
    @ValueSource(strings = {"pessimistic:heap", "pessimistic:direct", "optimistic:heap", "optimistic:direct"})
    void byteBufferReadsMoveTheValuePositionPastTheBytesCopiedAndKeepItsLimit(String kindAndBuffers) throws Exception {
        String[] parts = kindAndBuffers.split(":");
        IntFunction<ByteBuffer> allocate = allocator(parts[1]);
        try (RocksDB db = open(parts[0]); Transaction txn = begin(db)) {
            ReadOptions ro = new ReadOptions();
            ByteBuffer key = filled(allocate, "key1");
            ByteBuffer value = allocate.apply(100);
            GetStatus absent = txn.get(ro, key, value);
            assertEquals(Status.Code.NotFound, absent.status.getCode());
            assertEquals(0, absent.requiredSize);
            assertEquals(4, key.position(), "the key is consumed, found or not");
            assertEquals(0, value.position(), "an absent key leaves the value untouched");
            assertEquals(100, value.limit());

            key.rewind();
            ByteBuffer written = filled(allocate, "value1");
            txn.put(key, written);
            assertEquals(key.limit(), key.position());
            assertEquals(written.limit(), written.position());

            ByteBuffer empty = allocate.apply(0);
            GetStatus tooSmall = txn.get(ro, key.rewind(), empty);
            assertEquals(Status.Code.Ok, tooSmall.status.getCode());
            assertEquals(6, tooSmall.requiredSize);
            assertEquals(0, empty.position());
            assertEquals(0, empty.remaining());

            value.put("12345".getBytes(StandardCharsets.UTF_8));
            GetStatus found = txn.get(ro, key.rewind(), value);
            assertEquals(Status.Code.Ok, found.status.getCode());
            assertEquals(6, found.requiredSize);
            assertEquals(11, value.position());
            assertEquals(100, value.limit());
            value.put("67890".getBytes(StandardCharsets.UTF_8)).flip();
            byte[] all = new byte[value.remaining()];
            value.get(all);
            assertEquals("12345value167890", string(all));

            // a value longer than the room left: the start is copied, the full size reported
            ByteBuffer three = allocate.apply(3);
            GetStatus partial = txn.getForUpdate(ro, key.rewind(), three, true);
            assertEquals(6, partial.requiredSize);
            assertEquals(3, three.position());
            assertEquals("val", string(copy(three.flip())));

            txn.commit();
            assertEquals("value1", string(db.get(bytes("key1"))));
        }
    }

    private static byte[] copy(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"pessimistic", "optimistic"})
    void mixedHeapDirectAndReadOnlyBuffersWorkInEveryWriteAndRead(String kind) throws Exception {
        try (RocksDB db = open(kind); Transaction txn = begin(db)) {
            ColumnFamilyHandle cf = db.getDefaultColumnFamily();
            txn.put(cf, ByteBuffer.wrap(bytes("k")).asReadOnlyBuffer(), filled(ByteBuffer::allocateDirect, "a"), false);
            txn.merge(filled(ByteBuffer::allocateDirect, "k"), ByteBuffer.wrap(bytes("b")));
            txn.merge(cf, ByteBuffer.wrap(bytes("k")), ByteBuffer.wrap(bytes("c")), true);
            txn.mergeUntracked(ByteBuffer.wrap(bytes("k")), ByteBuffer.wrap(bytes("d")));
            txn.mergeUntracked(cf, filled(ByteBuffer::allocateDirect, "k"), filled(ByteBuffer::allocateDirect, "e"));
            ByteBuffer out = ByteBuffer.allocateDirect(16);
            GetStatus s = txn.get(new ReadOptions(), cf, ByteBuffer.wrap(bytes("k")), out);
            assertEquals(9, s.requiredSize);
            assertEquals("a,b,c,d,e", string(copy(out.flip())));
            assertEquals(Status.Code.NotFound,
                    txn.getForUpdate(new ReadOptions(), cf, filled(ByteBuffer::allocateDirect, "nope"),
                            ByteBuffer.allocate(4), true, true).status.getCode());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"pessimistic", "optimistic"})
    void badBuffersAreRefusedBeforeAnyNativeCallAndLeaveBothBuffersAsTheyWere(String kind) throws Exception {
        try (RocksDB db = open(kind); Transaction txn = begin(db)) {
            txn.put(bytes("k"), bytes("v"));
            ByteBuffer key = ByteBuffer.wrap(bytes("k"));
            ByteBuffer readOnly = ByteBuffer.allocate(8).asReadOnlyBuffer();
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> txn.get(new ReadOptions(), key, readOnly));
            assertEquals("value buffer is read-only", e.getMessage());
            assertEquals(0, key.position());
            assertThrows(NullPointerException.class, () -> txn.get(new ReadOptions(), null, ByteBuffer.allocate(1)));
            assertThrows(NullPointerException.class, () -> txn.put((ByteBuffer) null, ByteBuffer.allocate(1)));
            assertThrows(NullPointerException.class, () -> txn.put(ByteBuffer.wrap(bytes("k")), null));
            assertThrows(NullPointerException.class, () -> txn.merge(ByteBuffer.wrap(bytes("k")), null));
            assertEquals("v", string(txn.get(new ReadOptions(), bytes("k"))), "a null value is no delete");
            assertThrows(NullPointerException.class, () -> txn.get((ReadOptions) null, key, ByteBuffer.allocate(1)));
            assertEquals(0, key.position());
            assertEquals(1, txn.get(new ReadOptions(), key, ByteBuffer.allocate(1)).requiredSize);
        }
    }

    @org.junit.jupiter.api.Test
    void aByteBufferReadForUpdateLocksTheKeyAgainstAnotherTransaction() throws Exception {
        try (RocksDB db = open("pessimistic"); Transaction a = begin(db); Transaction b = begin(db)) {
            db.put(bytes("k"), bytes("v"));
            ByteBuffer out = ByteBuffer.allocateDirect(4);
            assertEquals(1, a.getForUpdate(new ReadOptions(), ByteBuffer.wrap(bytes("k")), out, true).requiredSize);
            RocksDBException e = assertThrows(RocksDBException.class,
                    () -> b.put(ByteBuffer.wrap(bytes("k")), ByteBuffer.wrap(bytes("w"))));
            assertEquals(Status.Code.TimedOut, e.getStatus().getCode());
            assertEquals(Status.SubCode.LockTimeout, e.getStatus().getSubCode());
            // a shared lock by b on another key read for update without validation works
            assertEquals(Status.Code.NotFound, b.getForUpdate(new ReadOptions(), null, bytes("other"), new byte[1],
                    false, false).status.getCode());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"pessimistic", "optimistic"})
    void getStatusArrayReadsReportTheFullSizeAndCopyTheStart(String kind) throws Exception {
        try (RocksDB db = open(kind); Transaction txn = begin(db)) {
            db.put(bytes("db"), bytes("from-db"));
            txn.put(bytes("k"), bytes("value1"));
            byte[] two = new byte[2];
            GetStatus s = txn.get(new ReadOptions(), bytes("k"), two);
            assertEquals(Status.Code.Ok, s.status.getCode());
            assertEquals(6, s.requiredSize);
            assertEquals("va", string(two));
            byte[] room = new byte[16];
            assertEquals(7, txn.getForUpdate(new ReadOptions(), db.getDefaultColumnFamily(), bytes("db"), room, true).requiredSize);
            assertEquals("from-db", new String(room, 0, 7, StandardCharsets.UTF_8));
            assertSame(txn.get(new ReadOptions(), bytes("x"), room), txn.get(new ReadOptions(), null, bytes("y"), room),
                    "absent keys share one status: nothing of the read is in it");
            assertEquals(Status.Code.NotFound, txn.getForUpdate(new ReadOptions(), bytes("x"), room, false).status.getCode());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"pessimistic", "optimistic"})
    void keyPartsAreJoinedAndArrayMultiGetsAnswerInKeyOrder(String kind) throws Exception {
        try (RocksDB db = open(kind); Transaction txn = begin(db)) {
            txn.put(new byte[][]{bytes("ke"), bytes(""), bytes("y1")}, new byte[][]{bytes("val"), bytes("ue")});
            txn.putUntracked(new byte[][]{bytes("key2")}, new byte[][]{bytes("v2")});
            txn.put(bytes("key3"), bytes("v3"));
            txn.put(bytes("key4"), bytes("v4"));
            txn.delete(new byte[][]{bytes("key"), bytes("3")});
            txn.singleDelete(null, new byte[][]{bytes("k"), bytes("ey4")}, false);
            byte[][] keys = {bytes("key1"), bytes("key2"), bytes("key3"), bytes("key4")};
            byte[][] values = txn.multiGet(new ReadOptions(), keys);
            assertEquals("value", string(values[0]));
            assertEquals("v2", string(values[1]));
            assertNull(values[2]);
            assertNull(values[3]);
            ColumnFamilyHandle d = db.getDefaultColumnFamily();
            assertEquals("v2", string(txn.multiGetForUpdate(new ReadOptions(), List.of(d, d), new byte[][]{
                    bytes("key3"), bytes("key2")})[1]));
            assertEquals(2, txn.multiGetForUpdate(new ReadOptions(), new byte[][]{bytes("a"), bytes("b")}).length);
            assertThrows(IllegalArgumentException.class, () -> txn.multiGet(new ReadOptions(), List.of(d), keys));
            NullPointerException e = assertThrows(NullPointerException.class,
                    () -> txn.put(new byte[][]{bytes("a"), null}, new byte[][]{bytes("v")}));
            assertEquals("keyParts must not contain null", e.getMessage());
            txn.deleteUntracked(new byte[][]{bytes("key2")});
            assertNull(txn.get(new ReadOptions(), bytes("key2")));
            assertEquals(txn.getID(), txn.getId());
            txn.commit();
            assertEquals("value", string(db.get(bytes("key1"))));
            assertNull(db.get(bytes("key2")));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"pessimistic", "optimistic"})
    void theNewFormsThrowIllegalStateExceptionOnceTheTransactionIsClosed(String kind) throws Exception {
        try (RocksDB db = open(kind)) {
            Transaction txn = begin(db);
            txn.close();
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> txn.get(new ReadOptions(), ByteBuffer.wrap(bytes("k")), ByteBuffer.allocate(1)));
            assertEquals("Transaction is closed", e.getMessage());
            assertThrows(IllegalStateException.class, () -> txn.get(new ReadOptions(), bytes("k"), new byte[1]));
            assertThrows(IllegalStateException.class,
                    () -> txn.put(ByteBuffer.wrap(bytes("k")), ByteBuffer.wrap(bytes("v"))));
            assertThrows(IllegalStateException.class, () -> txn.multiGet(new ReadOptions(), new byte[][]{bytes("k")}));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"pessimistic", "optimistic"})
    void logDataIndexingLogNumbersAndWriteOptionsAsRocksDb(String kind) throws Exception {
        try (RocksDB db = open(kind)) {
            Transaction txn = db instanceof TransactionDB t ? t.beginTransaction(new WriteOptions().setSync(true))
                    : ((OptimisticTransactionDB) db).beginTransaction(new WriteOptions().setSync(true));
            try (txn) {
                assertTrue(txn.getWriteOptions().sync());
                txn.getWriteOptions().setSync(false); // a copy
                assertTrue(txn.getWriteOptions().sync());
                txn.setWriteOptions(new WriteOptions().setDisableWAL(false));
                assertFalse(txn.getWriteOptions().sync());

                txn.putLogData(bytes("audit"));
                assertEquals(0, txn.getNumPuts(), "log data is no update");
                txn.disableIndexing();
                txn.put(bytes("hidden"), bytes("v"));
                assertNull(txn.get(new ReadOptions(), bytes("hidden")), "not indexed: the transaction's reads miss it");
                txn.enableIndexing();
                txn.put(bytes("seen"), bytes("w"));
                assertEquals("w", string(txn.get(new ReadOptions(), bytes("seen"))));
                txn.setLogNumber(42);
                assertEquals(42, txn.getLogNumber());
                txn.commit();
                assertEquals(42, txn.getLogNumber(), "a getter: works after the commit");
                assertThrows(IllegalStateException.class, () -> txn.putLogData(bytes("late")));
                assertThrows(IllegalStateException.class, txn::disableIndexing);
                assertThrows(IllegalStateException.class, () -> txn.setLogNumber(1));
            }
            assertEquals("v", string(db.get(bytes("hidden"))), "committed all the same");
            assertEquals("w", string(db.get(bytes("seen"))));
            assertThrows(IllegalStateException.class, txn::getWriteOptions);
            assertThrows(IllegalStateException.class, txn::getLogNumber);
        }
    }

    /**
     * A transaction's reads into new arrays and into segments copy small values
     * through the thread's scratch and pin larger ones (Reads.HEAP_COPY_LIMIT):
     * both sides of the limit and a value larger than the scratch, read from the
     * DB (flushed and not) and from the transaction's own writes, with and
     * without a lock.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 511, 512, 513, 16 * 1024, 16 * 1024 + 1, 4 * 1024 * 1024})
    void readsAreExactOnBothSidesOfTheCopyLimit(int size) throws Exception {
        for (String kind : new String[]{"pessimistic", "optimistic"}) {
            try (RocksDB db = open(kind)) {
                byte[] committed = randomBytes(size, size);
                byte[] own = randomBytes(size + 1L, size);
                db.put(bytes("committed"), committed);
                for (int pass = 0; pass < 2; pass++) {
                    Transaction txn = begin(db);
                    try {
                        txn.put(bytes("own"), own);
                        assertArrayEquals(committed, txn.get(ReadOptions.DEFAULT, bytes("committed")), kind);
                        assertArrayEquals(committed, txn.getForUpdate(ReadOptions.DEFAULT, bytes("committed"), true), kind);
                        assertArrayEquals(own, txn.get(ReadOptions.DEFAULT, bytes("own")), kind);
                        MemorySegment into = MemorySegment.ofArray(new byte[size / 2]);
                        assertEquals(size, txn.get(ReadOptions.DEFAULT, null, MemorySegment.ofArray(bytes("own")), into,
                                false), "the full size, whatever fits");
                        assertArrayEquals(Arrays.copyOf(own, size / 2), into.toArray(ValueLayout.JAVA_BYTE));
                        byte[] exact = new byte[size];
                        assertEquals(size, txn.get(ReadOptions.DEFAULT, null, MemorySegment.ofArray(bytes("committed")),
                                MemorySegment.ofArray(exact), true));
                        assertArrayEquals(committed, exact);
                    } finally {
                        txn.rollback();
                        txn.close();
                    }
                    db.flush(); // the second pass reads the committed value from a table file
                }
            }
        }
    }
}
