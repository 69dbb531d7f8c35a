package io.panrocks;

import io.panrocks.internal.options.OptionValues;

/** RocksDB's default memtable, a skip list ({@code SkipListFactory}), as RocksJava's {@code SkipListMemTableConfig}. */
public final class SkipListMemTableConfig extends MemTableConfig {
    private long lookahead;

    /** A skip list without lookahead (RocksDB's default). */
    public SkipListMemTableConfig() {
    }

    /**
     * Entries an iterator looks ahead before it seeks from the top.
     *
     * @param lookahead entries, {@code >= 0}
     * @return this
     * @throws IllegalArgumentException if negative
     */
    public SkipListMemTableConfig setLookahead(long lookahead) {
        this.lookahead = OptionValues.requireAtLeast(lookahead, 0, "lookahead");
        return this;
    }

    /**
     * The value set with {@link #setLookahead}.
     *
     * @return entries (0 unless set)
     */
    public long lookahead() {
        return lookahead;
    }

    @Override
    String optionValue() {
        return "{id=SkipListFactory;lookahead=" + lookahead + "}";
    }
}
