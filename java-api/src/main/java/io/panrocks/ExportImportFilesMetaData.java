package io.panrocks;

import io.panrocks.internal.SharedNative;
import io.panrocks.internal.StandaloneResource;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * What {@link Checkpoint#exportColumnFamily} wrote: the SST files of one
 * column family in the export directory and the comparator they are
 * sorted by (RocksDB's {@code ExportImportFilesMetaData}), for
 * {@link RocksDB#createColumnFamilyWithImport} into this or another DB, as
 * RocksJava's {@code ExportImportFilesMetaData}.
 * <p>
 * It holds the engine's record of the export (native memory, released by
 * {@link #close()} or the Cleaner); any number of imports may use it, from
 * any thread, until it is closed (then an import with it throws
 * {@link IllegalStateException}; a close waits for an import using it).
 * The accessors are panrocks' own (RocksJava's object has none) and keep
 * working after the close: they read a copy made at the export.
 */
public final class ExportImportFilesMetaData implements AutoCloseable {
    final SharedNative shared;
    private final String comparatorName;
    private final List<LiveFileMetaData> files;

    ExportImportFilesMetaData(MemorySegment handle, String comparatorName, List<LiveFileMetaData> files) {
        this.shared = new SharedNative(new StandaloneResource("ExportImportFilesMetaData", this, handle,
                panrocks_h::panrocks_export_destroy));
        this.comparatorName = comparatorName;
        this.files = List.copyOf(files);
    }

    /**
     * The name of the comparator the exported files are sorted by; an
     * import into a family with another comparator is refused.
     *
     * @return the comparator's name, e.g. {@code leveldb.BytewiseComparator}
     */
    public String dbComparatorName() {
        return comparatorName;
    }

    /**
     * The exported files: {@link LiveFileMetaData#path()} is the export
     * directory.
     *
     * @return an unmodifiable list
     */
    public List<LiveFileMetaData> files() {
        return files;
    }

    /**
     * Whether it was closed.
     *
     * @return true once closed
     */
    public boolean isReleased() {
        return shared.resource.isReleased();
    }

    /** Releases the engine's record (not the exported files); idempotent, any thread. */
    @Override
    public void close() {
        shared.resource.close();
    }

    @Override
    public String toString() {
        return "ExportImportFilesMetaData{" + files.size() + " files, comparator " + comparatorName
                + (isReleased() ? ", closed" : "") + "}";
    }
}
