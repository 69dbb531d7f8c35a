package io.panrocks;

import io.panrocks.internal.files.FileOps;
import io.panrocks.internal.options.OptionValues;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Makes checkpoints of an open DB (RocksJava's {@code Checkpoint}): openable
 * copies of it in another directory, consistent as of one moment, made of
 * hard links to its SST files where the file system allows (so they cost
 * little space and time) and copies otherwise.
 *
 * <pre>{@code
 * try (Checkpoint checkpoint = Checkpoint.create(db)) {
 *     checkpoint.createCheckpoint(Path.of("/backups/db-2024-06-01"));
 * }
 * }</pre>
 *
 * <p>It holds no native memory: each checkpoint is made inside one call on
 * the DB (so the DB's close waits for it). Thread-safe; {@link #close()}
 * only stops this object from making more. While a {@code Checkpoint} is
 * reachable, its DB is not closed by the Cleaner.
 */
public final class Checkpoint implements AutoCloseable {
    private final RocksDB db;
    private volatile boolean closed;

    private Checkpoint(RocksDB db) {
        this.db = db;
    }

    /**
     * A checkpoint maker for {@code db}.
     *
     * @param db an open DB
     * @return the checkpoint maker
     * @throws NullPointerException if db is null
     * @throws IllegalStateException if db is closed
     */
    public static Checkpoint create(RocksDB db) {
        Objects.requireNonNull(db, "db");
        if (!db.isOpen()) throw new IllegalStateException("RocksDB " + db.getPath() + " is closed");
        return new Checkpoint(db);
    }

    /**
     * Makes a checkpoint in {@code checkpointPath}, which must not exist
     * (its parent must). The DB's memtables are flushed first, so the
     * checkpoint holds every acknowledged write as SST files.
     *
     * <p>RocksDB builds the checkpoint in {@code <checkpointPath>.tmp},
     * deleting every file in it first if it exists. Neither folder may be one
     * that a DB, a backup engine or a restore of this process uses, under any
     * spelling of its path: that is refused with {@link Status.Code#Busy}
     * before RocksDB is called, and both stay claimed while the checkpoint is
     * made.
     *
     * @param checkpointPath the new directory
     * @throws RocksDBException {@link Status.Code#Busy} if either folder is in
     *         use in this process (the message names it and its user),
     *         {@link Status.Code#NotSupported} if the DB is in a
     *         {@link RocksMemEnv} (the checkpoint would be written into that
     *         memory, not on disk), {@link Status.Code#InvalidArgument} if the
     *         directory exists (RocksDB's refusal), or RocksDB's status for an
     *         I/O error
     * @throws IllegalStateException if this object or the DB is closed
     */
    public void createCheckpoint(Path checkpointPath) throws RocksDBException {
        createCheckpoint(checkpointPath, 0);
    }

    /**
     * As {@link #createCheckpoint(Path)}, for a path given as a string.
     *
     * @param checkpointPath the new directory
     * @throws RocksDBException as {@link #createCheckpoint(Path)}
     */
    public void createCheckpoint(String checkpointPath) throws RocksDBException {
        createCheckpoint(Path.of(Objects.requireNonNull(checkpointPath, "checkpointPath")));
    }

    /**
     * As {@link #createCheckpoint(Path)}, flushing only when the write-ahead
     * logs hold at least {@code logSizeForFlush} bytes (0: always); below
     * that, the live WALs are copied into the checkpoint instead (RocksDB's
     * {@code log_size_for_flush}).
     *
     * @param checkpointPath the new directory
     * @param logSizeForFlush the WAL size from which the memtables are flushed first, {@code >= 0}
     * @return the sequence number of the last write the checkpoint holds
     * @throws IllegalArgumentException if logSizeForFlush is negative
     * @throws RocksDBException as {@link #createCheckpoint(Path)}
     */
    public long createCheckpoint(Path checkpointPath, long logSizeForFlush) throws RocksDBException {
        Objects.requireNonNull(checkpointPath, "checkpointPath");
        OptionValues.requireAtLeast(logSizeForFlush, 0, "logSizeForFlush");
        if (closed) throw new IllegalStateException("Checkpoint is closed");
        String target = FileOps.cPath(checkpointPath, "checkpointPath");
        RocksMemEnv.refuseInMemory(db, "a checkpoint",
                "it would be written into that memory, not at " + checkpointPath + " on disk");
        return db.files().checkpoint(checkpointPath, target, db.getPath().toString(), logSizeForFlush);
    }

    /**
     * Exports the SST files of {@code columnFamily} into {@code exportPath},
     * which must not exist (its parent must), for
     * {@link RocksDB#createColumnFamilyWithImport} into this or another DB
     * (RocksDB's {@code ExportColumnFamily}, as RocksJava's). The family's
     * memtable is flushed first, so the export holds every acknowledged
     * write; the files are hard linked where the file system allows, copied
     * otherwise. RocksDB stages them in {@code <exportPath>.tmp}; as for a
     * checkpoint, neither folder may be one this process uses.
     *
     * @param columnFamily the family to export (not null: the default one is
     *         {@link RocksDB#getDefaultColumnFamily()})
     * @param exportPath the new directory
     * @return the record of the export; close it when done
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if columnFamily belongs to another DB,
     *         or the path contains a zero character
     * @throws IllegalStateException if this object, the DB or the family is closed
     * @throws RocksDBException {@link Status.Code#Busy} if a folder is in use
     *         in this process, {@link Status.Code#NotSupported} if the DB is in
     *         a {@link RocksMemEnv}, {@link Status.Code#InvalidArgument} if the
     *         directory exists (RocksDB's refusal), or RocksDB's status for an
     *         I/O error (a missing parent, say)
     */
    public ExportImportFilesMetaData exportColumnFamily(ColumnFamilyHandle columnFamily, Path exportPath)
            throws RocksDBException {
        Objects.requireNonNull(columnFamily, "columnFamilyHandle");
        Objects.requireNonNull(exportPath, "exportPath");
        if (closed) throw new IllegalStateException("Checkpoint is closed");
        String target = FileOps.cPath(exportPath, "exportPath");
        RocksMemEnv.refuseInMemory(db, "an export of a column family",
                "it would be written into that memory, not at " + exportPath + " on disk");
        return db.files().exportColumnFamily(ColumnFamilyHandle.internal(columnFamily), exportPath, target,
                db.getPath().toString(), LiveFileMetaData::new, ExportImportFilesMetaData::new);
    }

    /**
     * As {@link #exportColumnFamily(ColumnFamilyHandle, Path)}, for a path given as a string (RocksJava's form).
     *
     * @param columnFamily the family to export
     * @param exportPath the new directory
     * @return the record of the export; close it when done
     * @throws RocksDBException as {@link #exportColumnFamily(ColumnFamilyHandle, Path)}
     */
    public ExportImportFilesMetaData exportColumnFamily(ColumnFamilyHandle columnFamily, String exportPath)
            throws RocksDBException {
        return exportColumnFamily(columnFamily, Path.of(Objects.requireNonNull(exportPath, "exportPath")));
    }

    /** Stops this object from making checkpoints; idempotent. There is nothing native to release. */
    @Override
    public void close() {
        closed = true;
    }

    @Override
    public String toString() {
        return "Checkpoint{" + db.getPath() + (closed ? ", closed" : "") + "}";
    }
}
