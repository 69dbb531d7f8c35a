package io.panrocks;

import io.panrocks.internal.Bounds;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_ingest_options;
import io.panrocks.internal.options.OptionValues;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * How {@link RocksDB#ingestExternalFile} adds SST files (RocksJava's
 * {@code IngestExternalFileOptions}). A plain Java value: no native memory;
 * {@code close()} is a no-op kept for RocksJava code. Every setting you leave
 * alone is the engine's default, which its getter reports (they differ
 * between RocksDB versions: {@link #writeGlobalSeqno()} was true up to
 * RocksDB 8 and is false from 9).
 */
public final class IngestExternalFileOptions implements AutoCloseable {
    private Boolean moveFiles, failedMoveFallBackToCopy, snapshotConsistency, allowGlobalSeqNo, allowBlockingFlush,
            ingestBehind, writeGlobalSeqno, verifyChecksumsBeforeIngest, verifyFileChecksum, failIfNotBottommostLevel;
    private Long verifyChecksumsReadaheadSize;

    /** The engine's defaults. */
    public IngestExternalFileOptions() {
    }

    /**
     * RocksJava's four-argument constructor: sets those four, leaves the
     * rest at the engine's defaults.
     *
     * @param moveFiles see {@link #setMoveFiles}
     * @param snapshotConsistency see {@link #setSnapshotConsistency}
     * @param allowGlobalSeqNo see {@link #setAllowGlobalSeqNo}
     * @param allowBlockingFlush see {@link #setAllowBlockingFlush}
     */
    public IngestExternalFileOptions(boolean moveFiles, boolean snapshotConsistency, boolean allowGlobalSeqNo,
                                     boolean allowBlockingFlush) {
        this.moveFiles = moveFiles;
        this.snapshotConsistency = snapshotConsistency;
        this.allowGlobalSeqNo = allowGlobalSeqNo;
        this.allowBlockingFlush = allowBlockingFlush;
    }

    /**
     * Whether to hard-link the files into the DB and remove the originals,
     * instead of copying them (default false).
     *
     * @param moveFiles whether to move
     * @return this
     */
    public IngestExternalFileOptions setMoveFiles(boolean moveFiles) {
        this.moveFiles = moveFiles;
        return this;
    }

    /**

     * Whether files are moved (hard-linked).

     *

     * @return whether files are moved (hard-linked)

     */
    public boolean moveFiles() {
        return get(moveFiles, panrocks_ingest_options::move_files);
    }

    /**
     * With {@link #setMoveFiles moveFiles}: whether to copy when a hard link
     * is impossible (another file system) instead of failing (default true).
     *
     * @param failedMoveFallBackToCopy whether to fall back to a copy
     * @return this
     */
    public IngestExternalFileOptions setFailedMoveFallBackToCopy(boolean failedMoveFallBackToCopy) {
        this.failedMoveFallBackToCopy = failedMoveFallBackToCopy;
        return this;
    }

    /**

     * Whether a failed move falls back to a copy.

     *

     * @return whether a failed move falls back to a copy

     */
    public boolean failedMoveFallBackToCopy() {
        return get(failedMoveFallBackToCopy, panrocks_ingest_options::failed_move_fall_back_to_copy);
    }

    /**
     * Whether snapshots and iterators taken before the ingestion keep not
     * seeing the ingested keys (default true).
     *
     * @param snapshotConsistency whether to keep earlier views consistent
     * @return this
     */
    public IngestExternalFileOptions setSnapshotConsistency(boolean snapshotConsistency) {
        this.snapshotConsistency = snapshotConsistency;
        return this;
    }

    /**

     * Whether earlier snapshots stay consistent.

     *

     * @return whether earlier snapshots stay consistent

     */
    public boolean snapshotConsistency() {
        return get(snapshotConsistency, panrocks_ingest_options::snapshot_consistency);
    }

    /**
     * Whether RocksDB may give the files a sequence number (needed when they
     * overlap the DB's data or each other); without it such an ingestion
     * fails with InvalidArgument (default true).
     *
     * @param allowGlobalSeqNo whether a global sequence number is allowed
     * @return this
     */
    public IngestExternalFileOptions setAllowGlobalSeqNo(boolean allowGlobalSeqNo) {
        this.allowGlobalSeqNo = allowGlobalSeqNo;
        return this;
    }

