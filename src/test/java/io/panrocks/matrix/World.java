package io.panrocks.matrix;

import io.panrocks.AbstractComparator;
import io.panrocks.BackupEngine;
import io.panrocks.BackupEngineOptions;
import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.ColumnFamilyOptions;
import io.panrocks.DBOptions;
import io.panrocks.OptimisticTransactionDB;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.SstFileWriter;
import io.panrocks.TransactionDB;
import io.panrocks.TransactionDBOptions;
import io.panrocks.TtlDB;
import io.panrocks.WideColumn;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static io.panrocks.testkit.TestBytes.bytes;

/**
 * The DBs and files one unit of probes works on, made when first asked for,
 * in a folder of the unit's own. Every DB holds the same data: "key" ->
 * "val", "key0".."key9" (in SST files and in the memtable), a 20 KB value
 * "big" (so that pins are real pins), an entity "entity" with two columns;
 * its column family "cf" holds "key" -> "val" too.
 */
final class World implements AutoCloseable {
    static final byte[] KEY = bytes("key");
    static final byte[] VALUE = bytes("val");

    private final Path dir;
    private final AtomicInteger names = new AtomicInteger();
    private final List<RocksDB> opened = new ArrayList<>();
    private final Map<RocksDB, ColumnFamilyHandle> families = new IdentityHashMap<>();
    private RocksDB db, comparatorDb;
    private TransactionDB transactionDb;
    private OptimisticTransactionDB optimisticDb;
    private TtlDB ttlDb;
    private Path closedDbPath, backupDir, sstFile;

    World(Path dir) {
        this.dir = dir;
    }

    /** A folder path nothing uses yet (not created). */
    Path freshPath(String what) {
        return dir.resolve(what + "-" + names.incrementAndGet());
    }

