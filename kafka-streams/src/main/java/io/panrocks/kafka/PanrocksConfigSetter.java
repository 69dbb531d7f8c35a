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
 * universal compaction, 4 KiB blocks with a Bloom filter, atomic flush,
 * and the memory settings below); change what you need. Options every store
 * relies on are set again after the call and cannot be changed here:
 * {@code create_if_missing}, {@code create_missing_column_families} and
 * {@code atomic_flush} (the committed changelog offsets are flushed
 * together with the data they describe).
 *
 * <p>Memory: by default the options arrive on the application's shared
 * memory budget ({@link PanrocksMemoryConfig}): the table config's block
 * cache is the application's shared cache (index and filter blocks cached
 * too) and {@code options.writeBufferManager()} is the shared write buffer
 * manager. To take a store off the budget, replace them: a table config
 * with a cache of your own (close it in {@link #close}) and
 * {@code options.setWriteBufferManager(null)}; to take every store off,
 * set {@link PanrocksMemoryConfig#ENABLED_CONFIG} to {@code false} (each
 * store then gets its own 50 MiB cache, as above). Never close the shared
 * cache or manager: the stores count their users and release them after
 * the last store closes. The store's {@code offsets} family reads through
 * whatever block cache the data family ends up with.
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
