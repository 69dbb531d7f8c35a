package io.panrocks.fork;

import io.panrocks.AbstractWalFilter;
import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.DBOptions;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.WalProcessingOption;
import io.panrocks.WriteBatch;
import io.panrocks.WriteOptions;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static io.panrocks.testkit.TestBytes.bytes;

/**
 * Child JVM of WalFilterTest: a WAL filter misbehaves while a DB replays its
 * log at open (args[0] names how). The open must fail with a
 * RocksDBException whose cause is what the filter threw (or succeed, where
 * the filter's misuse is harmless), the JVM must live, and a plain reopen
 * must find every write. Prints "OK ..." then; anything else exits non-zero
 * (a crash leaves an hs_err file).
 */
public final class WalFilterMisbehaviour {
    private static final List<ColumnFamilyDescriptor> FAMILIES = List.of(
            new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY));

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("panrocks-walfilter-misbehaviour");
        try {
            write(dir);
            String outcome = switch (args[0]) {
                case "throws-error" -> failsTheOpen(dir, false, record -> {
                    if (record == 1) throw new OutOfMemoryError("simulated");
                    return null;
                }, OutOfMemoryError.class);
                case "stack-overflow" -> failsTheOpen(dir, false, record -> recurse(record), StackOverflowError.class);
                case "returns-null" -> failsTheOpen(dir, false, record -> null, NullPointerException.class);
                case "closes-and-keeps-its-batches" -> closesAndKeeps(dir);
                case "throws-in-family-map-on-read-only-open" -> failsTheOpen(dir, true, null,
                        IllegalArgumentException.class);
                default -> throw new IllegalArgumentException(args[0]);
            };
            check(dir);
            System.out.println("OK " + outcome);
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    static int recurse(int n) {
        return n == Integer.MIN_VALUE ? 0 : 1 + recurse(n + 1);
    }

    /** Ten batches of one key each, left in the WAL. */
    static void write(Path dir) throws RocksDBException {
        try (RocksDB db = RocksDB.open(new DBOptions().setCreateIfMissing(true), dir, FAMILIES, new ArrayList<>())) {
            for (int i = 0; i < 10; i++) db.put(bytes("k" + i), bytes("v" + i));
        }
    }

    /** A plain open finds every write. */
    static void check(Path dir) throws RocksDBException {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = RocksDB.open(new DBOptions(), dir, FAMILIES, handles)) {
            for (int i = 0; i < 10; i++) {
                byte[] v = db.get(bytes("k" + i));
                if (v == null || !new String(v, StandardCharsets.UTF_8).equals("v" + i)) {
                    throw new AssertionError("k" + i + " lost: " + (v == null ? null : new String(v)));
                }
            }
        }
    }

    /**
     * Opens with a filter answering records with answer (null: the family
     * map throws an IllegalArgumentException), expects the open to fail with
     * a cause of type expected.
     */
    static String failsTheOpen(Path dir, boolean readOnly, Function<Integer, Object> answer, Class<?> expected)
            throws Exception {
        int[] asked = {0};
        AbstractWalFilter filter = new AbstractWalFilter() {
            @Override
            public void columnFamilyLogNumberMap(Map<Integer, Long> cfLognumber, Map<String, Integer> cfNameId) {
                if (answer == null) throw new IllegalArgumentException("no map");
            }

            @Override
            public LogRecordFoundResult logRecordFound(long logNumber, String logFileName, WriteBatch batch,
                                                       WriteBatch newBatch) {
                int record = asked[0]++;
                Object a = answer.apply(record);
                return a == null && record == 0 ? LogRecordFoundResult.CONTINUE_UNCHANGED : (LogRecordFoundResult) a;
            }

            @Override
            public String name() {
                return "test.Misbehaving";
            }
        };
        DBOptions options = new DBOptions().setWalFilter(filter);
        try (RocksDB db = readOnly ? RocksDB.openReadOnly(options, dir, FAMILIES, new ArrayList<>())
                : RocksDB.open(options, dir, FAMILIES, new ArrayList<>())) {
            throw new AssertionError("opened: " + db);
        } catch (RocksDBException e) {
            if (!expected.isInstance(e.getCause())) throw new AssertionError("cause " + e.getCause(), e);
            if (!e.getMessage().contains("the WAL filter 'test.Misbehaving' threw")) throw new AssertionError(e);
            return e.code() + " after " + asked[0] + " records: " + e.getCause().getClass().getSimpleName();
        }
    }

    /** Closes its batches inside the call and keeps them: harmless; a closed replacement fails the open. */
    static String closesAndKeeps(Path dir) throws Exception {
        List<WriteBatch> kept = new ArrayList<>();
        AbstractWalFilter filter = new AbstractWalFilter() {
            @Override
            public LogRecordFoundResult logRecordFound(long logNumber, String logFileName, WriteBatch batch,
                                                       WriteBatch newBatch) {
                kept.add(batch);
                kept.add(newBatch);
                batch.close();
                newBatch.close();
                return kept.size() <= 10 ? LogRecordFoundResult.CONTINUE_UNCHANGED
                        : new LogRecordFoundResult(WalProcessingOption.CONTINUE_PROCESSING, true);
            }
        };
        String failure;
        try (RocksDB db = RocksDB.open(new DBOptions().setWalFilter(filter), dir, FAMILIES, new ArrayList<>())) {
            throw new AssertionError("opened");
        } catch (RocksDBException e) {
            if (!(e.getCause() instanceof IllegalStateException)) throw new AssertionError(e);
            failure = e.getCause().getMessage();
        }
        for (WriteBatch b : kept) {
            try {
                b.put(bytes("x"), bytes("y"));
                throw new AssertionError("a kept batch is usable");
            } catch (IllegalStateException expected) {
                // closed
            }
        }
        try (RocksDB db = RocksDB.open(new DBOptions(), dir, FAMILIES, new ArrayList<>())) {
            db.write(WriteOptions.DEFAULT, new WriteBatch());
        }
        return kept.size() / 2 + " records, then: " + failure;
    }
}
