package io.panrocks.fork;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

/**
 * The data the on-disk interop children write, and the digest they print of
 * what a DB holds. JDK only: it runs beside RocksJava (any version) or beside
 * panrocks, never both.
 */
public final class InteropData {
    /** Column families and the compression each uses ("default" keeps the engine's default). */
    public static final List<String> FAMILIES = List.of("default", "snappy", "lz4", "zstd", "zlib", "bzip2");
    static final int KEYS = 1500;

    private InteropData() {
    }

    public static byte[] key(String family, int i) {
        return (family + "/" + String.format("%06d", i * 7919 % 100_003)).getBytes(StandardCharsets.UTF_8);
    }

    /** Values from empty to 6000 bytes, half compressible text, half random bytes (zeros included). */
    public static byte[] value(String family, int i) {
        Random r = new Random(family.hashCode() * 31L + i);
        int size = i % 97 == 0 ? 0 : r.nextInt(6000);
        byte[] v = new byte[size];
        if (i % 2 == 0) {
            byte[] text = ("value " + i + " of " + family + ", ").getBytes(StandardCharsets.UTF_8);
            for (int p = 0; p < size; p++) v[p] = text[p % text.length];
        } else {
            r.nextBytes(v);
        }
        return v;
    }

    /** Keys deleted after writing (some from SST files, some still in the memtable/WAL). */
    public static boolean deleted(int i) {
        return i % 11 == 3;
    }

    /** Running digest of one family's entries in iteration order: count and SHA-256 of (len, key, len, value). */
    public static final class Digest {
        private final MessageDigest sha;
        private long count;

        public Digest() {
            try {
                sha = MessageDigest.getInstance("SHA-256");
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }

        public void add(byte[] key, byte[] value) {
            sha.update(ByteBuffer.allocate(4).putInt(key.length).array());
            sha.update(key);
            sha.update(ByteBuffer.allocate(4).putInt(value.length).array());
            sha.update(value);
            count++;
        }

        public String line(String family) {
            return "family " + family + " entries " + count + " sha256 " + HexFormat.of().formatHex(sha.digest());
        }
    }
}
