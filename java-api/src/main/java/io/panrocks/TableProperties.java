package io.panrocks;

import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

/**
 * What an SST file says about itself (RocksDB's {@code TableProperties},
 * RocksJava's shape): sizes, counts, the names of the comparator, filter,
 * merge operator and compression it was written with, and the properties
 * collected by table properties collectors. A plain value: a copy taken when
 * it was read ({@link RocksDB#getPropertiesOfAllTables},
 * {@link SstFileReader#getTableProperties}, a {@link TableFilter}, the
 * {@link TableFileCreationInfo} of a listener event), owning no native memory.
 *
 * <p>As in RocksJava, names RocksDB recorded as empty are {@code null}, and
 * the maps are unmodifiable.
 */
public final class TableProperties {
    private final long dataSize;
    private final long indexSize;
    private final long indexPartitions;
    private final long topLevelIndexSize;
    private final long indexKeyIsUserKey;
    private final long indexValueIsDeltaEncoded;
    private final long filterSize;
    private final long rawKeySize;
    private final long rawValueSize;
    private final long numDataBlocks;
    private final long numEntries;
    private final long numDeletions;
    private final long numMergeOperands;
    private final long numRangeDeletions;
    private final long formatVersion;
    private final long fixedKeyLen;
    private final long columnFamilyId;
    private final long creationTime;
    private final long oldestKeyTime;
    private final long slowCompressionEstimatedDataSize;
    private final long fastCompressionEstimatedDataSize;
    private final long externalSstFileGlobalSeqnoOffset;
    private final byte[] columnFamilyName;
    private final String filterPolicyName;
    private final String comparatorName;
    private final String mergeOperatorName;
    private final String prefixExtractorName;
    private final String propertyCollectorsNames;
    private final String compressionName;
    private final Map<String, String> userCollectedProperties;
    private final Map<String, String> readableProperties;

    /** RocksJava's constructor (package-private there too: its tests make test data with it). */
    TableProperties(long dataSize, long indexSize, long indexPartitions, long topLevelIndexSize, long indexKeyIsUserKey,
                    long indexValueIsDeltaEncoded, long filterSize, long rawKeySize, long rawValueSize,
                    long numDataBlocks, long numEntries, long numDeletions, long numMergeOperands,
                    long numRangeDeletions, long formatVersion, long fixedKeyLen, long columnFamilyId,
                    long creationTime, long oldestKeyTime, long slowCompressionEstimatedDataSize,
                    long fastCompressionEstimatedDataSize, long externalSstFileGlobalSeqnoOffset,
                    byte[] columnFamilyName, String filterPolicyName, String comparatorName,
                    String mergeOperatorName, String prefixExtractorName, String propertyCollectorsNames,
                    String compressionName, Map<String, String> userCollectedProperties,
                    Map<String, String> readableProperties) {
        this(new long[]{dataSize, indexSize, indexPartitions, topLevelIndexSize, indexKeyIsUserKey,
                indexValueIsDeltaEncoded, filterSize, rawKeySize, rawValueSize, numDataBlocks, numEntries,
                numDeletions, numMergeOperands, numRangeDeletions, formatVersion, fixedKeyLen, columnFamilyId,
                creationTime, oldestKeyTime, slowCompressionEstimatedDataSize, fastCompressionEstimatedDataSize,
                externalSstFileGlobalSeqnoOffset},
                columnFamilyName, new String[]{filterPolicyName, comparatorName, mergeOperatorName,
                        prefixExtractorName, propertyCollectorsNames, compressionName},
                userCollectedProperties, readableProperties);
    }

