package io.panrocks;

import io.panrocks.testkit.EngineVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@link BlockBasedTableConfig#setIndexSearchType} (RocksDB's
 * {@code index_block_search_type}) and
 * {@link BlockBasedTableConfig#setUniformCvThreshold}
 * ({@code uniform_cv_threshold}) on data shaped for them: 8-byte big-endian
 * keys drawn uniformly (the writer measures the spread of each index block's
 * keys and marks the blocks uniform) and log-uniformly (skewed: it does not).
 * The same SST file, read under binary, interpolation and automatic search,
 * answers every get and seek as a sorted map does: present keys, absent keys
 * between neighbours, before the first and after the last, shorter and
 * longer keys.
 */
class IndexSearchTypeTest {
    @TempDir
    Path dir;

    static final int KEYS = 100_000;

    static byte[] key(long v) {
        byte[] b = new byte[8];
        for (int i = 0; i < 8; i++) b[i] = (byte) (v >>> (56 - 8 * i));
        return b;
    }

    static byte[] value(byte[] key) {
        byte[] v = Arrays.copyOf(key, 16);
        System.arraycopy(key, 0, v, 8, 8);
        return v;
    }

    /** Unsigned order of the longs is the bytewise order of their keys. */
    static TreeMap<Long, byte[]> keys(boolean uniform, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        TreeMap<Long, byte[]> m = new TreeMap<>(Long::compareUnsigned);
        while (m.size() < KEYS) {
            long r = rnd.nextLong();
            long k;
            if (uniform) {
                k = r;
            } else {
                // log-uniform: a bit length of 1..63, then random bits below it
                int bits = rnd.nextInt(63) + 1;
                k = (1L << (bits - 1)) | (r & ((1L << (bits - 1)) - 1));
            }
            m.put(k, value(key(k)));
        }
        return m;
    }

    @Test
    void everySearchAnswersAsASortedMapOnUniformAndSkewedKeys() throws Exception {
        assumeTrue(EngineVersion.atLeast(11, 0), "RocksDB " + RocksDB.engineVersion());
        for (boolean uniform : new boolean[]{true, false}) {
            String label = uniform ? "uniform" : "skewed";
            TreeMap<Long, byte[]> expected = keys(uniform, uniform ? 1 : 2);
            Path path = dir.resolve(label);
            // written once, with RocksJava's threshold 0.2 and statistics to see the writer's verdict
            try (Statistics stats = new Statistics();
                 Options o = new Options().setCreateIfMissing(true).setStatistics(stats)
                         .setTableFormatConfig(new BlockBasedTableConfig().setUniformCvThreshold(0.2));
                 RocksDB db = RocksDB.open(o, path)) {
                for (Map.Entry<Long, byte[]> e : expected.entrySet()) db.put(key(e.getKey()), e.getValue());
                db.flush();
                db.compactRange();
                HistogramData cv = stats.getHistogramData(HistogramType.BLOCK_KEY_DISTRIBUTION_CV);
                assertTrue(cv.getCount() > 0, label + ": the writer measured its index blocks");
                // the engine records CV x 10000: below 2000 is below the threshold 0.2
                if (uniform) assertTrue(cv.getMax() < 2000, label + ": every index block uniform, max CV " + cv.getMax());
                else assertTrue(cv.getMin() >= 2000, label + ": no index block uniform, min CV " + cv.getMin());
            }
            for (IndexSearchType search : IndexSearchType.values()) {
                try (Options o = new Options().setTableFormatConfig(new BlockBasedTableConfig()
                        .setUniformCvThreshold(0.2).setIndexSearchType(search));
                     RocksDB db = RocksDB.open(o, path)) {
                    assertEquals(search.name(), OptionGettersAndSettersTest.optionsFile(path)
                            .get(OptionGettersAndSettersTest.TABLE).get("index_block_search_type"), "reached the engine");
                    checkAnswers(db, expected, label + " " + search);
                }
            }
        }
    }

    private static void checkAnswers(RocksDB db, TreeMap<Long, byte[]> expected, String label) throws Exception {
        SplittableRandom rnd = new SplittableRandom(99);
        Long[] present = expected.keySet().toArray(new Long[0]);
        try (RocksIterator it = db.newIterator()) {
            for (int n = 0; n < 20_000; n++) {
                long k = present[rnd.nextInt(present.length)];
                assertArrayEquals(expected.get(k), db.get(key(k)), label + " present " + Long.toUnsignedString(k));
                // between this key and the next (or a random long: almost always absent)
                long probe = switch (n % 3) {
                    case 0 -> k + 1;
                    case 1 -> k - 1;
                    default -> rnd.nextLong();
                };
                assertArrayEquals(expected.get(probe), db.get(key(probe)), label + " probe " + Long.toUnsignedString(probe));
                it.seek(key(probe));
                Map.Entry<Long, byte[]> ceiling = expected.ceilingEntry(probe);
                if (ceiling == null) {
                    assertFalse(it.isValid(), label + " seek past the last key");
                } else {
                    assertTrue(it.isValid(), label + " seek " + Long.toUnsignedString(probe));
                    assertArrayEquals(key(ceiling.getKey()), it.keyBytes(), label + " seek " + Long.toUnsignedString(probe));
                    assertArrayEquals(ceiling.getValue(), it.valueBytes());
                }
                // shorter and longer keys sort beside the 8-byte ones and match none
                byte[] shorter = Arrays.copyOf(key(k), 7);
                byte[] longer = Arrays.copyOf(key(k), 9);
                assertNull(db.get(shorter), label + " 7-byte prefix");
                assertNull(db.get(longer), label + " 9-byte extension");
                it.seek(longer);
                Map.Entry<Long, byte[]> next = expected.higherEntry(k);
                if (next == null) assertFalse(it.isValid());
                else assertArrayEquals(key(next.getKey()), it.keyBytes(), label + " seek after a longer key");
            }
            // the ends of the key space
            byte[] lowest = new byte[8];
            byte[] highest = new byte[8];
            Arrays.fill(highest, (byte) 0xff);
            assertArrayEquals(expected.get(0L), db.get(lowest), label);
            assertArrayEquals(expected.get(-1L), db.get(highest), label);
            assertNull(db.get(new byte[0]), label + " empty key");
            it.seek(new byte[0]);
            assertArrayEquals(key(expected.firstKey()), it.keyBytes(), label + " seek to the empty key");
            it.seekForPrev(highest);
            assertArrayEquals(key(expected.lastKey()), it.keyBytes(), label + " seekForPrev to the highest key");
            it.seek(new byte[]{(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff,
                    (byte) 0xff, 0});
            assertFalse(it.isValid(), label + " seek past every key");
            it.status();
        }
    }
}
