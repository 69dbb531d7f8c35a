package io.panrocks;


import java.nio.file.Path;
import java.util.Objects;

/**
 * How a {@link BackupEngine} works (RocksJava's {@code BackupEngineOptions},
 * RocksDB's defaults). A plain Java value: no native memory, every setter
 * validates its value at once; {@code close()} is a no-op kept for RocksJava
 * code. The engine reads it when it opens.
 */
public final class BackupEngineOptions extends BackupEngineOptionsFields implements AutoCloseable {
    /** Most background threads a backup or restore may use (RocksDB starts that many). */
    static final int MAX_BACKGROUND_OPERATIONS = 1024;

    private final Path backupDir;

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
