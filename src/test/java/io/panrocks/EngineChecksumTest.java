package io.panrocks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The engine's CRC32C, which checksums every WAL record, takes the CPU's
 * instructions where it has them (native/engine/11.8.1/
 * 0002-crc32c-hardware-chosen-at-run-time.patch on x86-64; upstream's own
 * choice on aarch64), and what it writes reads back. That the checksums are
 * RocksDB's own, byte for byte, is OnDiskInteropTest's part: RocksJava,
 * whose portable build has the table-driven loop only, replays WALs panrocks
 * wrote (records from empty to 256 KiB) and the reverse.
 */
class EngineChecksumTest {
    @TempDir
    Path dir;

    /** The engine says at every open which CRC32C it took: "Fast CRC32 supported: ..." in its LOG. */
    @Test
    void theEngineTakesTheCpusCrcInstructionsWhereItHasThem() throws Exception {
        assumeTrue(!EngineLinkageTest.sharedEngineBuild(), "built against a shared RocksDB, not the bundled engine");
        String arch = System.getProperty("os.arch");
        Set<String> flags = cpuFlags();
        String expected;
        if (arch.equals("amd64") || arch.equals("x86_64")) {
            expected = flags.contains("sse4_2") && flags.contains("pclmulqdq") ? "Supported on x86"
                    : "Not supported on x86";
        } else if (arch.equals("aarch64")) {
            expected = flags.contains("crc32") ? "Supported on Arm64" : "Not supported on Arm64";
        } else {
            expected = null;
        }
        assumeTrue(expected != null, "no expectation for " + arch);
        Path path = dir.resolve("db");
        try (Options o = new Options().setCreateIfMissing(true); RocksDB db = RocksDB.open(o, path)) {
            db.put(new byte[]{1}, new byte[]{2});
        }
        String line = Files.readAllLines(path.resolve("LOG"), StandardCharsets.ISO_8859_1).stream()
                .filter(l -> l.contains("Fast CRC32 supported:")).findFirst()
                .orElseThrow(() -> new AssertionError("no \"Fast CRC32 supported\" line in " + path.resolve("LOG")));
        assertTrue(line.endsWith("Fast CRC32 supported: " + expected), line + " (CPU flags of " + arch + ")");
    }

    /**
     * Records of every length the checksum code splits differently (0 to 7
     * bytes, the 8-byte words, the three-way blocks up to megabytes, at odd
     * offsets within the WAL's 32 KiB blocks) are written to the WAL only and
     * replayed by the next open: a record whose checksum did not match would
     * be dropped or refused there.
     */
    @Test
    void walRecordsOfEveryLengthReplayIntact() throws Exception {
        Random r = new Random(20261206);
        int[] sizes = new int[600];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = i < 300 ? i : i < 560 ? r.nextInt(70_000) : r.nextInt(1 << 20);
        }
        sizes[sizes.length - 1] = (4 << 20) + 13;
        Path path = dir.resolve("wal");
        try (Options o = new Options().setCreateIfMissing(true).setWriteBufferSize(256L << 20);
             RocksDB db = RocksDB.open(o, path)) {
            for (int i = 0; i < sizes.length; i++) db.put(key(i), value(i, sizes[i]));
        } // closing with the WAL on does not flush: everything is in the WAL
        assertTrue(listing(path).stream().noneMatch(f -> f.endsWith(".sst")), "nothing flushed: " + listing(path));
        try (Options o = new Options().setParanoidChecks(true)
                .setWalRecoveryMode(WALRecoveryMode.AbsoluteConsistency);
             RocksDB db = RocksDB.open(o, path)) {
            for (int i = 0; i < sizes.length; i++) {
                byte[] v = db.get(key(i));
                assertNotNull(v, "key " + i + " (" + sizes[i] + " bytes) lost in the replay");
                assertArrayEquals(value(i, sizes[i]), v, "key " + i + " (" + sizes[i] + " bytes) differs");
            }
        }
    }

    private static byte[] key(int i) {
        return String.format(Locale.ROOT, "k%05d", i).getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] value(int i, int size) {
        byte[] v = new byte[size];
        new Random(i * 7919L + size).nextBytes(v);
        return v;
    }

    private static List<String> listing(Path path) throws Exception {
        try (var s = Files.list(path)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** The CPU's feature flags as Linux names them ("flags" on x86, "Features" on arm), empty elsewhere. */
    private static Set<String> cpuFlags() throws Exception {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        if (!Files.isReadable(cpuinfo)) return Set.of();
        return Files.readAllLines(cpuinfo).stream()
                .filter(l -> l.startsWith("flags") || l.startsWith("Features")).findFirst()
                .map(l -> Set.of(l.substring(l.indexOf(':') + 1).trim().split("\\s+"))).orElse(Set.of());
    }
}
