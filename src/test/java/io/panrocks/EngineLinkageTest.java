package io.panrocks;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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
 * The jar carries a library for Linux x86-64 and one for Linux aarch64, each
 * self-contained: the engine, the five compression libraries and the C++
 * runtime are linked in, so it needs nothing beyond glibc, and no glibc symbol
 * version above 2.17 (RHEL 7, Amazon Linux 2, Ubuntu 18.04 and everything
 * later); it exports nothing but the C ABI, and carries the engine version the
 * build pins. The same for the two musl libraries (Alpine), which need musl's
 * libc.so alone. The checks read the ELF files (readelf reads either
 * architecture); the x86-64 one is also resolved by this machine's dynamic
 * linker. Skipped only for builds against a shared RocksDB (ROCKSDB_ROOT,
 * PANROCKS_ENGINE_LIBRARY), which are not self-contained by design.
 */
class EngineLinkageTest {
    static final Set<String> GLIBC = Set.of("libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2",
            "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1", "librt.so.1");
    static final String GLIBC_FLOOR = "2.17";

    @TempDir
    static Path tmp;

    static boolean sharedEngineBuild() {
        for (String p : List.of("panrocks.test.rocksdbRoot", "panrocks.test.engineLibrary")) {
            String v = System.getProperty(p, "");
            if (!v.isBlank() && !v.startsWith("${")) return true;
        }
        return false;
    }

    @BeforeAll
    static void notASharedEngine() {
        assumeTrue(!sharedEngineBuild(), "built against a shared RocksDB");
    }

    /** The jar's library for a platform, copied out to a file. */
    static Path library(String platform) throws Exception {
        Path file = tmp.resolve(platform + "-libpanrocks.so");
        if (Files.exists(file)) return file;
        try (InputStream in = RocksDB.class.getClassLoader()
                .getResourceAsStream("io/panrocks/native/" + platform + "/libpanrocks.so")) {
            assertNotNull(in, "the jar carries libpanrocks.so for " + platform);
            Files.copy(in, file);
        }
        return file;
    }

