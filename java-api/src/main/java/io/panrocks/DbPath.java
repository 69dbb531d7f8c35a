package io.panrocks;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A folder for SST files and the bytes RocksDB aims to keep there before it
 * places newer data in the next one: one entry of RocksDB's {@code db_paths}
 * ({@link DBOptionsInterface#setDbPaths}) or of a family's {@code cf_paths}
 * ({@link ColumnFamilyOptions#setCfPaths}), as RocksJava's {@code DbPath}.
 * A plain value.
 */
public final class DbPath {
    final Path path;
    final long targetSize;

    /**
     * A data path.
     *
     * @param path the folder (created by RocksDB when the DB opens); not null
     * @param targetSize the bytes to aim for in it; not negative
     * @throws NullPointerException if path is null
     * @throws IllegalArgumentException if targetSize is negative
     */
    public DbPath(Path path, long targetSize) {
        this.path = Objects.requireNonNull(path, "path");
        if (targetSize < 0) throw new IllegalArgumentException("targetSize must not be negative: " + targetSize);
        this.targetSize = targetSize;
    }

    /**
     * The folder.
     *
     * @return the path, as given
     */
    public Path path() {
        return path;
    }

    /**
     * The bytes to aim for in the folder.
     *
     * @return the target size
     */
    public long targetSize() {
        return targetSize;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DbPath that && targetSize == that.targetSize && path.equals(that.path);
    }

    @Override
    public int hashCode() {
        return Objects.hash(path, targetSize);
    }

    @Override
    public String toString() {
        return "DbPath[" + path + ", " + targetSize + "]";
    }
}
