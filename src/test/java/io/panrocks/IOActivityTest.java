package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * IO activity tagging: every activity the engine tags moves its own
 * counters in {@link RocksDB#getIOActivityStats()} (and its latency
 * histogram where the engine keeps one), and no other activity's reads.
 * Without a block cache every read of a table reaches its file.
 */
class IOActivityTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    @TempDir
    Path dir;

    private static Options options() {
        Options o = new Options().setCreateIfMissing(true).setStatisticsEnabled(true)
                .setDisableAutoCompactions(true);
        o.setTableFormatConfig(new BlockBasedTableConfig().setNoBlockCache(true));
        return o;
    }

    /** What moved between two readings, by activity: {readOps, readBytes, writeOps, writeBytes}. */
    private static long[] delta(IOActivityStats before, IOActivityStats after, IOActivity a) {
        return new long[]{after.readOps(a) - before.readOps(a), after.readBytes(a) - before.readBytes(a),
                after.writeOps(a) - before.writeOps(a), after.writeBytes(a) - before.writeBytes(a)};
    }

    /** Runs step and checks that of the read activities only {@code expected} read files. */
    private static void onlyReads(RocksDB db, IOActivity expected, RocksDBExceptionRunnable step) throws RocksDBException {
        IOActivityStats before = db.getIOActivityStats();
        step.run();
        IOActivityStats after = db.getIOActivityStats();
        long[] d = delta(before, after, expected);
        assertTrue(d[0] > 0 && d[1] > 0, expected + " read nothing: " + after);
        for (IOActivity other : List.of(IOActivity.kGet, IOActivity.kMultiGet, IOActivity.kDBIterator,
                IOActivity.kVerifyDBChecksum, IOActivity.kGetEntity, IOActivity.kCompaction, IOActivity.kFlush)) {
            if (other != expected) assertEquals(0, delta(before, after, other)[0], other + " moved during " + expected);
        }
    }

    interface RocksDBExceptionRunnable {
        void run() throws RocksDBException;
    }

    @Test
    void eachActivityMovesItsOwnCounters() throws Exception {
        try (RocksDB db = fixture.open(options())) {
            db.getStatistics().setStatsLevel(StatsLevel.ALL);
            IOActivityStats opened = db.getIOActivityStats();
            assertTrue(opened.writeBytes(IOActivity.kUnknown) > 0 || opened.writeBytes(IOActivity.kDBOpen) > 0,
                    "a new DB writes its MANIFEST and OPTIONS: " + opened);

            java.util.Random random = new java.util.Random(7); // incompressible values: a table's bytes are the data's
            byte[] value = new byte[500];
            for (int file = 0; file < 2; file++) {
                for (int i = 0; i < 3000; i++) {
                    random.nextBytes(value);
                    db.put(bytes(String.format("key-%05d", i * 2 + file)), value);
                }
                IOActivityStats before = db.getIOActivityStats();
                db.flush(new FlushOptions());
                long[] flushed = delta(before, db.getIOActivityStats(), IOActivity.kFlush);
                assertTrue(flushed[2] > 0 && flushed[3] > 1_000_000, "the flush wrote its table: " + db.getIOActivityStats());
            }
            // the puts went to the WAL, which the engine does not tag
            assertTrue(db.getIOActivityStats().writeBytes(IOActivity.kUnknown) > 3_000_000L, db.getIOActivityStats().toString());
            assertTrue(db.getStatistics().getHistogramData(HistogramType.FILE_WRITE_FLUSH_MICROS).getCount() > 0);

            onlyReads(db, IOActivity.kGet, () -> assertNotNull(db.get(bytes("key-00042"))));
            onlyReads(db, IOActivity.kMultiGet, () -> {
                List<byte[]> keys = new ArrayList<>();
                for (int i = 0; i < 50; i++) keys.add(bytes(String.format("key-%05d", i * 97)));
                assertEquals(50, db.multiGetAsList(keys).size());
            });
            onlyReads(db, IOActivity.kDBIterator, () -> {
                try (RocksIterator it = db.newIterator()) {
                    int n = 0;
                    for (it.seekToFirst(); it.isValid(); it.next()) n++;
                    assertEquals(6000, n);
                }
            });
            onlyReads(db, IOActivity.kVerifyDBChecksum, db::verifyChecksum);
            db.putEntity(bytes("entity"), List.of(WideColumn.of(bytes("c"), bytes("v"))));
            db.flush(new FlushOptions());
            onlyReads(db, IOActivity.kGetEntity, () -> {
                try (PinnedEntity e = db.getEntity(bytes("entity"))) {
                    assertNotNull(e);
                }
            });

            IOActivityStats before = db.getIOActivityStats();
            db.compactRange();
            long[] compacted = delta(before, db.getIOActivityStats(), IOActivity.kCompaction);
            assertTrue(compacted[0] > 0 && compacted[1] > 3_000_000 && compacted[2] > 0 && compacted[3] > 3_000_000,
                    "the compaction read its inputs and wrote its output: " + db.getIOActivityStats());

            Statistics stats = db.getStatistics();
            for (IOActivity a : List.of(IOActivity.kGet, IOActivity.kMultiGet, IOActivity.kDBIterator,
                    IOActivity.kVerifyDBChecksum, IOActivity.kCompaction)) {
                assertTrue(stats.getHistogramData(a.readHistogram()).getCount() > 0, a + "'s read histogram");
            }
            assertTrue(stats.getHistogramData(IOActivity.kCompaction.writeHistogram()).getCount() > 0);
        }
        // a reopen reads the MANIFEST and opens the table files as kDBOpen
        try (RocksDB db = fixture.open(options())) {
            IOActivityStats opened = db.getIOActivityStats();
            assertTrue(opened.readOps(IOActivity.kDBOpen) > 0 && opened.readBytes(IOActivity.kDBOpen) > 0, opened.toString());
            assertEquals(0, opened.readOps(IOActivity.kGet), "a new DB's counters start at zero");
            assertEquals(0, opened.writeOps(IOActivity.kFlush));
        }
    }

    @Test
    void countersAreTheDbsOwnAndEndWithIt() throws Exception {
        try (RocksDB a = RocksDB.open(options(), dir.resolve("a").toString());
             RocksDB b = RocksDB.open(options(), dir.resolve("b").toString())) {
            a.put(bytes("k"), bytes("v"));
            a.flush(new FlushOptions());
            assertTrue(a.getIOActivityStats().writeOps(IOActivity.kFlush) > 0);
            assertEquals(0, b.getIOActivityStats().writeOps(IOActivity.kFlush), "b flushed nothing");
            IOActivityStats snapshot = a.getIOActivityStats();
            assertThrows(NullPointerException.class, () -> snapshot.readOps(null));
            assertNull(IOActivity.kGetEntity.readHistogram(), "the engine keeps no histogram for it");
            assertNull(IOActivity.kGet.writeHistogram());
            assertTrue(snapshot.asMap().containsKey(IOActivity.kFlush));
            a.close();
            assertThrows(IllegalStateException.class, a::getIOActivityStats);
            assertThrows(IllegalStateException.class, a::verifyChecksum);
        }
    }

    @Test
    void verifyChecksumFindsAFlippedByteInATable() throws Exception {
        Path tables;
        try (RocksDB db = fixture.open(options())) {
            for (int i = 0; i < 1000; i++) db.put(bytes("key-" + i), new byte[200]);
            db.flush(new FlushOptions());
            db.verifyChecksum();
        }
        tables = java.nio.file.Files.list(fixture.dir()).filter(p -> p.toString().endsWith(".sst")).findFirst().orElseThrow();
        try (java.nio.channels.FileChannel f = java.nio.channels.FileChannel.open(tables,
                java.nio.file.StandardOpenOption.READ, java.nio.file.StandardOpenOption.WRITE)) {
            java.nio.ByteBuffer one = java.nio.ByteBuffer.allocate(1);
            f.read(one, 100);
            one.flip();
            byte flipped = (byte) (one.get(0) ^ 0x5A);
            f.write(java.nio.ByteBuffer.wrap(new byte[]{flipped}), 100);
        }
        try (RocksDB db = fixture.open(options())) {
            RocksDBException e = assertThrows(RocksDBException.class, db::verifyChecksum);
            assertEquals(Status.Code.Corruption, e.getStatus().getCode(), e.getMessage());
        }
    }
}
