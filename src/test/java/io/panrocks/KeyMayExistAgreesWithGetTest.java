package io.panrocks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.*;

/**
 * A differential test of the point-read paths against {@code get}: for every
 * family kind (with and without user-defined timestamps), every read
 * timestamp (none, below the family's full-history bound, before and after
 * the write, the largest), and a key in the memtable, one in an SST file and
 * one absent, {@code exists}, {@code multiGetAsList} and every
 * {@code keyMayExist} form answer what {@code get} answers: the same value,
 * or the same {@code RocksDBException} code where {@code get} fails.
 * {@code keyMayExist} may say "may exist" for an absent key (that is its
 * contract), never "absent" for a key {@code get} finds, and never answers
 * where {@code get} throws (RocksDB's own KeyMayExist answered "absent" for
 * a read timestamp its family could not take).
 */
class KeyMayExistAgreesWithGetTest {
    @TempDir
    Path dir;

    /** What a read answered: a value (null: absent), or the code of its RocksDBException. */
    private record Outcome(byte[] value, Status.Code failure) {
        static Outcome of(Read read) {
            try {
                return new Outcome(read.run(), null);
            } catch (RocksDBException e) {
                return new Outcome(null, e.code());
            }
        }

        @Override
        public String toString() {
            return failure != null ? "fails " + failure : value == null ? "absent" : "value " + new String(value);
        }
    }

    @FunctionalInterface
    private interface Read {
        byte[] run() throws RocksDBException;
    }

    @Test
    void everyPointReadAnswersAsGetOnEveryFamilyTimestampAndPlacement() throws Exception {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        ColumnFamilyOptions withTimestamps = new ColumnFamilyOptions()
                .setComparator(BuiltinComparator.BYTEWISE_COMPARATOR_WITH_U64_TS);
        try (RocksDB db = RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true),
                dir, List.of(new ColumnFamilyDescriptor(bytes("default")),
                        new ColumnFamilyDescriptor(bytes("ts"), withTimestamps)), handles)) {
            ColumnFamilyHandle plain = handles.get(0);
            ColumnFamilyHandle ts = handles.get(1);
            byte[] inFile = bytes("in-file");
            byte[] inMemtable = bytes("in-memtable");
            byte[] absent = bytes("absent");
            db.put(plain, inFile, bytes("plain-file"));
            db.put(ts, inFile, 20, bytes("ts-file"));
            db.flush(new FlushOptions().setWaitForFlush(true), plain);
            db.flush(new FlushOptions().setWaitForFlush(true), ts);
            db.put(plain, inMemtable, bytes("plain-memtable"));
            db.put(ts, inMemtable, 20, bytes("ts-memtable"));
            db.increaseFullHistoryTsLow(ts, 10);

            List<ReadOptions> reads = List.of(new ReadOptions(), new ReadOptions().setTimestamp(5),
                    new ReadOptions().setTimestamp(15), new ReadOptions().setTimestamp(25),
                    new ReadOptions().setTimestamp(Long.MAX_VALUE));
            int cells = 0;
            int failing = 0;
            int found = 0;
            for (ColumnFamilyHandle cf : List.of(plain, ts)) {
                for (ReadOptions ro : reads) {
                    for (byte[] key : List.of(inFile, inMemtable, absent)) {
                        String cell = (cf == plain ? "plain" : "ts") + " family, read timestamp "
                                + (ro.timestamp().isPresent() ? ro.timestamp().getAsLong() : "none") + ", key " + new String(key);
                        Outcome get = Outcome.of(() -> db.get(cf, ro, key));
                        checkAgainstGet(db, cf, ro, key, get, cell);
                        cells++;
                        if (get.failure() != null) failing++;
                        if (get.value() != null) found++;
                    }
                }
            }
            // the matrix reaches every kind of answer: both families' misuse fails, reads find values
            assertEquals(30, cells);
            // (the read at 5, below the bound increaseFullHistoryTsLow just set, is not refused by RocksDB
            // 11.8.1 here; whatever get answers there, every path must answer the same)
            assertEquals(3 * 4 /* plain family with a timestamp */ + 3 /* ts family without one */, failing);
            assertEquals(2 /* plain, no timestamp */ + 2 * 2 /* ts at 25 and at the largest */, found);
        }
    }

    private static void checkAgainstGet(RocksDB db, ColumnFamilyHandle cf, ReadOptions ro, byte[] key,
                                        Outcome get, String cell) {
        // exists: a definite answer, as get's
        Outcome exists = Outcome.of(() -> db.exists(cf, ro, key) ? key : null);
        assertEquals(get.failure(), exists.failure(), "exists, " + cell);
        if (get.failure() == null) assertEquals(get.value() != null, exists.value() != null, "exists, " + cell);

        // multiGetAsList: the same value or the same failure
        Outcome multi = Outcome.of(() -> db.multiGetAsList(ro, List.of(cf), List.of(key)).get(0));
        assertEquals(get.failure(), multi.failure(), "multiGetAsList, " + cell);
        assertArrayEquals(get.value(), multi.value(), "multiGetAsList, " + cell);

        // keyMayExist with a value holder
        Holder<byte[]> holder = new Holder<>();
        Outcome may = Outcome.of(() -> db.keyMayExist(cf, ro, key, holder) ? key : null);
        assertMayAgree(get, may, holder.getValue(), "keyMayExist(byte[], Holder), " + cell);

        // keyMayExist without one, on a heap buffer
        Outcome mayBuffer = Outcome.of(() -> db.keyMayExist(cf, ro, ByteBuffer.wrap(key)) ? key : null);
        assertMayAgree(get, mayBuffer, null, "keyMayExist(ByteBuffer), " + cell);

        // keyMayExist into a direct value buffer
        ByteBuffer directKey = ByteBuffer.allocateDirect(key.length).put(key).flip();
        ByteBuffer value = ByteBuffer.allocateDirect(64);
        KeyMayExist[] answer = new KeyMayExist[1];
        Outcome mayDirect = Outcome.of(() -> {
            answer[0] = db.keyMayExist(cf, ro, directKey, value);
            return answer[0].exists == KeyMayExist.KeyMayExistEnum.kNotExist ? null : key;
        });
        byte[] copied = null;
        if (answer[0] != null && answer[0].exists == KeyMayExist.KeyMayExistEnum.kExistsWithValue) {
            copied = new byte[value.remaining()];
            value.get(copied);
        }
        assertMayAgree(get, mayDirect, copied, "keyMayExist(ByteBuffer, ByteBuffer), " + cell);
    }

    /**
     * A keyMayExist answer against get's: the same failure; "absent" only
     * where get finds nothing; a value only where get finds that value.
     */
    private static void assertMayAgree(Outcome get, Outcome may, byte[] valueGiven, String what) {
        assertEquals(get.failure(), may.failure(), what + ": get " + get + ", keyMayExist " + may);
        if (get.failure() != null) return;
        if (get.value() != null) {
            assertNotNull(may.value(), what + ": \"certainly absent\" for a key get finds");
            if (valueGiven != null) assertArrayEquals(get.value(), valueGiven, what + ": another value than get's");
        } else {
            assertNull(valueGiven, what + ": a value for a key get does not find");
        }
    }
}
