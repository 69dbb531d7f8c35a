package io.panrocks;

import java.nio.charset.StandardCharsets;

/** One backup of a {@link BackupEngine} (RocksJava's {@code BackupInfo}). */
public final class BackupInfo {
    private final int backupId;
    private final long timestamp;
    private final long size;
    private final int numberFiles;
    private final byte[] appMetadata;

    BackupInfo(int backupId, long timestamp, long size, int numberFiles, byte[] appMetadata) {
        this.backupId = backupId;
        this.timestamp = timestamp;
        this.size = size;
        this.numberFiles = numberFiles;
        this.appMetadata = appMetadata;
    }

    /**

     * The backup's ID (1, 2, ... in the order they were made).

     *

     * @return the backup's ID (1, 2, ... in the order they were made)

     */
    public int backupId() {
        return backupId;
    }

    /**

     * When it was made, in seconds since the epoch.

     *

     * @return when it was made, in seconds since the epoch

     */
    public long timestamp() {
        return timestamp;
    }

    /**

     * The bytes of its files (files shared with other backups included).

     *

     * @return the bytes of its files (files shared with other backups included)

     */
    public long size() {
        return size;
    }

    /**

     * The number of its files (shared ones included).

     *

     * @return the number of its files (shared ones included)

     */
    public int numberFiles() {
        return numberFiles;
    }

    /**
     * The metadata stored with it ({@link BackupEngine#createNewBackupWithMetadata}),
     * decoded as UTF-8; "" if none.
     *
     * @return the metadata
     */
    public String appMetadata() {
        return new String(appMetadata, StandardCharsets.UTF_8);
    }

    /**

     * A copy of the metadata's bytes (any bytes; empty if none).

     *

     * @return a copy of the metadata's bytes (any bytes; empty if none)

     */
    public byte[] appMetadataBytes() {
        return appMetadata.clone();
    }

    @Override
    public String toString() {
        return "BackupInfo{id=" + backupId + ", timestamp=" + timestamp + ", " + size + " bytes in " + numberFiles
                + " files" + (appMetadata.length == 0 ? "" : ", metadata of " + appMetadata.length + " bytes") + "}";
    }
}
