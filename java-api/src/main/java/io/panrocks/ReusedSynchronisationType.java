package io.panrocks;

/**
 * RocksJava's choice of how a Java comparator's reused key buffers are
 * shared between threads. Kept so that RocksJava code compiles: panrocks
 * reuses no buffers (a comparator reads the engine's keys in place, as
 * segments valid during the call), so every value behaves the same.
 */
public enum ReusedSynchronisationType {
    /** A mutex around the reused buffers (RocksJava). */
    MUTEX,
    /** An adaptive mutex around the reused buffers (RocksJava's default). */
    ADAPTIVE_MUTEX,
    /** Thread-local reused buffers (RocksJava). */
    THREAD_LOCAL
}
