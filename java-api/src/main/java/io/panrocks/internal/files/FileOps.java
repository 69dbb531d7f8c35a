package io.panrocks.internal.files;

import io.panrocks.RocksDBException;
import io.panrocks.internal.Bytes;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.FamilyHandle;
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
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The operations on a DB's files behind {@code RocksDB} and
 * {@code Checkpoint}: checkpoints, exports, live files and WALs, file
 * deletions, ingestion, a secondary's catch-up. Cold paths: each runs inside
 * a call (so the DB's close waits for it) and allocates freely. The facade
 * checks the arguments; the records of files are made by the caller's
 * makers.
 */
public final class FileOps {
    private final NativeDb db;

    public FileOps(NativeDb db) {
        this.db = db;
    }

    /** Makes the public record of one file of a metadata list (live files, an export's files). */
    @FunctionalInterface
    public interface MetaDataMaker<M> {
        M make(byte[] columnFamilyName, int level, String fileName, String path, long size, long fileNumber,
               long smallestSeqno, long largestSeqno, byte[] smallestKey, byte[] largestKey, long numReadsSampled,
               boolean beingCompacted, long numEntries, long numDeletions);
    }

    /** Makes the public record of the live files. */
    @FunctionalInterface
    public interface LiveFilesMaker<L> {
        L make(long manifestFileSize, List<String> files);
    }

    /** Makes the public record of one WAL file; alive: in the WAL directory, else archived. */
    @FunctionalInterface
    public interface WalMaker<W> {
        W make(String pathName, long logNumber, boolean alive, long startSequence, long sizeFileBytes);
    }

    /**
     * Makes the public record of an export, which owns handle from then on
     * (the maker frees it if it fails).
     */
    @FunctionalInterface
    public interface ExportMaker<E, M> {
        E make(MemorySegment handle, String comparatorName, List<M> files);
    }

    /**
     * Creates a checkpoint at dir, whose C path is target (see
     * {@link #cPath}), for the DB at dbPath (for the claim's message).
     */
    public long checkpoint(Path dir, String target, String dbPath, long logSizeForFlush) throws RocksDBException {
        OpenPaths.Claim claim = claimCheckpoint(dir, target, dbPath);
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
     * Claims a checkpoint's directory and the staging directory RocksDB
     * builds it in ({@code <checkpointPath>.tmp}, whose files RocksDB deletes
     * first if it exists) alone while the checkpoint is made: neither may be
     * a folder a DB, a backup engine or a restore of this process uses.
     */
    private static OpenPaths.Claim claimCheckpoint(Path dir, String target, String dbPath) throws RocksDBException {
        return claimStaged(dir, target, "a checkpoint of DB " + dbPath, "checkpoint directory");
    }

    /**
     * Claims, alone, a directory RocksDB makes through a staging directory
     * {@code <target>.tmp} (a checkpoint's, an export's).
     */
    private static OpenPaths.Claim claimStaged(Path dir, String target, String user, String what)
            throws RocksDBException {
        try {
            return OpenPaths.claim(user, List.of(
                    new OpenPaths.Folder(dir, what, OpenPaths.Use.ALONE, OpenPaths.Reach.FOLDER),
                    new OpenPaths.Folder(Path.of(stagingBase(target) + ".tmp"), what.replace("directory", "staging directory"),
                            OpenPaths.Use.ALONE, OpenPaths.Reach.FOLDER)));
        } catch (OpenPaths.InUse e) {
            throw e.refusal();
        }
    }

    /** RocksDB names the staging directory after the target without its trailing slashes. */
    private static String stagingBase(String target) {
        int end = target.length();
        while (end > 1 && target.charAt(end - 1) == '/') end--;
        return target.substring(0, end);
    }

    public void disableFileDeletions() throws RocksDBException {
        db.run(panrocks_h::panrocks_disable_file_deletions);
    }

    public void enableFileDeletions(boolean force) throws RocksDBException {
        db.run((h, error) -> panrocks_h.panrocks_enable_file_deletions(h, force ? 1 : 0, error));
    }

    public long latestSequenceNumber() throws RocksDBException {
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_latest_sequence_number(db.handle(), c.size, c.error);
            if (rc != 0) throw c.failure(rc);
            return c.size.get(ValueLayout.JAVA_LONG, 0);
        } finally {
            db.exit(c);
        }
    }

    public <L> L liveFiles(boolean flushMemtable, LiveFilesMaker<L> maker) throws RocksDBException {
        CallContext c = flushMemtable ? db.enterToWaitForBackgroundWork("a flush") : db.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment manifest = arena.allocate(ValueLayout.JAVA_LONG);
            int rc = panrocks_h.panrocks_get_live_files(db.handle(), flushMemtable ? 1 : 0, c.size, manifest, c.error);
            if (rc != 0) throw c.failure(rc);
            List<String> files = readList(c.size.get(ValueLayout.ADDRESS, 0), info -> string(panrocks_file_info.name(info)));
            return maker.make(manifest.get(ValueLayout.JAVA_LONG, 0), files);
        } finally {
            db.exit(c);
        }
    }

    public <M> List<M> liveFilesMetaData(MetaDataMaker<M> maker) throws RocksDBException {
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_get_live_files_metadata(db.handle(), c.size, c.error);
            if (rc != 0) throw c.failure(rc);
            return readList(c.size.get(ValueLayout.ADDRESS, 0), info -> metaData(info, maker));
        } finally {
            db.exit(c);
        }
    }

    /** One file of a metadata list (live files, an export's files). */
    private static <M> M metaData(MemorySegment info, MetaDataMaker<M> maker) {
        return maker.make(
                bytes(panrocks_file_info.column_family(info)), panrocks_file_info.level(info),
                string(panrocks_file_info.name(info)), string(panrocks_file_info.directory(info)),
                panrocks_file_info.size(info), panrocks_file_info.number(info),
                panrocks_file_info.smallest_seqno(info), panrocks_file_info.largest_seqno(info),
                bytes(panrocks_file_info.smallest_key(info)), bytes(panrocks_file_info.largest_key(info)),
                panrocks_file_info.num_reads_sampled(info), panrocks_file_info.being_compacted(info) != 0,
                panrocks_file_info.num_entries(info), panrocks_file_info.num_deletions(info));
    }

    /**
     * Checkpoint.exportColumnFamily: the family's SST files linked into dir
     * (whose C path is target), with the engine's record of them; dbPath
     * names the DB in the claim's message.
     */
    public <E, M> E exportColumnFamily(FamilyHandle columnFamily, Path dir, String target, String dbPath,
                                       MetaDataMaker<M> fileMaker, ExportMaker<E, M> maker) throws RocksDBException {
        OpenPaths.Claim claim = claimStaged(dir, target, "an export of a column family of DB " + dbPath,
                "export directory");
        try {
            CallContext c = db.enterToWaitForBackgroundWork("an export"); // it flushes first
            try (Arena arena = Arena.ofConfined()) {
                int rc = panrocks_h.panrocks_export_column_family(db.handle(), FamilyHandle.nativeHandle(columnFamily, db),
                        arena.allocateFrom(target), c.size, c.error);
                if (rc != 0) throw c.failure(rc);
                MemorySegment handle = c.size.get(ValueLayout.ADDRESS, 0);
                try {
                    MemorySegment name = panrocks_slice.allocate(arena);
                    panrocks_h.panrocks_export_comparator_name(handle, name);
                    String comparator = string(name);
                    rc = panrocks_h.panrocks_export_files(handle, c.size, c.error);
                    if (rc != 0) throw c.failure(rc);
                    List<M> files = readList(c.size.get(ValueLayout.ADDRESS, 0), info -> metaData(info, fileMaker));
                    return maker.make(handle, comparator, files);
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

    public <W> List<W> sortedWalFiles(WalMaker<W> maker) throws RocksDBException {
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_get_sorted_wal_files(db.handle(), c.size, c.error);
            if (rc != 0) throw c.failure(rc);
            return readList(c.size.get(ValueLayout.ADDRESS, 0), info -> maker.make(
                    string(panrocks_file_info.name(info)), panrocks_file_info.number(info),
                    panrocks_file_info.wal_type(info) == panrocks_h.PANROCKS_WAL_ALIVE(),
                    panrocks_file_info.smallest_seqno(info), panrocks_file_info.size(info)));
        } finally {
            db.exit(c);
        }
    }

    /**
     * What each makes of every entry of a panrocks_file_list, in order (an
     * unmodifiable list); then destroys it (also when reading fails).
     */
    private static <T> List<T> readList(MemorySegment list, Function<MemorySegment, T> each) {
        try {
            long n = panrocks_h.panrocks_file_list_count(list);
            List<T> out = new ArrayList<>();
            for (long i = 0; i < n; i++) {
                out.add(each.apply(panrocks_h.panrocks_file_list_get(list, i).reinterpret(panrocks_file_info.sizeof())));
            }
            return List.copyOf(out);
        } finally {
            panrocks_h.panrocks_file_list_destroy(list);
        }
    }

    /** The bytes of a panrocks_slice the engine filled, copied to the heap. */
    public static byte[] bytes(MemorySegment slice) {
        long size = panrocks_slice.size(slice);
        byte[] out = new byte[Bytes.checkFitsArray(size)];
        if (size > 0) Bytes.copyFromAddress(panrocks_slice.data(slice).address(), out, 0, out.length);
        return out;
    }

    /** The UTF-8 text of a panrocks_slice the engine filled. */
    public static String string(MemorySegment slice) {
        return new String(bytes(slice), StandardCharsets.UTF_8);
    }

    /**
     * Ingests the files at absolutePaths (checked by the facade: C paths,
     * none in use) into the family; fill fills the ingestion's options.
     */
    public void ingest(FamilyHandle columnFamily, String[] absolutePaths, Consumer<MemorySegment> fill)
            throws RocksDBException {
        CallContext c = db.enterToWaitForBackgroundWork("an ingestion"); // it may flush first
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment array = arena.allocate(ValueLayout.ADDRESS, absolutePaths.length);
            for (int i = 0; i < absolutePaths.length; i++) {
                array.setAtIndex(ValueLayout.ADDRESS, i, arena.allocateFrom(absolutePaths[i]));
            }
            MemorySegment o = panrocks_ingest_options.allocate(arena);
            fill.accept(o);
            int rc = panrocks_h.panrocks_ingest_external_files(db.handle(), FamilyHandle.nativeHandle(columnFamily, db), array,
                    absolutePaths.length, o, c.error);
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
    public static void refuseFileInUse(Path file, String verb) {
        String user = OpenPaths.userOfFile(file);
        if (user != null) {
            throw new IllegalArgumentException("cannot " + verb + " a file that is in use in this process: " + user);
        }
    }

    public void tryCatchUpWithPrimary() throws RocksDBException {
        db.run(panrocks_h::panrocks_try_catch_up_with_primary);
    }

    /** A path that crosses as a C string: absolute, without a zero character. */
    public static String cPath(Path path, String what) {
        String s = path.toAbsolutePath().toString();
        if (s.indexOf('\0') >= 0) throw new IllegalArgumentException(what + " must not contain a zero character");
        return s;
    }
}
