package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code getApproximateMemTableStats}: what the memtables hold in a key
 * range, as RocksDB estimates it, per column family, gone once flushed.
 */
@ExtendWith(OpenDbExtension.class)
class MemTableStatsTest {
    @Test
    void countsTheEntriesAndBytesOfARangeInTheMemtables(RocksDB db) throws RocksDBException {
        byte[] value = new byte[1000];
        for (int i = 0; i < 1000; i++) db.put(bytes("k" + (1000 + i)), value);
        RocksDB.CountAndSize all = db.getApproximateMemTableStats(new Range(bytes("k1000"), bytes("k2000")));
        // RocksDB estimates from the skip list's random levels: in the C test's 1,000 runs of 1,000
        // entries the count ranged from 608 to 1,000, while 100 entries gave under half once in 300
        assertTrue(all.count >= 250 && all.count <= 4000, "an estimate of the 1,000 entries: " + all);
        assertTrue(all.size >= all.count * 1000, "each entry holds a 1000-byte value: " + all);

        RocksDB.CountAndSize half = db.getApproximateMemTableStats(null, new Range(bytes("k1000"), bytes("k1100")));
        assertTrue(half.count <= all.count, half + " within " + all);
        assertEquals(new RocksDB.CountAndSize(0, 0),
                db.getApproximateMemTableStats(new Range(bytes("x"), bytes("y"))), "nothing there");
        assertEquals(new RocksDB.CountAndSize(0, 0),
                db.getApproximateMemTableStats(new Range(new byte[0], new byte[0])), "an empty range");

        db.flush(new FlushOptions());
        assertEquals(0, db.getApproximateMemTableStats(new Range(bytes("k1000"), bytes("k2000"))).count,
                "flushed entries are in files, not memtables");
    }

    @Test
    void eachColumnFamilyHasItsOwnMemtablesAndBinaryKeysWork(RocksDB db) throws RocksDBException {
        try (ColumnFamilyHandle other = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("other")))) {
            byte[] low = {0, (byte) 0xFF, 0}, high = {(byte) 0xFF, 0, (byte) 0xFF};
            db.put(other, low, new byte[4 << 20]); // a 4 MiB value
            assertEquals(1, db.getApproximateMemTableStats(other, new Range(new byte[]{0}, high)).count);
            assertTrue(db.getApproximateMemTableStats(other, new Range(new byte[]{0}, high)).size >= 4 << 20);
            assertEquals(0, db.getApproximateMemTableStats(new Range(new byte[]{0}, high)).count,
                    "the default family holds none of it");
        }
    }

    @Test
    void misuseIsRefusedBeforeTheEngine(RocksDB db, @OpenDbExtension.Other RocksDB other) throws RocksDBException {
        assertThrows(NullPointerException.class, () -> db.getApproximateMemTableStats(null));
        try (ColumnFamilyHandle foreign = other.createColumnFamily(new ColumnFamilyDescriptor(bytes("f")))) {
            assertThrows(IllegalArgumentException.class,
                    () -> db.getApproximateMemTableStats(foreign, new Range(bytes("a"), bytes("b"))));
        }
        db.close();
        IllegalStateException closed = assertThrows(IllegalStateException.class,
                () -> db.getApproximateMemTableStats(new Range(bytes("a"), bytes("b"))));
        assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
    }
}
