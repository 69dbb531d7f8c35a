package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.OpenPaths;
import io.panrocks.internal.StandaloneResource;
import io.panrocks.internal.ffi.panrocks_backup_engine_options;
import io.panrocks.internal.ffi.panrocks_backup_info;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.files.FileOps;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Reference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Incremental backups of open DBs in a directory of their own (RocksDB's
 * {@code BackupEngine}, RocksJava's shape): create, list, verify, restore,
 * purge, delete.
 *
 * <pre>{@code
 * try (BackupEngine backups = BackupEngine.open(new BackupEngineOptions(Path.of("/backups/orders")))) {
 *     int id = backups.createNewBackup(db, true);           // flush, then copy what changed
 *     backups.verifyBackup(id);
 *     backups.purgeOldBackups(7);                           // keep the newest 7
 *     // later, with the DB closed:
 *     backups.restoreDbFromLatestBackup(dbDir, dbDir, new RestoreOptions(false));
 * }
 * }</pre>
 *
 * <h2>Ownership and threads</h2>
 * The engine belongs to no DB: close it (a forgotten one is released by a
 * Cleaner). A backup runs inside a call on the DB it reads, so that DB's
 * close waits for it. Any thread may use the engine, and several at once:
 * RocksDB serializes its operations inside; {@link #close()} waits for those
 * in progress ({@link #stopBackup()} cuts a running backup short).
 *
 * <h2>Directories</h2>
 * In this process, one engine at a time may have a backup directory open
 * (two engines writing one directory corrupt each other's backups; RocksDB
 * has no lock for it): a second open fails with {@link Status.Code#Busy}.
 * The engine deletes files nobody refers to in its {@code private},
 * {@code shared}, {@code shared_checksum} and {@code meta} folders, so these
 * are its alone, with all they hold: an open of the engine over a folder of
 * an open DB (its directory or WAL directory), or with one in those folders,
 * fails with {@link Status.Code#Busy}, and so does a DB's open in them.
 * A restore refuses, with {@link Status.Code#Busy}, a dbDir or walDir that a
 * DB, a backup engine, a checkpoint or another restore of this process uses
 * (a DB for writing, read-only or as a secondary, through its directory or
 * its WAL directory): RocksDB would delete files under it. All of these
 * compare folders under any spelling of their path (symbolic links,
 * {@code ..}, relative paths, bind mounts). A DB in another process is not
 * detected.
 */
public final class BackupEngine implements AutoCloseable {
    private final StandaloneResource engine;
    /** operations hold it shared; close exclusively, so a release never frees an engine in use */
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final Path backupDir;

    private BackupEngine(MemorySegment handle, Path backupDir, OpenPaths.Claim claim) {
        this.backupDir = backupDir;
        this.engine = new StandaloneResource("BackupEngine", this, handle, h -> {
            try {
                panrocks_h.panrocks_backup_engine_destroy(h);
            } finally {
                claim.release();
            }
        });
    }

    /**
     * RocksJava's form of {@link #open(BackupEngineOptions)}: the backups
     * live on {@code env}'s file system, which must be the real one,
     * {@link Env#getDefault()} (as panrocks' {@link RocksMemEnv} keeps only a
     * DB's own files in memory).
     *
     * @param env the environment: {@link Env#getDefault()}
     * @param options the engine's options
     * @return the engine
     * @throws NullPointerException if env or options is null
     * @throws IllegalArgumentException if env is not the default environment
     * @throws RocksDBException as {@link #open(BackupEngineOptions)}
     */
    public static BackupEngine open(Env env, BackupEngineOptions options) throws RocksDBException {
        if (Objects.requireNonNull(env, "env") != Env.getDefault()) {
            throw new IllegalArgumentException("a BackupEngine works on the real file system, Env.getDefault(), not "
                    + env + " (a RocksMemEnv keeps only its DB's files in memory)");
        }
        return open(options);
    }

    /**
     * Opens the backup directory {@code options.backupDir()} (creating it if
     * missing) and reads the backups in it.
     *
     * @param options the engine's options
     * @return the engine
     * @throws NullPointerException if options is null
     * @throws RocksDBException {@link Status.Code#Busy} if another engine, a DB,
     *         a restore or a checkpoint of this process uses the directory or a
     *         folder in it (see <i>Directories</i> above), or RocksDB's status
     *         (an I/O error, a directory it cannot create)
     * @throws IllegalStateException if RocksJava's engine is loaded in this process
     */
    public static BackupEngine open(BackupEngineOptions options) throws RocksDBException {
        Objects.requireNonNull(options, "options");
        NativeLibrary.ensureLoaded();
        NativeLibrary.refuseSecondEngine();
        Path dir = options.backupPath();
        Path canonical = OpenPaths.canonical(dir);
        OpenPaths.Claim claim = claimBackupDirectory(dir, canonical);
        boolean opened = false;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment o = panrocks_backup_engine_options.allocate(arena);
            panrocks_h.panrocks_backup_engine_options_init(o);
            panrocks_backup_engine_options.backup_dir(o, arena.allocateFrom(canonical.toString()));
            panrocks_backup_engine_options.share_table_files(o, options.shareTableFiles() ? 1 : 0);
            panrocks_backup_engine_options.sync(o, options.sync() ? 1 : 0);
            panrocks_backup_engine_options.destroy_old_data(o, options.destroyOldData() ? 1 : 0);
            panrocks_backup_engine_options.backup_log_files(o, options.backupLogFiles() ? 1 : 0);
            panrocks_backup_engine_options.share_files_with_checksum(o, options.shareFilesWithChecksum() ? 1 : 0);
            panrocks_backup_engine_options.max_background_operations(o, options.maxBackgroundOperations());
            panrocks_backup_engine_options.backup_rate_limit(o, options.backupRateLimit());
            panrocks_backup_engine_options.restore_rate_limit(o, options.restoreRateLimit());
            panrocks_backup_engine_options.callback_trigger_interval_size(o, options.callbackTriggerIntervalSize());
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_backup_engine_open(o, out, error);
            if (rc != 0) throw Errors.toException(rc, error);
            BackupEngine e = new BackupEngine(out.get(ValueLayout.ADDRESS, 0), dir, claim);
            opened = true;
            return e;
        } finally {
            if (!opened) claim.release();
        }
    }

    /** The folders of RocksDB's backup engine below its directory: it deletes what no backup refers to in them. */
    private static final List<String> ENGINE_FOLDERS = List.of("private", "shared", "shared_checksum", "meta");

    /**
     * Claims the backup directory alone (no DB, restore or other engine of
     * this process may use it) and every folder the engine writes below it
     * with all they hold: its garbage collection deletes any file there that
     * no backup refers to.
     */
    private static OpenPaths.Claim claimBackupDirectory(Path dir, Path canonical) throws RocksDBException {
        List<OpenPaths.Folder> folders = new ArrayList<>();
        folders.add(new OpenPaths.Folder(dir, canonical, "backup directory", OpenPaths.Use.ALONE, OpenPaths.Reach.FOLDER));
        for (String name : ENGINE_FOLDERS) {
            folders.add(new OpenPaths.Folder(dir.resolve(name), canonical.resolve(name), "backup folder",
                    OpenPaths.Use.ALONE, OpenPaths.Reach.TREE));
        }
        try {
            return OpenPaths.claim("BackupEngine on " + dir, folders);
        } catch (OpenPaths.InUse e) {
            throw e.refusal();
        }
    }

    // ---- backups ---------------------------------------------------------------------

    /**
     * As {@link #createNewBackupWithMetadata(RocksDB, byte[], boolean)}, no metadata, no flush.
     *
     * @param db the DB to back up
     * @return the new backup's ID
     * @throws RocksDBException as {@link #createNewBackupWithMetadata(RocksDB, byte[], boolean)}
     */
    public int createNewBackup(RocksDB db) throws RocksDBException {
        return createNewBackupWithMetadata(db, new byte[0], false);
    }

    /**
     * As {@link #createNewBackupWithMetadata(RocksDB, byte[], boolean)}, no metadata.
     *
     * @param db the DB to back up
     * @param flushBeforeBackup whether to flush the memtables first
     * @return the new backup's ID
     * @throws RocksDBException as {@link #createNewBackupWithMetadata(RocksDB, byte[], boolean)}
     */
    public int createNewBackup(RocksDB db, boolean flushBeforeBackup) throws RocksDBException {
        return createNewBackupWithMetadata(db, new byte[0], flushBeforeBackup);
    }

    /**
     * As {@link #createNewBackupWithMetadata(RocksDB, byte[], boolean)}, with
     * metadata given as a string (stored as UTF-8).
     *
     * @param db the DB to back up
     * @param metadata stored with the backup ({@link BackupInfo#appMetadata()})
     * @param flushBeforeBackup whether to flush the memtables first
     * @return the new backup's ID
     * @throws RocksDBException as {@link #createNewBackupWithMetadata(RocksDB, byte[], boolean)}
     */
    public int createNewBackupWithMetadata(RocksDB db, String metadata, boolean flushBeforeBackup)
            throws RocksDBException {
        return createNewBackupWithMetadata(db, Objects.requireNonNull(metadata, "metadata").getBytes(StandardCharsets.UTF_8),
                flushBeforeBackup);
    }

    /**
     * Backs up {@code db} as it is now: copies the files the last backups do
     * not have (SST files are shared between backups), and, unless
     * {@code flushBeforeBackup}, its write-ahead logs, so that the backup
     * holds every acknowledged write either way. The DB stays usable
     * meanwhile; its close waits for the backup. Returns the new backup's ID.
     *
     * @param db the DB to back up (open; read-only and secondary DBs too, where the engine allows)
     * @param metadata any bytes to store with the backup (RocksDB allows up to 1 MiB)
     * @param flushBeforeBackup whether to flush the memtables first (then no WAL is copied)
     * @return the new backup's ID
     * @throws NullPointerException if db or metadata is null
     * @throws IllegalStateException if this engine or the DB is closed
     * @throws RocksDBException with RocksDB's status: an I/O error, metadata
     *         too large (InvalidArgument), {@link Status.Code#Incomplete} if
     *         {@link #stopBackup()} cut it short; {@link Status.Code#NotSupported}
     *         for a DB in a {@link RocksMemEnv}
     */
    public int createNewBackupWithMetadata(RocksDB db, byte[] metadata, boolean flushBeforeBackup)
            throws RocksDBException {
        Objects.requireNonNull(db, "db");
        Objects.requireNonNull(metadata, "metadata");
        MemorySegment h = begin();
        try {
            RocksMemEnv.refuseInMemory(db, "a backup", "its files are in memory, where the backup engine does not read");
            NativeDb n = db.nativeDb();
            // the DB's close waits for the backup; a backup flushes first (or copies files being written)
            CallContext c = n.enterToWaitForBackgroundWork("a backup");
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment m = metadata.length == 0 ? MemorySegment.NULL
                        : arena.allocateFrom(ValueLayout.JAVA_BYTE, metadata);
                MemorySegment id = arena.allocate(ValueLayout.JAVA_INT);
                int rc = panrocks_h.panrocks_backup_engine_create(h, n.handle(), flushBeforeBackup ? 1 : 0, m,
                        metadata.length, id, c.error);
                if (rc != 0) throw c.failure(rc);
                return id.get(ValueLayout.JAVA_INT, 0);
            } finally {
                n.exit(c);
            }
        } finally {
            end();
        }
    }

    /**
     * Asks a backup running on another thread to stop; it then fails with
     * {@link Status.Code#Incomplete}, and {@link #garbageCollect()} removes
     * what it had copied. Does nothing when no backup runs; idempotent.
     */
    public void stopBackup() {
        MemorySegment h;
        try {
            h = begin();
        } catch (IllegalStateException closed) {
            return;
        }
        try {
            panrocks_h.panrocks_backup_engine_stop(h);
        } finally {
            end();
        }
    }

    // ---- listing and verifying -------------------------------------------------------------

    /**
     * The valid backups, oldest first.
     *
     * @return the backups (an unmodifiable list)
     * @throws IllegalStateException if this engine is closed
     */
    public List<BackupInfo> getBackupInfo() {
        List<BackupInfo> out = new ArrayList<>();
        list((list, infos) -> {
            long n = panrocks_h.panrocks_backup_list_count(list);
            for (long i = 0; i < n; i++) {
                MemorySegment b = panrocks_h.panrocks_backup_list_get(list, i).reinterpret(panrocks_backup_info.sizeof());
                infos.add(new BackupInfo(panrocks_backup_info.backup_id(b), panrocks_backup_info.timestamp(b),
                        panrocks_backup_info.size(b), panrocks_backup_info.number_files(b),
                        FileOps.bytes(panrocks_backup_info.app_metadata(b))));
            }
        }, out);
        return List.copyOf(out);
    }

    /**
     * The IDs of the backups RocksDB found corrupted when it opened the
     * directory (or later): delete them, or run {@link #garbageCollect()}.
     *
     * @return their IDs
     * @throws IllegalStateException if this engine is closed
     */
    public int[] getCorruptedBackups() {
        List<Integer> out = new ArrayList<>();
        list((list, ids) -> {
            long n = panrocks_h.panrocks_backup_list_corrupted_count(list);
            for (long i = 0; i < n; i++) ids.add(panrocks_h.panrocks_backup_list_corrupted_id(list, i));
        }, out);
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private interface ListReader<T> {
        void read(MemorySegment list, List<T> into);
    }

    private <T> void list(ListReader<T> reader, List<T> into) {
        MemorySegment h = begin();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_backup_engine_info(h, out, error);
            if (rc != 0) throw new IllegalStateException("listing backups: " + Errors.toException(rc, error).getMessage());
            MemorySegment list = out.get(ValueLayout.ADDRESS, 0);
            try {
                reader.read(list, into);
            } finally {
                panrocks_h.panrocks_backup_list_destroy(list);
            }
        } finally {
            end();
        }
    }

    /**
     * As {@link #verifyBackup(int, boolean)}, checking sizes only.
     *
     * @param backupId the backup
     * @throws RocksDBException as {@link #verifyBackup(int, boolean)}
     */
    public void verifyBackup(int backupId) throws RocksDBException {
        verifyBackup(backupId, false);
    }

    /**
     * Checks that every file of the backup exists with the size recorded for
     * it, and with {@code verifyWithChecksum} that its contents match the
     * recorded checksum (reading every byte).
     *
     * @param backupId the backup
     * @param verifyWithChecksum whether to check the files' checksums too
     * @throws RocksDBException {@link Status.Code#NotFound} for an unknown
     *         backup, {@link Status.Code#Corruption} for a file whose size or
     *         checksum does not match
     * @throws IllegalStateException if this engine is closed
     */
    public void verifyBackup(int backupId, boolean verifyWithChecksum) throws RocksDBException {
        call((h, arena, error) -> panrocks_h.panrocks_backup_engine_verify(h, backupId, verifyWithChecksum ? 1 : 0,
                error));
    }

    // ---- restoring ---------------------------------------------------------------------

    /**
     * Restores backup {@code backupId} into {@code dbDir} (and its
     * write-ahead logs into {@code walDir}, usually the same directory),
     * replacing what is there; then open the DB there as usual. Every file
     * is checked against its checksum as it is copied.
     *
     * @param backupId the backup
     * @param dbDir where the DB goes
     * @param walDir where its write-ahead logs go
     * @param restoreOptions see {@link RestoreOptions}
     * @throws NullPointerException if a path or the options are null
     * @throws IllegalStateException if this engine is closed
     * @throws RocksDBException {@link Status.Code#Busy} if dbDir or walDir is
     *         a folder a DB (its directory or WAL directory), a backup engine,
     *         a checkpoint or a restore of this process uses, the message
     *         naming the folder and its user; {@link Status.Code#NotFound}
     *         for an unknown backup; {@link Status.Code#Corruption} for a
     *         damaged backup file; or RocksDB's status for an I/O error
     */
    public void restoreDbFromBackup(int backupId, Path dbDir, Path walDir, RestoreOptions restoreOptions)
            throws RocksDBException {
        restore(false, backupId, dbDir, walDir, restoreOptions);
    }

    /**
     * As {@link #restoreDbFromBackup(int, Path, Path, RestoreOptions)}, for paths given as strings.
     *
     * @param backupId the backup
     * @param dbDir where the DB goes
     * @param walDir where its write-ahead logs go
     * @param restoreOptions see {@link RestoreOptions}
     * @throws RocksDBException as {@link #restoreDbFromBackup(int, Path, Path, RestoreOptions)}
     */
    public void restoreDbFromBackup(int backupId, String dbDir, String walDir, RestoreOptions restoreOptions)
            throws RocksDBException {
        restoreDbFromBackup(backupId, Path.of(Objects.requireNonNull(dbDir, "dbDir")),
                Path.of(Objects.requireNonNull(walDir, "walDir")), restoreOptions);
    }

    /**
     * As {@link #restoreDbFromBackup(int, Path, Path, RestoreOptions)}, for the latest backup.
     *
     * @param dbDir where the DB goes
     * @param walDir where its write-ahead logs go
     * @param restoreOptions see {@link RestoreOptions}
     * @throws RocksDBException as {@link #restoreDbFromBackup(int, Path, Path, RestoreOptions)};
     *         {@link Status.Code#NotFound} if there is no backup
     */
    public void restoreDbFromLatestBackup(Path dbDir, Path walDir, RestoreOptions restoreOptions)
            throws RocksDBException {
        restore(true, 0, dbDir, walDir, restoreOptions);
    }

    /**
     * As {@link #restoreDbFromLatestBackup(Path, Path, RestoreOptions)}, for paths given as strings.
     *
     * @param dbDir where the DB goes
     * @param walDir where its write-ahead logs go
     * @param restoreOptions see {@link RestoreOptions}
     * @throws RocksDBException as {@link #restoreDbFromLatestBackup(Path, Path, RestoreOptions)}
     */
    public void restoreDbFromLatestBackup(String dbDir, String walDir, RestoreOptions restoreOptions)
            throws RocksDBException {
        restoreDbFromLatestBackup(Path.of(Objects.requireNonNull(dbDir, "dbDir")),
                Path.of(Objects.requireNonNull(walDir, "walDir")), restoreOptions);
    }

    private void restore(boolean latest, int backupId, Path dbDir, Path walDir, RestoreOptions options)
            throws RocksDBException {
        Objects.requireNonNull(dbDir, "dbDir");
        Objects.requireNonNull(walDir, "walDir");
        Objects.requireNonNull(options, "restoreOptions");
        String db = FileOps.cPath(dbDir, "dbDir"), wal = FileOps.cPath(walDir, "walDir");
        // claimed alone while the files are rewritten: no DB of this process may use them, before or meanwhile;
        // RocksDB deletes the DB's files in dbDir, the logs in walDir and in its archive
        OpenPaths.Claim claim;
        try {
            claim = OpenPaths.claim("a restore from " + backupDir, List.of(
                    new OpenPaths.Folder(dbDir, "target directory", OpenPaths.Use.ALONE, OpenPaths.Reach.FOLDER),
                    new OpenPaths.Folder(walDir, "target WAL directory", OpenPaths.Use.ALONE,
                            OpenPaths.Reach.WITH_ARCHIVE)));
        } catch (OpenPaths.InUse e) {
            throw e.refusal();
        }
        try {
            call((h, arena, error) -> panrocks_h.panrocks_backup_engine_restore(h, latest ? 1 : 0, backupId,
                    arena.allocateFrom(db), arena.allocateFrom(wal), options.keepLogFiles() ? 1 : 0, error));
        } finally {
            claim.release();
        }
    }

    // ---- pruning ---------------------------------------------------------------------------

    /**
     * Deletes every backup but the newest {@code numBackupsToKeep}.
     *
     * @param numBackupsToKeep how many to keep, {@code >= 0}
     * @throws IllegalArgumentException if negative
     * @throws IllegalStateException if this engine is closed
     * @throws RocksDBException with RocksDB's status for an I/O error
     */
    public void purgeOldBackups(int numBackupsToKeep) throws RocksDBException {
        if (numBackupsToKeep < 0) throw new IllegalArgumentException("numBackupsToKeep must be >= 0, was " + numBackupsToKeep);
        call((h, arena, error) -> panrocks_h.panrocks_backup_engine_purge_old(h, numBackupsToKeep, error));
    }

    /**
     * Deletes one backup (and the files no other backup shares).
     *
     * @param backupId the backup
     * @throws IllegalStateException if this engine is closed
     * @throws RocksDBException {@link Status.Code#NotFound} for an unknown backup, or RocksDB's status
     */
    public void deleteBackup(int backupId) throws RocksDBException {
        call((h, arena, error) -> panrocks_h.panrocks_backup_engine_delete(h, backupId, error));
    }

    /**
     * Deletes the files in the backup directory that no backup refers to
     * (left by failed, stopped or corrupted backups).
     *
     * @throws IllegalStateException if this engine is closed
     * @throws RocksDBException with RocksDB's status for an I/O error
     */
    public void garbageCollect() throws RocksDBException {
        call((h, arena, error) -> panrocks_h.panrocks_backup_engine_garbage_collect(h, error));
    }

    // ---- plumbing ------------------------------------------------------------------------

    private interface NativeCall {
        int run(MemorySegment engine, Arena arena, MemorySegment error);
    }

    /** Runs one engine call under the shared lock, with an error record; throws what it reports. */
    private void call(NativeCall body) throws RocksDBException {
        MemorySegment h = begin();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = body.run(h, arena, error);
            if (rc != 0) throw Errors.toException(rc, error);
        } finally {
            end();
        }
    }

    /** Starts an operation: the engine stays alive until {@link #end()}. */
    private MemorySegment begin() {
        lock.readLock().lock();
        try {
            return engine.handle();
        } catch (RuntimeException closed) {
            lock.readLock().unlock();
            throw closed;
        }
    }

    private void end() {
        lock.readLock().unlock();
        Reference.reachabilityFence(this); // not collected (and released) in the middle of an operation
    }

    /**
     * The backup directory this engine has open.
     *
     * @return the directory, as given in its options (absolute)
     */
    public Path backupDir() {
        return backupDir;
    }

    /**
     * Releases the engine (the backups stay on disk) and the claim on its
     * directory; idempotent, any thread. Waits for operations in progress on
     * other threads; call it from inside none.
     */
    @Override
    public void close() {
        lock.writeLock().lock();
        try {
            engine.close();
        } finally {
            lock.writeLock().unlock();
        }
    }

    @Override
    public String toString() {
        return "BackupEngine{" + backupDir + (engine.isReleased() ? ", closed" : "") + "}";
    }
}
