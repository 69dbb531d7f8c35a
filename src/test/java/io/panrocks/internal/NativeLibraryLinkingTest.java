package io.panrocks.internal;

import io.panrocks.internal.ffi.panrocks_h;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The loader's pieces that need no child JVM: which functions it links ahead,
 * how it reads the digest the jar ships, how it judges a cached file, and how
 * it reads mount points. (Loading itself, in child JVMs: NativeLoadingTest.)
 */
class NativeLibraryLinkingTest {
    @TempDir
    Path tmp;

    /**
     * The functions linked ahead (those a StackOverflowError's unwinding calls first) are listed by
     * name to spare loading every holder: the list must be every releasing function of the bindings,
     * so a function added to the C ABI that releases something fails here until it is listed.
     */
    @Test
    void everyReleasingFunctionIsLinkedAhead() {
        List<String> releasing = Arrays.stream(panrocks_h.class.getDeclaredClasses())
                .map(Class::getSimpleName).filter(NativeLibrary::releasesSomething).sorted().toList();
        assertTrue(releasing.size() > 20, releasing::toString);
        assertEquals(releasing, NativeLibrary.RELEASING_FUNCTIONS.stream().sorted().toList(),
                "NativeLibrary.RELEASING_FUNCTIONS must list exactly the holders that release something");
        for (String f : NativeLibrary.RELEASING_FUNCTIONS) {
            assertDoesNotThrow(() -> Class.forName(NativeLibrary.HOLDER_PREFIX + f, false,
                    NativeLibrary.class.getClassLoader()), f);
        }
        assertFalse(NativeLibrary.releasesSomething("panrocks_get"));
        assertFalse(NativeLibrary.releasesSomething("panrocks_destroy_db"), "destroys a database, releases nothing");
        assertTrue(NativeLibrary.releasesSomething("panrocks_close"));
    }

    @Test
    void theShippedDigestIsAHashAndASize() {
        String hash = "a2835438b061ca7497bfc1773357e24347b955651bec8a89fba8d1cc83942803";
        NativeLibrary.Digest d = NativeLibrary.parseDigest(hash + " 54680\n");
        assertEquals(new NativeLibrary.Digest(hash, 54680), d);
        assertEquals(hash.substring(0, 32), d.folder());
        assertEquals(d, NativeLibrary.parseDigest("  " + hash + "\t54680  "));
        // anything else is no digest: the library is then hashed as it is extracted
        assertNull(NativeLibrary.parseDigest(""));
        assertNull(NativeLibrary.parseDigest(hash));
        assertNull(NativeLibrary.parseDigest(hash + " 0"));
        assertNull(NativeLibrary.parseDigest(hash + " -5"));
        assertNull(NativeLibrary.parseDigest(hash + " 12x"));
        assertNull(NativeLibrary.parseDigest(hash.toUpperCase() + " 12"));
        assertNull(NativeLibrary.parseDigest(hash.substring(1) + " 12"));
        assertNull(NativeLibrary.parseDigest(hash + " 12 extra"));
        assertNull(NativeLibrary.parseDigest(hash + " 99999999999999999999999"));
    }

    @Test
    void aCachedFileIsReusedOnlyWithItsSizeAndTheExtractionStamp() throws Exception {
        Path f = Files.write(tmp.resolve("libpanrocks.so"), new byte[1000]);
        assertFalse(NativeLibrary.isExtracted(f, 1000), "no stamp: written by something else");
        Files.setLastModifiedTime(f, NativeLibrary.EXTRACTED_STAMP);
        assertTrue(NativeLibrary.isExtracted(f, 1000));
        assertFalse(NativeLibrary.isExtracted(f, 999), "another size");
        Files.write(f, new byte[1000]);  // rewritten in place, same size
        assertFalse(NativeLibrary.isExtracted(f, 1000), "an edit moves the time stamp");
        Files.setLastModifiedTime(f, FileTime.fromMillis(NativeLibrary.EXTRACTED_STAMP.toMillis() + 1000));
        assertFalse(NativeLibrary.isExtracted(f, 1000));
        assertFalse(NativeLibrary.isExtracted(tmp.resolve("missing.so"), 1000));
        Path dir = Files.createDirectory(tmp.resolve("dir.so"));
        Files.setLastModifiedTime(dir, NativeLibrary.EXTRACTED_STAMP);
        assertFalse(NativeLibrary.isExtracted(dir, Files.size(dir)), "a folder is no library");
    }

    @Test
    void mountPointsAreUnescaped() {
        assertEquals("/mnt/my disk", NativeLibrary.unescapeMountPath("/mnt/my\\040disk"));
        assertEquals("/a\\b\tc", NativeLibrary.unescapeMountPath("/a\\134b\\011c"));
        assertEquals("/plain", NativeLibrary.unescapeMountPath("/plain"));
        assertEquals("/odd\\04", NativeLibrary.unescapeMountPath("/odd\\04"), "a cut escape stays as it is");
    }

    @Test
    void anOrdinaryFolderIsNotNoexec() throws Exception {
        assumeLinux();
        assertNull(NativeLibrary.noexecMount(Files.writeString(tmp.resolve("f"), "x")),
                "the test's temporary folder is on an exec mount");
        assertNull(NativeLibrary.noexecMount(tmp.resolve("does-not-exist")));
    }

    private static void assumeLinux() {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/self/mountinfo")), "Linux");
    }
}