    /**

     * Whether a global sequence number is allowed.

     *

     * @return whether a global sequence number is allowed

     */
    public boolean allowGlobalSeqNo() {
        return get(allowGlobalSeqNo, panrocks_ingest_options::allow_global_seqno);
    }

    /**
     * Whether the ingestion may flush a memtable whose keys overlap the
     * files, blocking writes meanwhile; without it such an ingestion fails
     * (default true).
     *
     * @param allowBlockingFlush whether a blocking flush is allowed
     * @return this
     */
    public IngestExternalFileOptions setAllowBlockingFlush(boolean allowBlockingFlush) {
        this.allowBlockingFlush = allowBlockingFlush;
        return this;
    }

    /**

     * Whether a blocking flush is allowed.

     *

     * @return whether a blocking flush is allowed

     */
    public boolean allowBlockingFlush() {
        return get(allowBlockingFlush, panrocks_ingest_options::allow_blocking_flush);
    }

    /**
     * Whether to put the files below every existing key (in the last
     * level), so that existing keys win; needs a DB opened with
     * {@code allow_ingest_behind} (default false).
     *
     * @param ingestBehind whether to ingest behind
     * @return this
     */
    public IngestExternalFileOptions setIngestBehind(boolean ingestBehind) {
        this.ingestBehind = ingestBehind;
        return this;
    }

    /**

     * Whether files are ingested behind the existing data.

     *

     * @return whether files are ingested behind the existing data

     */
    public boolean ingestBehind() {
        return get(ingestBehind, panrocks_ingest_options::ingest_behind);
    }

    /**
     * Whether an assigned global sequence number is also written into the
     * file (older RocksDB versions need that to read it; the default is the
     * engine's).
     *
     * @param writeGlobalSeqno whether to write the sequence number into the file
     * @return this
     */
    public IngestExternalFileOptions setWriteGlobalSeqno(boolean writeGlobalSeqno) {
        this.writeGlobalSeqno = writeGlobalSeqno;
        return this;
    }

    /**

     * Whether the sequence number is written into the file.

     *

     * @return whether the sequence number is written into the file

     */
    public boolean writeGlobalSeqno() {
        return get(writeGlobalSeqno, panrocks_ingest_options::write_global_seqno);
    }

    /**
     * Whether to verify every block's checksum before ingesting (default false).
     *
     * @param verifyChecksumsBeforeIngest whether to verify block checksums
     * @return this
     */
    public IngestExternalFileOptions setVerifyChecksumsBeforeIngest(boolean verifyChecksumsBeforeIngest) {
        this.verifyChecksumsBeforeIngest = verifyChecksumsBeforeIngest;
        return this;
    }

    /**

     * Whether block checksums are verified first.

     *

     * @return whether block checksums are verified first

     */
    public boolean verifyChecksumsBeforeIngest() {
        return get(verifyChecksumsBeforeIngest, panrocks_ingest_options::verify_checksums_before_ingest);
    }

    /**
     * The readahead of that verification, in bytes (0: RocksDB's default).
     *
     * @param verifyChecksumsReadaheadSize bytes, in [0, 1 GiB]
     * @return this
     * @throws IllegalArgumentException if outside [0, 1 GiB]: one buffer that size is allocated
     */
    public IngestExternalFileOptions setVerifyChecksumsReadaheadSize(long verifyChecksumsReadaheadSize) {
        Bounds.inRange(verifyChecksumsReadaheadSize, 0, OptionValues.GiB, "verifyChecksumsReadaheadSize",
                "one buffer that size is allocated");
        this.verifyChecksumsReadaheadSize = verifyChecksumsReadaheadSize;
        return this;
    }

    /**

     * The verification's readahead in bytes.

     *

     * @return the verification's readahead in bytes

     */
    public long verifyChecksumsReadaheadSize() {
        return verifyChecksumsReadaheadSize != null ? verifyChecksumsReadaheadSize
                : panrocks_ingest_options.verify_checksums_readahead_size(defaults());
    }

