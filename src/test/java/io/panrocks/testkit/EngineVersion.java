package io.panrocks.testkit;

import io.panrocks.RocksDB;

/** The RocksDB engine under test, for tests whose expectations differ between engine versions. */
public final class EngineVersion {
    private EngineVersion() {
    }

    /** Whether the engine panrocks runs on ({@link RocksDB#engineVersion()}) is at least major.minor. */
    public static boolean atLeast(int major, int minor) {
        String[] v = RocksDB.engineVersion().split("\\.");
        int ma = Integer.parseInt(v[0]), mi = Integer.parseInt(v[1]);
        return ma > major || (ma == major && mi >= minor);
    }
}
