package io.panrocks.internal;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/**
 * How the loader names platforms and judges a Linux's C library, for inputs
 * this machine cannot be: other systems, musl, an old glibc. (What this
 * machine is, and the jar's own libraries, NativeLoadingTest checks in child
 * JVMs; the libraries on other Linux roots, scripts/check-portable.sh.)
 */
class NativeLibraryPlatformTest {
    @Test
    void platformsAreNamedAsTheJarsNameThem() {
        assertEquals("linux-x86_64", NativeLibrary.platform("Linux", "amd64"));
        assertEquals("linux-aarch64", NativeLibrary.platform("Linux", "aarch64"));
        assertEquals("osx-aarch64", NativeLibrary.platform("Mac OS X", "aarch64"));
        assertEquals("osx-x86_64", NativeLibrary.platform("Mac OS X", "x86_64"));
        assertEquals("windows-x86_64", NativeLibrary.platform("Windows 11", "amd64"));
        assertEquals("linux-ppc64le", NativeLibrary.platform("Linux", "ppc64le"));
        assertEquals("freebsd-x86_64", NativeLibrary.platform("FreeBSD", "amd64"));
    }

    @Test
    void eachSystemHasItsLibraryFileName() {
        assertEquals("libpanrocks.so", NativeLibrary.libraryFile("linux-aarch64"));
        assertEquals("libpanrocks.dylib", NativeLibrary.libraryFile("osx-aarch64"));
        assertEquals("panrocks.dll", NativeLibrary.libraryFile("windows-x86_64"));
        assertEquals("io/panrocks/native/osx-x86_64/libpanrocks.dylib", NativeLibrary.resourceName("osx-x86_64"));
    }

    @Test
    void glibcFromTheFloorOnIsAccepted() {
        for (String version : new String[]{"2.17", "2.28", "2.31", "2.36", "2.41", "3.0"}) {
            assertDoesNotThrow(() -> NativeLibrary.checkCLibrary("linux-x86_64", "glibc " + version), version);
        }
    }

    @Test
    void anOlderGlibcIsRefusedBeforeTheDynamicLinkerSeesTheLibrary() {
        UnsatisfiedLinkError e = assertThrows(UnsatisfiedLinkError.class,
                () -> NativeLibrary.checkCLibrary("linux-x86_64", "glibc 2.12"));
        assertTrue(e.getMessage().contains("needs glibc 2.17 or newer; this machine has glibc 2.12"), e.getMessage());
        assertTrue(e.getMessage().contains("-Dpanrocks.library.path="), e.getMessage());
        assertTrue(e.getMessage().contains("scripts/build-native.sh"), e.getMessage());
    }

    @Test
    void aLinuxWithoutGlibcIsRefusedAndNamed() {
        UnsatisfiedLinkError e = assertThrows(UnsatisfiedLinkError.class,
                () -> NativeLibrary.checkCLibrary("linux-aarch64", "not glibc"));
        assertTrue(e.getMessage().contains("linux-aarch64"), e.getMessage());
        assertTrue(e.getMessage().contains("musl"), e.getMessage());
    }

    @Test
    void otherSystemsAndUnknownCLibrariesAreLeftToTheDynamicLinker() {
        assertDoesNotThrow(() -> NativeLibrary.checkCLibrary("osx-aarch64", "not glibc"));
        assertDoesNotThrow(() -> NativeLibrary.checkCLibrary("linux-x86_64", null));
    }

    @Test
    void thisMachineReportsItsGlibc() {
        String c = NativeLibrary.cLibrary();
        assertNotNull(c);
        assertTrue(c.matches("glibc 2\\.[0-9]+"), c);
        assertTrue(NativeLibrary.compareVersions(c.substring(6), NativeLibrary.GLIBC_FLOOR) >= 0, c);
    }

    @Test
    void versionsCompareByNumber() {
        assertTrue(NativeLibrary.compareVersions("2.9", "2.17") < 0);
        assertTrue(NativeLibrary.compareVersions("2.100", "2.17") > 0);
        assertEquals(0, NativeLibrary.compareVersions("2.17", "2.17.0"));
        assertTrue(NativeLibrary.compareVersions("2.35+deb", "2.17") > 0);
    }
}