    TableProperties(long[] numbers, byte[] columnFamilyName, String[] names,
                    Map<String, String> userCollectedProperties, Map<String, String> readableProperties) {
        this.dataSize = numbers[0];
        this.indexSize = numbers[1];
        this.indexPartitions = numbers[2];
        this.topLevelIndexSize = numbers[3];
        this.indexKeyIsUserKey = numbers[4];
        this.indexValueIsDeltaEncoded = numbers[5];
        this.filterSize = numbers[6];
        this.rawKeySize = numbers[7];
        this.rawValueSize = numbers[8];
        this.numDataBlocks = numbers[9];
        this.numEntries = numbers[10];
        this.numDeletions = numbers[11];
        this.numMergeOperands = numbers[12];
        this.numRangeDeletions = numbers[13];
        this.formatVersion = numbers[14];
        this.fixedKeyLen = numbers[15];
        this.columnFamilyId = numbers[16];
        this.creationTime = numbers[17];
        this.oldestKeyTime = numbers[18];
        this.slowCompressionEstimatedDataSize = numbers[19];
        this.fastCompressionEstimatedDataSize = numbers[20];
        this.externalSstFileGlobalSeqnoOffset = numbers[21];
        this.columnFamilyName = columnFamilyName == null ? new byte[0] : columnFamilyName.clone();
        this.filterPolicyName = names[0];
        this.comparatorName = names[1];
        this.mergeOperatorName = names[2];
        this.prefixExtractorName = names[3];
        this.propertyCollectorsNames = names[4];
        this.compressionName = names[5];
        this.userCollectedProperties = userCollectedProperties == null ? Map.of() : Map.copyOf(userCollectedProperties);
        this.readableProperties = readableProperties == null ? Map.of() : Map.copyOf(readableProperties);
    }

    /**
     * The total size of the data blocks, in bytes.
     *
     * @return the value
     */
    public long getDataSize() {
        return dataSize;
    }

    /**
     * The size of the index block(s), in bytes.
     *
     * @return the value
     */
    public long getIndexSize() {
        return indexSize;
    }

    /**
     * The number of index partitions (a partitioned index), else 0.
     *
     * @return the value
     */
    public long getIndexPartitions() {
        return indexPartitions;
    }

    /**
     * The size of the top-level index of a partitioned index, in bytes.
     *
     * @return the value
     */
    public long getTopLevelIndexSize() {
        return topLevelIndexSize;
    }

    /**
     * 1 when the index keys are user keys (no sequence numbers), else 0.
     *
     * @return the value
     */
    public long getIndexKeyIsUserKey() {
        return indexKeyIsUserKey;
    }

    /**
     * 1 when the index values are delta-encoded, else 0.
     *
     * @return the value
     */
    public long getIndexValueIsDeltaEncoded() {
        return indexValueIsDeltaEncoded;
    }

    /**
     * The size of the filter block, in bytes (0 without a filter).
     *
     * @return the value
     */
    public long getFilterSize() {
        return filterSize;
    }

    /**
     * The total size of the keys before compression, in bytes.
     *
     * @return the value
     */
    public long getRawKeySize() {
        return rawKeySize;
    }

    /**
     * The total size of the values before compression, in bytes.
     *
     * @return the value
     */
    public long getRawValueSize() {
        return rawValueSize;
    }

    /**
     * The number of data blocks.
     *
     * @return the value
     */
    public long getNumDataBlocks() {
        return numDataBlocks;
    }

    /**
     * The number of entries (puts, deletions, merge operands; range deletions not included).
     *
     * @return the value
     */
    public long getNumEntries() {
        return numEntries;
    }

    /**
     * The number of deletions.
     *
     * @return the value
     */
    public long getNumDeletions() {
        return numDeletions;
    }

    /**
     * The number of merge operands.
     *
     * @return the value
     */
    public long getNumMergeOperands() {
        return numMergeOperands;
    }

    /**
     * The number of range deletions.
     *
     * @return the value
     */
    public long getNumRangeDeletions() {
        return numRangeDeletions;
    }

    /**
     * The table format's version.
     *
     * @return the value
     */
    public long getFormatVersion() {
        return formatVersion;
    }

    /**
     * The fixed key length (plain tables), else 0.
     *
     * @return the value
     */
    public long getFixedKeyLen() {
        return fixedKeyLen;
    }

    /**
     * The ID of the column family the file was written for (RocksDB's
     * unknown-family marker, 2<sup>31</sup> - 1, for a file written outside a DB).
     *
     * @return the value
     */
    public long getColumnFamilyId() {
        return columnFamilyId;
    }

    /**
     * When the oldest data in the file was written, in seconds since the epoch (0: unknown).
     *
     * @return the value
     */
    public long getCreationTime() {
        return creationTime;
    }

    /**
     * When the oldest key in the file was written, in seconds since the epoch (0: unknown).
     *
     * @return the value
     */
    public long getOldestKeyTime() {
        return oldestKeyTime;
    }

    /**
     * The data size a slow compression would reach (estimated while sampling, else 0).
     *
     * @return the value
     */
    public long getSlowCompressionEstimatedDataSize() {
        return slowCompressionEstimatedDataSize;
    }

