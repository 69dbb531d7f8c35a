package io.panrocks;

/**
 * Options of {@link RocksDB#createColumnFamilyWithImport}, as RocksJava's
 * {@code ImportColumnFamilyOptions} (RocksDB's
 * {@code ImportColumnFamilyOptions}). A plain Java value: it owns no native
 * memory ({@code close()} releases nothing).
 */
public final class ImportColumnFamilyOptions implements AutoCloseable {
    private boolean moveFiles;

    /** RocksDB's defaults: the files are hard linked (or copied), not moved. */
    public ImportColumnFamilyOptions() {
    }

    /**
     * Whether the import moves the exported files into the DB instead of
     * linking or copying them.
     *
     * @return the setting (default false)
     */
    public boolean moveFiles() {
        return moveFiles;
    }

    /**
     * Moves the exported files into the DB instead of linking or copying
     * them (the export directory then loses them: import it once).
     *
     * @param moveFiles true to move
     * @return this
     */
    public ImportColumnFamilyOptions setMoveFiles(boolean moveFiles) {
        this.moveFiles = moveFiles;
        return this;
    }

    /** Nothing to release (a plain value); present so RocksJava's try-with-resources code compiles unchanged. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "ImportColumnFamilyOptions{moveFiles=" + moveFiles + "}";
    }
}
