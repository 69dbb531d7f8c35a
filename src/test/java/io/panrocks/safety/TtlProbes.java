package io.panrocks.safety;

import io.panrocks.AbstractCompactionFilter;
import io.panrocks.AbstractCompactionFilterFactory;
import io.panrocks.NewValue;
import io.panrocks.Options;
import io.panrocks.ReadOptions;
import io.panrocks.RecordBatch;
import io.panrocks.RecordCursor;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;
import io.panrocks.Status;
import io.panrocks.TtlDB;
import io.panrocks.WriteBatchWithIndex;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static io.panrocks.safety.ProbeSupport.*;
import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;

/**
 * Issue 21: DBs opened with a TTL. DBWithTTL appends a 4-byte timestamp to
 * every value and strips it on the way out; its iterator strips it without
 * looking, so a value shorter than that (written before the DB had a TTL,
 * or ingested) came out with a size of 2^64 - 3. Every read path must
 * answer such a value as point reads do: RocksDB's Corruption. And its
 * compaction filter wrapper calls the user's filter through the older
 * {@code Filter()} entry point, which a Java filter must answer too.
 */
final class TtlProbes {
    private TtlProbes() {
    }

    static final Probe.Catalog PROBES = new Probe.Catalog()
            // At 5377ce7 (before the fix): the iterator hands Java a size of 2^64 - 3: the first
            // seekToFirst ends in IllegalArgumentException "The provided newSize is negative: -2";
            // and a value whose timestamp predates the TTL feature comes out of iterators, where
            // get says Corruption.
            .add("ttl-values-without-a-timestamp-are-corruption-everywhere", TtlProbes::valuesWithoutATimestamp)
            // At 5377ce7 (before the fix): the Java filter never runs (its upcall answers only FilterV2):
            // the key it removes is still there.
            .add("ttl-db-runs-java-compaction-filters", TtlProbes::compactionFilters);

    /** What DBWithTTL's point reads say about a value without a valid timestamp. */
    static void checkCorruption(RocksDBException e, String what) {
        check(e.getStatus().getCode() == Status.Code.Corruption, () -> what + ": expected Corruption, got " + e);
    }

    static String corruption(String what, Action action) {
        try {
            action.run();
        } catch (RocksDBException e) {
            checkCorruption(e, what);
            return e.getMessage();
        } catch (Throwable t) {
            WrongResult w = new WrongResult(what + ": expected a RocksDBException (Corruption) but got " + t);
            w.initCause(t);
            throw w;
        }
        throw new WrongResult(what + ": expected a RocksDBException (Corruption) but it returned normally");
    }

    /** The iterator stopped on a bad entry: invalid, and its status is Corruption. */
    static void stoppedWithCorruption(RocksIterator it, String what) {
        check(!it.isValid(), () -> what + ": the iterator stands on an entry it cannot show, key "
                + string(it.keyBytes()) + ", value size " + it.value().byteSize());
        corruption(what + " status()", it::status);
    }

    static String valuesWithoutATimestamp(Path dir) throws Exception {
        Path path = dir.resolve("db");
        // written before the DB had a TTL: no timestamp (2 bytes), and a "timestamp" of 0 (before 2013)
        try (RocksDB plain = RocksDB.open(new Options().setCreateIfMissing(true), path)) {
            plain.put(bytes("a-short"), bytes("xy"));
            plain.put(bytes("c-epoch"), new byte[]{'o', 'l', 'd', 0, 0, 0, 0});
        }
        try (TtlDB db = TtlDB.open(new Options(), path, 0, false)) {
            db.put(bytes("b-fine"), bytes("fine"));
            db.put(bytes("d-fine"), bytes("fine too"));
            String onGet = corruption("get of the short value", () -> db.get(bytes("a-short")));
            corruption("get of the epoch value", () -> db.get(bytes("c-epoch")));
            for (int round = 0; round < 2; round++) { // from the memtable and WAL, then from an SST file
                try (RocksIterator it = db.newIterator()) {
                    it.seekToFirst();
                    stoppedWithCorruption(it, "seekToFirst onto the short value");
                    it.seek(bytes("b-fine"));
                    check(it.isValid() && "fine".equals(string(it.valueBytes())), () -> "a good value reads");
                    it.next();
                    stoppedWithCorruption(it, "next onto the epoch value");
                    it.seek(bytes("d-fine"));
                    check(it.isValid() && "fine too".equals(string(it.valueBytes())), () -> "a good value reads");
                    it.prev();
                    stoppedWithCorruption(it, "prev onto the epoch value");
                    it.seekForPrev(bytes("a-zzz"));
                    stoppedWithCorruption(it, "seekForPrev onto the short value");
                    it.seekToLast();
                    check(it.isValid() && "d-fine".equals(string(it.keyBytes())), () -> "seekToLast");

                    List<String> visited = new ArrayList<>();
                    it.seek(bytes("b-fine"));
                    corruption("scanForward into the epoch value", () -> it.scanForward((k, v) -> {
                        visited.add(string(k.toArray(ValueLayout.JAVA_BYTE)) + "=" + string(v.toArray(ValueLayout.JAVA_BYTE)));
                        return true;
                    }));
                    // entries before the bad one in the same crossing may go unvisited: the scan fails as a whole
                    check(visited.isEmpty() || visited.equals(List.of("b-fine=fine")), () -> "what the scan visited: " + visited);
                    it.seekToLast();
                    corruption("scanBackward into the epoch value", () -> it.scanBackward((k, v) -> true));
                }
                RecordCursor cursor = db.newRecordCursor(null, ReadOptions.DEFAULT);
                corruption("a record cursor from the first key", () -> cursor.next(100, 1 << 20).close());
                cursor.seek(bytes("d-fine"));
                try (RecordBatch batch = cursor.next(100, 1 << 20)) {
                    check(batch.size() == 1 && "fine too".equals(string(batch.value(0).toArray(ValueLayout.JAVA_BYTE))),
                            () -> "a cursor past the bad values reads the good one");
                }
                try (WriteBatchWithIndex batch = new WriteBatchWithIndex()) {
                    batch.put(bytes("e-batch"), bytes("from the batch"));
                    try (RocksIterator it = batch.newIteratorWithBase(db.newIterator())) {
                        it.seekToFirst();
                        stoppedWithCorruption(it, "an iterator with base onto the short value");
                        it.seek(bytes("b-fine"));
                        check(it.isValid() && "fine".equals(string(it.valueBytes())), () -> "over the batch: a good value");
                        it.next();
                        stoppedWithCorruption(it, "an iterator with base onto the epoch value");
                        it.seek(bytes("d-fine"));
                        it.next();
                        check(it.isValid() && "from the batch".equals(string(it.valueBytes())), () -> "the batch's entry");
                    }
                }
                db.flush();
                db.compactRange();
            }
            return "short and pre-TTL values are Corruption through iterators, scans, cursors (as get: " + onGet + ")";
        }
    }

