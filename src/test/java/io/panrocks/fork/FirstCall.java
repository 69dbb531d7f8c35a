package io.panrocks.fork;

import io.panrocks.RocksDB;

/** Child JVM: the first call into panrocks and nothing else; prints the engine version and how long the call took. */
public final class FirstCall {
    public static void main(String[] args) {
        long start = System.nanoTime();
        String version = RocksDB.engineVersion();
        long nanos = System.nanoTime() - start;
        System.out.println("engine " + version);
        System.out.printf("first call %.1f ms%n", nanos / 1e6);
    }
}
