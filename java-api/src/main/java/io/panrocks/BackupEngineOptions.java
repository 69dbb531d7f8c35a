package io.panrocks;

import io.panrocks.internal.Bounds;
import io.panrocks.internal.options.OptionValues;

import java.nio.file.Path;
import java.util.Objects;

/**
 * How a {@link BackupEngine} works (RocksJava's {@code BackupEngineOptions},
 * RocksDB's defaults). A plain Java value: no native memory, every setter
 * validates its value at once; {@code close()} is a no-op kept for RocksJava
 * code. The engine reads it when it opens.
 */
public final class BackupEngineOptions implements AutoCloseable {
    /** Most background threads a backup or restore may use (RocksDB starts that many). */
    static final int MAX_BACKGROUND_OPERATIONS = 1024;

    private final Path backupDir;
    private boolean shareTableFiles = true;
    private boolean sync = true;
    private boolean destroyOldData;
    private boolean backupLogFiles = true;
    private boolean shareFilesWithChecksum = true;
    private long backupRateLimit;
    private long restoreRateLimit;
    private long callbackTriggerIntervalSize = 4L << 20;
    private int maxBackgroundOperations = 1;

    /**
     * Options for backups kept in {@code backupDir} (created when the engine
     * opens, if missing).
     *
     * @param backupDir where the backups live; it must hold nothing but them
     * @throws NullPointerException if backupDir is null
     */
    public BackupEngineOptions(Path backupDir) {
        this.backupDir = Objects.requireNonNull(backupDir, "backupDir").toAbsolutePath();
        if (this.backupDir.toString().indexOf('\0') >= 0) {
            throw new IllegalArgumentException("backupDir must not contain a zero character");
        }
    }

    /**
     * As {@link #BackupEngineOptions(Path)}, for a path given as a string.
     *
     * @param backupDir where the backups live
     */
    public BackupEngineOptions(String backupDir) {
        this(Path.of(Objects.requireNonNull(backupDir, "backupDir")));
    }

    /**

     * The backup directory, as a string (RocksJava's form).

     *

     * @return the backup directory, as a string (RocksJava's form)

     */
    public String backupDir() {
        return backupDir.toString();
    }

    /**

     * The backup directory (absolute).

     *

     * @return the backup directory (absolute)

     */
    public Path backupPath() {
        return backupDir;
    }

    /**
     * Whether backups share the SST files they have in common (each file is
     * stored once), as RocksDB does by default. Without it, each backup
     * copies every file.
     *
     * @param shareTableFiles whether to share table files
     * @return this
     */
    public BackupEngineOptions setShareTableFiles(boolean shareTableFiles) {
        this.shareTableFiles = shareTableFiles;
        return this;
    }

    /**

     * Whether backups share table files.

     *

     * @return whether backups share table files

     */
    public boolean shareTableFiles() {
        return shareTableFiles;
    }

    /**
     * Whether every file is fsynced, so that a backup survives a machine
     * crash (default true).
     *
     * @param sync whether to fsync
     * @return this
     */
    public BackupEngineOptions setSync(boolean sync) {
        this.sync = sync;
        return this;
    }

    /**

     * Whether files are fsynced.

     *

     * @return whether files are fsynced

     */
    public boolean sync() {
        return sync;
    }

    /**
     * Whether opening the engine deletes every backup already in the
     * directory (default false).
     *
     * @param destroyOldData whether to start from an empty directory
     * @return this
     */
    public BackupEngineOptions setDestroyOldData(boolean destroyOldData) {
        this.destroyOldData = destroyOldData;
        return this;
    }

    /**

     * Whether opening deletes existing backups.

     *

     * @return whether opening deletes existing backups

     */
    public boolean destroyOldData() {
        return destroyOldData;
    }

    /**
     * Whether a backup made without a flush copies the write-ahead logs too
     * (default true). Without them, only what was flushed is backed up.
     *
     * @param backupLogFiles whether to copy the WALs
     * @return this
     */
    public BackupEngineOptions setBackupLogFiles(boolean backupLogFiles) {
        this.backupLogFiles = backupLogFiles;
        return this;
    }

    /**

     * Whether WALs are copied.

     *

     * @return whether WALs are copied

     */
    public boolean backupLogFiles() {
        return backupLogFiles;
    }