    /**
     * The data size a fast compression would reach (estimated while sampling, else 0).
     *
     * @return the value
     */
    public long getFastCompressionEstimatedDataSize() {
        return fastCompressionEstimatedDataSize;
    }

    /**
     * Where an ingested file's global sequence number is stored in it (0: not an ingested file).
     *
     * @return the value
     */
    public long getExternalSstFileGlobalSeqnoOffset() {
        return externalSstFileGlobalSeqnoOffset;
    }

    /**
     * The name of the column family the file was written for (empty when unknown).
     *
     * @return the value
     */
    public byte[] getColumnFamilyName() {
        return columnFamilyName.clone();
    }

    /**
     * The name of the filter policy, or null when the file has no filter.
     *
     * @return the value
     */
    public String getFilterPolicyName() {
        return filterPolicyName;
    }

    /**
     * The name of the comparator the keys are sorted by, or null when not recorded.
     *
     * @return the value
     */
    public String getComparatorName() {
        return comparatorName;
    }

    /**
     * The name of the merge operator, or null when the family had none recorded.
     *
     * @return the value
     */
    public String getMergeOperatorName() {
        return mergeOperatorName;
    }

    /**
     * The name of the prefix extractor, or null when not recorded.
     *
     * @return the value
     */
    public String getPrefixExtractorName() {
        return prefixExtractorName;
    }

    /**
     * The names of the table properties collectors, as RocksDB lists them (\"[]\" when none), or null.
     *
     * @return the value
     */
    public String getPropertyCollectorsNames() {
        return propertyCollectorsNames;
    }

    /**
     * The name of the compression, or null when not recorded.
     *
     * @return the value
     */
    public String getCompressionName() {
        return compressionName;
    }

    /**
     * The properties table properties collectors added to the file (user
     * collected), as RocksDB stores them.
     *
     * @return an unmodifiable map
     */
    public Map<String, String> getUserCollectedProperties() {
        return userCollectedProperties;
    }

    /**
     * The user-collected properties as their collectors render them for
     * people (RocksDB's readable properties).
     *
     * @return an unmodifiable map
     */
    public Map<String, String> getReadableProperties() {
        return readableProperties;
    }

    /**
     * Whether {@code o} holds the same properties.
     *
     * @param o another object
     * @return true when every property is equal
     */
    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof TableProperties that)) return false;
        return Arrays.equals(numbers(), that.numbers()) && Arrays.equals(columnFamilyName, that.columnFamilyName)
                && Objects.equals(filterPolicyName, that.filterPolicyName)
                && Objects.equals(comparatorName, that.comparatorName)
                && Objects.equals(mergeOperatorName, that.mergeOperatorName)
                && Objects.equals(prefixExtractorName, that.prefixExtractorName)
                && Objects.equals(propertyCollectorsNames, that.propertyCollectorsNames)
                && Objects.equals(compressionName, that.compressionName)
                && userCollectedProperties.equals(that.userCollectedProperties)
                && readableProperties.equals(that.readableProperties);
    }

    /**
     * A hash of every property.
     *
     * @return the hash code
     */
    @Override
    public int hashCode() {
        return 31 * Objects.hash(filterPolicyName, comparatorName, mergeOperatorName, prefixExtractorName,
                propertyCollectorsNames, compressionName, userCollectedProperties, readableProperties)
                + 17 * Arrays.hashCode(numbers()) + Arrays.hashCode(columnFamilyName);
    }

    private long[] numbers() {
        return new long[]{
                dataSize, indexSize, indexPartitions, topLevelIndexSize, indexKeyIsUserKey,
                indexValueIsDeltaEncoded, filterSize, rawKeySize, rawValueSize, numDataBlocks, numEntries,
                numDeletions, numMergeOperands, numRangeDeletions, formatVersion, fixedKeyLen, columnFamilyId,
                creationTime, oldestKeyTime, slowCompressionEstimatedDataSize, fastCompressionEstimatedDataSize,
                externalSstFileGlobalSeqnoOffset};
    }

    /**
     * The main properties, for logs.
     *
     * @return a description
     */
    @Override
    public String toString() {
        return "TableProperties{entries=" + numEntries + ", deletions=" + numDeletions + ", dataSize=" + dataSize
                + ", dataBlocks=" + numDataBlocks + ", comparator=" + comparatorName + ", compression="
                + compressionName + ", columnFamily="
                + new String(columnFamilyName, java.nio.charset.StandardCharsets.UTF_8)
                + ", userCollected=" + userCollectedProperties + "}";
    }
}
