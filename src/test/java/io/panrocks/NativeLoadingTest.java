package io.panrocks;

import io.panrocks.fork.PrintEngineVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
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
        ForkedJvm.Result r = ForkedJvm.runOnClassPath(
                List.of("--enable-native-access=ALL-UNNAMED", "-Dpanrocks.cache.dir=" + tmp),
                PrintEngineVersion.class);
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("engine " + RocksDB.engineVersion()), r::toString);
        assertFalse(r.stderr().contains("WARNING"), r::toString);
    }

    @Test
    void modulePathWithEnableNativeAccessPrintsNoWarning() throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ForkedJvm.javaBinary().toString(),
                "--module-path", ForkedJvm.panrocksLocation().toString(),
                "--add-modules", "io.panrocks",
                "--enable-native-access=io.panrocks",
                "-Dpanrocks.cache.dir=" + tmp,
                "-cp", ForkedJvm.testClasses().toString(),
                PrintEngineVersion.class.getName()));
        ForkedJvm.Result r = ForkedJvm.run(cmd, 120);
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("engine "), r::toString);
        assertFalse(r.stderr().contains("WARNING"), r::toString);
    }

    @Test
    void libraryIsExtractedOnceIntoAContentAddressedCache() throws Exception {
        assumeTrue(Files.isRegularFile(ForkedJvm.panrocksLocation()), "runs against the packaged jar");
        List<String> args = List.of("--enable-native-access=ALL-UNNAMED", "-Dpanrocks.cache.dir=" + tmp);
        assertEquals(0, ForkedJvm.runOnClassPath(args, PrintEngineVersion.class).exitCode());
        List<Path> libraries = librariesIn(tmp);
        assertEquals(1, libraries.size(), libraries::toString);
        Path lib = libraries.get(0);
        assertEquals(32, lib.getParent().getFileName().toString().length(), "folder named by content hash");
        FileTime first = Files.getLastModifiedTime(lib);
        Thread.sleep(20);
        assertEquals(0, ForkedJvm.runOnClassPath(args, PrintEngineVersion.class).exitCode());
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
        ForkedJvm.Result r = ForkedJvm.runOnClassPath(
                List.of("--enable-native-access=ALL-UNNAMED", "-Dpanrocks.library.path=" + fake),
                PrintEngineVersion.class);
        assertNotEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stderr().contains("C ABI version 999"), r::toString);
        assertTrue(r.stderr().contains("generated for version"), r::toString);
        assertTrue(r.stderr().contains(fake.toString()), r::toString);
    }

    @Test
    void aMissingOverrideFileIsReported() throws Exception {
        ForkedJvm.Result r = ForkedJvm.runOnClassPath(
                List.of("--enable-native-access=ALL-UNNAMED", "-Dpanrocks.library.path=" + tmp.resolve("nope.so")),
                PrintEngineVersion.class);
        assertNotEquals(0, r.exitCode());
        assertTrue(r.stderr().contains("does not exist"), r::toString);
    }

    @Test
    void refusesToRunBesideRocksJavasEngine() throws Exception {
        for (String order : List.of("rocksjava-first", "panrocks-first")) {
            List<String> cmd = List.of(ForkedJvm.javaBinary().toString(), "--enable-native-access=ALL-UNNAMED",
                    "-Dpanrocks.cache.dir=" + tmp, "-cp", ForkedJvm.testClasses() + java.io.File.pathSeparator
                            + ForkedJvm.panrocksLocation() + java.io.File.pathSeparator + rocksJavaJar(),
                    io.panrocks.fork.TwoEngines.class.getName(), order);
            ForkedJvm.Result r = ForkedJvm.run(cmd, 120);
            assertEquals(0, r.exitCode(), r::toString);
            assertTrue(r.stdout().contains("refused: panrocks: RocksJava's native library is loaded"), order + ": " + r);
        }
    }

    private static Path rocksJavaJar() throws Exception {
        Class<?> c = Class.forName("org.rocksdb.RocksDB", false, NativeLoadingTest.class.getClassLoader());
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static List<Path> librariesIn(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.getFileName().toString().equals("libpanrocks.so")).toList();
        }
    }
}
