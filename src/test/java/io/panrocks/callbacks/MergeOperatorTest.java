package io.panrocks.callbacks;

import io.panrocks.AbstractMergeOperator;
import io.panrocks.AssociativeMergeOperator;
import io.panrocks.BackgroundErrorReason;
import io.panrocks.MergeOperands;
import io.panrocks.MergeOperator;
import io.panrocks.NewValue;
import io.panrocks.Options;
import io.panrocks.PinnedValue;
import io.panrocks.ReadOptions;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;
import io.panrocks.Snapshot;
import io.panrocks.Status;
import io.panrocks.UncheckedRocksDBException;
import io.panrocks.WriteBatch;
import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.callbacks.Fixtures.LE;
import static io.panrocks.callbacks.Fixtures.u64;
import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Java merge operators on the real engine: every path that merges, partial merges, results, failures. */
class MergeOperatorTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();

    static Options options(MergeOperator op) {
        return new Options().setCreateIfMissing(true).setMergeOperator(op);
    }

    @Test
    void mergesThroughGetIteratorBatchSnapshotFlushAndCompaction() throws Exception {
        Fixtures.Add add = new Fixtures.Add();
        try (RocksDB db = fixture.open(options(add).setDisableAutoCompactions(true))) {
            db.put(bytes("k"), u64(100));
            for (int i = 1; i <= 10; i++) db.merge(bytes("k"), u64(i));
            assertEquals(155, u64(db.get(bytes("k"))));
            try (Snapshot s = db.getSnapshot()) {
                db.merge(bytes("k"), u64(1000));
                assertEquals(155, u64(db.get(new ReadOptions().setSnapshot(s), bytes("k"))));
            }
            assertEquals(1155, u64(db.get(bytes("k"))));
            try (WriteBatch batch = new WriteBatch()) {
                batch.merge(bytes("fresh"), u64(1));
                batch.merge(bytes("fresh"), u64(2));
                db.write(new io.panrocks.WriteOptions(), batch);
            }
            try (RocksIterator it = db.newIterator()) {
                it.seekToFirst();
                assertEquals("fresh", string(it.keyBytes()));
                assertEquals(3, it.value().get(LE, 0));
                it.next();
                assertEquals(1155, it.value().get(LE, 0));
            }
            try (PinnedValue v = db.getPinned(bytes("k"))) {
                assertEquals(1155, v.value().get(LE, 0));
            }
            db.flush();
            for (int i = 0; i < 5; i++) db.merge(bytes("fresh"), u64(10));
            db.flush();
            assertEquals(53, u64(db.get(bytes("fresh"))));
            db.compactRange();
            assertEquals(53, u64(db.get(bytes("fresh"))));
            assertEquals(1155, u64(db.get(bytes("k"))));
            assertTrue(add.full.get() > 0);
            assertTrue(add.partial.get() > 0, "the flush of operands without their value merges partially");
            db.delete(bytes("k"));
            db.merge(bytes("k"), u64(7));
            assertEquals(7, u64(db.get(bytes("k"))));  // after a delete: no existing value
            assertNull(db.callbackFailure());
        }
    }

    @Test
    void anAssociativeOperatorFoldsAndPartiallyMerges() throws Exception {
        AtomicInteger steps = new AtomicInteger();
        try (RocksDB db = fixture.open(options(Fixtures.associativeAdd(steps)).setDisableAutoCompactions(true))) {
            for (int round = 0; round < 3; round++) {
                for (int i = 1; i <= 4; i++) db.merge(bytes("n"), u64(i));
                db.flush();
            }
            assertEquals(30, u64(db.get(bytes("n"))));
            db.compactRange();
            assertEquals(30, u64(db.get(bytes("n"))));
            assertTrue(steps.get() >= 11, "steps " + steps);
        }
    }

    @Test
    void resultsMayGrowOrNameAnInput(@TempDir Path dir) throws Exception {
        byte[] big = new byte[4 << 20];
        new Random(3).nextBytes(big);
        AbstractMergeOperator concat = new AbstractMergeOperator() {
            @Override
            public String name() {
                return "test.Concat";
            }

            @Override
            public boolean fullMerge(MemorySegment key, MemorySegment existing, MergeOperands operands, NewValue result) {
                long size = existing == null ? 0 : existing.byteSize();
                for (int i = 0; i < operands.size(); i++) size += operands.get(i).byteSize();
                MemorySegment small = result.allocate(1);  // grown below: no longer the value
                MemorySegment out = result.allocate(size);
                small.set(ValueLayout.JAVA_BYTE, 0, (byte) 1); // harmless
                long at = 0;
                if (existing != null) {
                    MemorySegment.copy(existing, 0, out, 0, existing.byteSize());
                    at = existing.byteSize();
                }
                for (int i = 0; i < operands.size(); i++) {
                    MemorySegment o = operands.get(i);
                    MemorySegment.copy(o, 0, out, at, o.byteSize());
                    at += o.byteSize();
                }
                return true;
            }
        };
        AbstractMergeOperator newest = new AbstractMergeOperator() {
            @Override
            public String name() {
                return "test.Newest";
            }

            @Override
            public boolean fullMerge(MemorySegment key, MemorySegment existing, MergeOperands operands, NewValue result) {
                if (operands.get(operands.size() - 1).byteSize() == 0) {
                    if (existing == null) {
                        assertThrows(IllegalStateException.class, result::setToExistingValue);
                        result.set(bytes("none"));
                    } else {
                        result.setToExistingValue();
                    }
                } else {
                    result.setToOperand(operands.size() - 1);
                }
                assertThrows(IndexOutOfBoundsException.class, () -> result.setToOperand(operands.size()));
                return true;
            }
        };
        try (RocksDB db = RocksDB.open(options(concat), dir.resolve("concat"))) {
            db.put(bytes("k"), bytes("start:"));
            db.merge(bytes("k"), big);
            db.merge(bytes("k"), bytes(":end"));
            byte[] v = db.get(bytes("k"));
            assertEquals(6 + big.length + 4, v.length);
            assertArrayEquals(big, java.util.Arrays.copyOfRange(v, 6, 6 + big.length));
            db.flush();
            db.compactRange();
            assertEquals(6 + big.length + 4, db.get(bytes("k")).length);
        }
        try (RocksDB db = RocksDB.open(options(newest), dir.resolve("newest"))) {
            db.put(bytes("k"), bytes("old"));
            db.merge(bytes("k"), bytes("a"));
            db.merge(bytes("k"), bytes("b"));
            assertEquals("b", string(db.get(bytes("k"))));
            db.merge(bytes("k"), new byte[0]);
            assertEquals("old", string(db.get(bytes("k"))));
            db.merge(bytes("j"), new byte[0]);
            assertEquals("none", string(db.get(bytes("j"))));
            db.flush();
            db.compactRange();
            assertEquals("old", string(db.get(bytes("k"))));
            assertNull(db.callbackFailure());
        }
    }

    @Test
    void aMergeThatFailsFailsTheReadWithRocksDbsCorruption() throws Exception {
        Fixtures.Add add = new Fixtures.Add();
        try (RocksDB db = fixture.open(options(add))) {
            db.put(bytes("k"), u64(1));
            db.merge(bytes("k"), u64(2));
            add.refuse = true;
            RocksDBException e = assertThrows(RocksDBException.class, () -> db.get(bytes("k")));
            assertEquals(Status.Code.Corruption, e.code());
            assertNull(e.getCause());  // it returned false: nothing was thrown
            assertEquals(Status.SubCode.MergeOperatorFailed, e.getStatus().subCode(), "RocksDB's subcode 15 is kept");
            try (RocksIterator it = db.newIterator()) {
                it.seekToFirst();
                assertFalse(it.isValid());
                assertEquals(Status.Code.Corruption, assertThrows(RocksDBException.class, it::status).code());
            }
            add.refuse = false;
            assertEquals(3, u64(db.get(bytes("k"))));  // the data is intact
            assertNull(db.callbackFailure());
        }
    }

    @Test
    void aMergeThatThrowsFailsTheReadWithTheExceptionAsCause() throws Exception {
        Fixtures.Add add = new Fixtures.Add();
        try (RocksDB db = fixture.open(options(add))) {
            db.merge(bytes("k"), u64(2));
            IllegalArgumentException boom = new IllegalArgumentException("boom");
            add.toThrow = boom;
            RocksDBException e = assertThrows(RocksDBException.class, () -> db.get(bytes("k")));
            assertEquals(Status.Code.Corruption, e.code());
            assertSame(boom, e.getCause());
            assertEquals(Status.SubCode.MergeOperatorFailed, e.getStatus().subCode());
            assertSame(boom, db.callbackFailure());
            add.toThrow = new IllegalArgumentException("again");
            RocksDBException again = assertThrows(RocksDBException.class, () -> db.get(bytes("k")));
            assertEquals("again", again.getCause().getMessage());
            assertSame(boom, db.callbackFailure());  // the first one is kept
            assertEquals(2, db.callbackFailureCount());
            add.toThrow = null;
            assertEquals(2, u64(db.get(bytes("k"))));
        }
    }

    @Test
    void aMergeFailingInAFlushIsABackgroundErrorTheListenerAndPropertySee() throws Exception {
        Fixtures.Add add = new Fixtures.Add();
        Fixtures.Recorder events = new Fixtures.Recorder();
        try (RocksDB db = fixture.open(options(add).setListeners(List.of(events)))) {
            db.put(bytes("k"), u64(1));
            db.merge(bytes("k"), u64(2));
            add.refuse = true;
            RocksDBException e = assertThrows(RocksDBException.class, db::flush);
            assertEquals(Status.Code.Corruption, e.code());
            assertTrue(db.getLongProperty("rocksdb.background-errors") >= 1);
            assertTrue(events.errorReasons.contains(BackgroundErrorReason.FLUSH)
                    || events.errorReasons.contains(BackgroundErrorReason.FLUSH_NO_WAL), events.errorReasons::toString);
            assertEquals(Status.Code.Corruption, events.errors.get(0).code());
            assertThrows(RocksDBException.class, () -> db.put(bytes("x"), u64(1)));  // read-only now
        } catch (UncheckedRocksDBException closing) {
            // the close may report the background error
        }
        add.refuse = false;
        try (RocksDB db = fixture.open(options(add))) {
            assertEquals(3, u64(db.get(bytes("k"))));  // nothing lost: the WAL has it
        }
    }

    @Test
    void operandsAndResultsAreDeadAfterTheMerge() throws Exception {
        AtomicReference<MergeOperands> keptOperands = new AtomicReference<>();
        AtomicReference<MemorySegment> keptOperand = new AtomicReference<>(), keptResult = new AtomicReference<>();
        AtomicReference<NewValue> keptValue = new AtomicReference<>();
        AbstractMergeOperator keeper = new AbstractMergeOperator() {
            @Override
            public String name() {
                return "test.Keeper";
            }

            @Override
            public boolean fullMerge(MemorySegment key, MemorySegment existing, MergeOperands operands, NewValue result) {
                keptOperands.set(operands);
                keptOperand.set(operands.get(0));
                assertTrue(operands.get(0).isReadOnly());
                assertThrows(RuntimeException.class, () -> operands.get(0).fill((byte) 0));
                keptValue.set(result);
                MemorySegment out = result.allocate(1);
                out.set(ValueLayout.JAVA_BYTE, 0, (byte) 'x');
                keptResult.set(out);
                return true;
            }
        };
        try (RocksDB db = fixture.open(options(keeper))) {
            db.merge(bytes("k"), bytes("v"));
            assertEquals("x", string(db.get(bytes("k"))));
            assertThrows(IllegalStateException.class, () -> keptOperands.get().size());
            assertThrows(IllegalStateException.class, () -> keptOperands.get().get(0));
            assertThrows(IllegalStateException.class, () -> keptOperand.get().get(ValueLayout.JAVA_BYTE, 0));
            assertThrows(IllegalStateException.class, () -> keptResult.get().set(ValueLayout.JAVA_BYTE, 0, (byte) 1));
            assertThrows(IllegalStateException.class, () -> keptValue.get().allocate(1));
            assertThrows(IllegalStateException.class, () -> keptValue.get().set(new byte[1]));
            assertThrows(IllegalStateException.class, () -> keptValue.get().setToOperand(0));
        }
    }

    @Test
    void aMergeOperatorCallingItsOwnDbIsRefused() throws Exception {
        AtomicReference<RocksDB> self = new AtomicReference<>();
        AbstractMergeOperator nosy = new AbstractMergeOperator() {
            @Override
            public String name() {
                return "test.Nosy";
            }

            @Override
            public boolean fullMerge(MemorySegment key, MemorySegment existing, MergeOperands operands, NewValue result) {
                try {
                    self.get().get(bytes("other"));  // refused: IllegalStateException
                } catch (RocksDBException e) {
                    throw new AssertionError(e);
                }
                return true;
            }
        };
        try (RocksDB db = fixture.open(options(nosy))) {
            self.set(db);
            db.put(bytes("other"), bytes("o"));
            db.merge(bytes("k"), bytes("v"));
            RocksDBException e = assertThrows(RocksDBException.class, () -> db.get(bytes("k")));
            assertInstanceOf(IllegalStateException.class, e.getCause());
            assertTrue(e.getCause().getMessage().contains("own callbacks"), e.getCause().getMessage());
            assertEquals("o", string(db.get(bytes("other"))));  // the DB itself is fine
        }
    }

    @Test
    void manyThreadsMergeAndReadAtOnce() throws Exception {
        Fixtures.Add add = new Fixtures.Add();
        try (RocksDB db = fixture.open(options(add).setWriteBufferSize(128 << 10));
             ExecutorService pool = Executors.newFixedThreadPool(4)) {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                done.add(pool.submit(() -> {
                    for (int i = 0; i < 3_000; i++) {
                        db.merge(bytes("counter" + (i % 8)), u64(1));
                        db.get(bytes("counter" + (i % 8)));
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) f.get();
            long total = 0;
            for (int i = 0; i < 8; i++) total += u64(db.get(bytes("counter" + i)));
            assertEquals(12_000, total);
            db.compactRange();
            total = 0;
            for (int i = 0; i < 8; i++) total += u64(db.get(bytes("counter" + i)));
            assertEquals(12_000, total);
            assertNull(db.callbackFailure());
        }
    }

    @Test
    void builtInOperatorsStillWorkAndTheGetterReportsWhatIsSet(@TempDir Path dir) throws Exception {
        try (RocksDB db = RocksDB.open(options(new MergeOperator.UInt64AddOperator()), dir.resolve("u"))) {
            db.merge(bytes("k"), u64(2));
            db.merge(bytes("k"), u64(3));
            assertEquals(5, u64(db.get(bytes("k"))));
        }
        try (RocksDB db = RocksDB.open(options(new MergeOperator.StringAppendOperator('|')), dir.resolve("s"))) {
            db.merge(bytes("k"), bytes("a"));
            db.merge(bytes("k"), bytes("b"));
            assertEquals("a|b", string(db.get(bytes("k"))));
        }
        Options o = new Options();
        assertNull(o.mergeOperator());
        o.setMergeOperatorName("max");
        assertEquals(new MergeOperator.MaxOperator(), o.mergeOperator());
        o.setMergeOperator(new MergeOperator.StringAppendOperator(","));
        assertEquals(new MergeOperator.StringAppendOperator(","), o.mergeOperator());
        Fixtures.Add add = new Fixtures.Add();
        o.setMergeOperator(add);
        assertSame(add, o.mergeOperator());
        assertNull(o.rawColumnFamilyOption("merge_operator"));
        o.setMergeOperator(new MergeOperator.UInt64AddOperator());
        assertEquals(new MergeOperator.UInt64AddOperator(), o.mergeOperator());
        assertEquals("test.Add", add.optionValue());
        assertThrows(IllegalArgumentException.class, () -> AssociativeMergeOperator.of("", (k, l, r, v) -> true));
        assertThrows(NullPointerException.class, () -> AssociativeMergeOperator.of("x", null));
    }
}
