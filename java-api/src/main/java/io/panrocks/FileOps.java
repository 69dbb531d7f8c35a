package io.panrocks;

import io.panrocks.internal.Bytes;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.OpenPaths;
import io.panrocks.internal.ffi.panrocks_file_info;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_ingest_options;
import io.panrocks.internal.ffi.panrocks_slice;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The operations on a DB's files behind {@link RocksDB}: checkpoints, live
 * files and WALs, file deletions, ingestion, a secondary's catch-up. Cold
 * paths: each runs inside a call (so the DB's close waits for it) and
 * allocates freely.
 */
final class FileOps {
    private final RocksDB owner;
    private final NativeDb db;

    FileOps(RocksDB owner, NativeDb db) {
        this.owner = owner;
        this.db = db;
    }


    long checkpoint(Path dir, long logSizeForFlush) throws RocksDBException {
        Objects.requireNonNull(dir, "checkpointPath");
        String target = cPath(dir, "checkpointPath");
        refuseInMemory(owner, "a checkpoint", "it would be written into that memory, not at " + dir + " on disk");
        OpenPaths.Claim claim = claimCheckpoint(dir, target);
        try {
            CallContext c = db.enterToWaitForBackgroundWork("a checkpoint"); // it flushes first
            try (Arena arena = Arena.ofConfined()) {
                int rc = panrocks_h.panrocks_checkpoint_create(db.handle(), arena.allocateFrom(target), logSizeForFlush,
                        c.size, c.error);
                if (rc != 0) throw c.failure(rc);
                return c.size.get(ValueLayout.JAVA_LONG, 0);
            } finally {
                db.exit(c);
            }
        } finally {
            claim.release();
        }
    }

    /**
     * Refuses an operation on the files of a DB in a {@link RocksMemEnv}
     * (a checkpoint, an export, a backup) before the engine is called: the
     * engine would write a checkpoint or an export into that memory and
     * answer OK with nothing at the path on disk, and a backup would look
     * for the DB's files on disk and fail on the first with PathNotFound.
     *
     * @param what the operation, as the message starts it ("a checkpoint")
     * @param why what the engine would do instead
     */
    static void refuseInMemory(RocksDB db, String what, String why) throws RocksDBException {
        if (db.getEnv() instanceof RocksMemEnv) {
            throw new RocksDBException(new Status(Status.Code.NotSupported, Status.SubCode.None, Status.Severity.NoError,
                    what + " of a DB in a RocksMemEnv is not supported: " + why
                            + "; copy the data out with an iterator instead"));
        }
    }

    /**
     * Claims a checkpoint's directory and the staging directory RocksDB
     * builds it in ({@code <checkpointPath>.tmp}, whose files RocksDB deletes
     * first if it exists) alone while the checkpoint is made: neither may be
     * a folder a DB, a backup engine or a restore of this process uses.
     */
    private OpenPaths.Claim claimCheckpoint(Path dir, String target) throws RocksDBException {
        return claimStaged(dir, target, "a checkpoint of DB ", "checkpoint directory");
    }

    /**
     * Claims, alone, a directory RocksDB makes through a staging directory
     * {@code <target>.tmp} (a checkpoint's, an export's).
     */
    private OpenPaths.Claim claimStaged(Path dir, String target, String user, String what) throws RocksDBException {
        try {
            return OpenPaths.claim(user + owner.getPath(), List.of(
                    new OpenPaths.Folder(dir, what, OpenPaths.Use.ALONE, OpenPaths.Reach.FOLDER),
                    new OpenPaths.Folder(Path.of(stagingBase(target) + ".tmp"), what.replace("directory", "staging directory"),
                            OpenPaths.Use.ALONE, OpenPaths.Reach.FOLDER)));
        } catch (OpenPaths.InUse e) {
            throw Opener.refusal(e);
        }
    }

    /** RocksDB names the staging directory after the target without its trailing slashes. */
    private static String stagingBase(String target) {
        int end = target.length();
        while (end > 1 && target.charAt(end - 1) == '/') end--;
        return target.substring(0, end);
    }

    void disableFileDeletions() throws RocksDBException {
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_disable_file_deletions(db.handle(), c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    void enableFileDeletions(boolean force) throws RocksDBException {
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_enable_file_deletions(db.handle(), force ? 1 : 0, c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    long latestSequenceNumber() throws RocksDBException {
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_latest_sequence_number(db.handle(), c.size, c.error);
            if (rc != 0) throw c.failure(rc);
            return c.size.get(ValueLayout.JAVA_LONG, 0);
        } finally {
            db.exit(c);
        }
    }

    RocksDB.LiveFiles liveFiles(boolean flushMemtable) throws RocksDBException {
        CallContext c = flushMemtable ? db.enterToWaitForBackgroundWork("a flush") : db.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment manifest = arena.allocate(ValueLayout.JAVA_LONG);
            int rc = panrocks_h.panrocks_get_live_files(db.handle(), flushMemtable ? 1 : 0, c.size, manifest, c.error);
            if (rc != 0) throw c.failure(rc);
            List<String> files = new ArrayList<>();
            readList(c.size.get(ValueLayout.ADDRESS, 0), info -> files.add(string(panrocks_file_info.name(info))));
            return new RocksDB.LiveFiles(manifest.get(ValueLayout.JAVA_LONG, 0), List.copyOf(files));
        } finally {
            db.exit(c);
        }
    }

    List<LiveFileMetaData> liveFilesMetaData() throws RocksDBException {
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_get_live_files_metadata(db.handle(), c.size, c.error);
            if (rc != 0) throw c.failure(rc);
            List<LiveFileMetaData> files = new ArrayList<>();
            readList(c.size.get(ValueLayout.ADDRESS, 0), info -> files.add(metaData(info)));
            return List.copyOf(files);
        } finally {
            db.exit(c);
        }
    }

    /** One file of a metadata list (live files, an export's files). */
    private static LiveFileMetaData metaData(MemorySegment info) {
        return new LiveFileMetaData(
                bytes(panrocks_file_info.column_family(info)), panrocks_file_info.level(info),
                string(panrocks_file_info.name(info)), string(panrocks_file_info.directory(info)),
                panrocks_file_info.size(info), panrocks_file_info.number(info),
                panrocks_file_info.smallest_seqno(info), panrocks_file_info.largest_seqno(info),
                bytes(panrocks_file_info.smallest_key(info)), bytes(panrocks_file_info.largest_key(info)),
                panrocks_file_info.num_reads_sampled(info), panrocks_file_info.being_compacted(info) != 0,
                panrocks_file_info.num_entries(info), panrocks_file_info.num_deletions(info));
    }

    /** Checkpoint.exportColumnFamily: the family's SST files linked into dir, with the engine's record of them. */
    ExportImportFilesMetaData exportColumnFamily(ColumnFamilyHandle columnFamily, Path dir) throws RocksDBException {
        Objects.requireNonNull(columnFamily, "columnFamilyHandle");
        Objects.requireNonNull(dir, "exportPath");
        String target = cPath(dir, "exportPath");
        refuseInMemory(owner, "an export of a column family",
                "it would be written into that memory, not at " + dir + " on disk");
        OpenPaths.Claim claim = claimStaged(dir, target, "an export of a column family of DB ", "export directory");
        try {
            CallContext c = db.enterToWaitForBackgroundWork("an export"); // it flushes first
            try (Arena arena = Arena.ofConfined()) {
                int rc = panrocks_h.panrocks_export_column_family(db.handle(), ColumnFamilyHandle.nativeHandle(columnFamily, db),
                        arena.allocateFrom(target), c.size, c.error);
                if (rc != 0) throw c.failure(rc);
                MemorySegment handle = c.size.get(ValueLayout.ADDRESS, 0);
                try {
                    MemorySegment name = panrocks_slice.allocate(arena);
                    panrocks_h.panrocks_export_comparator_name(handle, name);
                    String comparator = string(name);
                    rc = panrocks_h.panrocks_export_files(handle, c.size, c.error);
                    if (rc != 0) throw c.failure(rc);
                    List<LiveFileMetaData> files = new ArrayList<>();
                    readList(c.size.get(ValueLayout.ADDRESS, 0), info -> files.add(metaData(info)));
                    return new ExportImportFilesMetaData(handle, comparator, files);
                } catch (RuntimeException | Error | RocksDBException e) {
                    panrocks_h.panrocks_export_destroy(handle);
                    throw e;
                }
            } finally {
                db.exit(c);
            }
        } finally {
            claim.release();
        }
    }

    List<LogFile> sortedWalFiles() throws RocksDBException {
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_get_sorted_wal_files(db.handle(), c.size, c.error);
            if (rc != 0) throw c.failure(rc);
            List<LogFile> files = new ArrayList<>();
            readList(c.size.get(ValueLayout.ADDRESS, 0), info -> files.add(new LogFile(
                    string(panrocks_file_info.name(info)), panrocks_file_info.number(info),
                    panrocks_file_info.wal_type(info) == panrocks_h.PANROCKS_WAL_ALIVE()
                            ? WalFileType.kAliveLogFile : WalFileType.kArchivedLogFile,
                    panrocks_file_info.smallest_seqno(info), panrocks_file_info.size(info))));
            return List.copyOf(files);
        } finally {
            db.exit(c);
        }
    }

    /** Reads every entry of a panrocks_file_list, then destroys it (also when reading fails). */
    private static void readList(MemorySegment list, java.util.function.Consumer<MemorySegment> each) {
        try {
            long n = panrocks_h.panrocks_file_list_count(list);
            for (long i = 0; i < n; i++) {
                each.accept(panrocks_h.panrocks_file_list_get(list, i).reinterpret(panrocks_file_info.sizeof()));
            }
        } finally {
            panrocks_h.panrocks_file_list_destroy(list);
        }
    }

    static byte[] bytes(MemorySegment slice) {
        long size = panrocks_slice.size(slice);
        byte[] out = new byte[Bytes.checkFitsArray(size)];
        if (size > 0) Bytes.copyFromAddress(panrocks_slice.data(slice).address(), out, 0, out.length);
        return out;
    }

    static String string(MemorySegment slice) {
        return new String(bytes(slice), StandardCharsets.UTF_8);
    }

    void ingest(ColumnFamilyHandle columnFamily, List<String> files, IngestExternalFileOptions options)
            throws RocksDBException {
        Objects.requireNonNull(files, "filePathList");
        Objects.requireNonNull(options, "ingestExternalFileOptions");
        List<String> paths = new ArrayList<>(files); // the caller's list may change under us
        if (paths.isEmpty()) throw new IllegalArgumentException("filePathList is empty");
        for (String p : paths) cPath(Path.of(Objects.requireNonNull(p, "filePathList must not contain null")), "a file path");
        for (String p : paths) refuseFileInUse(Path.of(p), "ingest");
        CallContext c = db.enterToWaitForBackgroundWork("an ingestion"); // it may flush first
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment array = arena.allocate(ValueLayout.ADDRESS, paths.size());
            for (int i = 0; i < paths.size(); i++) {
                array.setAtIndex(ValueLayout.ADDRESS, i, arena.allocateFrom(Path.of(paths.get(i)).toAbsolutePath().toString()));
            }
            MemorySegment o = panrocks_ingest_options.allocate(arena);
            options.fill(o);
            int rc = panrocks_h.panrocks_ingest_external_files(db.handle(), ColumnFamilyHandle.nativeHandle(columnFamily, db), array, paths.size(),
                    o, c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    /**
     * Refuses a file that a DB, a backup engine, a restore or a checkpoint of
     * this process uses (see {@link OpenPaths#userOfFile}): an ingestion
     * links or moves it into the DB (unlinking it with {@code moveFiles}) and
     * may rewrite its global sequence number in place; a writer replaces it.
     */
    static void refuseFileInUse(Path file, String verb) {
        String user = OpenPaths.userOfFile(file);
        if (user != null) {
            throw new IllegalArgumentException("cannot " + verb + " a file that is in use in this process: " + user);
        }
    }

    void tryCatchUpWithPrimary() throws RocksDBException {
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_try_catch_up_with_primary(db.handle(), c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            db.exit(c);
        }
    }

    /** A path that crosses as a C string: absolute, without a zero character. */
    static String cPath(Path path, String what) {
        String s = path.toAbsolutePath().toString();
        if (s.indexOf('\0') >= 0) throw new IllegalArgumentException(what + " must not contain a zero character");
        return s;
    }

    RocksDB owner() {
        return owner;
    }
}
