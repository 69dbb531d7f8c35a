package io.panrocks;

import io.panrocks.fork.PrintEngineVersion;
import io.panrocks.testkit.ForkedJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** How the library is found and loaded, checked in child JVMs (loading happens once per JVM). */
class NativeLoadingTest {
    @TempDir
    Path tmp;

    @Test
    void classPathWithEnableNativeAccessPrintsNoWarning() throws Exception {
        ForkedJvm.Result r = ForkedJvm.main(PrintEngineVersion.class).systemProperty("panrocks.cache.dir", tmp.toString())
                .run().assertSuccess();
        assertTrue(r.stdout().contains("engine " + RocksDB.engineVersion()), r::toString);
        assertFalse(r.stderr().contains("WARNING"), r::toString);
    }

    @Test
    void modulePathWithEnableNativeAccessPrintsNoWarning() throws Exception {
        ForkedJvm.Result r = ForkedJvm.main(PrintEngineVersion.class)
                .jvmFlags("--module-path", ForkedJvm.panrocksLocation().toString(), "--add-modules", "io.panrocks")
                .nativeAccess("io.panrocks")
                .systemProperty("panrocks.cache.dir", tmp.toString())
                .classPath(ForkedJvm.testClasses())
                .run().assertSuccess();
        assertTrue(r.stdout().contains("engine "), r::toString);
        assertFalse(r.stderr().contains("WARNING"), r::toString);
    }

    @Test
    void libraryIsExtractedOnceIntoAContentAddressedCache() throws Exception {
        assumeTrue(Files.isRegularFile(ForkedJvm.panrocksLocation()), "runs against the packaged jar");
        ForkedJvm child = ForkedJvm.main(PrintEngineVersion.class).systemProperty("panrocks.cache.dir", tmp.toString());
        child.run().assertSuccess();
        List<Path> libraries = librariesIn(tmp);
        assertEquals(1, libraries.size(), libraries::toString);
        Path lib = libraries.get(0);
        assertEquals(32, lib.getParent().getFileName().toString().length(), "folder named by content hash");
        FileTime first = Files.getLastModifiedTime(lib);
        Thread.sleep(20);
        child.run().assertSuccess();
        assertEquals(List.of(lib), librariesIn(tmp), "second start reuses the extracted file");
        assertEquals(first, Files.getLastModifiedTime(lib), "and does not rewrite it");
    }

    @Test
    void aLibraryWithAnotherAbiVersionIsRefusedClearly() throws Exception {
        Path source = Files.writeString(tmp.resolve("fake.c"), """
                #include <stdint.h>
                uint32_t panrocks_abi_version(void) { return 999; }
                const char *panrocks_engine_version(void) { return "0.0.0"; }
                """);
        Path fake = tmp.resolve("libfake.so");
        Process cc = new ProcessBuilder("cc", "-shared", "-fPIC", "-o", fake.toString(), source.toString())
                .inheritIO().start();
        assumeTrue(cc.waitFor() == 0, "needs a C compiler");
        ForkedJvm.Result r = ForkedJvm.main(PrintEngineVersion.class).systemProperty("panrocks.library.path", fake.toString())
                .run().assertNoCrashOrHang();
        assertNotEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stderr().contains("C ABI version 999"), r::toString);
        assertTrue(r.stderr().contains("generated for version"), r::toString);
        assertTrue(r.stderr().contains(fake.toString()), r::toString);
    }

    @Test
    void aMissingOverrideFileIsReported() throws Exception {
        ForkedJvm.Result r = ForkedJvm.main(PrintEngineVersion.class)
                .systemProperty("panrocks.library.path", tmp.resolve("nope.so").toString())
                .run().assertNoCrashOrHang();
        assertNotEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stderr().contains("does not exist"), r::toString);
    }

    /**
     * Beside RocksJava: the bundled (static) engine opens (RocksJavaCoexistenceTest drives both
     * under load); a library built against a shared librocksdb refuses, because that pairing crashes.
     */
    @Test
    void refusesToRunBesideRocksJavaOnlyOnASharedEngine() throws Exception {
        boolean shared = EngineLinkageTest.sharedEngineBuild();
        for (String order : List.of("rocksjava-first", "panrocks-first")) {
            ForkedJvm.Result r = ForkedJvm.main(io.panrocks.fork.TwoEngines.class, order)
                    .systemProperty("panrocks.cache.dir", tmp.toString())
                    .addToClassPath(rocksJavaJar())
                    .run().assertSuccess();
            if (shared) {
                assertTrue(r.stdout().contains("refused: panrocks: RocksJava's native library is loaded"), order + ": " + r);
            } else {
                assertTrue(r.stdout().contains("opened"), order + ": " + r);
            }
        }
    }

    private static Path rocksJavaJar() throws Exception {
        return ForkedJvm.location(Class.forName("org.rocksdb.RocksDB", false, NativeLoadingTest.class.getClassLoader()));
    }

    private static List<Path> librariesIn(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.getFileName().toString().equals("libpanrocks.so")).toList();
        }
    }
}
