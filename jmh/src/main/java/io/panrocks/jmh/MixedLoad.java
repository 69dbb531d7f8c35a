package io.panrocks.jmh;

import java.util.SplittableRandom;

/**
 * The mixed load of issue 39 item 5, as a new user tried it: 200,000
 * records of 100 bytes (16-byte keys), flushed into tables that the block
 * cache holds, read and updated at zipfian-chosen keys (YCSB's constant
 * 0.99, hot keys scattered over the key space), or all of them in the
 * memtable. An update reads the record,
 * changes a field, and writes it back. Each binding has its own class
 * ({@link PanrocksMixed}, {@link RocksJavaMixed}) so that a fork loads one.
 */
final class MixedLoad {
    static final DataSpec SPEC = new DataSpec(200_000, 16, 100, "flushed");

    /** The data set in one of its states: "flushed" (tables the block cache holds) or "memtable". */
    static DataSpec spec(String dataset) {
        return new DataSpec(SPEC.keyCount(), SPEC.keySize(), SPEC.valueSize(), dataset);
    }
    static final long CACHE_BYTES = 64L << 20;
    /** samples per thread, cycled */
    private static final int SAMPLES = 1 << 20;

    private MixedLoad() {
    }

    /** Zipfian indices into the key set (Gray et al., as YCSB draws them), scrambled so hot keys are not adjacent. */
    static int[] zipfian(int stream) {
        int n = SPEC.keyCount();
        double theta = 0.99, zetan = 0, zeta2 = 1 + Math.pow(0.5, theta);
        for (int i = 1; i <= n; i++) zetan += 1 / Math.pow(i, theta);
        double alpha = 1 / (1 - theta), eta = (1 - Math.pow(2.0 / n, 1 - theta)) / (1 - zeta2 / zetan);
        SplittableRandom r = new SplittableRandom(0x5eed + stream);
        int[] out = new int[SAMPLES];
        for (int s = 0; s < SAMPLES; s++) {
            double u = r.nextDouble(), uz = u * zetan;
            long rank = uz < 1 ? 0 : uz < 1 + Math.pow(0.5, theta) ? 1 : (long) (n * Math.pow(eta * u - eta + 1, alpha));
            out[s] = (int) Math.floorMod(rank * 0x9E3779B97F4A7C15L >>> 17, (long) n);
        }
        return out;
    }

    /** The update's change: the record's first 8 bytes as a counter, plus one. */
    static void bump(byte[] value) {
        long c = 0;
        for (int i = 0; i < 8; i++) c = c << 8 | (value[i] & 0xff);
        c++;
        for (int i = 7; i >= 0; i--) {
            value[i] = (byte) c;
            c >>>= 8;
        }
    }
}
