package io.panrocks;

/**
 * RocksDB's environment, as far as panrocks exposes it: the default one
 * (the local file system and RocksDB's process-wide thread pools), which
 * every DB of panrocks uses. It exists so that RocksJava code that names it
 * ({@code new SstFileManager(Env.getDefault())},
 * {@code options.setEnv(Env.getDefault())}) compiles; custom environments
 * and thread-pool sizing are not offered (the pools grow to
 * {@code maxBackgroundJobs} on their own).
 */
public final class Env {
    private static final Env DEFAULT = new Env();

    private Env() {
    }

    /**
     * RocksDB's default environment.
     *
     * @return the one instance
     */
    public static Env getDefault() {
        return DEFAULT;
    }

    @Override
    public String toString() {
        return "Env{default}";
    }
}