    /** A folder that exists and is empty. */
    Path freshDir(String what) {
        try {
            return Files.createDirectories(freshPath(what));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String freshName(String what) {
        return what + "-" + names.incrementAndGet();
    }

    // ---- DBs -------------------------------------------------------------------------------

    static Options options() {
        return new Options().setCreateIfMissing(true).setCreateMissingColumnFamilies(true)
                .setMergeOperatorName("stringappend");
    }

    private static List<ColumnFamilyDescriptor> descriptors(ColumnFamilyOptions cf) {
        return List.of(new ColumnFamilyDescriptor(bytes("default"), cf), new ColumnFamilyDescriptor(bytes("cf"), cf));
    }

    /** The plain DB (default family and "cf"). */
    RocksDB db() {
        if (db == null || !db.isOpen()) {
            db = fill(open(handles -> RocksDB.open(new DBOptions(options()), freshPath("db"),
                    descriptors(new ColumnFamilyOptions(options())), handles)));
        }
        return db;
    }

    /** A TransactionDB with the same data. */
    TransactionDB transactionDb() {
        if (transactionDb == null || !transactionDb.isOpen()) {
            transactionDb = fill(open(handles -> TransactionDB.open(new DBOptions(options()), new TransactionDBOptions(),
                    freshPath("txndb"), descriptors(new ColumnFamilyOptions(options())), handles)));
        }
        return transactionDb;
    }

    OptimisticTransactionDB optimisticDb() {
        if (optimisticDb == null || !optimisticDb.isOpen()) {
            optimisticDb = fill(open(handles -> OptimisticTransactionDB.open(new DBOptions(options()), freshPath("occdb"),
                    descriptors(new ColumnFamilyOptions(options())), handles)));
        }
        return optimisticDb;
    }

    TtlDB ttlDb() {
        if (ttlDb == null || !ttlDb.isOpen()) {
            ttlDb = fill(open(handles -> TtlDB.open(new DBOptions(options()), freshPath("ttldb"),
                    descriptors(new ColumnFamilyOptions(options())), handles, List.of(100_000, 100_000), false)));
        }
        return ttlDb;
    }

    /** A DB whose families order keys with a comparator written in Java (RocksDB's order). */
    RocksDB comparatorDb() {
        if (comparatorDb == null || !comparatorDb.isOpen()) {
            ColumnFamilyOptions cf = new ColumnFamilyOptions(options()).setComparator(new JavaBytewise());
            comparatorDb = fill(open(handles -> RocksDB.open(new DBOptions(options()), freshPath("cmpdb"),
                    descriptors(cf), handles)));
        }
        return comparatorDb;
    }

    /** RocksDB's bytewise order, in Java. */
    static final class JavaBytewise extends AbstractComparator {
        @Override
        public String name() {
            return "matrix.JavaBytewise";
        }

        @Override
        public int compare(MemorySegment a, MemorySegment b) {
            return compareBytewise(a, b);
        }
    }

    /** A DB of its own that collects statistics. */
    RocksDB statisticsDb() {
        return fill(open(handles -> RocksDB.open(new DBOptions(options().setStatisticsEnabled(true)), freshPath("statsdb"),
                descriptors(new ColumnFamilyOptions(options())), handles)));
    }

    /** A fresh plain DB of its own (not shared with other subjects). */
    RocksDB ownDb() {
        return fill(open(handles -> RocksDB.open(new DBOptions(options()), freshPath("owndb"),
                descriptors(new ColumnFamilyOptions(options())), handles)));
    }

    @FunctionalInterface
    interface Opener<T extends RocksDB> {
        T open(List<ColumnFamilyHandle> handles) throws RocksDBException;
    }

    private <T extends RocksDB> T open(Opener<T> opener) {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try {
            T opened = opener.open(handles);
            this.opened.add(opened);
            families.put(opened, handles.get(1));
            return opened;
        } catch (RocksDBException e) {
            throw new IllegalStateException("the matrix's world could not open a DB", e);
        }
    }

    /** The family "cf" of a DB of this world. */
    ColumnFamilyHandle cf(RocksDB of) {
        ColumnFamilyHandle h = families.get(of);
        if (h == null) throw new IllegalArgumentException("not a DB of this world: " + of);
        return h;
    }

    private <T extends RocksDB> T fill(T db) {
        try {
            ColumnFamilyHandle dflt = db.getDefaultColumnFamily();
            db.put(KEY, VALUE);
            for (int i = 0; i < 5; i++) db.put(bytes("key" + i), value("key" + i, 100));
            db.put(bytes("big"), value("big", 20_000));
            try {
                db.putEntity(bytes("entity"), List.of(WideColumn.defaultColumn(bytes("v0")), WideColumn.of("c1", bytes("v1")),
                        WideColumn.of("c2", bytes("v2"))));
            } catch (RocksDBException notSupported) {
                // TTL and transaction DBs may not take entities: the plain DB has one
            }
            db.flush();
            for (int i = 5; i < 10; i++) db.put(bytes("key" + i), value("key" + i, 100));
            db.merge(bytes("merged"), bytes("a"));
            db.merge(bytes("merged"), bytes("b"));
            db.put(dflt, bytes("zz"), VALUE);
            ColumnFamilyHandle cf = families.get(db);
            if (cf != null) {
                db.put(cf, KEY, VALUE);
                db.put(cf, bytes("key1"), value("key1", 100));
                try {
                    db.putEntity(cf, bytes("entity"), List.of(WideColumn.defaultColumn(bytes("v0")), WideColumn.of("c1", bytes("v1"))));
                } catch (RocksDBException notSupported) {
                    // as above
                }
            }
            return db;
        } catch (RocksDBException e) {
            throw new IllegalStateException("filling the matrix's DB", e);
        }
    }

    /** Deterministic bytes that name their key, so a view showing another key's bytes is caught. */
    static byte[] value(String key, int size) {
        byte[] v = new byte[size];
        java.util.Random r = new java.util.Random(key.hashCode() * 31L + size);
        r.nextBytes(v);
        byte[] k = bytes(key);
        System.arraycopy(k, 0, v, 0, Math.min(k.length, size));
        return v;
    }

    // ---- files -------------------------------------------------------------------------------

    /** The folder of a DB that exists and is closed (for read-only and secondary opens). */
    Path closedDbPath() {
        if (closedDbPath == null) {
            Path p = freshPath("closeddb");
            try (RocksDB d = RocksDB.open(options(), p)) {
                d.put(KEY, VALUE);
                d.flush();
            } catch (RocksDBException e) {
                throw new IllegalStateException(e);
            }
            closedDbPath = p;
        }
        return closedDbPath;
    }

    /** An SST file holding "sst-a" and "sst-b" (a fresh one per call: an ingestion may move it). */
    Path sstFile() {
        Path file = freshPath("file").resolveSibling(freshName("ingest") + ".sst");
        try (SstFileWriter w = new SstFileWriter(options())) {
            w.open(file);
            w.put(bytes("sst-a"), VALUE);
            w.put(bytes("sst-b"), VALUE);
            w.finish();
        } catch (RocksDBException e) {
            throw new IllegalStateException(e);
        }
        sstFile = file;
        return file;
    }

    /** A backup folder holding one backup (ID 1) of a DB of this world. */
    Path backupDir() {
        if (backupDir == null) {
            Path p = freshDir("backups");
            try (BackupEngine engine = BackupEngine.open(new BackupEngineOptions(p))) {
                engine.createNewBackup(db(), true);
            } catch (RocksDBException e) {
                throw new IllegalStateException(e);
            }
            backupDir = p;
        }
        return backupDir;
    }

    Path dir() {
        return dir;
    }

    // ---- endings -----------------------------------------------------------------------------

    /** Closes every DB this world opened (the event of "after its DB's close"). */
    void closeDbs() throws RocksDBException {
        RocksDBException first = null;
        for (RocksDB d : opened) {
            try {
                d.closeE();
            } catch (RocksDBException e) {
                if (first == null) first = e;
            }
        }
        if (first != null) throw first;
    }

    /** Forgets the DBs it made (after a probe closed them), so the next ask opens new ones. */
    void forgetDbs() {
        db = comparatorDb = null;
        transactionDb = null;
        optimisticDb = null;
        ttlDb = null;
    }

    @Override
    public void close() throws RocksDBException {
        closeDbs();
    }
}
