package io.panrocks;

import io.panrocks.internal.EnumCodes;

/** Whether blobs written by flushes are put in the blob cache, as RocksDB's {@code PrepopulateBlobCache}. */
public enum PrepopulateBlobCache {
    /** No (RocksDB's default). */
    PREPOPULATE_BLOB_DISABLE("kDisable"),
    /** Blobs written by flushes are added to the cache. */
    PREPOPULATE_BLOB_FLUSH_ONLY("kFlushOnly");

    private final String rocksName;

    PrepopulateBlobCache(String rocksName) {
        this.rocksName = rocksName;
    }

    String rocksName() {
        return rocksName;
    }

    /** The constant RocksDB writes as {@code rocksName}; IllegalStateException if none (an engine newer than panrocks). */
    static PrepopulateBlobCache fromRocksName(String rocksName) {
        return EnumCodes.ofRocksName(values(), PrepopulateBlobCache::rocksName, rocksName);
    }
}
