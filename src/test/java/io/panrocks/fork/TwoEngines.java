package io.panrocks.fork;

import io.panrocks.RocksDB;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Child JVM: loads RocksJava's engine beside panrocks' in the order given by
 * args[0] ("rocksjava-first" or "panrocks-first") and reports what panrocks
 * does about it.
 */
public final class TwoEngines {
    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("panrocks-two");
        if (args[0].equals("panrocks-first")) {
            RocksDB.open(dir.resolve("a")).close();
        }
        org.rocksdb.RocksDB.loadLibrary();
        try {
            RocksDB.open(dir.resolve("b")).close();
            System.out.println("opened");
        } catch (IllegalStateException e) {
            System.out.println("refused: " + e.getMessage());
        }
    }
}
