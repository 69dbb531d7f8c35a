package io.panrocks;

/**
 * How {@link BackupEngine} restores a backup (RocksJava's
 * {@code RestoreOptions}). A plain Java value: no native memory; {@code
 * close()} is a no-op kept for RocksJava code.
 */
public final class RestoreOptions implements AutoCloseable {
    private final boolean keepLogFiles;

    /**
     * Options for a restore.
     *
     * @param keepLogFiles if true, the restore keeps the write-ahead logs
     *        already in the WAL directory (and moves archived ones back):
     *        with a backup made without log files
     *        ({@link BackupEngineOptions#setBackupLogFiles}), this recovers
     *        the writes after the backup
     */
    public RestoreOptions(boolean keepLogFiles) {
        this.keepLogFiles = keepLogFiles;
    }

    /** Restores replacing the WAL directory's logs (RocksDB's default). */
    public RestoreOptions() {
        this(false);
    }

    /**

     * Whether the WAL directory's logs are kept.

     *

     * @return whether the WAL directory's logs are kept

     */
    public boolean keepLogFiles() {
        return keepLogFiles;
    }

    /** Nothing to release. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "RestoreOptions{keepLogFiles=" + keepLogFiles + "}";
    }
}
