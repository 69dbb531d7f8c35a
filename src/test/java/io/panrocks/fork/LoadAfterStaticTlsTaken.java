package io.panrocks.fork;

import io.panrocks.RocksDB;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Child JVM: loads copies of a small library whose thread-locals use the
 * initial-exec model (args[0]; each copy another file, so another module with
 * a static TLS block of its own) until the dynamic linker refuses one for want
 * of static TLS, then loads panrocks, whose failure it prints; prints
 * "loaded N" with how many copies went in first.
 */
public final class LoadAfterStaticTlsTaken {
    public static void main(String[] args) throws Exception {
        Path hog = Path.of(args[0]);
        int loaded = 0;
        for (; loaded < 1000; loaded++) {
            Path copy = hog.resolveSibling("hog-" + loaded + ".so");
            Files.copy(hog, copy, StandardCopyOption.REPLACE_EXISTING);
            try {
                System.load(copy.toString());
            } catch (UnsatisfiedLinkError e) {
                if (!String.valueOf(e.getMessage()).contains("static TLS")) throw e;
                break;
            }
        }
        System.out.println("loaded " + loaded);
        System.out.println("engine " + RocksDB.engineVersion());
    }
}
