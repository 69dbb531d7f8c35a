package io.panrocks;

import io.panrocks.internal.Bounds;
import io.panrocks.internal.options.OptionValues;

/**
 * How an {@link SstFileWriter} writes its file (the fields of RocksDB's
 * {@code EnvOptions} that matter there; RocksJava's {@code EnvOptions}).
 * A plain Java value with RocksDB's defaults: no native memory, and
 * {@code close()} is a no-op kept for RocksJava code.
 */
public final class EnvOptions implements AutoCloseable {
    private boolean useDirectWrites;
    private boolean fallocateWithKeepSize = true;
    private long bytesPerSync;
    private long writableFileMaxBufferSize = 1L << 20;

    /** RocksDB's defaults. */
    public EnvOptions() {
    }

    /**
     * Whether to write with O_DIRECT, bypassing the page cache (default false).
     *
     * @param useDirectWrites whether to write directly
     * @return this
     */
    public EnvOptions setUseDirectWrites(boolean useDirectWrites) {
        this.useDirectWrites = useDirectWrites;
        return this;
    }

    /**

     * Whether writes bypass the page cache.

     *

     * @return whether writes bypass the page cache

     */
    public boolean useDirectWrites() {
        return useDirectWrites;
    }

    /**
     * Whether space preallocated for the file does not count in its size
     * (FALLOC_FL_KEEP_SIZE; default true).
     *
     * @param fallocateWithKeepSize whether to keep the size
     * @return this
     */
    public EnvOptions setFallocateWithKeepSize(boolean fallocateWithKeepSize) {
        this.fallocateWithKeepSize = fallocateWithKeepSize;
        return this;
    }

    /**

     * Whether preallocation keeps the size.

     *

     * @return whether preallocation keeps the size

     */
    public boolean fallocateWithKeepSize() {
        return fallocateWithKeepSize;
    }

    /**
     * Sync the file to disk every this many bytes as it is written, to
     * smooth I/O; 0 (the default) syncs only at the end.
     *
     * @param bytesPerSync bytes, {@code >= 0}
     * @return this
     * @throws IllegalArgumentException if negative
     */
    public EnvOptions setBytesPerSync(long bytesPerSync) {
        this.bytesPerSync = OptionValues.requireAtLeast(bytesPerSync, 0, "bytesPerSync");
        return this;
    }

    /**

     * The sync interval in bytes (0: at the end only).

     *

     * @return the sync interval in bytes (0: at the end only)

     */
    public long bytesPerSync() {
        return bytesPerSync;
    }

    /**
     * The size of the writer's buffer (default 1 MiB).
     *
     * @param writableFileMaxBufferSize bytes, in [0, 1 GiB]
     * @return this
     * @throws IllegalArgumentException if outside [0, 1 GiB]: one buffer that size is allocated
     */
    public EnvOptions setWritableFileMaxBufferSize(long writableFileMaxBufferSize) {
        Bounds.inRange(writableFileMaxBufferSize, 0, OptionValues.GiB, "writableFileMaxBufferSize",
                "one buffer that size is allocated");
        this.writableFileMaxBufferSize = writableFileMaxBufferSize;
        return this;
    }

    /**

     * The writer's buffer size.

     *

     * @return the writer's buffer size

     */
    public long writableFileMaxBufferSize() {
        return writableFileMaxBufferSize;
    }

    /** Nothing to release. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "EnvOptions{useDirectWrites=" + useDirectWrites + ", fallocateWithKeepSize=" + fallocateWithKeepSize
                + ", bytesPerSync=" + bytesPerSync + ", writableFileMaxBufferSize=" + writableFileMaxBufferSize + "}";
    }
}
