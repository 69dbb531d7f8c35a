package io.panrocks;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A folder for SST files and the bytes RocksDB aims to keep there before it
 * places newer data in the next one: one entry of RocksDB's {@code db_paths}
 * ({@link DBOptionsInterface#setDbPaths}) or of a family's {@code cf_paths}
 * ({@link ColumnFamilyOptions#setCfPaths}), as RocksJava's {@code DbPath}.
 * A plain value.
 *
 * @param path the folder
 * @param targetSize the bytes to aim for in the folder
 */
public record DbPath(Path path, long targetSize) {
    /**
     * A data path.
     *
     * @param path the folder (created by RocksDB when the DB opens); not null
     * @param targetSize the bytes to aim for in it; not negative
     * @throws NullPointerException if path is null
     * @throws IllegalArgumentException if targetSize is negative
     */
    public DbPath {
        Objects.requireNonNull(path, "path");
        if (targetSize < 0) throw new IllegalArgumentException("targetSize must not be negative: " + targetSize);
    }

    /**
     * The folder.
     *
     * @return the path, as given
     */
    @Override
    public Path path() {
        return path;
    }

    /**
     * The bytes to aim for in the folder.
     *
     * @return the target size
     */
    @Override
    public long targetSize() {
        return targetSize;
    }

    @Override
    public String toString() {
        return "DbPath[" + path + ", " + targetSize + "]";
    }
}
