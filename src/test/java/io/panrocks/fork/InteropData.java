package io.panrocks.fork;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * The data the on-disk interop children write, the order they write it in,
 * the contents it must leave, and the digest they print of what a DB holds.
 * JDK only: it runs beside RocksJava (any version) or beside panrocks, never
 * both, and in the test's own JVM (the model, the SST footers).
 */
public final class InteropData {
    /** Column families and the compression each uses ("default" keeps the engine's default). */
    public static final List<String> FAMILIES = List.of("default", "snappy", "lz4", "zstd", "zlib", "bzip2");
    static final int KEYS = 1000;
    /** Keys that only ever receive merge operands (no base value): operands stay operands in the SST. */
    static final int MERGE_ONLY_KEYS = 40;
    /** The delimiter of the StringAppendOperator both sides set on every family. */
    public static final char MERGE_DELIMITER = ',';

    private InteropData() {
    }

    /** What each child does with its API; {@link #write} calls it in the same order on both sides. */
    public interface Writes {
        void put(int family, byte[] key, byte[] value) throws Exception;

        void merge(int family, byte[] key, byte[] operand) throws Exception;

        void delete(int family, byte[] key) throws Exception;

        /** Flushes the family's memtable to an SST file and waits for it. */
        void flush(int family) throws Exception;
    }

    /**
     * The whole write sequence of one family: puts, merges on some of them and
     * merge operands on keys without a base value, a flush half way (those go
     * to an SST file), then the second half, deletes (some of keys in the SST)
     * and more merges (some on deleted keys): all of that stays in the WAL,
     * since closing a DB with its WAL on does not flush.
     */
    public static void write(List<String> families, Writes w) throws Exception {
        for (int h = 0; h < families.size(); h++) {
            String f = families.get(h);
            for (int i = 0; i < KEYS; i++) {
                w.put(h, key(f, i), value(f, i));
                if (merged(i)) w.merge(h, key(f, i), operand(f, i, 1));
                if (i < MERGE_ONLY_KEYS) w.merge(h, mergeOnlyKey(f, i), operand(f, i, 1));
                if (i == KEYS / 2) w.flush(h);
            }
            for (int i = 0; i < KEYS; i++) {
                if (deleted(i)) w.delete(h, key(f, i));
                if (merged(i)) w.merge(h, key(f, i), operand(f, i, 2));
                if (i < MERGE_ONLY_KEYS) w.merge(h, mergeOnlyKey(f, i), operand(f, i, 2));
            }
        }
    }

    /** The contents {@link #write} leaves in a family, applied to a sorted map as the engine does. */
    public static String expectedDigest(String f) {
        TreeMap<byte[], byte[]> m = new TreeMap<>(Arrays::compareUnsigned);
        for (int i = 0; i < KEYS; i++) {
            m.put(key(f, i), value(f, i));
            if (merged(i)) merge(m, key(f, i), operand(f, i, 1));
            if (i < MERGE_ONLY_KEYS) merge(m, mergeOnlyKey(f, i), operand(f, i, 1));
        }
        for (int i = 0; i < KEYS; i++) {
            if (deleted(i)) m.remove(key(f, i));
            if (merged(i)) merge(m, key(f, i), operand(f, i, 2));
            if (i < MERGE_ONLY_KEYS) merge(m, mergeOnlyKey(f, i), operand(f, i, 2));
        }
        Digest d = new Digest();
        for (Map.Entry<byte[], byte[]> e : m.entrySet()) d.add(e.getKey(), e.getValue());
        return d.line(f);
    }

    /** The digest lines {@link #write} must leave, sorted as the children print them. */
    public static List<String> expectedDigests(List<String> families) {
        return families.stream().map(InteropData::expectedDigest).sorted().toList();
    }

    /** StringAppendOperator: the operand alone without a base value, else base, delimiter, operand. */
    private static void merge(TreeMap<byte[], byte[]> m, byte[] key, byte[] operand) {
        byte[] base = m.get(key);
        if (base == null) {
            m.put(key, operand);
            return;
        }
        byte[] v = Arrays.copyOf(base, base.length + 1 + operand.length);
        v[base.length] = (byte) MERGE_DELIMITER;
        System.arraycopy(operand, 0, v, base.length + 1, operand.length);
        m.put(key, v);
    }

    public static byte[] key(String family, int i) {
        return (family + "/" + String.format("%06d", i * 7919 % 100_003)).getBytes(StandardCharsets.UTF_8);
    }

    static byte[] mergeOnlyKey(String family, int i) {
        return (family + "/m" + String.format("%03d", i)).getBytes(StandardCharsets.UTF_8);
    }

    static byte[] operand(String family, int i, int round) {
        return ("op" + round + ":" + family + ":" + i).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Values from empty to 6000 bytes, and four per family of 64 to 256 KiB
     * (two flushed, two left in the WAL: the WAL's checksums of long records
     * take another path through the engine's CRC32C than short ones), half
     * compressible text, half random bytes (zeros included).
     */
    public static byte[] value(String family, int i) {
        Random r = new Random(family.hashCode() * 31L + i);
        int size = i % 97 == 0 ? 0 : i % 250 == 125 ? 65_536 + r.nextInt(196_608) : r.nextInt(6000);
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

    /** Keys that get a merge operand after their put and another at the end (some also deleted between). */
    static boolean merged(int i) {
        return i % 13 == 5;
    }

    /** RocksDB's block-based table magic number, the last 8 bytes of every such SST file. */
    static final long BLOCK_BASED_TABLE_MAGIC = 0x88e241b785f4cff7L;

    /**
     * The {@code format_version} an SST file was written with: a block-based
     * table's footer ends with it (4 bytes) and the magic number (8 bytes),
     * both little-endian, in every format version since 1.
     */
    public static int sstFormatVersion(Path sst) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(sst.toFile(), "r")) {
            byte[] tail = new byte[12];
            f.seek(f.length() - tail.length);
            f.readFully(tail);
            ByteBuffer b = ByteBuffer.wrap(tail).order(ByteOrder.LITTLE_ENDIAN);
            int version = b.getInt();
            long magic = b.getLong();
            if (magic != BLOCK_BASED_TABLE_MAGIC) {
                throw new IOException(sst + " is no block-based table: magic " + Long.toHexString(magic));
            }
            return version;
        }
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

    /** Prints the lines sorted (the children's output format). */
    static void print(List<String> lines) {
        new ArrayList<>(lines).stream().sorted().forEach(System.out::println);
    }
}
