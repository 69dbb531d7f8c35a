package io.panrocks;


/**
 * RocksDB's plain table format, as RocksJava's {@code PlainTableConfig}:
 * files read through mmap, with an in-memory hash index by prefix, for
 * fast point lookups on data in memory. A DB using it needs a prefix
 * extractor ({@link ColumnFamilyOptionsInterface#useFixedLengthPrefixExtractor})
 * unless the table is read in full-scan mode, and mmap reads
 * ({@link DBOptionsInterface#setAllowMmapReads}(true)): RocksDB refuses to
 * read the files otherwise. A plain Java value, set through RocksDB's
 * option string ({@code table_factory={id=PlainTable;...}}); setters check
 * their values.
 */
public final class PlainTableConfig extends PlainTableConfigFields {
    /** Key size meaning "keys of any length". */
    public static final int VARIABLE_LENGTH = 0;
    /** RocksDB's default bits per key of the bloom filter. */
    public static final int DEFAULT_BLOOM_BITS_PER_KEY = 10;
    /** RocksDB's default hash table ratio. */
    public static final double DEFAULT_HASH_TABLE_RATIO = 0.75;
    /** RocksDB's default index sparseness. */
    public static final int DEFAULT_INDEX_SPARSENESS = 16;
    /** RocksDB's default: no huge pages. */
    public static final int DEFAULT_HUGE_TLB_SIZE = 0;
    /** RocksDB's default encoding. */
    public static final EncodingType DEFAULT_ENCODING_TYPE = EncodingType.kPlain;
    /** RocksDB's default: the hash index is used. */
    public static final boolean DEFAULT_FULL_SCAN_MODE = false;
    /** RocksDB's default: the index is built when a file is opened. */
    public static final boolean DEFAULT_STORE_INDEX_IN_FILE = false;

    private int keySize = VARIABLE_LENGTH;
    private int bloomBitsPerKey = DEFAULT_BLOOM_BITS_PER_KEY;
    private int indexSparseness = DEFAULT_INDEX_SPARSENESS;
    private int hugePageTlbSize = DEFAULT_HUGE_TLB_SIZE;

    /** RocksDB's defaults. */
    public PlainTableConfig() {
    }

    private static int notNegative(int value, String name) {
        if (value < 0) throw new IllegalArgumentException(name + " must be >= 0, was " + value);
        return value;
    }

    /**
     * The length of every user key, or {@link #VARIABLE_LENGTH} ({@code user_key_len}).
     *
     * @param keySize bytes, >= 0
     * @return this
     * @throws IllegalArgumentException if keySize is negative
     */
    public PlainTableConfig setKeySize(int keySize) {
        this.keySize = notNegative(keySize, "keySize");
        return this;
    }

    /**
     * The key size, or {@link #VARIABLE_LENGTH}.
     *
     * @return the key size, or {@link #VARIABLE_LENGTH}
     */
    public int keySize() {
        return keySize;
    }

    /**
     * Bits per prefix of the bloom filter; 0: none ({@code bloom_bits_per_key}).
     *
     * @param bitsPerKey >= 0
     * @return this
     * @throws IllegalArgumentException if bitsPerKey is negative
     */
    public PlainTableConfig setBloomBitsPerKey(int bitsPerKey) {
        this.bloomBitsPerKey = notNegative(bitsPerKey, "bloomBitsPerKey");
        return this;
    }

    /**
     * The bits per key of the bloom filter.
     *
     * @return the bits per key of the bloom filter
     */
    public int bloomBitsPerKey() {
        return bloomBitsPerKey;
    }

    /**
     * Keys per index record within one prefix ({@code index_sparseness}).
     *
     * @param sparseness >= 0
     * @return this
     * @throws IllegalArgumentException if sparseness is negative
     */
    public PlainTableConfig setIndexSparseness(int sparseness) {
        this.indexSparseness = notNegative(sparseness, "indexSparseness");
        return this;
    }

    /**
     * The index sparseness (a long, as RocksJava's).
     *
     * @return the index sparseness (a long, as RocksJava's)
     */
    public long indexSparseness() {
        return indexSparseness;
    }

    /**
     * Huge page size for the index and bloom filter; 0: none ({@code huge_page_tlb_size}).
     *
     * @param hugePageTlbSize bytes, >= 0
     * @return this
     * @throws IllegalArgumentException if hugePageTlbSize is negative
     */
    public PlainTableConfig setHugePageTlbSize(int hugePageTlbSize) {
        this.hugePageTlbSize = notNegative(hugePageTlbSize, "hugePageTlbSize");
        return this;
    }

    /**
     * The huge page size.
     *
     * @return the huge page size
     */
    public int hugePageTlbSize() {
        return hugePageTlbSize;
    }

    /** The value of RocksDB's {@code table_factory} option for this configuration. */
    String optionValue() {
        return "{id=PlainTable;user_key_len=" + keySize + ";bloom_bits_per_key=" + bloomBitsPerKey
                + ";hash_table_ratio=" + hashTableRatio + ";index_sparseness=" + indexSparseness
                + ";huge_page_tlb_size=" + hugePageTlbSize + ";encoding_type=" + encodingType.name()
                + ";full_scan_mode=" + fullScanMode + ";store_index_in_file=" + storeIndexInFile + "}";
    }

    @Override
    public String toString() {
        return "PlainTableConfig" + optionValue();
    }
}
