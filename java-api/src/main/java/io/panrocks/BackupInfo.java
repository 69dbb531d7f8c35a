package io.panrocks;

import java.nio.charset.StandardCharsets;

/** One backup of a {@link BackupEngine} (RocksJava's {@code BackupInfo}). */
public final class BackupInfo extends BackupInfoFields {
    BackupInfo(int backupId, long timestamp, long size, int numberFiles, byte[] appMetadata) {
        super(backupId, timestamp, size, numberFiles, appMetadata);
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

    @Override
    public String toString() {
        return "BackupInfo{id=" + backupId + ", timestamp=" + timestamp + ", " + size + " bytes in " + numberFiles
                + " files" + (appMetadata.length == 0 ? "" : ", metadata of " + appMetadata.length + " bytes") + "}";
    }
}
