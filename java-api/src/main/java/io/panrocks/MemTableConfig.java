package io.panrocks;

/**
 * The kind of memtable of a column family, as RocksJava's
 * {@code MemTableConfig}: set with
 * {@link ColumnFamilyOptionsInterface#setMemTableConfig} (RocksDB's
 * {@code memtable_factory}). Plain Java values: no native memory.
 * Only panrocks subclasses it.
 */
public abstract sealed class MemTableConfig permits SkipListMemTableConfig, VectorMemTableConfig,
        HashSkipListMemTableConfigFields, HashLinkedListMemTableConfigFields {
    MemTableConfig() {
    }

    /** RocksDB's option value of the factory, {@code {id=...;...}}. */
    abstract String optionValue();
}
