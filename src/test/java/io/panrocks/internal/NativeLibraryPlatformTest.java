package io.panrocks.internal;

import org.junit.jupiter.api.Test;

import java.util.List;

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
    void aLinuxWithNeitherGlibcNorMuslIsRefusedAndNamed() {
        UnsatisfiedLinkError e = assertThrows(UnsatisfiedLinkError.class,
                () -> NativeLibrary.checkCLibrary("linux-aarch64", "neither glibc nor musl"));
        assertTrue(e.getMessage().contains("linux-aarch64"), e.getMessage());
        assertTrue(e.getMessage().contains("C library is neither glibc nor musl"), e.getMessage());
        assertTrue(e.getMessage().contains("for glibc 2.17+ and for musl"), e.getMessage());
        assertTrue(e.getMessage().contains("-Dpanrocks.library.path="), e.getMessage());
    }

    @Test
    void otherSystemsAndUnknownCLibrariesAreLeftToTheDynamicLinker() {
        assertDoesNotThrow(() -> NativeLibrary.checkCLibrary("osx-aarch64", "neither glibc nor musl"));
        assertDoesNotThrow(() -> NativeLibrary.checkCLibrary("linux-x86_64", null));
    }

    @Test
    void muslPicksTheMuslLibraryOfTheMachine() {
        assertEquals("linux-x86_64-musl", NativeLibrary.libraryPlatform("linux-x86_64", "musl"));
        assertEquals("linux-aarch64-musl", NativeLibrary.libraryPlatform("linux-aarch64", "musl"));
        assertEquals("linux-x86_64", NativeLibrary.libraryPlatform("linux-x86_64", "glibc 2.36"));
        assertEquals("linux-aarch64", NativeLibrary.libraryPlatform("linux-aarch64", null));
        assertEquals("linux-ppc64le-musl", NativeLibrary.libraryPlatform("linux-ppc64le", "musl"));
        assertEquals("linux-x86_64", NativeLibrary.libraryPlatform("linux-x86_64", "neither glibc nor musl"));
        assertEquals("osx-aarch64", NativeLibrary.libraryPlatform("osx-aarch64", "musl"));
        assertEquals("libpanrocks.so", NativeLibrary.libraryFile("linux-aarch64-musl"));
        assertEquals("io/panrocks/native/linux-x86_64-musl/libpanrocks.so",
                NativeLibrary.resourceName("linux-x86_64-musl"));
        assertTrue(NativeLibrary.PLATFORMS.containsAll(List.of("linux-x86_64-musl", "linux-aarch64-musl")));
    }

    @Test
    void muslRunsTheMuslLibraryOnly() {
        assertDoesNotThrow(() -> NativeLibrary.checkCLibrary("linux-x86_64-musl", "musl"));
        assertDoesNotThrow(() -> NativeLibrary.checkCLibrary("linux-aarch64-musl", "musl"));
        UnsatisfiedLinkError glibcLibrary = assertThrows(UnsatisfiedLinkError.class,
                () -> NativeLibrary.checkCLibrary("linux-x86_64", "musl"));
        assertTrue(glibcLibrary.getMessage().contains("for linux-x86_64 in this jar needs glibc 2.17 or newer, "
                + "and this Linux's C library is musl"), glibcLibrary.getMessage());
        UnsatisfiedLinkError muslLibrary = assertThrows(UnsatisfiedLinkError.class,
                () -> NativeLibrary.checkCLibrary("linux-x86_64-musl", "glibc 2.36"));
        assertTrue(muslLibrary.getMessage().contains("for linux-x86_64-musl in this jar needs musl, "
                + "and this Linux's C library is glibc 2.36"), muslLibrary.getMessage());
        // neither glibc nor musl: refused by name, not by the dynamic linker
        UnsatisfiedLinkError ppc = assertThrows(UnsatisfiedLinkError.class,
                () -> NativeLibrary.checkCLibrary("linux-ppc64le", "neither glibc nor musl"));
        assertTrue(ppc.getMessage().contains("linux-ppc64le"), ppc.getMessage());
    }

    /**
     * /proc/self/maps of musl processes: Debian's musl 1.2.3 (a program built
     * by zig for x86_64-linux-musl, run by that musl's dynamic linker on this
     * machine), and Alpine's layout, where the C library is the dynamic
     * linker itself, /lib/ld-musl-x86_64.so.1 (libc.musl-x86_64.so.1 links to it).
     */
    @Test
    void muslIsToldByTheFileOfItsCLibrary() {
        List<String> debian = List.of(
                "01000000-01001000 r--p 00000000 fe:00 9986249                            /tmp/print-maps",
                "55556adbe000-55556adbf000 ---p 00000000 00:00 0                          [heap]",
                "7ff7f56f5000-7ff7f56f7000 r-xp 00000000 00:00 0                          [vdso]",
                "7ff7f56f7000-7ff7f570c000 r--p 00000000 fe:00 9997345                    "
                        + "/usr/lib/x86_64-linux-musl/libc.so",
                "7ffd18b93000-7ffd18bb4000 rw-p 00000000 00:00 0                          [stack]");
        assertTrue(NativeLibrary.isMusl(debian, false));
        List<String> alpine = List.of(
                "55d0c5e2b000-55d0c5e2c000 r--p 00000000 08:01 1048601                    /opt/java/openjdk/bin/java",
                "7f3b1c0e9000-7f3b1c9f4000 r-xp 00000000 08:01 1049123                    "
                        + "/opt/java/openjdk/lib/server/libjvm.so",
                "7f3b1cc6b000-7f3b1ccb4000 r-xp 00014000 08:01 524321                     /lib/ld-musl-x86_64.so.1");
        assertTrue(NativeLibrary.isMusl(alpine, false));
        assertTrue(NativeLibrary.isMusl(List.of("7f00-7f01 r-xp 0 08:01 1 /lib/libc.musl-aarch64.so.1"), false));
        // glibc's files, a file named like musl's in a folder only, and nothing at all: not musl
        List<String> glibc = List.of(
                "7f3b1c0e9000-7f3b1c9f4000 r-xp 00000000 08:01 1 /usr/lib/x86_64-linux-gnu/libc.so.6",
                "7f3b1c0e9000-7f3b1c9f4000 r-xp 00000000 08:01 2 /usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2",
                "7f3b1c0e9000-7f3b1c9f4000 r-xp 00000000 08:01 3 /home/me/ld-musl-builds/libfoo.so",
                "7f3b1c0e9000-7f3b1c9f4000 r-xp 00000000 08:01 4 /usr/lib/libc.so");
        assertFalse(NativeLibrary.isMusl(glibc, false));
        assertFalse(NativeLibrary.isMusl(List.of(), false));
        // mapped under another name, told by musl's dynamic linker on the machine
        assertTrue(NativeLibrary.isMusl(List.of("7f00-7f01 r-xp 0 08:01 4 /usr/lib/libc.so"), true));
    }

    @Test
    void thisGlibcMachineRunsItsGlibcLibrary() {
        String c = NativeLibrary.cLibrary();
        assertEquals(NativeLibrary.platform(), NativeLibrary.libraryPlatform(NativeLibrary.platform(), c), c);
        assertDoesNotThrow(() -> NativeLibrary.checkCLibrary(NativeLibrary.libraryPlatform(NativeLibrary.platform(), c), c));
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
