package io.panrocks.fork;

import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.ColumnFamilyOptions;
import io.panrocks.CompressionType;
import io.panrocks.DBOptions;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Child JVM with only panrocks: {@code write DIR} and {@code read DIR} as
 * {@link InteropRocksJava}. A DB that panrocks refuses is reported as
 * {@code refused: <status> <message>} with exit code 0; anything else
 * (a crash) is the test's failure.
 */
public final class InteropPanrocks {
    public static void main(String[] args) throws Exception {
        System.out.println("engine " + RocksDB.engineVersion());
        Path dir = Path.of(args[1]);
        try {
            switch (args[0]) {
                case "write" -> write(dir);
                case "read" -> read(dir);
                default -> throw new IllegalArgumentException(args[0]);
            }
        } catch (RocksDBException e) {
            System.out.println("refused: " + e.code() + " " + e.getMessage());
        }
    }

    static CompressionType compression(String family) {
        return switch (family) {
            case "snappy" -> CompressionType.SNAPPY_COMPRESSION;
            case "lz4" -> CompressionType.LZ4_COMPRESSION;
            case "zstd" -> CompressionType.ZSTD_COMPRESSION;
            case "zlib" -> CompressionType.ZLIB_COMPRESSION;
            case "bzip2" -> CompressionType.BZLIB2_COMPRESSION;
            default -> null;
        };
    }

    private static void write(Path dir) throws Exception {
        List<String> families = InteropData.FAMILIES;
        List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
        for (String f : families) {
            ColumnFamilyOptions o = new ColumnFamilyOptions();
            if (compression(f) != null) o.setCompressionType(compression(f));
            descriptors.add(new ColumnFamilyDescriptor(f.getBytes(StandardCharsets.UTF_8), o));
        }
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true),
                dir, descriptors, handles)) {
            for (int h = 0; h < families.size(); h++) {
                String f = families.get(h);
                for (int i = 0; i < InteropData.KEYS; i++) {
                    db.put(handles.get(h), InteropData.key(f, i), InteropData.value(f, i));
                    if (i == InteropData.KEYS / 2) db.flush(handles.get(h));
                }
                for (int i = 0; i < InteropData.KEYS; i++) {
                    if (InteropData.deleted(i)) db.delete(handles.get(h), InteropData.key(f, i));
                }
            }
            dump(db, families, handles);
        }
    }

    private static void read(Path dir) throws Exception {
        List<String> families = new ArrayList<>();
        List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
        for (byte[] n : RocksDB.listColumnFamilies(new Options(), dir)) {
            families.add(new String(n, StandardCharsets.UTF_8));
            descriptors.add(new ColumnFamilyDescriptor(n, new ColumnFamilyOptions()));
        }
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = RocksDB.open(new DBOptions(), dir, descriptors, handles)) {
            dump(db, families, handles);
        }
    }

    private static void dump(RocksDB db, List<String> families, List<ColumnFamilyHandle> handles) {
        List<String> lines = new ArrayList<>();
        for (int h = 0; h < families.size(); h++) {
            InteropData.Digest d = new InteropData.Digest();
            try (RocksIterator it = db.newIterator(handles.get(h))) {
                for (it.seekToFirst(); it.isValid(); it.next()) d.add(it.keyBytes(), it.valueBytes());
            }
            lines.add(d.line(families.get(h)));
        }
        lines.stream().sorted().forEach(System.out::println);
    }
}