    /**
     * Whether to check a file's whole-file checksum when the DB keeps file
     * checksums (default true).
     *
     * @param verifyFileChecksum whether to verify the file checksum
     * @return this
     */
    public IngestExternalFileOptions setVerifyFileChecksum(boolean verifyFileChecksum) {
        this.verifyFileChecksum = verifyFileChecksum;
        return this;
    }

    /**

     * Whether the file checksum is verified.

     *

     * @return whether the file checksum is verified

     */
    public boolean verifyFileChecksum() {
        return get(verifyFileChecksum, panrocks_ingest_options::verify_file_checksum);
    }

    /**
     * Whether to fail (TryAgain) instead of ingesting into a level above the
     * bottommost one (default false).
     *
     * @param failIfNotBottommostLevel whether to insist on the bottommost level
     * @return this
     */
    public IngestExternalFileOptions setFailIfNotBottommostLevel(boolean failIfNotBottommostLevel) {
        this.failIfNotBottommostLevel = failIfNotBottommostLevel;
        return this;
    }

    /**

     * Whether ingestion insists on the bottommost level.

     *

     * @return whether ingestion insists on the bottommost level

     */
    public boolean failIfNotBottommostLevel() {
        return get(failIfNotBottommostLevel, panrocks_ingest_options::fail_if_not_bottommost_level);
    }

    /** Nothing to release. */
    @Override
    public void close() {
    }

    // ---- crossing -----------------------------------------------------------------

    private static volatile MemorySegment defaults;

    /** The engine's defaults (read once). */
    private static MemorySegment defaults() {
        MemorySegment d = defaults;
        if (d == null) {
            NativeLibrary.ensureLoaded();
            d = panrocks_ingest_options.allocate(Arena.global());
            panrocks_h.panrocks_ingest_options_init(d);
            defaults = d;
        }
        return d;
    }

    private interface Field {
        int get(MemorySegment options);
    }

    private static boolean get(Boolean set, Field field) {
        return set != null ? set : field.get(defaults()) != 0;
    }

    /** Fills a panrocks_ingest_options with the engine's defaults and this object's settings. */
    void fill(MemorySegment o) {
        panrocks_h.panrocks_ingest_options_init(o);
        if (moveFiles != null) panrocks_ingest_options.move_files(o, moveFiles ? 1 : 0);
        if (failedMoveFallBackToCopy != null) {
            panrocks_ingest_options.failed_move_fall_back_to_copy(o, failedMoveFallBackToCopy ? 1 : 0);
        }
        if (snapshotConsistency != null) panrocks_ingest_options.snapshot_consistency(o, snapshotConsistency ? 1 : 0);
        if (allowGlobalSeqNo != null) panrocks_ingest_options.allow_global_seqno(o, allowGlobalSeqNo ? 1 : 0);
        if (allowBlockingFlush != null) panrocks_ingest_options.allow_blocking_flush(o, allowBlockingFlush ? 1 : 0);
        if (ingestBehind != null) panrocks_ingest_options.ingest_behind(o, ingestBehind ? 1 : 0);
        if (writeGlobalSeqno != null) panrocks_ingest_options.write_global_seqno(o, writeGlobalSeqno ? 1 : 0);
        if (verifyChecksumsBeforeIngest != null) {
            panrocks_ingest_options.verify_checksums_before_ingest(o, verifyChecksumsBeforeIngest ? 1 : 0);
        }
        if (verifyChecksumsReadaheadSize != null) {
            panrocks_ingest_options.verify_checksums_readahead_size(o, verifyChecksumsReadaheadSize);
        }
        if (verifyFileChecksum != null) panrocks_ingest_options.verify_file_checksum(o, verifyFileChecksum ? 1 : 0);
        if (failIfNotBottommostLevel != null) {
            panrocks_ingest_options.fail_if_not_bottommost_level(o, failIfNotBottommostLevel ? 1 : 0);
        }
    }

    @Override
    public String toString() {
        return "IngestExternalFileOptions{moveFiles=" + moveFiles() + ", snapshotConsistency=" + snapshotConsistency()
                + ", allowGlobalSeqNo=" + allowGlobalSeqNo() + ", allowBlockingFlush=" + allowBlockingFlush()
                + ", ingestBehind=" + ingestBehind() + ", writeGlobalSeqno=" + writeGlobalSeqno() + "}";
    }
}
