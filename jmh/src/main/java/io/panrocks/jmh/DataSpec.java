package io.panrocks.jmh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The data set, byte for byte what native/bench/panrocks_native_bench writes:
 * key i is i in decimal zero-padded to keySize bytes ("%0*d"), byte j of
 * value i is (i*31 + j) &amp; 0xff. "flushed": flush, compact everything, read
 * every key once (all data blocks cached); "memtable": a write buffer of
 * max(2 x data bytes, 64 MiB), capped at 4 GiB, so nothing is flushed.
 * Engine-neutral: references neither panrocks nor RocksJava.
 */
public record DataSpec(int keyCount, int keySize, int valueSize, String dataset) {
    /** Block cache of both Java sides and of the native floor. */
    public static final long CACHE_BYTES = 1L << 30;
    /** Data sets above this are not run (scripts/bench.sh never asks for them). */
    public static final long MAX_DATA_BYTES = 2L << 30;
    private static final long MIB = 1L << 20;
    private static final long MEMTABLE_CAP = 4L << 30;

    public DataSpec {
        if (keyCount < 1) throw new IllegalArgumentException("keyCount must be >= 1, was " + keyCount);
        if (valueSize < 1) throw new IllegalArgumentException("valueSize must be >= 1, was " + valueSize);
        if (String.valueOf(keyCount - 1).length() > keySize) {
            throw new IllegalArgumentException("keySize " + keySize + " cannot hold " + keyCount + " zero-padded keys");
        }
        if (!dataset.equals("flushed") && !dataset.equals("memtable")) {
            throw new IllegalArgumentException("dataset must be flushed or memtable, was " + dataset);
        }
        if (dataBytes() > MAX_DATA_BYTES) {
            throw new IllegalArgumentException("data set of " + dataBytes() + " bytes (keyCount=" + keyCount
                    + ", keySize=" + keySize + ", valueSize=" + valueSize + ") is above the "
                    + MAX_DATA_BYTES + "-byte limit of this suite; scripts/bench.sh skips such points");
        }
    }

    public boolean flushed() {
        return dataset.equals("flushed");
    }

    public long dataBytes() {
        return (long) keyCount * ((long) keySize + valueSize);
    }

    /** write_buffer_size of the memtable data set. */
    public long memtableBudget() {
        long budget = Math.max(2 * dataBytes(), 64 * MIB);
        if (budget > MEMTABLE_CAP) throw new IllegalArgumentException("memtable budget above 4 GiB: " + this);
        return budget;
    }

    public byte[] key(int i) {
        byte[] k = new byte[keySize];
        java.util.Arrays.fill(k, (byte) '0');
        int at = keySize;
        int v = i;
        do {
            k[--at] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v != 0);
        return k;
    }

    public byte[][] keys() {
        byte[][] keys = new byte[keyCount][];
        for (int i = 0; i < keyCount; i++) keys[i] = key(i);
        return keys;
    }

    /** Writes value i into out[0, valueSize). */
    public void fillValue(int i, byte[] out) {
        int start = (i * 31) & 0xff;
        for (int j = 0; j < valueSize; j++) out[j] = (byte) (start + j);
    }

    /**
     * The values, as arrays a write can pass: value i depends only on
     * (i*31) &amp; 0xff, so there are at most 256 distinct ones.
     */
    public Values values() {
        return new Values(this);
    }

    public static final class Values {
        private final byte[][] distinct = new byte[256][];
        private final DataSpec spec;

        Values(DataSpec spec) {
            this.spec = spec;
            int n = Math.min(256, spec.keyCount);
            for (int i = 0; i < n; i++) {
                byte[] v = new byte[spec.valueSize];
                spec.fillValue(i, v);
                distinct[(i * 31) & 0xff] = v;
            }
        }

        /** Value i (shared array: do not modify). */
        public byte[] of(int i) {
            return distinct[(i * 31) & 0xff];
        }
    }

    public static Path tempDir() {
        try {
            return Files.createTempDirectory("panrocks-jmh-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void deleteTree(Path dir) {
        if (dir == null || !Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void check(boolean condition, String message) {
        if (!condition) throw new IllegalStateException(message);
    }
}
