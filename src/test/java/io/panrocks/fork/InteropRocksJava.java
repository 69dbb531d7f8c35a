package io.panrocks.fork;

import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksIterator;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Child JVM with only RocksJava (whatever version is on the class path):
 * {@code write DIR} writes {@link InteropData} (a family per compression type,
 * half flushed to SST files, half left in the WAL), {@code write-defaults DIR}
 * writes the default family with RocksJava's default options, {@code read DIR}
 * prints the digest of every family. Prints the engine version first.
 */
public final class InteropRocksJava {
    public static void main(String[] args) throws Exception {
        RocksDB.loadLibrary();
        System.out.println("engine " + RocksDB.rocksdbVersion());
        String dir = args[1];
        switch (args[0]) {
            case "write" -> write(dir, InteropData.FAMILIES);
            case "write-defaults" -> write(dir, List.of("default"));
            case "read" -> read(dir);
            default -> throw new IllegalArgumentException(args[0]);
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

    private static void write(String dir, List<String> families) throws Exception {
        List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
        for (String f : families) {
            ColumnFamilyOptions o = new ColumnFamilyOptions();
            if (compression(f) != null) o.setCompressionType(compression(f));
            descriptors.add(new ColumnFamilyDescriptor(f.getBytes(StandardCharsets.UTF_8), o));
        }
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (DBOptions options = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
             RocksDB db = RocksDB.open(options, dir, descriptors, handles)) {
            for (int h = 0; h < families.size(); h++) {
                String f = families.get(h);
                for (int i = 0; i < InteropData.KEYS; i++) {
                    db.put(handles.get(h), InteropData.key(f, i), InteropData.value(f, i));
                    if (i == InteropData.KEYS / 2) {
                        try (FlushOptions fo = new FlushOptions().setWaitForFlush(true)) {
                            db.flush(fo, handles.get(h));
                        }
                    }
                }
                for (int i = 0; i < InteropData.KEYS; i++) {
                    if (InteropData.deleted(i)) db.delete(handles.get(h), InteropData.key(f, i));
                }
            }
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
            descriptors.add(new ColumnFamilyDescriptor(n, new ColumnFamilyOptions()));
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
        lines.stream().sorted().forEach(System.out::println);
    }
}
