package io.panrocks.internal;

import io.panrocks.RocksDB;
import io.panrocks.fork.FirstCall;
import io.panrocks.fork.PrintEngineVersion;
import io.panrocks.testkit.ForkedJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * How a fresh JVM gets the library: from the cache folder, checked by the
 * digest the jar ships (size and time stamp, no hashing), extracted again
 * when the cached file was touched; from memory when the cache folder is on
 * a noexec file system; and what the first call links. Each case in child
 * JVMs, loading being once per JVM.
 */
class NativeLibraryCacheTest {
    @TempDir
    Path tmp;

    static final String PLATFORM = NativeLibrary.platform();
    static final String ENTRY = NativeLibrary.resourceName(PLATFORM);

    @Test
    void theCacheFileIsNamedByTheShippedDigestAndReusedUntilTouched() throws Exception {
        Path jar = packagedJar();
        NativeLibrary.Digest shipped;
        try (JarFile j = new JarFile(jar.toFile())) {
            JarEntry digest = j.getJarEntry(ENTRY + NativeLibrary.DIGEST_SUFFIX);
            assertNotNull(digest, "the jar carries " + ENTRY + NativeLibrary.DIGEST_SUFFIX);
            try (InputStream in = j.getInputStream(digest)) {
                shipped = NativeLibrary.parseDigest(new String(in.readAllBytes()));
            }
            assertNotNull(shipped);
            try (InputStream in = j.getInputStream(j.getJarEntry(ENTRY))) {
                byte[] library = in.readAllBytes();
                assertEquals(shipped.size(), library.length, "the digest names the library's size");
                assertEquals(shipped.sha256(), sha256(library), "and its hash");
            }
        }
        Path lib = tmp.resolve(shipped.folder()).resolve(NativeLibrary.libraryFile(PLATFORM));
        ForkedJvm child = ForkedJvm.main(FirstCall.class).systemProperty("panrocks.cache.dir", tmp.toString());

        child.run().assertSuccess();
        assertEquals(List.of(lib), librariesIn(tmp));
        assertExtracted(lib, shipped);
        Object inode = Files.getAttribute(lib, "unix:ino");

        child.run().assertSuccess();
        assertEquals(inode, Files.getAttribute(lib, "unix:ino"), "a second start reuses the file");
        assertEquals(NativeLibrary.EXTRACTED_STAMP, Files.getLastModifiedTime(lib));

        Files.setLastModifiedTime(lib, FileTime.fromMillis(System.currentTimeMillis()));  // touched
        child.run().assertSuccess();
        assertNotEquals(inode, Files.getAttribute(lib, "unix:ino"), "a touched file is extracted again");
        assertExtracted(lib, shipped);

        Files.write(lib, new byte[100]);  // cut short
        child.run().assertSuccess();
        assertExtracted(lib, shipped);

        // the same size, other bytes, the time stamp of an ordinary write: replaced, never loaded
        Files.write(lib, new byte[(int) shipped.size()]);
        child.run().assertSuccess();
        assertExtracted(lib, shipped);
        assertEquals(List.of(lib), librariesIn(tmp), "no temporary file left behind");
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(List.of(lib.getParent()), s.toList(), "nothing else in the cache folder");
        }
    }

    /** A jar whose library has no digest beside it (laid out by hand): hashed as it is extracted. */
    @Test
    void aLibraryWithoutADigestIsHashedAsItIsExtracted() throws Exception {
        Path jar = tmp.resolve("panrocks-without-digests.jar");
        try (JarFile in = new JarFile(packagedJar().toFile());
             JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), in.getManifest())) {
            for (JarEntry e : Collections.list(in.entries())) {
                if (e.getName().equals("META-INF/MANIFEST.MF") || e.getName().endsWith(NativeLibrary.DIGEST_SUFFIX)) {
                    continue;
                }
                out.putNextEntry(new JarEntry(e.getName()));
                try (InputStream data = in.getInputStream(e)) {
                    data.transferTo(out);
                }
                out.closeEntry();
            }
        }
        Path cache = tmp.resolve("cache");
        ForkedJvm child = ForkedJvm.main(FirstCall.class).classPath(jar, ForkedJvm.testClasses())
                .systemProperty("panrocks.cache.dir", cache.toString());
        for (int run = 0; run < 2; run++) {
            ForkedJvm.Result r = child.run().assertSuccess();
            assertTrue(r.stdout().contains("engine " + RocksDB.engineVersion()), r::toString);
            List<Path> libraries = librariesIn(cache);
            assertEquals(1, libraries.size(), libraries::toString);
            String hash = sha256(Files.readAllBytes(libraries.get(0)));
            assertEquals(hash.substring(0, 32), libraries.get(0).getParent().getFileName().toString());
        }
    }

    /** A jar whose library does not match its digest (damaged, or a digest from another build) is refused. */
    @Test
    void aLibraryThatDoesNotMatchItsDigestIsRefused() throws Exception {
        Path jar = tmp.resolve("panrocks-wrong-digest.jar");
        try (JarFile in = new JarFile(packagedJar().toFile());
             JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), in.getManifest())) {
            for (JarEntry e : Collections.list(in.entries())) {
                if (e.getName().equals("META-INF/MANIFEST.MF")) continue;
                out.putNextEntry(new JarEntry(e.getName()));
                try (InputStream data = in.getInputStream(e)) {
                    if (e.getName().equals(ENTRY + NativeLibrary.DIGEST_SUFFIX)) {
                        NativeLibrary.Digest d = NativeLibrary.parseDigest(new String(data.readAllBytes()));
                        out.write((d.sha256() + " " + (d.size() + 1)).getBytes());
                    } else {
                        data.transferTo(out);
                    }
                }
                out.closeEntry();
            }
        }
        Path cache = tmp.resolve("cache");
        ForkedJvm.Result r = ForkedJvm.main(FirstCall.class).classPath(jar, ForkedJvm.testClasses())
                .systemProperty("panrocks.cache.dir", cache.toString()).run().assertNoCrashOrHang();
        assertNotEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stderr().contains("UnsatisfiedLinkError") && r.stderr().contains("is damaged"), r::toString);
        assertEquals(List.of(), librariesIn(cache), "nothing cached");
    }

    /**
     * The first call links what it needs, not every function: the holders loaded are those of the
     * call itself and the releasing functions linked ahead (NativeLibraryLinkingTest), of 290; a
     * DB's open, write, read and close add the ones they use.
     */
    @Test
    void theFirstCallLinksWhatItNeeds() throws Exception {
        int all = io.panrocks.internal.ffi.panrocks_h.class.getDeclaredClasses().length;
        int ahead = NativeLibrary.RELEASING_FUNCTIONS.size();
        ForkedJvm.Result first = ForkedJvm.main(FirstCall.class).systemProperty("panrocks.cache.dir", tmp.toString())
                .jvmFlags("-Xlog:class+load=info:stdout").run().assertSuccess();
        long holders = count(first, NativeLibrary.HOLDER_PREFIX);
        long classes = count(first, " io.panrocks.");
        assertTrue(holders <= ahead + 5, holders + " holders of " + all + " loaded by the first call\n" + first);
        assertTrue(classes < 150, classes + " panrocks classes loaded by the first call");
        ForkedJvm.Result db = ForkedJvm.main(PrintEngineVersion.class).systemProperty("panrocks.cache.dir", tmp.toString())
                .jvmFlags("-Xlog:class+load=info:stdout").run().assertSuccess();
        long dbHolders = count(db, NativeLibrary.HOLDER_PREFIX);
        assertTrue(dbHolders > holders && dbHolders < all / 2, dbHolders + " holders of " + all + " for a DB's round trip");
        System.out.println("holders loaded: first call " + holders + ", a DB's round trip " + dbHolders + ", of " + all
                + "; panrocks classes loaded by the first call: " + classes);
    }

    // ---- noexec ------------------------------------------------------------------------

    /**
     * A cache folder on a file system mounted noexec: the dynamic linker cannot map the extracted
     * file ("failed to map segment from shared object"), so the library is loaded from a memfd; with
     * that turned off, the UnsatisfiedLinkError names the mount and the property to set. Needs root
     * to mount a tmpfs.
     */
    @Test
    void aNoexecCacheFolderLoadsFromMemoryOrSaysWhatToDo() throws Exception {
        Path mount = noexecTmpfs();
        try {
            Path cache = mount.resolve("cache");
            ForkedJvm.Result loaded = ForkedJvm.main(PrintEngineVersion.class)
                    .systemProperty("panrocks.cache.dir", cache.toString()).run().assertSuccess();
            assertTrue(loaded.stdout().contains("engine " + RocksDB.engineVersion()), loaded::toString);
            assertEquals(1, librariesIn(cache).size(), "extracted there all the same");

            ForkedJvm.Result refused = ForkedJvm.main(PrintEngineVersion.class)
                    .systemProperty("panrocks.cache.dir", cache.toString())
                    .systemProperty(NativeLibrary.MEMFD_PROPERTY, "false").run().assertNoCrashOrHang();
            assertNotEquals(0, refused.exitCode(), refused::toString);
            String err = refused.stderr();
            assertTrue(err.contains("UnsatisfiedLinkError"), refused::toString);
            assertTrue(err.contains("mounted on " + mount + " is mounted noexec"), refused::toString);
            assertTrue(err.contains("Set -Dpanrocks.cache.dir to a folder on a file system that allows executables"),
                    refused::toString);
            assertTrue(err.contains("failed to map segment from shared object"), "the linker's own words kept: " + refused);

            // a library named by -Dpanrocks.library.path on such a file system: the same, with its own advice
            Path copy = mount.resolve("libpanrocks.so");
            Files.copy(librariesIn(cache).get(0), copy);
            ForkedJvm.Result byPath = ForkedJvm.main(PrintEngineVersion.class)
                    .systemProperty("panrocks.library.path", copy.toString()).run().assertSuccess();
            assertTrue(byPath.stdout().contains("engine "), byPath::toString);
            ForkedJvm.Result byPathRefused = ForkedJvm.main(PrintEngineVersion.class)
                    .systemProperty("panrocks.library.path", copy.toString())
                    .systemProperty(NativeLibrary.MEMFD_PROPERTY, "false").run().assertNoCrashOrHang();
            assertNotEquals(0, byPathRefused.exitCode(), byPathRefused::toString);
            assertTrue(byPathRefused.stderr().contains("point -Dpanrocks.library.path at it"), byPathRefused::toString);
        } finally {
            run("umount", mount.toString());
        }
    }

    /** A fresh tmpfs mounted noexec under tmp, or the test is skipped (not root, no mount). */
    private Path noexecTmpfs() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/mountinfo")), "Linux");
        assumeTrue("root".equals(System.getProperty("user.name")), "mounting a noexec tmpfs needs root");
        Path mount = Files.createDirectory(tmp.resolve("noexec"));
        assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=128m,noexec", "panrocks-noexec", mount.toString()) == 0,
                "mount -t tmpfs -o noexec failed (a container without CAP_SYS_ADMIN?)");
        assertEquals(mount.toString(), NativeLibrary.noexecMount(Files.writeString(mount.resolve("probe"), "x")),
                "the loader sees the mount as noexec");
        return mount;
    }

    // ---- helpers -----------------------------------------------------------------------

    private static void assertExtracted(Path lib, NativeLibrary.Digest shipped) throws Exception {
        assertEquals(shipped.size(), Files.size(lib));
        assertEquals(shipped.sha256(), sha256(Files.readAllBytes(lib)));
        assertEquals(NativeLibrary.EXTRACTED_STAMP, Files.getLastModifiedTime(lib), "stamped");
    }

    private static Path packagedJar() {
        Path jar = ForkedJvm.panrocksLocation();
        assumeTrue(Files.isRegularFile(jar), "runs against the packaged jar");
        return jar;
    }

    private static long count(ForkedJvm.Result r, String text) {
        return r.stdoutLines().stream().filter(l -> l.contains(text)).count();
    }

    private static int run(String... command) throws Exception {
        return new ProcessBuilder(command).inheritIO().start().waitFor();
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    private static List<Path> librariesIn(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.getFileName().toString().equals(NativeLibrary.libraryFile(PLATFORM))).toList();
        }
    }
}
