package io.panrocks.faults;

import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.DBOptions;
import io.panrocks.ReadOptions;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.WriteOptions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One cell's world: a DB with two families under {@code base/db}, loaded with
 * values in SST files and in the WAL, the folders an operation writes into
 * beside it, and every write the DB acknowledged (what must be there after the
 * fault is gone).
 */
final class Cell {
    static final byte[] FAMILY = "cf".getBytes(StandardCharsets.UTF_8);

    final String fault, operation;
    final Path base, db, side;
    RocksDB handle;
    ColumnFamilyHandle family;
    /** family name ("default", "cf") -> key -> value, for every write that returned normally */
    final Map<String, Map<String, byte[]>> acknowledged = new LinkedHashMap<>();
    /** what the operation left for its check (a backup id, an export, a file) */
    Object result;
    /** the first sequence number the WAL holds once the load's flush is done */
    long walStart;

    Cell(Path base, String fault, String operation) {
        this.base = base;
        this.fault = fault;
        this.operation = operation;
        this.db = base.resolve("db");
        this.side = base.resolve("side");
        acknowledged.put("default", new LinkedHashMap<>());
        acknowledged.put("cf", new LinkedHashMap<>());
    }

    static DBOptions options() {
        return new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
    }

    static List<ColumnFamilyDescriptor> descriptors() {
        return List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY), new ColumnFamilyDescriptor(FAMILY));
    }

    static byte[] value(String key, int size) {
        byte[] v = new byte[size];
        byte[] k = key.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < size; i++) v[i] = (byte) (k[i % k.length] * 31 + i);
        return v;
    }

    void open() throws RocksDBException {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        handle = RocksDB.open(options(), db, descriptors(), handles);
        family = handles.get(1);
    }

    /** 100 values of 1 KiB per family in SST files, 20 more in the default family's WAL and memtable. */
    void load() throws Exception {
        Files.createDirectories(side);
        open();
        for (int i = 0; i < 100; i++) {
            put("default", "k" + i, 1024, false);
            put("cf", "k" + i, 1024, false);
        }
        handle.flush(new io.panrocks.FlushOptions().setWaitForFlush(true), List.of(handle.getDefaultColumnFamily(), family));
        walStart = handle.getLatestSequenceNumber() + 1;
        for (int i = 0; i < 20; i++) put("default", "w" + i, 512, false);
    }

    ColumnFamilyHandle handleOf(String name) {
        return name.equals("cf") ? family : handle.getDefaultColumnFamily();
    }

    void put(String familyName, String key, int size, boolean sync) throws RocksDBException {
        byte[] v = value(key, size);
        try (WriteOptions w = new WriteOptions().setSync(sync)) {
            handle.put(handleOf(familyName), w, key.getBytes(StandardCharsets.UTF_8), v);
        }
        acknowledged.get(familyName).put(key, v);
    }

    void closeDb() {
        if (handle != null) {
            RocksDB h = handle;
            handle = null;
            family = null;
            h.close();
        }
    }

    /** A cleanup's close: what it reports is the verdict's business, not the cleanup's. */
    void closeQuietly() {
        try {
            closeDb();
        } catch (RuntimeException ignored) {
            // the DB is closed either way
        }
    }

    /**
     * Reads every acknowledged value back from db: a different value or an
     * absent one is a wrong answer (the AssertionError); a RocksDBException
     * is an answer that says why, returned when tolerated, else thrown.
     */
    static String readBack(RocksDB db, ColumnFamilyHandle defaultFamily, ColumnFamilyHandle cf,
                           Map<String, Map<String, byte[]>> expected, boolean tolerateErrors) throws RocksDBException {
        int errors = 0;
        RocksDBException first = null;
        try (ReadOptions r = new ReadOptions().setFillCache(false)) {
            for (var f : expected.entrySet()) {
                ColumnFamilyHandle h = f.getKey().equals("cf") ? cf : defaultFamily;
                for (var e : f.getValue().entrySet()) {
                    byte[] got;
                    try {
                        got = db.get(h, r, e.getKey().getBytes(StandardCharsets.UTF_8));
                    } catch (RocksDBException x) {
                        if (!tolerateErrors) throw x;
                        errors++;
                        if (first == null) first = x;
                        continue;
                    }
                    if (got == null) throw new AssertionError("acknowledged write lost: " + f.getKey() + "/" + e.getKey());
                    if (!Arrays.equals(got, e.getValue())) throw new AssertionError("wrong value for " + f.getKey() + "/" + e.getKey());
                }
            }
        }
        return errors == 0 ? "all read back" : errors + " reads refused (" + Outcome.describe(first) + ")";
    }

    int acknowledgedCount() {
        return acknowledged.values().stream().mapToInt(Map::size).sum();
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) return;
        try (var walk = Files.walk(root)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
