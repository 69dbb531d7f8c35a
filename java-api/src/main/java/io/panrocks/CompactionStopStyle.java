package io.panrocks;

/** When universal compaction stops adding files to a run, as RocksJava's {@code CompactionStopStyle}. */
public enum CompactionStopStyle {
    /** Stop at a file of a size not similar to the run's (RocksDB's default). */
    CompactionStopStyleSimilarSize("kCompactionStopStyleSimilarSize"),
    /** Stop when the run's total size is reached. */
    CompactionStopStyleTotalSize("kCompactionStopStyleTotalSize");

    private final String rocksName;

    CompactionStopStyle(String rocksName) {
        this.rocksName = rocksName;
    }

    String rocksName() {
        return rocksName;
    }

    static CompactionStopStyle fromRocksName(String rocksName) {
        for (CompactionStopStyle s : values()) if (s.rocksName.equals(rocksName)) return s;
        throw new IllegalStateException("the engine reports stop style " + rocksName + ", which panrocks does not know");
    }
}
