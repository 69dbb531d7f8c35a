package io.panrocks.jmh;

import java.util.Arrays;

/**
 * The key sets of the index search benchmark, generated exactly as the
 * native floor ({@code native/bench/panrocks_index_search_bench.cc}) does, so
 * both sides read the same file: splitmix64 from seed 42, sorted, duplicates
 * dropped, each key its 8 bytes big-endian (unsigned order = byte order).
 */
final class IndexSearchKeys {
    static final int VALUE_SIZE = 16;

    private IndexSearchKeys() {
    }

    static long splitmix64(long x) {
        long z = x + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * {@code uniform}: the draws themselves. {@code skewed}: log-uniform, the
     * top 6 bits of a draw pick a bit length 1..63 and the rest fill it, so
     * the keys crowd towards 0 and the gaps between neighbours grow by
     * orders of magnitude across the file (the writer never marks such an
     * index block uniform).
     */
    static long[] generate(String distribution, int count) {
        long[] k = new long[count];
        for (int i = 0; i < count; i++) {
            long r = splitmix64(42L * 0x9E3779B97F4A7C15L + i);
            k[i] = switch (distribution) {
                case "uniform" -> r;
                case "skewed" -> {
                    int bits = (int) ((r >>> 58) % 63) + 1;
                    yield (1L << (bits - 1)) | (r & ((1L << (bits - 1)) - 1));
                }
                default -> throw new IllegalArgumentException("distribution " + distribution);
            };
        }
        // unsigned order, the bytewise order of the big-endian keys
        for (int i = 0; i < count; i++) k[i] ^= Long.MIN_VALUE;
        Arrays.sort(k);
        for (int i = 0; i < count; i++) k[i] ^= Long.MIN_VALUE;
        int n = 0;
        for (int i = 0; i < count; i++) if (n == 0 || k[i] != k[n - 1]) k[n++] = k[i];
        return Arrays.copyOf(k, n);
    }

    static byte[] key(long v) {
        byte[] b = new byte[8];
        for (int i = 0; i < 8; i++) b[i] = (byte) (v >>> (56 - 8 * i));
        return b;
    }

    /** The value of a key: its 8 bytes twice. */
    static void fillValue(byte[] key, byte[] value) {
        System.arraycopy(key, 0, value, 0, 8);
        System.arraycopy(key, 0, value, 8, 8);
    }
}
