package io.panrocks;

import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.SharedNative;
import io.panrocks.internal.StandaloneResource;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Tracks the SST and blob files of the DBs given it with
 * {@link DBOptionsInterface#setSstFileManager}, as RocksJava's
 * {@code SstFileManager}: their total size, a limit on it (writes fail with
 * an {@code IOError} once reached), and the rate at which obsolete files are
 * deleted. Several DBs may share one.
 *
 * <p>Owned by you: close it when no DB will be opened with it any more; DBs
 * already open keep their own reference (a Cleaner closes a forgotten one).
 * Thread-safe.
 */
public final class SstFileManager implements AutoCloseable {
    /** RocksJava's default delete rate: 0, delete at once. */
    public static final long RATE_BYTES_PER_SEC_DEFAULT = 0;
    /** RocksJava's default for deleting trash left by an earlier run. */
    public static final boolean DELETE_EXISTING_TRASH_DEFAULT = true;
    /** RocksJava's default trash-to-DB ratio above which files are deleted at once (RocksJava's spelling). */
    public static final double MAX_TRASH_DB_RATION_DEFAULT = 0.25;
    /** RocksJava's default largest chunk deleted at once: 64 MiB. */
    public static final long BYTES_MAX_DELETE_CHUNK_DEFAULT = 64L << 20;

    final SharedNative shared;

    /**
     * A manager with RocksJava's defaults (delete at once).
     *
     * @param env the environment: {@link Env#getDefault()} (a {@link RocksMemEnv} is refused)
     * @throws RocksDBException if the engine refuses
     */
    public SstFileManager(Env env) throws RocksDBException {
        this(env, RATE_BYTES_PER_SEC_DEFAULT);
    }

    /**
     * As {@link #SstFileManager(Env, long, double, long)}, defaults for the rest.
     *
     * @param env the environment: {@link Env#getDefault()} (a {@link RocksMemEnv} is refused)
     * @param rateBytesPerSec how fast obsolete files are deleted; 0: at once
     * @throws RocksDBException if the engine refuses
     */
    public SstFileManager(Env env, long rateBytesPerSec) throws RocksDBException {
        this(env, rateBytesPerSec, MAX_TRASH_DB_RATION_DEFAULT);
    }

    /**
     * As {@link #SstFileManager(Env, long, double, long)}, default chunk.
     *
     * @param env the environment: {@link Env#getDefault()} (a {@link RocksMemEnv} is refused)
     * @param rateBytesPerSec how fast obsolete files are deleted; 0: at once
     * @param maxTrashDbRatio above this share of trash, files are deleted at once
     * @throws RocksDBException if the engine refuses
     */
    public SstFileManager(Env env, long rateBytesPerSec, double maxTrashDbRatio) throws RocksDBException {
        this(env, rateBytesPerSec, maxTrashDbRatio, BYTES_MAX_DELETE_CHUNK_DEFAULT);
    }

    /**
     * An SST file manager on the default environment (RocksDB's
     * {@code NewSstFileManager}). RocksJava's overloads with a {@code Logger}
     * are not offered (see docs/migration.md).
     *
     * @param env the environment: {@link Env#getDefault()} (a {@link RocksMemEnv} is refused)
     * @param rateBytesPerSec how fast obsolete files are deleted, {@code >= 0}; 0: at once
     * @param maxTrashDbRatio above this share of trash, files are deleted at once; finite, {@code >= 0}
     * @param bytesMaxDeleteChunk larger files are deleted in chunks of this size, {@code >= 0}
     * @throws IllegalArgumentException for values out of those ranges
     * @throws RocksDBException if the engine refuses
     */
    public SstFileManager(Env env, long rateBytesPerSec, double maxTrashDbRatio, long bytesMaxDeleteChunk)
            throws RocksDBException {
        if (Objects.requireNonNull(env, "env") != Env.getDefault()) {
            throw new IllegalArgumentException("an SstFileManager tracks files of the default environment only, not of " + env);
        }
        if (rateBytesPerSec < 0) throw new IllegalArgumentException("rateBytesPerSec must be >= 0, was " + rateBytesPerSec);
        checkRatio(maxTrashDbRatio);
        if (bytesMaxDeleteChunk < 0) {
            throw new IllegalArgumentException("bytesMaxDeleteChunk must be >= 0, was " + bytesMaxDeleteChunk);
        }
        NativeLibrary.ensureLoaded();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_sst_file_manager_create(rateBytesPerSec, maxTrashDbRatio, bytesMaxDeleteChunk,
                    out, error);
            if (rc != 0) throw Errors.toException(rc, error);
            this.shared = new SharedNative(new StandaloneResource("SstFileManager", this,
                    out.get(ValueLayout.ADDRESS, 0), panrocks_h::panrocks_sst_file_manager_destroy));
        }
    }

    private static void checkRatio(double ratio) {
        if (!(ratio >= 0) || Double.isInfinite(ratio)) {
            throw new IllegalArgumentException("maxTrashDbRatio must be finite and >= 0, was " + ratio);
        }
    }

    private MemorySegment handle() {
        return shared.resource.handle();
    }

    /**
     * Limits the total size of the tracked files: once they exceed it,
     * flushes and compactions fail (the DB stops writing, with an
     * {@code IOError}). 0: no limit.
     *
     * @param maxAllowedSpace bytes, {@code >= 0}
     * @throws IllegalStateException if closed
     */
    public void setMaxAllowedSpaceUsage(long maxAllowedSpace) {
        if (maxAllowedSpace < 0) throw new IllegalArgumentException("maxAllowedSpace must be >= 0, was " + maxAllowedSpace);
        synchronized (shared.resource) {
            panrocks_h.panrocks_sst_file_manager_set_max_allowed_space_usage(handle(), maxAllowedSpace);
        }
    }

    /**
     * Space kept free for compactions under the limit.
     *
     * @param compactionBufferSize bytes, {@code >= 0}
     * @throws IllegalStateException if closed
     */
    public void setCompactionBufferSize(long compactionBufferSize) {
        if (compactionBufferSize < 0) {
            throw new IllegalArgumentException("compactionBufferSize must be >= 0, was " + compactionBufferSize);
        }
        synchronized (shared.resource) {
            panrocks_h.panrocks_sst_file_manager_set_compaction_buffer_size(handle(), compactionBufferSize);
        }
    }

    /**
     * Whether the tracked files exceed the limit.
     *
     * @return true if reached
     * @throws IllegalStateException if closed
     */
    public boolean isMaxAllowedSpaceReached() {
        synchronized (shared.resource) {
            return panrocks_h.panrocks_sst_file_manager_is_max_allowed_space_reached(handle()) != 0;
        }
    }

    /**
     * Whether the tracked files plus running compactions' outputs exceed the limit.
     *
     * @return true if reached
     * @throws IllegalStateException if closed
     */
    public boolean isMaxAllowedSpaceReachedIncludingCompactions() {
        synchronized (shared.resource) {
            return panrocks_h.panrocks_sst_file_manager_is_max_allowed_space_reached_including_compactions(handle()) != 0;
        }
    }

    /**
     * The total size of the tracked files.
     *
     * @return bytes
     * @throws IllegalStateException if closed
     */
    public long getTotalSize() {
        synchronized (shared.resource) {
            return panrocks_h.panrocks_sst_file_manager_total_size(handle());
        }
    }

    /**
     * The tracked files and their sizes.
     *
     * @return path to bytes, a copy
     * @throws IllegalStateException if closed
     */
    public Map<String, Long> getTrackedFiles() {
        synchronized (shared.resource) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment size = arena.allocate(ValueLayout.JAVA_LONG);
                MemorySegment count = arena.allocate(ValueLayout.JAVA_INT);
                MemorySegment error = panrocks_error.allocate(arena);
                int rc = panrocks_h.panrocks_sst_file_manager_tracked_files(handle(), MemorySegment.NULL, 0, size, count,
                        error);
                if (rc != 0) throw new IllegalStateException(Errors.toException(rc, error).getMessage());
                MemorySegment buffer = arena.allocate(Math.max(1, size.get(ValueLayout.JAVA_LONG, 0)));
                rc = panrocks_h.panrocks_sst_file_manager_tracked_files(handle(), buffer, buffer.byteSize(), size, count,
                        error);
                if (rc != 0) throw new IllegalStateException(Errors.toException(rc, error).getMessage());
                long end = Math.min(size.get(ValueLayout.JAVA_LONG, 0), buffer.byteSize());
                Map<String, Long> files = new LinkedHashMap<>();
                ValueLayout.OfInt u32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.nativeOrder());
                ValueLayout.OfLong u64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.nativeOrder());
                for (long at = 0; at + 4 <= end;) {
                    int length = buffer.get(u32, at);
                    String path = new String(buffer.asSlice(at + 4, length).toArray(ValueLayout.JAVA_BYTE),
                            StandardCharsets.UTF_8);
                    files.put(path, buffer.get(u64, at + 4 + length));
                    at += 4 + length + 8;
                }
                return Collections.unmodifiableMap(files);
            }
        }
    }

    /**
     * How fast obsolete files are deleted.
     *
     * @return bytes per second; 0: at once
     * @throws IllegalStateException if closed
     */
    public long getDeleteRateBytesPerSecond() {
        synchronized (shared.resource) {
            return panrocks_h.panrocks_sst_file_manager_delete_rate(handle());
        }
    }

    /**
     * Changes how fast obsolete files are deleted.
     *
     * @param deleteRate bytes per second, {@code >= 0}; 0: at once
     * @throws IllegalStateException if closed
     */
    public void setDeleteRateBytesPerSecond(long deleteRate) {
        if (deleteRate < 0) throw new IllegalArgumentException("deleteRate must be >= 0, was " + deleteRate);
        synchronized (shared.resource) {
            panrocks_h.panrocks_sst_file_manager_set_delete_rate(handle(), deleteRate);
        }
    }

    /**
     * The trash-to-DB ratio above which files are deleted at once.
     *
     * @return the ratio
     * @throws IllegalStateException if closed
     */
    public double getMaxTrashDBRatio() {
        synchronized (shared.resource) {
            return panrocks_h.panrocks_sst_file_manager_max_trash_db_ratio(handle());
        }
    }

    /**
     * Changes the trash-to-DB ratio above which files are deleted at once.
     *
     * @param ratio finite, {@code >= 0}
     * @throws IllegalStateException if closed
     */
    public void setMaxTrashDBRatio(double ratio) {
        checkRatio(ratio);
        synchronized (shared.resource) {
            panrocks_h.panrocks_sst_file_manager_set_max_trash_db_ratio(handle(), ratio);
        }
    }

    /** Releases this handle; DBs using the manager keep theirs. Idempotent. */
    @Override
    public void close() {
        shared.resource.close();
    }
}
