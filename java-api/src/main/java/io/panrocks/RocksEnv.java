package io.panrocks;

/**
 * The default environment ({@link Env#getDefault()}): the real file system
 * and the process's thread pools. Its {@code close()} does nothing: it lives
 * as long as the process.
 */
public final class RocksEnv extends Env {
    static final RocksEnv DEFAULT = new RocksEnv();

    private RocksEnv() {
        super(create(false), "Env.getDefault()");
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
