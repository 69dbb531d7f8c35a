package io.panrocks;

/**
 * A column family's writes became delayed, stopped or normal again
 * (RocksDB's {@code WriteStallInfo}), for
 * {@link AbstractEventListener#onStallConditionsChanged}.
 */
public final class WriteStallInfo {
    private final String columnFamilyName;
    private final WriteStallCondition currentCondition;
    private final WriteStallCondition previousCondition;

    WriteStallInfo(String columnFamilyName, WriteStallCondition currentCondition,
                   WriteStallCondition previousCondition) {
        this.columnFamilyName = columnFamilyName;
        this.currentCondition = currentCondition;
        this.previousCondition = previousCondition;
    }

    /**
     * The column family's name.
     *
     * @return the name
     */
    public String getColumnFamilyName() {
        return columnFamilyName;
    }

    /**
     * The condition now.
     *
     * @return the current condition
     */
    public WriteStallCondition getCurrentCondition() {
        return currentCondition;
    }

    /**
     * The condition before.
     *
     * @return the previous condition
     */
    public WriteStallCondition getPreviousCondition() {
        return previousCondition;
    }

    @Override
    public String toString() {
        return "WriteStallInfo{" + columnFamilyName + ": " + previousCondition + " -> " + currentCondition + "}";
    }
}
