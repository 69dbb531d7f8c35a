package io.panrocks;

import io.panrocks.internal.SharedNative;

/**
 * The default environment ({@link Env#getDefault()}): the real file system
 * and the process's thread pools. Its {@code close()} does nothing: it lives
 * as long as the process.
 */
public final class RocksEnv extends Env {
    static final RocksEnv DEFAULT = new RocksEnv();

    /**
     * Its native handle, made on first use: not in the static initializer,
     * which runs while the native library loads (NativeLibrary initializes
     * every class then, and a load from inside the load would wait for
     * itself).
     */
    private volatile SharedNative shared;

    private RocksEnv() {
    }

    @Override
    SharedNative shared() {
        SharedNative s = shared;
        if (s == null) {
            synchronized (this) {
                s = shared;
                if (s == null) shared = s = own(create(false), "Env.getDefault()");
            }
        }
        return s;
    }

    /** Does nothing: the default environment lives as long as the process. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "Env{default}";
    }
}
