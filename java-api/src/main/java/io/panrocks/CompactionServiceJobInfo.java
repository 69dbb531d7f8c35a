package io.panrocks;

/**
 * What RocksDB says of a compaction it hands to a {@link CompactionService}:
 * RocksDB's {@code CompactionServiceJobInfo}. A snapshot, immutable.
 */
public final class CompactionServiceJobInfo {
    private final String dbName;
    private final String dbId;
    private final String dbSessionId;
    private final int columnFamilyId;
    private final String columnFamilyName;
    private final long jobId;
    private final Priority priority;
    private final CompactionReason compactionReason;
    private final boolean fullCompaction;
    private final boolean manualCompaction;
    private final boolean bottommostLevel;
    private final int baseInputLevel;
    private final int outputLevel;

    CompactionServiceJobInfo(String dbName, String dbId, String dbSessionId, int columnFamilyId,
                             String columnFamilyName, long jobId, Priority priority, CompactionReason compactionReason,
                             boolean fullCompaction, boolean manualCompaction, boolean bottommostLevel,
                             int baseInputLevel, int outputLevel) {
        this.dbName = dbName;
        this.dbId = dbId;
        this.dbSessionId = dbSessionId;
        this.columnFamilyId = columnFamilyId;
        this.columnFamilyName = columnFamilyName;
        this.jobId = jobId;
        this.priority = priority;
        this.compactionReason = compactionReason;
        this.fullCompaction = fullCompaction;
        this.manualCompaction = manualCompaction;
        this.bottommostLevel = bottommostLevel;
        this.baseInputLevel = baseInputLevel;
        this.outputLevel = outputLevel;
    }

    /**
     * The DB's path as the primary opened it ({@code db_name}): what the
     * worker's {@link RocksDB#openAndCompact} opens.
     *
     * @return the path
     */
    public String dbName() {
        return dbName;
    }

    /**
     * The DB's identity ({@code db_id}).
     *
     * @return the identity
     */
    public String dbId() {
        return dbId;
    }

    /**
     * The session of the DB's open ({@code db_session_id}).
     *
     * @return the session ID
     */
    public String dbSessionId() {
        return dbSessionId;
    }

    /**
     * The column family's ID ({@code cf_id}).
     *
     * @return the ID
     */
    public int columnFamilyId() {
        return columnFamilyId;
    }

    /**
     * The column family's name ({@code cf_name}).
     *
     * @return the name
     */
    public String columnFamilyName() {
        return columnFamilyName;
    }

    /**
     * The job's number ({@code job_id}), unique within the DB's session only.
     *
     * @return the number
     */
    public long jobId() {
        return jobId;
    }

    /**
     * The thread pool the compaction runs in ({@code priority}).
     *
     * @return the priority
     */
    public Priority priority() {
        return priority;
    }

    /**
     * Why it runs ({@code compaction_reason}).
     *
     * @return the reason
     */
    public CompactionReason compactionReason() {
        return compactionReason;
    }

    /**
     * Whether it compacts every file of the family ({@code is_full_compaction}).
     *
     * @return true if it does
     */
    public boolean isFullCompaction() {
        return fullCompaction;
    }

    /**
     * Whether a user asked for it ({@code is_manual_compaction}).
     *
     * @return true if one did
     */
    public boolean isManualCompaction() {
        return manualCompaction;
    }

    /**
     * Whether it writes the last level ({@code bottommost_level}).
     *
     * @return true if it does
     */
    public boolean isBottommostLevel() {
        return bottommostLevel;
    }

    /**
     * Its lowest input level ({@code base_input_level}).
     *
     * @return the level
     */
    public int baseInputLevel() {
        return baseInputLevel;
    }

    /**
     * The level it writes ({@code output_level}).
     *
     * @return the level
     */
    public int outputLevel() {
        return outputLevel;
    }

    @Override
    public String toString() {
        return "CompactionServiceJobInfo{db=" + dbName + ", cf=" + columnFamilyName + ", job=" + jobId + ", reason="
                + compactionReason + ", levels " + baseInputLevel + "->" + outputLevel + "}";
    }
}
