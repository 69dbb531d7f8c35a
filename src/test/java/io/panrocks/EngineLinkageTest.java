package io.panrocks;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The libpanrocks.so inside the jar is self-contained: the engine, the five
 * compression libraries and the C++ runtime are linked in, so it needs
 * nothing beyond glibc, exports nothing but the C ABI, and carries the engine
 * version the build pins. Skipped only for builds against a shared RocksDB
 * (ROCKSDB_ROOT, PANROCKS_ENGINE_LIBRARY), which are not self-contained by
 * design.
 */
class EngineLinkageTest {
    static final Set<String> GLIBC = Set.of("libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2",
            "ld-linux-x86-64.so.2", "librt.so.1");

    @TempDir
    static Path tmp;
    static Path library;

    static boolean sharedEngineBuild() {
        for (String p : List.of("panrocks.test.rocksdbRoot", "panrocks.test.engineLibrary")) {
            String v = System.getProperty(p, "");
            if (!v.isBlank() && !v.startsWith("${")) return true;
        }
        return false;
    }

    @BeforeAll
    static void extract() throws Exception {
        library = tmp.resolve("libpanrocks.so");
        try (InputStream in = RocksDB.class.getResourceAsStream("/io/panrocks/native/linux-x86_64/libpanrocks.so")) {
            assertNotNull(in, "the jar carries libpanrocks.so for linux-x86_64");
            Files.copy(in, library);
        }
    }

    static String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), String.join(" ", command) + "\n" + out);
        return out;
    }

    @Test
    void needsNothingBeyondGlibc() throws Exception {
        assumeTrue(!sharedEngineBuild(), "built against a shared RocksDB");
        Set<String> needed = new TreeSet<>();
        Matcher m = Pattern.compile("\\(NEEDED\\)\\s+Shared library: \\[([^]]+)]").matcher(run("readelf", "-d", library.toString()));
        while (m.find()) needed.add(m.group(1));
        assertFalse(needed.isEmpty(), "readelf found the NEEDED entries");
        for (String lib : needed) {
            assertTrue(GLIBC.contains(lib), "libpanrocks.so needs " + lib + ", which is not part of glibc: " + needed);
        }
        String ldd = run("ldd", library.toString());
        assertFalse(ldd.contains("not found"), ldd);
        for (String forbidden : List.of("rocksdb", "stdc++", "libgcc_s", "snappy", "lz4", "zstd", "libz.", "bz2")) {
            assertFalse(ldd.contains(forbidden), "ldd names " + forbidden + ":\n" + ldd);
        }
        System.out.println("[linkage] NEEDED " + needed + "; newest glibc symbol version "
                + newestGlibcVersion(run("readelf", "-V", "-W", library.toString())));
    }

    static String newestGlibcVersion(String versionInfo) {
        Matcher m = Pattern.compile("GLIBC_([0-9]+)\\.([0-9]+)").matcher(versionInfo);
        int major = 0, minor = 0;
        while (m.find()) {
            int a = Integer.parseInt(m.group(1)), b = Integer.parseInt(m.group(2));
            if (a > major || (a == major && b > minor)) { major = a; minor = b; }
        }
        return major + "." + minor;
    }

    @Test
    void exportsOnlyTheCAbiAndNoProcessWideSymbols() throws Exception {
        assumeTrue(!sharedEngineBuild(), "built against a shared RocksDB");
        String symbols = run("readelf", "--dyn-syms", "-W", library.toString());
        int exported = 0;
        for (String line : symbols.lines().toList()) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 8 || !f[0].matches("[0-9]+:")) continue;
            String bind = f[4], ndx = f[6], name = f[7];
            assertNotEquals("UNIQUE", bind, "STB_GNU_UNIQUE symbols are process-wide: " + line);
            if (ndx.equals("UND") || bind.equals("LOCAL")) continue;
            assertTrue(name.startsWith("panrocks_"), "exported symbol outside the C ABI: " + line);
            exported++;
        }
        assertTrue(exported > 50, "the C ABI is exported (" + exported + " symbols)");
    }

    @Test
    void carriesTheEngineVersionTheBuildPins() {
        assumeTrue(!sharedEngineBuild(), "built against a shared RocksDB");
        String expected = System.getProperty("panrocks.test.engineVersion");
        String source = System.getProperty("panrocks.test.engineSource", "");
        assumeTrue(source.isBlank() || source.startsWith("${"), "built from PANROCKS_ENGINE_SOURCE=" + source);
        assertEquals(expected, RocksDB.engineVersion());
    }
}
