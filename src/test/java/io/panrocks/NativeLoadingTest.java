package io.panrocks;

import io.panrocks.fork.LoadAfterStaticTlsTaken;
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
        Path fake = sharedLibrary("fake", """
                #include <stdint.h>
                uint32_t panrocks_abi_version(void) { return 999; }
                const char *panrocks_engine_version(void) { return "0.0.0"; }
                """);
        ForkedJvm.Result r = ForkedJvm.main(PrintEngineVersion.class).systemProperty("panrocks.library.path", fake.toString())
                .run().assertNoCrashOrHang();
        assertNotEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stderr().contains("C ABI version 999"), r::toString);
        assertTrue(r.stderr().contains("generated for version"), r::toString);
        assertTrue(r.stderr().contains(fake.toString()), r::toString);
    }

    /**
     * On glibc the library's thread-locals use the initial-exec model (native/engine/README.md):
     * it needs a little of the static TLS glibc keeps for libraries loaded later. Where other
     * libraries took all of it, the load fails with an error that says so and what to do, not
     * only the dynamic linker's words.
     */
    @Test
    void aProcessWithoutStaticTlsLeftGetsAnErrorThatSaysWhatToDo() throws Exception {
        assumeTrue(isGlibc(), "glibc's static TLS for libraries loaded later");
        Path hog = sharedLibrary("hog", """
                __thread __attribute__((tls_model("initial-exec"))) char block[64];
                char *hog_block(void) { return block; }
                """);
        ForkedJvm.Result r = ForkedJvm.main(LoadAfterStaticTlsTaken.class, hog.toString())
                .systemProperty("panrocks.cache.dir", tmp.resolve("cache").toString())
                .run().assertNoCrashOrHang();
        assertTrue(r.stdout().contains("loaded "), r::toString);
        assertNotEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stderr().contains("static TLS"), r::toString);
        assertTrue(r.stderr().contains("GLIBC_TUNABLES=glibc.rtld.optional_static_tls="), r::toString);
    }

    /** Compiles a C source into tmp/lib{name}.so with the system's cc; skips the test where there is none. */
    private Path sharedLibrary(String name, String source) throws Exception {
        Path c = Files.writeString(tmp.resolve(name + ".c"), source);
        Path library = tmp.resolve("lib" + name + ".so");
        Process cc = new ProcessBuilder("cc", "-shared", "-fPIC", "-o", library.toString(), c.toString())
                .inheritIO().start();
        assumeTrue(cc.waitFor() == 0, "needs a C compiler");
        return library;
    }

    private static boolean isGlibc() {
        return Files.exists(Path.of("/lib64/ld-linux-x86-64.so.2")) || Files.exists(Path.of("/lib/ld-linux-aarch64.so.1"));
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

    /**
     * A library for a platform the main jar does not carry comes in a jar of
     * its own (the macOS and Windows classifier jars), found beside the main
     * jar on the class path and on the module path alike. Shown with this
     * machine's library moved out of a copy of the main jar into such a jar.
     * Without that jar, loading fails with an UnsatisfiedLinkError that names
     * the platform, what the jars carry and how to build a library. (Naming
     * other platforms, ppc64le say, NativeLibraryPlatformTest checks: a JVM
     * told another os.arch picks that machine's calling convention for its
     * downcalls and crashes.)
     */
    @Test
    void aLibraryInAJarOfItsOwnIsFoundOnTheClassPathAndTheModulePath() throws Exception {
        assumeTrue(Files.isRegularFile(ForkedJvm.panrocksLocation()), "runs against the packaged jar");
        String platform = System.getProperty("os.arch").equals("amd64") ? "linux-x86_64" : "linux-aarch64";
        String entry = "io/panrocks/native/" + platform + "/libpanrocks.so";
        Path main = tmp.resolve("panrocks-without-" + platform + ".jar");
        Path natives = tmp.resolve("panrocks-natives-" + platform + ".jar");
        try (var in = new java.util.jar.JarFile(ForkedJvm.panrocksLocation().toFile());
             var mainOut = new java.util.jar.JarOutputStream(Files.newOutputStream(main), in.getManifest());
             var nativeOut = new java.util.jar.JarOutputStream(Files.newOutputStream(natives), nativesManifest(platform))) {
            for (var e : java.util.Collections.list(in.entries())) {
                if (e.getName().equals("META-INF/MANIFEST.MF")) continue;
                var out = e.getName().equals(entry) ? nativeOut : mainOut;
                out.putNextEntry(new java.util.jar.JarEntry(e.getName()));
                try (var data = in.getInputStream(e)) {
                    data.transferTo(out);
                }
                out.closeEntry();
            }
        }
        ForkedJvm.Result alone = ForkedJvm.main(PrintEngineVersion.class).classPath(main, ForkedJvm.testClasses())
                .systemProperty("panrocks.cache.dir", tmp.resolve("alone").toString()).run().assertNoCrashOrHang();
        assertNotEquals(0, alone.exitCode(), alone::toString);
        assertTrue(alone.stderr().contains("UnsatisfiedLinkError"), alone::toString);
        assertTrue(alone.stderr().contains("no native library for this platform, " + platform), alone::toString);
        String other = platform.equals("linux-x86_64") ? "linux-aarch64" : "linux-x86_64";
        var carried = java.util.regex.Pattern.compile("on this class path carry ([^.]+)\\.").matcher(alone.stderr());
        assertTrue(carried.find(), alone::toString);
        List<String> carry = List.of(carried.group(1).split(", "));
        assertTrue(carry.contains(other) && !carry.contains(platform), alone::toString);
        assertTrue(alone.stderr().contains("-Dpanrocks.library.path=/path/to/libpanrocks.so"), alone::toString);
        assertTrue(alone.stderr().contains("scripts/build-native.sh"), alone::toString);
        ForkedJvm.Result classPath = ForkedJvm.main(PrintEngineVersion.class)
                .classPath(main, natives, ForkedJvm.testClasses())
                .systemProperty("panrocks.cache.dir", tmp.resolve("cp").toString()).run().assertSuccess();
        assertTrue(classPath.stdout().contains("engine " + RocksDB.engineVersion()), classPath::toString);
        ForkedJvm.Result modulePath = ForkedJvm.main(PrintEngineVersion.class)
                .jvmFlags("--module-path", main + java.io.File.pathSeparator + natives,
                        "--add-modules", "io.panrocks,io.panrocks.natives")
                .nativeAccess("io.panrocks").classPath(ForkedJvm.testClasses())
                .systemProperty("panrocks.cache.dir", tmp.resolve("mp").toString()).run().assertSuccess();
        assertTrue(modulePath.stdout().contains("engine " + RocksDB.engineVersion()), modulePath::toString);
    }

    private static java.util.jar.Manifest nativesManifest(String platform) {
        var manifest = new java.util.jar.Manifest();
        manifest.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Automatic-Module-Name", "io.panrocks.natives");
        return manifest;
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
