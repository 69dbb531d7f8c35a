package io.panrocks.fork;

import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.StringAppendOperator;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Child JVM with only RocksJava (whatever version is on the class path):
 * {@code write DIR} writes {@link InteropData} (the default family with
 * RocksJava's default options and a family per compression type, half flushed
 * to SST files, half left in the WAL, deletes and merges on top),
 * {@code read DIR} prints the digest of every family. Every family has a StringAppendOperator (merges need it on both
 * sides). Prints the engine version first; a DB this release refuses is
 * reported as {@code refused: <status code> <message>} with exit code 0.
 */
public final class InteropRocksJava {
    public static void main(String[] args) throws Exception {
        RocksDB.loadLibrary();
        System.out.println("engine " + RocksDB.rocksdbVersion());
        String dir = args[1];
        try {
            switch (args[0]) {
                case "write" -> write(dir, InteropData.FAMILIES);
                case "read" -> read(dir);
                default -> throw new IllegalArgumentException(args[0]);
            }
        } catch (RocksDBException e) {
            System.out.println("refused: " + (e.getStatus() == null ? "?" : e.getStatus().getCode()) + " "
                    + e.getMessage());
        }
    }

    private static CompressionType compression(String family) {
        return switch (family) {
            case "snappy" -> CompressionType.SNAPPY_COMPRESSION;
            case "lz4" -> CompressionType.LZ4_COMPRESSION;
            case "zstd" -> CompressionType.ZSTD_COMPRESSION;
            case "zlib" -> CompressionType.ZLIB_COMPRESSION;
            case "bzip2" -> CompressionType.BZLIB2_COMPRESSION;
            default -> null;
        };
    }

    private static ColumnFamilyOptions familyOptions(String family) {
        ColumnFamilyOptions o = new ColumnFamilyOptions()
                .setMergeOperator(new StringAppendOperator(InteropData.MERGE_DELIMITER));
        if (compression(family) != null) o.setCompressionType(compression(family));
        return o;
    }

    private static void write(String dir, List<String> families) throws Exception {
        List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
        for (String f : families) {
            descriptors.add(new ColumnFamilyDescriptor(f.getBytes(StandardCharsets.UTF_8), familyOptions(f)));
        }
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (DBOptions options = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
             RocksDB db = RocksDB.open(options, dir, descriptors, handles);
             FlushOptions fo = new FlushOptions().setWaitForFlush(true)) {
            InteropData.write(families, new InteropData.Writes() {
                public void put(int h, byte[] key, byte[] value) throws RocksDBException {
                    db.put(handles.get(h), key, value);
                }

                public void merge(int h, byte[] key, byte[] operand) throws RocksDBException {
                    db.merge(handles.get(h), key, operand);
                }

                public void delete(int h, byte[] key) throws RocksDBException {
                    db.delete(handles.get(h), key);
                }

                public void flush(int h) throws RocksDBException {
                    db.flush(fo, handles.get(h));
                }
            });
            dump(db, families, handles);
            for (ColumnFamilyHandle h : handles) h.close();
        }
    }

    private static void read(String dir) throws Exception {
        List<byte[]> names;
        try (Options o = new Options()) {
            names = RocksDB.listColumnFamilies(o, dir);
        }
        List<String> families = new ArrayList<>();
        List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
        for (byte[] n : names) {
            families.add(new String(n, StandardCharsets.UTF_8));
            ColumnFamilyOptions o = new ColumnFamilyOptions()
                    .setMergeOperator(new StringAppendOperator(InteropData.MERGE_DELIMITER));
            descriptors.add(new ColumnFamilyDescriptor(n, o));
        }
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (DBOptions options = new DBOptions(); RocksDB db = RocksDB.open(options, dir, descriptors, handles)) {
            dump(db, families, handles);
            for (ColumnFamilyHandle h : handles) h.close();
        }
    }

    private static void dump(RocksDB db, List<String> families, List<ColumnFamilyHandle> handles) {
        List<String> lines = new ArrayList<>();
        for (int h = 0; h < families.size(); h++) {
            InteropData.Digest d = new InteropData.Digest();
            try (RocksIterator it = db.newIterator(handles.get(h))) {
                for (it.seekToFirst(); it.isValid(); it.next()) d.add(it.key(), it.value());
            }
            lines.add(d.line(families.get(h)));
        }
        InteropData.print(lines);
    }
}
