package io.panrocks;

/**
 * A column family's SST file format, as RocksJava's {@code TableFormatConfig}:
 * {@link BlockBasedTableConfig} (RocksDB's default) or {@link PlainTableConfig}.
 * Set with {@link ColumnFamilyOptionsInterface#setTableFormatConfig}.
 */
public abstract sealed class TableFormatConfig permits BlockBasedTableConfig, PlainTableConfigFields {
    TableFormatConfig() {
    }
}
