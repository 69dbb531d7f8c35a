package io.panrocks;

/** How a {@link PlainTableConfig} table stores its keys, as RocksJava's {@code EncodingType}. */
public enum EncodingType {
    /** Every key in full. */
    kPlain,
    /** Keys sharing a prefix (of the prefix extractor) stored once with their suffixes. */
    kPrefix;

    /**
     * RocksJava's number of the type.
     *
     * @return 0 or 1
     */
    public byte getValue() {
        return (byte) ordinal();
    }
}
