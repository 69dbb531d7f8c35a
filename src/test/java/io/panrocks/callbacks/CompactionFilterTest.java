package io.panrocks.callbacks;

import io.panrocks.AbstractCompactionFilter;
import io.panrocks.AbstractCompactionFilterFactory;
import io.panrocks.NewValue;
import io.panrocks.Options;
import io.panrocks.ReadOptions;
import io.panrocks.RocksDB;
import io.panrocks.Snapshot;
import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

import static io.panrocks.callbacks.Fixtures.LE;
import static io.panrocks.callbacks.Fixtures.u64;
import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Java compaction filters on the real engine: a TTL filter as Flink writes it, decisions, failures. */
class CompactionFilterTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();

    /** Values are an 8-byte little-endian expiry time, then the payload. */
    static byte[] expiring(long expiresAt, String payload) {
        byte[] p = bytes(payload);
        byte[] v = new byte[8 + p.length];
        MemorySegment.ofArray(v).set(LE, 0, expiresAt);
        System.arraycopy(p, 0, v, 8, p.length);
        return v;
    }

    /** Flink's pattern: a factory that reads the clock once per compaction, and a filter that drops expired state. */
    static final class TtlFilterFactory extends AbstractCompactionFilterFactory<TtlFilterFactory.TtlFilter> {
        final LongSupplier clock;
        final List<AbstractCompactionFilter.Context> contexts = new CopyOnWriteArrayList<>();
        final AtomicInteger closed = new AtomicInteger(), removed = new AtomicInteger();

        TtlFilterFactory(LongSupplier clock) {
            this.clock = clock;
        }

        @Override
        public TtlFilter createCompactionFilter(AbstractCompactionFilter.Context context) {
            contexts.add(context);
            return new TtlFilter(clock.getAsLong());
        }

        @Override
        public String name() {
            return "test.TtlFilterFactory";
        }

        final class TtlFilter extends AbstractCompactionFilter {
            final long now;

            TtlFilter(long now) {
                this.now = now;
            }

            @Override
            public Decision filter(int level, MemorySegment key, ValueType type, MemorySegment value, NewValue newValue) {
                if (value.byteSize() < 8 || value.get(LE, 0) > now) return Decision.KEEP;
                removed.incrementAndGet();
                return Decision.REMOVE;
            }

            @Override
            public void close() {
                closed.incrementAndGet();
            }
        }
    }

    @Test
    void aTtlFilterDropsExpiredStateOnCompaction() throws Exception {
        AtomicLong clock = new AtomicLong(1_000);
        TtlFilterFactory factory = new TtlFilterFactory(clock::get);
        try (RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setCompactionFilterFactory(factory))) {
            for (int i = 0; i < 1_000; i++) db.put(bytes("k" + i), expiring(i < 400 ? 1_500 : 5_000, "state" + i));
            db.flush();
            db.compactRange();
            assertEquals("state7", string(java.util.Arrays.copyOfRange(db.get(bytes("k7")), 8, 14)));
            clock.set(2_000);  // the first 400 expire
            db.compactRange();
            for (int i = 0; i < 1_000; i += 37) {
                if (i < 400) assertNull(db.get(bytes("k" + i)), "k" + i);
                else assertNotNull(db.get(bytes("k" + i)), "k" + i);
            }
            assertEquals(400, factory.removed.get());
            assertFalse(factory.contexts.isEmpty());
            assertTrue(factory.contexts.get(factory.contexts.size() - 1).isManualCompaction());
            assertNull(db.callbackFailure());
        }
        assertEquals(factory.contexts.size(), factory.closed.get(), "every filter closed after its compaction");
    }

    @Test
    void aSharedFilterRemovesChangesKeepsAndSeesMergeOperands() throws Exception {
        AtomicInteger operands = new AtomicInteger();
        AtomicReference<Integer> level = new AtomicReference<>();
        AbstractCompactionFilter filter = new AbstractCompactionFilter() {
            @Override
            public Decision filter(int lvl, MemorySegment key, ValueType type, MemorySegment value, NewValue newValue) {
                level.set(lvl);
                if (type == ValueType.MERGE_OPERAND) operands.incrementAndGet();
                String k = string(key.toArray(ValueLayout.JAVA_BYTE));
                if (k.startsWith("drop")) return Decision.REMOVE;
                if (k.startsWith("change")) {
                    newValue.set(bytes("changed-" + value.byteSize()));
                    return Decision.CHANGE_VALUE;
                }
                if (k.startsWith("empty")) return Decision.CHANGE_VALUE; // nothing written: the empty value
                if (k.startsWith("null")) return null;
                return Decision.KEEP;
            }
        };
        Options o = new Options().setCreateIfMissing(true).setCompactionFilter(filter)
                .setMergeOperator(new io.panrocks.MergeOperator.UInt64AddOperator());
        try (RocksDB db = fixture.open(o)) {
            for (String k : List.of("drop1", "drop2", "keep", "change", "empty", "null")) db.put(bytes(k), bytes("value"));
            db.merge(bytes("counter"), u64(1));
            db.merge(bytes("counter"), u64(2));
            db.flush();
            db.compactRange();
            assertNull(db.get(bytes("drop1")));
            assertNull(db.get(bytes("drop2")));
            assertEquals("value", string(db.get(bytes("keep"))));
            assertEquals("value", string(db.get(bytes("null"))));
            assertEquals("changed-5", string(db.get(bytes("change"))));
            assertEquals("", string(db.get(bytes("empty"))));
            assertEquals(3, u64(db.get(bytes("counter"))));
            assertTrue(level.get() >= 0);
            assertNull(db.callbackFailure());
        }
    }

    @Test
    void aFilterSeesNothingASnapshotStillNeedsRemovedFromIt() throws Exception {
        AbstractCompactionFilter dropAll = new AbstractCompactionFilter() {
            @Override
            public Decision filter(int level, MemorySegment key, ValueType type, MemorySegment value, NewValue newValue) {
                return Decision.REMOVE;
            }
        };
        try (RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setCompactionFilter(dropAll))) {
            db.put(bytes("k"), bytes("old"));
            try (Snapshot s = db.getSnapshot()) {
                db.put(bytes("k"), bytes("new"));
                db.flush();
                db.compactRange();
                assertEquals("old", string(db.get(new ReadOptions().setSnapshot(s), bytes("k"))));
            }
        }
    }

    @Test
    void aThrowingFilterKeepsTheKey() throws Exception {
        AbstractCompactionFilter thrower = new AbstractCompactionFilter() {
            @Override
            public Decision filter(int level, MemorySegment key, ValueType type, MemorySegment value, NewValue newValue) {
                if (key.get(ValueLayout.JAVA_BYTE, 0) == 'x') throw new RuntimeException("boom");
                if (key.get(ValueLayout.JAVA_BYTE, 0) == 's') throw new StackOverflowError("simulated");
                return Decision.REMOVE;
            }
        };
        try (RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setCompactionFilter(thrower))) {
            db.put(bytes("x1"), bytes("kept"));
            db.put(bytes("s1"), bytes("kept too"));
            db.put(bytes("a1"), bytes("removed"));
            db.flush();
            db.compactRange();
            assertEquals("kept", string(db.get(bytes("x1"))));
            assertEquals("kept too", string(db.get(bytes("s1"))));
            assertNull(db.get(bytes("a1")));
            assertTrue(db.callbackFailure() instanceof StackOverflowError, "" + db.callbackFailure()); // "s1" sorts first
            assertEquals(2, db.callbackFailureCount());
            db.put(bytes("after"), bytes("v"));  // the DB goes on
        }
    }

    @Test
    void aFactoryThatThrowsOrReturnsNullCompactsWithoutAFilter() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        AbstractCompactionFilterFactory<AbstractCompactionFilter> factory = new AbstractCompactionFilterFactory<>() {
            @Override
            public AbstractCompactionFilter createCompactionFilter(AbstractCompactionFilter.Context context) {
                if (calls.incrementAndGet() == 1) throw new IllegalStateException("first");
                return null;
            }

            @Override
            public String name() {
                return "test.Moody";
            }
        };
        try (RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setCompactionFilterFactory(factory))) {
            for (int round = 0; round < 2; round++) {
                db.put(bytes("k" + round), bytes("v"));
                db.flush();
                db.compactRange();
            }
            assertEquals("v", string(db.get(bytes("k0"))));
            assertEquals("v", string(db.get(bytes("k1"))));
            assertTrue(calls.get() >= 2);
            assertEquals("first", db.callbackFailure().getMessage());
        }
    }

    @Test
    void aFilterCallingItsOwnDbIsRefusedAndKeepsTheKey() throws Exception {
        AtomicReference<RocksDB> self = new AtomicReference<>();
        AbstractCompactionFilter nosy = new AbstractCompactionFilter() {
            @Override
            public Decision filter(int level, MemorySegment key, ValueType type, MemorySegment value, NewValue newValue) {
                try {
                    self.get().delete(bytes("other"));
                } catch (io.panrocks.RocksDBException e) {
                    throw new AssertionError(e);
                }
                return Decision.REMOVE;
            }
        };
        try (RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setCompactionFilter(nosy))) {
            self.set(db);
            db.put(bytes("k"), bytes("v"));
            db.put(bytes("other"), bytes("o"));
            db.flush();
            db.compactRange();
            assertEquals("v", string(db.get(bytes("k"))));
            assertEquals("o", string(db.get(bytes("other"))));
            assertTrue(db.callbackFailure() instanceof IllegalStateException, "" + db.callbackFailure());
        }
    }

    @Test
    void optionsKeepEitherTheFilterOrTheFactory() {
        AbstractCompactionFilter f = new AbstractCompactionFilter() {
            @Override
            public Decision filter(int level, MemorySegment key, ValueType type, MemorySegment value, NewValue newValue) {
                return Decision.KEEP;
            }
        };
        TtlFilterFactory factory = new TtlFilterFactory(() -> 0);
        Options o = new Options().setCompactionFilter(f);
        assertSame(f, o.compactionFilter());
        o.setCompactionFilterFactory(factory);
        assertNull(o.compactionFilter());
        assertSame(factory, o.compactionFilterFactory());
        o.setCompactionFilter(f);
        assertNull(o.compactionFilterFactory());
        assertThrows(IllegalArgumentException.class, () -> o.setCompactionFilter(null));
        assertThrows(IllegalArgumentException.class, () -> o.setCompactionFilterFactory(null));
    }
}
