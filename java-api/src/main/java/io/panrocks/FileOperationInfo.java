package io.panrocks;

import java.util.Objects;

/**
 * A finished operation on one of the DB's files (RocksDB's
 * {@code FileOperationInfo}, with RocksJava's getter names), for the
 * {@code onFile...Finish} methods of {@link AbstractEventListener}. A copy:
 * valid for as long as it is kept.
 */
public final class FileOperationInfo {
    private final String path;
    private final long offset;
    private final long length;
    private final long startTimestamp;
    private final long duration;
    private final Status status;

    FileOperationInfo(String path, long offset, long length, long startTimestamp, long duration, Status status) {
        this.path = path;
        this.offset = offset;
        this.length = length;
        this.startTimestamp = startTimestamp;
        this.duration = duration;
        this.status = status;
    }

    /**
     * The file.
     *
     * @return its path
     */
    public String getPath() {
        return path;
    }

    /**
     * Where in the file the operation began: a read's, write's or range
     * sync's offset; 0 for a flush, sync, truncation and close (RocksDB
     * gives no offset for those).
     *
     * @return the offset in bytes
     */
    public long getOffset() {
        return offset;
    }

    /**
     * How many bytes the operation covered: a read's, write's or range
     * sync's length; 0 for a flush, sync, truncation and close.
     *
     * @return the length in bytes
     */
    public long getLength() {
        return length;
    }

    /**
     * When the operation began, on the system clock.
     *
     * @return nanoseconds since the epoch
     */
    public long getStartTimestamp() {
        return startTimestamp;
    }

    /**
     * How long the operation took, on the steady clock.
     *
     * @return nanoseconds
     */
    public long getDuration() {
        return duration;
    }

    /**
     * Whether the operation succeeded.
     *
     * @return its status
     */
    public Status getStatus() {
        return status;
    }

    /** Equal when every field is. */
    @Override
    public boolean equals(Object o) {
        return o instanceof FileOperationInfo that && offset == that.offset && length == that.length
                && startTimestamp == that.startTimestamp && duration == that.duration && path.equals(that.path)
                && status.equals(that.status);
    }

    @Override
    public int hashCode() {
        return Objects.hash(path, offset, length, startTimestamp, duration, status);
    }

    @Override
    public String toString() {
        return "FileOperationInfo{path='" + path + "', offset=" + offset + ", length=" + length + ", startTimestamp="
                + startTimestamp + ", duration=" + duration + ", status=" + status + "}";
    }
}
