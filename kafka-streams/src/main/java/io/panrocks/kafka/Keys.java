package io.panrocks.kafka;

import java.util.Arrays;

/** Byte-key arithmetic for native range bounds (keys order as unsigned bytes, shorter first on a tie). */
final class Keys {
    private Keys() {
    }

    /** The smallest key greater than {@code key}: an exclusive upper bound that includes {@code key}. */
    static byte[] after(byte[] key) {
        return Arrays.copyOf(key, key.length + 1);
    }

    /**
     * The smallest key greater than every key that starts with {@code prefix}
     * (trailing 0xFF bytes dropped, the last other byte incremented), or null
     * when there is none (the prefix is empty or all 0xFF).
     */
    static byte[] prefixEnd(byte[] prefix) {
        int n = prefix.length;
        while (n > 0 && prefix[n - 1] == (byte) 0xFF) n--;
        if (n == 0) return null;
        byte[] end = Arrays.copyOf(prefix, n);
        end[n - 1]++;
        return end;
    }

    /** {@code prefix} followed by {@code rest}. */
    static byte[] concat(byte[] prefix, byte[] rest) {
        byte[] out = Arrays.copyOf(prefix, prefix.length + rest.length);
        System.arraycopy(rest, 0, out, prefix.length, rest.length);
        return out;
    }

    /** Compares {@code a[aFrom, aTo)} with all of {@code b} as unsigned bytes. */
    static int compare(byte[] a, int aFrom, int aTo, byte[] b) {
        return Arrays.compareUnsigned(a, aFrom, aTo, b, 0, b.length);
    }
}
