package io.panrocks;

import java.util.stream.Stream;


/** What RocksDB was doing when it hit a background error (RocksDB's {@code BackgroundErrorReason}). */
public enum BackgroundErrorReason {
    /** A flush. */
    FLUSH(0),
    /** A compaction. */
    COMPACTION(1),
    /** A write (its WAL record, say). */
    WRITE_CALLBACK(2),
    /** A memtable insert. */
    MEMTABLE(3),
    /** A MANIFEST write. */
    MANIFEST_WRITE(4),
    /** A flush of a DB without WAL. */
    FLUSH_NO_WAL(5),
    /** A MANIFEST write of a DB without WAL. */
    MANIFEST_WRITE_NO_WAL(6),
    /** A reason this version of panrocks does not know. */
    UNKNOWN(-1);

    private final int value;

    BackgroundErrorReason(int value) {
        this.value = value;
    }

    /**
     * RocksDB's number for the reason.
     *
     * @return the value, -1 for {@link #UNKNOWN}
     */
    public int value() {
        return value;
    }

    static BackgroundErrorReason of(int value) {
        return Stream.of(values()).filter(r -> r.value == value).findFirst().orElse(UNKNOWN);
    }
}
