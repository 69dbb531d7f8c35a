package io.panrocks.matrix;

import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;

import java.util.function.BooleanSupplier;

import static io.panrocks.testkit.TestBytes.bytes;

/** Work that makes the engine call each kind of callback. */
final class Triggers {
    private Triggers() {
    }

    /** Memtable inserts and a read: compare on the writing thread. */
    static void compare(RocksDB db) throws RocksDBException {
        for (int i = 0; i < 20; i++) db.put(bytes("cmp-" + i), bytes("v"));
        db.get(bytes("cmp-7"));
    }

    /** A flush of many small blocks: separators between blocks, a successor after the last key. */
    static void flushBlocks(RocksDB db) throws RocksDBException {
        byte[] value = new byte[200];
        for (int i = 0; i < 200; i++) db.put(bytes(String.format("block-%04d", i)), value);
        db.flush();
    }

    /** A merge read on this thread: a full merge. */
    static void fullMerge(RocksDB db) throws RocksDBException {
        db.merge(bytes("m"), bytes("a"));
        db.merge(bytes("m"), bytes("b"));
        db.get(bytes("m"));
    }

    /** Operands flushed without their base value: a partial merge during the flush. */
    static void partialMerge(RocksDB db) throws RocksDBException {
        db.put(bytes("p"), bytes("base"));
        db.flush();
        for (int i = 0; i < 5; i++) db.merge(bytes("p"), bytes("+" + i));
        db.flush();
    }

    /** Two flushed files and a manual compaction. */
    static void compaction(RocksDB db) throws RocksDBException {
        for (int f = 0; f < 2; f++) {
            for (int i = 0; i < 10; i++) db.put(bytes("c-" + i), bytes("v" + f));
            db.flush();
        }
        db.compactRange();
    }

    static void flush(RocksDB db) throws RocksDBException {
        db.put(bytes("f"), bytes("v"));
        db.flush();
    }

    /** An SST file, then an iterator that asks the spied table filter about it. */
    static void tableFilter(RocksDB db) throws RocksDBException {
        flush(db);
        try (io.panrocks.RocksIterator it = db.newIterator(new io.panrocks.ReadOptions()
                .setTableFilter(new Spies.TableFilterSpy()))) {
            it.seekToFirst();
        }
    }

    /** Options under which two level-0 files delay writes (and a compaction ends the delay). */
    static Options stallOptions() {
        return new Options().setCreateIfMissing(true).setLevel0FileNumCompactionTrigger(2)
                .setLevel0SlowdownWritesTrigger(2).setLevel0StopWritesTrigger(100);
    }

    /** Flushes level-0 files until the stall is reported (or 10 s pass). */
    static void stall(RocksDB db, BooleanSupplier reported) throws Exception {
        for (int i = 0; i < 2; i++) {
            db.put(bytes("s" + i), bytes("v"));
            db.flush();
        }
        for (int i = 0; i < 100 && !reported.getAsBoolean(); i++) Thread.sleep(100);
    }

    // ---- the later listener events ----

    /** A table file written elsewhere, ingested into the DB. */
    static void ingestion(RocksDB db) throws Exception {
        java.nio.file.Path folder = java.nio.file.Files.createTempDirectory("matrix-ingest");
        java.nio.file.Path file = folder.resolve("ingest.sst");
        try (io.panrocks.SstFileWriter writer = new io.panrocks.SstFileWriter(new Options())) {
            writer.open(file.toString());
            writer.put(bytes("ingested"), bytes("v"));
            writer.finish();
        }
        db.ingestExternalFile(java.util.List.of(file.toString()), new io.panrocks.IngestExternalFileOptions());
        java.nio.file.Files.deleteIfExists(file);
        java.nio.file.Files.deleteIfExists(folder);
    }

    /** A column family created and its handle closed: RocksDB deletes the handle. */
    static void handleDeletion(RocksDB db) throws RocksDBException {
        db.createColumnFamily(new io.panrocks.ColumnFamilyDescriptor(bytes("deleted-handle"))).close();
    }

    /** A compaction, then waits (10 s at most) for the deletion of its inputs to be reported. */
    static void tableFileDeletion(RocksDB db, BooleanSupplier reported) throws Exception {
        compaction(db);
        for (int i = 0; i < 200 && !reported.getAsBoolean(); i++) Thread.sleep(50);
    }

    /** File I/O of every kind the options allow: a flush of more than RocksDB's unsynced MiB, a read back. */
    static void fileOperations(RocksDB db) throws RocksDBException {
        Spies.fileEventsArmed = true;
        db.put(new io.panrocks.WriteOptions().setSync(true), bytes("io"), bytes("v"));
        byte[] big = new byte[3 << 20];
        new java.util.Random(7).nextBytes(big);  // incompressible: the table passes RocksDB's unsynced MiB
        db.put(bytes("io-big"), big);
        db.flush();
        db.get(bytes("io"));
    }

    /** Options under which the file events of {@code method} occur (see {@link #fileOperations}). */
    static Options fileOptions(Options o, String method) {
        Spies.fileEventsArmed = false;
        if (method.equals("onFileRangeSyncFinish")) o.setBytesPerSync(64 << 10);
        // only a file written with direct I/O is truncated (to its size, when it closes)
        if (method.equals("onFileTruncateFinish")) o.setUseDirectIoForFlushAndCompaction(true);
        return o;
    }

    /** The space limit of the DB's SST file manager, passed by a flush: a background error RocksDB recovers from. */
    static void recoverableError(RocksDB db, io.panrocks.SstFileManager files, BooleanSupplier reported) throws Exception {
        files.setMaxAllowedSpaceUsage(1);
        try {
            db.put(bytes("r"), bytes("v"));
            db.flush();
        } catch (RocksDBException expected) {
            // the space limit
        }
        files.setMaxAllowedSpaceUsage(0);  // room again: RocksDB recovers (the manager looks every 5 s)
        for (int i = 0; i < 200 && !reported.getAsBoolean(); i++) Thread.sleep(50);
    }

    /** A merge refused during a flush: a background error. */
    static void backgroundError(RocksDB db) {
        try {
            db.put(bytes("e"), bytes("base"));
            db.merge(bytes("e"), bytes("operand"));
            db.flush();
        } catch (RocksDBException expected) {
            // the flush fails with the background error
        }
    }
}
