package io.panrocks;

/**
 * A write-ahead log file, as {@link RocksDB#getSortedWalFiles()} lists it
 * (RocksJava's {@code LogFile}).
 */
public final class LogFile {
    private final String pathName;
    private final long logNumber;
    private final WalFileType type;
    private final long startSequence;
    private final long sizeFileBytes;

    LogFile(String pathName, long logNumber, WalFileType type, long startSequence, long sizeFileBytes) {
        this.pathName = pathName;
        this.logNumber = logNumber;
        this.type = type;
        this.startSequence = startSequence;
        this.sizeFileBytes = sizeFileBytes;
    }

    /**
     * The file's name relative to the WAL directory ("/000003.log"), or to
     * its archive ("/archive/000003.log" is under the WAL directory's
     * {@code archive} folder) for an archived one.
     *
     * @return the file's name
     */
    public String pathName() {
        return pathName;
    }

    /**

     * The log's number (the number in its name).

     *

     * @return the log's number (the number in its name)

     */
    public long logNumber() {
        return logNumber;
    }

    /**

     * Whether the DB still needs it ({@link WalFileType#kAliveLogFile}) or it is archived.

     *

     * @return whether the DB still needs it ({@link WalFileType#kAliveLogFile}) or it is archived

     */
    public WalFileType type() {
        return type;
    }

    /**

     * The sequence number of its first write.

     *

     * @return the sequence number of its first write

     */
    public long startSequence() {
        return startSequence;
    }

    /**

     * Its size in bytes.

     *

     * @return its size in bytes

     */
    public long sizeFileBytes() {
        return sizeFileBytes;
    }

    @Override
    public String toString() {
        return "LogFile{" + pathName + ", " + type + ", start=" + startSequence + ", " + sizeFileBytes + " bytes}";
    }
}