    // ---- compaction filters --------------------------------------------------------------

    /** Drops keys starting with "drop", rewrites "change..." keys, keeps the rest; records what it saw. */
    static final class Recording extends AbstractCompactionFilter {
        final Map<String, String> seen;

        Recording(Map<String, String> seen) {
            this.seen = seen;
        }

        @Override
        public Decision filter(int level, MemorySegment key, ValueType type, MemorySegment value, NewValue newValue) {
            String k = string(key.toArray(ValueLayout.JAVA_BYTE)), v = string(value.toArray(ValueLayout.JAVA_BYTE));
            seen.put(k, v);
            if (k.startsWith("drop")) return Decision.REMOVE;
            if (k.startsWith("change")) {
                newValue.set(bytes("changed:" + v));
                return Decision.CHANGE_VALUE;
            }
            return Decision.KEEP;
        }
    }

    static String compactionFilters(Path dir) throws Exception {
        // a shared filter, on a DB whose entries live one second
        Map<String, String> seen = new ConcurrentHashMap<>();
        try (TtlDB db = TtlDB.open(new Options().setCreateIfMissing(true).setCompactionFilter(new Recording(seen)),
                dir.resolve("shared"), 1, false)) {
            db.put(bytes("expired"), bytes("old"));
            db.put(bytes("drop-expired"), bytes("old"));
            Thread.sleep(2200); // RocksDB's TTL clock counts whole seconds
            for (String k : List.of("drop1", "change1", "keep1")) db.put(bytes(k), bytes("v-" + k));
            db.flush();
            db.compactRange();
            check(db.get(bytes("expired")) == null && db.get(bytes("drop-expired")) == null, () -> "expired entries still go");
            check(db.get(bytes("drop1")) == null, () -> "the filter's REMOVE");
            check("changed:v-change1".equals(string(db.get(bytes("change1")))), () -> "the filter's CHANGE_VALUE, read back "
                    + "without the timestamp");
            check("v-keep1".equals(string(db.get(bytes("keep1")))), () -> "the filter's KEEP");
            check("v-change1".equals(seen.get("change1")) && "v-keep1".equals(seen.get("keep1")),
                    () -> "the filter saw the values without DBWithTTL's timestamp: " + seen);
            check(!seen.containsKey("expired"), () -> "expired entries go before the filter sees them: " + seen);
            check(db.callbackFailure() == null, () -> "no failure: " + db.callbackFailure());
        }
        // a factory's filters, on a DB with no expiry
        Map<String, String> fromFactory = new ConcurrentHashMap<>();
        AbstractCompactionFilterFactory<Recording> factory = new AbstractCompactionFilterFactory<>() {
            @Override
            public Recording createCompactionFilter(AbstractCompactionFilter.Context context) {
                return new Recording(fromFactory);
            }

            @Override
            public String name() {
                return "probe.RecordingFactory";
            }
        };
        try (TtlDB db = TtlDB.open(new Options().setCreateIfMissing(true).setCompactionFilterFactory(factory),
                dir.resolve("factory"), 0, false)) {
            for (String k : List.of("drop2", "change2", "keep2")) db.put(bytes(k), bytes("v-" + k));
            db.flush();
            db.compactRange();
            check(db.get(bytes("drop2")) == null, () -> "the factory filter's REMOVE");
            check("changed:v-change2".equals(string(db.get(bytes("change2")))), () -> "the factory filter's CHANGE_VALUE");
            check("v-keep2".equals(string(db.get(bytes("keep2")))), () -> "KEEP");
            check(fromFactory.size() == 3, () -> "the factory's filter saw every entry: " + fromFactory);
        }
        return "Java filters run on TTL DBs (shared: " + seen.keySet() + ", factory: " + fromFactory.keySet()
                + "), expired entries still dropped";
    }
}