    static String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), String.join(" ", command) + "\n" + out);
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"linux-x86_64", "linux-aarch64", "linux-x86_64-musl", "linux-aarch64-musl"})
    void isAnElfLibraryForItsMachine(String platform) throws Exception {
        String header = run("readelf", "-h", library(platform).toString());
        String machine = platform.contains("aarch64") ? "AArch64" : "Advanced Micro Devices X86-64";
        assertTrue(header.contains("Machine:") && header.contains(machine), header);
        assertTrue(header.contains("DYN (Shared object file)"), header);
    }

    @ParameterizedTest
    @ValueSource(strings = {"linux-x86_64", "linux-aarch64"})
    void needsNothingBeyondGlibc(String platform) throws Exception {
        Set<String> needed = new TreeSet<>();
        Matcher m = Pattern.compile("\\(NEEDED\\)\\s+Shared library: \\[([^]]+)]")
                .matcher(run("readelf", "-d", library(platform).toString()));
        while (m.find()) needed.add(m.group(1));
        assertFalse(needed.isEmpty(), "readelf found the NEEDED entries");
        for (String lib : needed) {
            assertTrue(GLIBC.contains(lib), "the " + platform + " library needs " + lib + ", which is not part of glibc: " + needed);
        }
        String newest = newestGlibcVersion(run("readelf", "-V", "-W", library(platform).toString()));
        assertTrue(compareVersions(newest, GLIBC_FLOOR) <= 0,
                "the " + platform + " library asks for GLIBC_" + newest + ", above the floor " + GLIBC_FLOOR);
        System.out.println("[linkage] " + platform + ": NEEDED " + needed + "; newest glibc symbol version " + newest);
    }

    /**
     * musl is one file: libc.so, which musl's dynamic linker (itself the C
     * library) answers to, for libm, libpthread and libdl too. A musl library
     * that named glibc's files or asked for glibc's symbol versions would not
     * load on Alpine.
     */
    @ParameterizedTest
    @ValueSource(strings = {"linux-x86_64-musl", "linux-aarch64-musl"})
    void theMuslLibrariesNeedMuslsLibcAlone(String platform) throws Exception {
        Set<String> needed = new TreeSet<>();
        Matcher m = Pattern.compile("\\(NEEDED\\)\\s+Shared library: \\[([^]]+)]")
                .matcher(run("readelf", "-d", library(platform).toString()));
        while (m.find()) needed.add(m.group(1));
        assertEquals(Set.of("libc.so"), needed, "the " + platform + " library's NEEDED entries");
        String versions = run("readelf", "-V", "-W", library(platform).toString());
        assertFalse(versions.contains("GLIBC_"), "the " + platform + " library asks for glibc symbol versions");
        System.out.println("[linkage] " + platform + ": NEEDED " + needed);
    }

    @Test
    void resolvesOnThisMachineWithNothingRocksDbRelated() throws Exception {
        assumeTrue(System.getProperty("os.arch").equals("amd64"), "an x86-64 machine resolves the x86-64 library");
        String ldd = run("ldd", library("linux-x86_64").toString());
        assertFalse(ldd.contains("not found"), ldd);
        for (String forbidden : List.of("rocksdb", "stdc++", "c++", "libgcc_s", "snappy", "lz4", "zstd", "libz.", "bz2")) {
            assertFalse(ldd.contains(forbidden), "ldd names " + forbidden + ":\n" + ldd);
        }
    }

    static String newestGlibcVersion(String versionInfo) {
        Matcher m = Pattern.compile("GLIBC_([0-9]+\\.[0-9]+(\\.[0-9]+)?)").matcher(versionInfo);
        String newest = "0";
        while (m.find()) if (compareVersions(m.group(1), newest) > 0) newest = m.group(1);
        return newest;
    }

    static int compareVersions(String a, String b) {
        String[] x = a.split("\\."), y = b.split("\\.");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            int p = i < x.length ? Integer.parseInt(x[i]) : 0, q = i < y.length ? Integer.parseInt(y[i]) : 0;
            if (p != q) return Integer.compare(p, q);
        }
        return 0;
    }

    @ParameterizedTest
    @ValueSource(strings = {"linux-x86_64", "linux-aarch64", "linux-x86_64-musl", "linux-aarch64-musl"})
    void exportsOnlyTheCAbiAndNoProcessWideSymbols(String platform) throws Exception {
        String symbols = run("readelf", "--dyn-syms", "-W", library(platform).toString());
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

    /**
     * RocksDB checksums every block and WAL record with CRC32C; on aarch64 it has a version that
     * uses the CPU's CRC32 instructions (chosen at run time, when the CPU has them: every server
     * aarch64 does), built only when the compiler was given them. A library without it computes
     * every checksum in software.
     */
    @Test
    void theAarch64LibraryCarriesTheHardwareCrc32c() throws Exception {
        // the shipped library is stripped: its symbol table is in the debug file split off beside it
        Path debug = Path.of(System.getProperty("panrocks.test.nativeDebuginfo"), "linux-aarch64", "libpanrocks.so.debug");
        assertTrue(Files.isRegularFile(debug), debug + " (scripts/build-native.sh --jar)");
        String symbols = run("readelf", "--syms", "-W", debug.toString());
        assertTrue(symbols.contains("crc32c_arm64"), "no crc32c_arm64 in the linux-aarch64 library");
        assertTrue(symbols.contains("crc32c_runtime_check"), "no crc32c_runtime_check in the linux-aarch64 library");
    }

    @Test
    void bothLibrariesExportTheSameCAbi() throws Exception {
        assertEquals(exportedNames("linux-x86_64"), exportedNames("linux-aarch64"),
                "the two Linux libraries were built from the same sources");
    }

    @ParameterizedTest
    @ValueSource(strings = {"linux-x86_64-musl", "linux-aarch64-musl"})
    void theMuslLibrariesExportTheSameCAbiAsTheGlibcOnes(String platform) throws Exception {
        assertEquals(exportedNames("linux-x86_64"), exportedNames(platform),
                "the " + platform + " library was built from the same sources as linux-x86_64's");
    }

    /**
     * Every function the C ABI's headers declare is in both libraries: one declared and never
     * defined links on ELF (the version script exports by pattern) and fails only when called,
     * while a Windows build, which exports by list, does not link at all.
     */
    @Test
    void everyFunctionTheHeadersDeclareIsExported() throws Exception {
        Path include = Path.of(System.getProperty("panrocks.test.nativeInclude"));
        Set<String> declared = new TreeSet<>();
        Pattern declaration = Pattern.compile("^[A-Za-z].*?\\b(panrocks_[a-z0-9_]+)\\(");
        try (var headers = Files.list(include)) {
            for (Path h : headers.filter(f -> f.toString().endsWith(".h")).toList()) {
                for (String line : Files.readAllLines(h)) {
                    Matcher m = declaration.matcher(line);
                    if (m.find() && !line.startsWith("typedef") && !line.startsWith("#")) declared.add(m.group(1));
                }
            }
        }
        assertTrue(declared.size() > 150, "read the declarations of " + include + ": " + declared.size());
        for (String platform : List.of("linux-x86_64", "linux-aarch64")) {
            Set<String> missing = new TreeSet<>(declared);
            missing.removeAll(exportedNames(platform));
            assertTrue(missing.isEmpty(), "declared in the headers, not in the " + platform + " library: " + missing);
        }
    }

    static Set<String> exportedNames(String platform) throws Exception {
        Set<String> names = new TreeSet<>();
        for (String line : run("readelf", "--dyn-syms", "-W", library(platform).toString()).lines().toList()) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 8 && f[0].matches("[0-9]+:") && !f[6].equals("UND") && f[7].startsWith("panrocks_")) {
                names.add(f[7]);
            }
        }
        return names;
    }

    @Test
    void carriesTheEngineVersionTheBuildPins() {
        String expected = System.getProperty("panrocks.test.engineVersion");
        String source = System.getProperty("panrocks.test.engineSource", "");
        assumeTrue(source.isBlank() || source.startsWith("${"), "built from PANROCKS_ENGINE_SOURCE=" + source);
        assertEquals(expected, RocksDB.engineVersion());
    }
}
