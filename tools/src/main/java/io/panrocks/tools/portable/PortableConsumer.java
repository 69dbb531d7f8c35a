package io.panrocks.tools.portable;

import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.ColumnFamilyOptions;
import io.panrocks.CompressionType;
import io.panrocks.DBOptions;
import io.panrocks.ReadOptions;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Opens a DB with one column family per compression type, writes compressible
 * values, flushes them into SST files, reads them back, reopens the DB and
 * reads them again; prints the engine version and, per compression type, the
 * SST bytes against the raw bytes (compression that did not happen fails).
 */
public final class PortableConsumer {
    static final int KEYS = 3000;
    static final List<CompressionType> TYPES = List.of(CompressionType.NO_COMPRESSION,
            CompressionType.SNAPPY_COMPRESSION, CompressionType.LZ4_COMPRESSION, CompressionType.LZ4HC_COMPRESSION,
            CompressionType.ZSTD_COMPRESSION, CompressionType.ZLIB_COMPRESSION, CompressionType.BZLIB2_COMPRESSION);

    static byte[] value(int i) {
        byte[] text = ("record " + i + " of the portable check; ").getBytes(StandardCharsets.UTF_8);
        byte[] v = new byte[200 + i % 300];
        for (int p = 0; p < v.length; p++) v[p] = text[p % text.length];
        return v;
    }

    static byte[] key(int i) {
        return String.format("key-%06d", i).getBytes(StandardCharsets.UTF_8);
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args.length > 0 ? args[0] : "portable-db");
        List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
        descriptors.add(new ColumnFamilyDescriptor("default".getBytes(StandardCharsets.UTF_8)));
        for (CompressionType t : TYPES) {
            descriptors.add(new ColumnFamilyDescriptor(t.name().getBytes(StandardCharsets.UTF_8),
                    new ColumnFamilyOptions().setCompressionType(t)));
        }
        long raw = 0;
        for (int i = 0; i < KEYS; i++) raw += key(i).length + value(i).length;
        for (int pass = 0; pass < 2; pass++) {
            List<ColumnFamilyHandle> handles = new ArrayList<>();
            try (RocksDB db = RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true),
                    dir, descriptors, handles)) {
                for (int t = 0; t < TYPES.size(); t++) {
                    ColumnFamilyHandle cf = handles.get(t + 1);
                    if (pass == 0) {
                        for (int i = 0; i < KEYS; i++) db.put(cf, key(i), value(i));
                        db.flush(cf);
                    }
                    for (int i = 0; i < KEYS; i++) {
                        if (!Arrays.equals(value(i), db.get(cf, key(i)))) {
                            throw new AssertionError(TYPES.get(t) + ": key " + i + " read back wrong (pass " + pass + ")");
                        }
                    }
                    long sst = db.getLongProperty(cf, "rocksdb.total-sst-files-size");
                    boolean compressed = TYPES.get(t) != CompressionType.NO_COMPRESSION;
                    if (compressed ? sst * 2 > raw : sst < raw) {
                        throw new AssertionError(TYPES.get(t) + ": " + sst + " SST bytes for " + raw + " raw bytes");
                    }
                    System.out.printf("%s %-20s %d entries, %d SST bytes for %d raw bytes%n",
                            pass == 0 ? "written " : "reopened", TYPES.get(t), KEYS, sst, raw);
                }
                checkLargeValue(db, handles.get(0), pass);
            }
        }
        System.out.println("os.arch " + System.getProperty("os.arch"));
        System.out.println("engine " + RocksDB.engineVersion());
        System.out.println("portable check passed");
    }

    /**
     * A value large enough that its copy into an array goes through the C
     * library's memcpy in a critical downcall (32 KiB and more), read whole
     * and into the middle of a larger array, so each root checks that call.
     */
    static void checkLargeValue(RocksDB db, ColumnFamilyHandle cf, int pass) throws RocksDBException {
        byte[] key = "large".getBytes(StandardCharsets.UTF_8);
        byte[] value = new byte[256 * 1024 + 7];
        for (int i = 0; i < value.length; i++) value[i] = (byte) (i * 31 + (i >>> 9));
        if (pass == 0) {
            db.put(cf, key, value);
            db.flush(cf);
        }
        byte[] window = new byte[value.length + 16];
        Arrays.fill(window, (byte) 0x5a);
        int size = db.get(cf, ReadOptions.DEFAULT, key, 0, key.length, window, 8, value.length);
        boolean intact = window[7] == 0x5a && window[8 + value.length] == 0x5a;
        if (!Arrays.equals(value, db.get(cf, key)) || size != value.length || !intact
                || !Arrays.equals(value, Arrays.copyOfRange(window, 8, 8 + value.length))) {
            throw new AssertionError("a " + value.length + "-byte value read back wrong (pass " + pass + ")");
        }
        System.out.printf("%s a value of %d bytes read back%n", pass == 0 ? "written " : "reopened", value.length);
    }
}
