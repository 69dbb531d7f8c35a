package io.panrocks.kafka;

import io.panrocks.Options;

import java.util.Map;

/**
 * Tunes the options of every panrocks state store of an application, as
 * Kafka's {@code RocksDBConfigSetter} does for the built-in stores, but on
 * panrocks's {@link Options}. Name the class in the application's
 * configuration under {@link #CONFIG}:
 *
 * <pre>{@code
 * props.put(PanrocksConfigSetter.CONFIG, MySetter.class);   // or its name
 * }</pre>
 *
 * <p>Each store instantiates the class (it needs a public no-argument
 * constructor) when it opens, calls {@link #setConfig} once before the DB
 * opens, and {@link #close} once after the DB has closed. The options arrive
 * with the store's defaults already set (the same as Kafka's built-in
 * RocksDB store: 16 MiB write buffers, at most 3 of them, no compression,
 * universal compaction, a 50 MiB LRU block cache of 4 KiB blocks with a
 * Bloom filter, atomic flush); change what you need. Options every store
 * relies on are set again after the call and cannot be changed here:
 * {@code create_if_missing}, {@code create_missing_column_families} and
 * {@code atomic_flush} (the committed changelog offsets are flushed
 * together with the data they describe).
 *
 * <p>To bound the memory of all stores together, give every store the same
 * {@link io.panrocks.LRUCache} (a static field of the setter) through
 * {@link io.panrocks.BlockBasedTableConfig#setBlockCache}; the store closes
 * only the cache it created itself.
 */
public interface PanrocksConfigSetter {
    /** The configuration key naming the setter class: {@value}. A {@link Class} or a class name. */
    String CONFIG = "panrocks.config.setter.class";

    /**
     * Changes the options of one store before it opens.
     *
     * @param storeName the store's name (a window or session store has one DB, not one per segment)
     * @param options   the store's options, defaults set; change them in place
     * @param configs   the application's configuration ({@code StateStoreContext.appConfigs()})
     */
    void setConfig(String storeName, Options options, Map<String, Object> configs);

    /**
     * Called once when the store has closed its DB: release what
     * {@link #setConfig} created for this store (an {@link io.panrocks.LRUCache}
     * of its own, say). Does nothing by default.
     *
     * @param storeName the store's name
     * @param options   the options {@link #setConfig} received
     */
    default void close(String storeName, Options options) {
    }
}