    /**
     * Whether shared table files are named by their checksum and size, so
     * that backups of different DBs may share one directory (default true;
     * only with {@link #setShareTableFiles shared table files}).
     *
     * @param shareFilesWithChecksum whether to name shared files by checksum
     * @return this
     */
    public BackupEngineOptions setShareFilesWithChecksum(boolean shareFilesWithChecksum) {
        this.shareFilesWithChecksum = shareFilesWithChecksum;
        return this;
    }

    /**

     * Whether shared files are named by checksum.

     *

     * @return whether shared files are named by checksum

     */
    public boolean shareFilesWithChecksum() {
        return shareFilesWithChecksum;
    }

    /**
     * Most bytes per second a backup writes; 0 for no limit (the default).
     *
     * @param backupRateLimit bytes per second, {@code >= 0}
     * @return this
     * @throws IllegalArgumentException if negative
     */
    public BackupEngineOptions setBackupRateLimit(long backupRateLimit) {
        this.backupRateLimit = OptionValues.requireAtLeast(backupRateLimit, 0, "backupRateLimit");
        return this;
    }

    /**

     * The backup rate limit in bytes per second (0: none).

     *

     * @return the backup rate limit in bytes per second (0: none)

     */
    public long backupRateLimit() {
        return backupRateLimit;
    }

    /**
     * Most bytes per second a restore writes; 0 for no limit (the default).
     *
     * @param restoreRateLimit bytes per second, {@code >= 0}
     * @return this
     * @throws IllegalArgumentException if negative
     */
    public BackupEngineOptions setRestoreRateLimit(long restoreRateLimit) {
        this.restoreRateLimit = OptionValues.requireAtLeast(restoreRateLimit, 0, "restoreRateLimit");
        return this;
    }

    /**

     * The restore rate limit in bytes per second (0: none).

     *

     * @return the restore rate limit in bytes per second (0: none)

     */
    public long restoreRateLimit() {
        return restoreRateLimit;
    }

    /**
     * How many threads copy files during a backup or restore (default 1).
     *
     * @param maxBackgroundOperations threads, in [1, 1024]
     * @return this
     * @throws IllegalArgumentException if outside [1, 1024]: RocksDB starts that many threads
     */
    public BackupEngineOptions setMaxBackgroundOperations(int maxBackgroundOperations) {
        Bounds.inRange(maxBackgroundOperations, 1, MAX_BACKGROUND_OPERATIONS, "maxBackgroundOperations",
                "RocksDB starts that many threads");
        this.maxBackgroundOperations = maxBackgroundOperations;
        return this;
    }

    /**

     * The number of copying threads.

     *

     * @return the number of copying threads

     */
    public int maxBackgroundOperations() {
        return maxBackgroundOperations;
    }

    /**
     * Bytes copied between two progress callbacks (RocksDB's
     * {@code callback_trigger_interval_size}; default 4 MiB). panrocks sets
     * no progress callback; the value is kept for RocksJava code.
     *
     * @param callbackTriggerIntervalSize bytes, {@code >= 1}
     * @return this
     * @throws IllegalArgumentException if below 1: RocksDB's copy loop never ends with 0
     */
    public BackupEngineOptions setCallbackTriggerIntervalSize(long callbackTriggerIntervalSize) {
        if (callbackTriggerIntervalSize < 1) {
            throw new IllegalArgumentException("callbackTriggerIntervalSize must be >= 1, was "
                    + callbackTriggerIntervalSize + ": RocksDB's copy loop never ends with 0");
        }
        this.callbackTriggerIntervalSize = callbackTriggerIntervalSize;
        return this;
    }

    /**

     * The bytes between progress callbacks.

     *

     * @return the bytes between progress callbacks

     */
    public long callbackTriggerIntervalSize() {
        return callbackTriggerIntervalSize;
    }

    /** Nothing to release. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "BackupEngineOptions{" + backupDir + ", shareTableFiles=" + shareTableFiles + ", sync=" + sync
                + ", destroyOldData=" + destroyOldData + ", backupLogFiles=" + backupLogFiles
                + ", shareFilesWithChecksum=" + shareFilesWithChecksum + ", backupRateLimit=" + backupRateLimit
                + ", restoreRateLimit=" + restoreRateLimit + ", maxBackgroundOperations=" + maxBackgroundOperations + "}";
    }

    /**
     * RocksJava's {@code backupEnv()}: the environment the backups are
     * written through. Always {@code null} (RocksDB's default: the DB's own
     * file system); panrocks has no {@code setBackupEnv} yet.
     *
     * @return {@code null}
     */
    public Env backupEnv() {
        return null;
    }
}
