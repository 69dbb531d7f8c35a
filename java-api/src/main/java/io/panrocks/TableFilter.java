package io.panrocks;

/**
 * Decides, from an SST file's properties, whether an iterator reads the
 * file (RocksJava's {@code TableFilter}); set through
 * {@link ReadOptions#setTableFilter} as an {@link AbstractTableFilter}.
 */
public interface TableFilter {

    /**
     * Whether to read the table.
     *
     * @param tableProperties the table's properties
     * @return true to read the table, false to skip it
     */
    boolean filter(TableProperties tableProperties);
}
