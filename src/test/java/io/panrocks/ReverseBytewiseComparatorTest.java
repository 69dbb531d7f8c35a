package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Java ReverseBytewiseComparator (RocksJava's org.rocksdb.util one) on the real engine. */
class ReverseBytewiseComparatorTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();

    static MemorySegment segment(Arena arena, String s) {
        return arena.allocateFrom(s).asSlice(0, s.length());
    }

    @Test
    void ordersInReverseAndShortensSeparatorsOnlyWhenSafe() {
        try (Arena arena = Arena.ofConfined(); ReverseBytewiseComparator c = new ReverseBytewiseComparator(new ComparatorOptions())) {
            assertEquals("rocksdb.java.ReverseBytewiseComparator", c.name());
            assertTrue(c.compare(segment(arena, "b"), segment(arena, "a")) < 0);
            assertTrue(c.compare(segment(arena, "a"), segment(arena, "ab")) > 0, "a longer key with the same prefix first");
            assertEquals(0, c.compare(segment(arena, "ab"), segment(arena, "ab")));
            assertTrue(c.compare(segment(arena, "\u0001"), segment(arena, "\u007f")) > 0);
            MemorySegment out = arena.allocate(8);
            // AA3AA before AA1BB in reverse order: AA3 lies between them
            assertEquals(3, c.findShortestSeparator(segment(arena, "AA3AA"), segment(arena, "AA1BB"), out));
            assertEquals("AA3", new String(out.asSlice(0, 3).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8));
            // the differing byte is start's last: nothing shorter
            assertEquals(-1, c.findShortestSeparator(segment(arena, "AA3"), segment(arena, "AA1BB"), out));
            // one a prefix of the other, or equal: kept
            assertEquals(-1, c.findShortestSeparator(segment(arena, "AAB"), segment(arena, "AA"), out));
            assertEquals(-1, c.findShortestSeparator(segment(arena, "AA"), segment(arena, "AA"), out));
        }
        assertThrows(IllegalArgumentException.class, () -> new ReverseBytewiseComparator(null));
    }

    @Test
    void aDbWithItKeepsKeysInReverseOrderThroughFlushesAndCompactions() throws Exception {
        TreeSet<String> expected = new TreeSet<>(java.util.Comparator.reverseOrder());
        BlockBasedTableConfig smallBlocks = new BlockBasedTableConfig().setBlockSize(128); // many separators
        try (ReverseBytewiseComparator c = new ReverseBytewiseComparator(new ComparatorOptions());
             Options o = new Options().setCreateIfMissing(true).setComparator(c).setTableFormatConfig(smallBlocks);
             RocksDB db = fixture.open(o)) {
            for (int round = 0; round < 3; round++) {
                for (int i = 0; i < 400; i++) {
                    String k = String.format("%c%03d-%d", (char) ('a' + i % 7), i * 7 % 1000, round);
                    db.put(bytes(k), bytes("v" + k));
                    expected.add(k);
                }
                db.flush(new FlushOptions());
            }
            db.compactRange();
            List<String> seen = new ArrayList<>();
            try (RocksIterator it = db.newIterator()) {
                for (it.seekToFirst(); it.isValid(); it.next()) seen.add(new String(it.keyBytes(), StandardCharsets.UTF_8));
            }
            assertEquals(new ArrayList<>(expected), seen);
            for (String k : expected) assertArrayEquals(bytes("v" + k), db.get(bytes(k)), k);
            try (RocksIterator it = db.newIterator()) {
                it.seek(bytes("c"));  // the first key at or after "c" in reverse order: the greatest below "c"
                assertEquals(expected.ceiling("c"), new String(it.keyBytes(), StandardCharsets.UTF_8));
            }
        }
        // the name is persisted: the engine's own reverse comparator (another name) is refused
        RocksDBException e = assertThrows(RocksDBException.class, () -> RocksDB.open(
                new Options().setComparator(BuiltinComparator.REVERSE_BYTEWISE_COMPARATOR), fixture.dir()).close());
        assertTrue(e.getMessage().contains("rocksdb.java.ReverseBytewiseComparator"), e.getMessage());
    }
}
