package io.panrocks;

import io.panrocks.internal.options.OptionDefaults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@link CompressionOptions#setParallelThreads} (RocksDB's
 * {@code CompressionOptions::parallel_threads}): the value reaches the
 * engine's OPTIONS file and its LOG, comes back from the getters, bad values
 * are refused before any native call, and SST files written by flushes and
 * compactions with 1 and 2 compression threads under ZSTD and LZ4 read back
 * exactly what was written.
 */
class ParallelCompressionTest {
    @TempDir
    Path dir;

    private static final String[] WORDS = {"the", "store", "key", "value", "block", "compaction", "level", "engine",
            "thread", "flush", "reader", "writer", "index", "filter", "cache", "table"};

    /** Text-like values (words from a small vocabulary) so the libraries have something to compress. */
    static byte[] textValue(SplittableRandom rnd, int length) {
        StringBuilder sb = new StringBuilder(length + 16);
        while (sb.length() < length) sb.append(WORDS[rnd.nextInt(WORDS.length)]).append(' ');
        sb.setLength(length);
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    static byte[] key(int i) {
        return String.format("key%010d", i).getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void defaultsToOneAndRefusesFewerThanOne() {
        assertEquals(1, new CompressionOptions().parallelThreads());
        assertEquals(1, new ColumnFamilyOptions().compressionOptions().parallelThreads(), "the engine's default");
        CompressionOptions c = new CompressionOptions();
        for (int bad : new int[]{0, -1, Integer.MIN_VALUE}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> c.setParallelThreads(bad));
            assertEquals("parallelThreads must be >= 1, was " + bad, e.getMessage());
        }
        assertEquals(1, c.parallelThreads(), "a refused value leaves the old one");
        assertEquals(7, c.setParallelThreads(7).parallelThreads());
        assertNotEquals(new CompressionOptions(), c, "the thread count is part of the value");
        assertEquals(new CompressionOptions().setParallelThreads(7), c);
        assertEquals(new CompressionOptions().setParallelThreads(7).hashCode(), c.hashCode());
    }

    @Test
    void roundTripsThroughTheOptionStringTheEngineAndItsFiles() throws Exception {
        CompressionOptions c = new CompressionOptions().setParallelThreads(2).setLevel(3);
        CompressionOptions bottom = new CompressionOptions().setParallelThreads(3).setEnabled(true);
        assertEquals(c, CompressionOptions.fromOptionValue(c.optionValue()));
        // an option string without the field (an OPTIONS file of an older engine) keeps the default
        assertEquals(1, CompressionOptions.fromOptionValue("{level=3;enabled=false}").parallelThreads());
        assertEquals(4, CompressionOptions.fromOptionValue("{parallel_threads=4}").parallelThreads());
        try (Options o = new Options().setCreateIfMissing(true).setCompressionType(CompressionType.ZSTD_COMPRESSION)
                .setCompressionOptions(c).setBottommostCompressionOptions(bottom);
             RocksDB db = RocksDB.open(o, dir.toString())) {
            assertEquals(2, o.compressionOptions().parallelThreads());
            assertEquals(3, o.bottommostCompressionOptions().parallelThreads());
            db.put(key(1), "x".repeat(4000).getBytes(StandardCharsets.UTF_8));
            db.flush(new FlushOptions());
        }
        Map<String, String> family = OptionGettersAndSettersTest.optionsFile(dir).get(OptionGettersAndSettersTest.CF);
        assertEquals("2", OptionDefaults.parse(strip(family.get("compression_opts"))).get("parallel_threads"));
        assertEquals("3", OptionDefaults.parse(strip(family.get("bottommost_compression_opts"))).get("parallel_threads"));
        // the engine's own report of the options it runs with
        String log = Files.readString(dir.resolve("LOG"));
        assertTrue(log.contains("Options.compression_opts.parallel_threads: 2"), "LOG names 2 threads");
        assertTrue(log.contains("Options.bottommost_compression_opts.parallel_threads: 3"), "LOG names 3 bottommost threads");
        // a DB opened from its OPTIONS file gets the value back
        try (DBOptions dbOptions = new DBOptions(); ConfigOptions config = new ConfigOptions()) {
            java.util.List<ColumnFamilyDescriptor> families = new java.util.ArrayList<>();
            OptionsUtil.loadLatestOptions(config, dir.toString(), dbOptions, families);
            // (the loaded value comes back in two pairs of braces, {{...}}: every setting must survive that)
            assertEquals(c, families.get(0).getOptions().compressionOptions());
            assertEquals(2, families.get(0).getOptions().compressionOptions().parallelThreads());
            assertEquals(3, families.get(0).getOptions().bottommostCompressionOptions().parallelThreads());
        }
    }

    @Test
    void flushedAndCompactedDataReadsBackUnderZstdAndLz4AtOneAndTwoThreads() throws Exception {
        for (CompressionType type : new CompressionType[]{CompressionType.ZSTD_COMPRESSION, CompressionType.LZ4_COMPRESSION}) {
            for (int threads : new int[]{1, 2}) {
                writeFlushCompactAndCheck(type, threads);
            }
        }
    }

    private void writeFlushCompactAndCheck(CompressionType type, int threads) throws Exception {
        String label = type + " x" + threads;
        Path path = dir.resolve(type.name() + "-" + threads);
        SplittableRandom rnd = new SplittableRandom(42);
        TreeMap<Integer, byte[]> expected = new TreeMap<>();
        // small blocks so each file has many blocks to hand to the workers
        BlockBasedTableConfig table = new BlockBasedTableConfig().setBlockSize(1024);
        try (Options o = new Options().setCreateIfMissing(true).setCompressionType(type)
                .setBottommostCompressionType(type).setTableFormatConfig(table)
                .setCompressionOptions(new CompressionOptions().setParallelThreads(threads));
             RocksDB db = RocksDB.open(o, path.toString())) {
            // three flushed files with overlapping keys, overwrites and deletions, then one compaction
            for (int round = 0; round < 3; round++) {
                for (int n = 0; n < 3000; n++) {
                    int k = rnd.nextInt(6000);
                    if (rnd.nextInt(10) == 0) {
                        db.delete(key(k));
                        expected.remove(k);
                    } else {
                        byte[] v = textValue(rnd, 50 + rnd.nextInt(400));
                        db.put(key(k), v);
                        expected.put(k, v);
                    }
                }
                db.flush(new FlushOptions());
                checkAll(db, expected, label + " after flush " + round);
            }
            assertEquals(3, db.getLiveFilesMetaData().size(), label);
            db.compactRange();
            assertEquals(1, db.getLiveFilesMetaData().size(), label + ": compacted into one file");
            checkAll(db, expected, label + " after compaction");
            for (TableProperties p : db.getPropertiesOfAllTables().values()) {
                // format_version 7 names the compression manager and the type (0x07 ZSTD, 0x04 LZ4): the library that compressed the file
                assertTrue(p.getCompressionName().contains(type == CompressionType.ZSTD_COMPRESSION ? ";07;" : ";04;"), label + ": " + p
                        .getCompressionName());
                assertTrue(p.getDataSize() < (p.getRawKeySize() + p.getRawValueSize()) * 3 / 4,
                        label + ": the text is compressed, data " + p.getDataSize() + " of raw "
                                + (p.getRawKeySize() + p.getRawValueSize()));
            }
        }
        // and from the files alone, after a reopen
        try (Options o = new Options(); RocksDB db = RocksDB.open(o, path.toString())) {
            checkAll(db, expected, label + " after reopen");
        }
    }

    private static void checkAll(RocksDB db, TreeMap<Integer, byte[]> expected, String label) throws RocksDBException {
        for (int k = 0; k < 6000; k++) {
            byte[] want = expected.get(k);
            byte[] got = db.get(key(k));
            if (want == null) assertNull(got, label + " key " + k);
            else assertArrayEquals(want, got, label + " key " + k);
        }
        int seen = 0;
        try (RocksIterator it = db.newIterator()) {
            for (it.seekToFirst(); it.isValid(); it.next()) seen++;
            it.status();
        }
        assertEquals(expected.size(), seen, label + ": entries in a scan");
    }

    private static String strip(String nested) {
        return nested.startsWith("{") && nested.endsWith("}") ? nested.substring(1, nested.length() - 1) : nested;
    }
}
