package io.panrocks.fork;

import io.panrocks.BlockBasedTableConfig;
import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.ColumnFamilyOptions;
import io.panrocks.CompactRangeOptions;
import io.panrocks.CompressionType;
import io.panrocks.DBOptions;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;
import io.panrocks.StringAppendOperator;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Child JVM with only panrocks: {@code write DIR [FORMAT_VERSION]} and
 * {@code read DIR} as {@link InteropRocksJava} (write with the block-based
 * table's {@code format_version} set on every family when given, else the
 * engine's default); {@code rewrite DIR FORMAT_VERSION} opens a DB with that
 * format_version set, compacts every family down to its last level (every
 * SST file rewritten, the WAL's contents included) and prints the digests. A DB that panrocks refuses is reported as
 * {@code refused: <status> <message>} with exit code 0; anything else
 * (a crash) is the test's failure.
 */
public final class InteropPanrocks {
    public static void main(String[] args) throws Exception {
        System.out.println("engine " + RocksDB.engineVersion());
        Path dir = Path.of(args[1]);
        try {
            switch (args[0]) {
                case "write" -> write(dir, args.length > 2 ? Integer.valueOf(args[2]) : null);
                case "read" -> read(dir, null);
                case "rewrite" -> read(dir, Integer.valueOf(args[2]));
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

    private static ColumnFamilyOptions familyOptions(String family, Integer formatVersion) {
        ColumnFamilyOptions o = new ColumnFamilyOptions()
                .setMergeOperator(new StringAppendOperator(InteropData.MERGE_DELIMITER));
        if (compression(family) != null) o.setCompressionType(compression(family));
        if (formatVersion != null) o.setTableFormatConfig(new BlockBasedTableConfig().setFormatVersion(formatVersion));
        return o;
    }

    private static void write(Path dir, Integer formatVersion) throws Exception {
        List<String> families = InteropData.FAMILIES;
        List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
        for (String f : families) {
            descriptors.add(new ColumnFamilyDescriptor(f.getBytes(StandardCharsets.UTF_8),
                    familyOptions(f, formatVersion)));
        }
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true),
                dir, descriptors, handles)) {
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
                    db.flush(handles.get(h));
                }
            });
            dump(db, families, handles);
        }
    }

    /** Reads; with {@code rewriteFormat}, first rewrites every SST file in that format_version. */
    private static void read(Path dir, Integer rewriteFormat) throws Exception {
        List<String> families = new ArrayList<>();
        List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
        for (byte[] n : RocksDB.listColumnFamilies(new Options(), dir)) {
            String f = new String(n, StandardCharsets.UTF_8);
            families.add(f);
            // the compression stays each family's own when its files are rewritten
            descriptors.add(new ColumnFamilyDescriptor(n, rewriteFormat == null ? new ColumnFamilyOptions()
                    .setMergeOperator(new StringAppendOperator(InteropData.MERGE_DELIMITER))
                    : familyOptions(f, rewriteFormat)));
        }
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = RocksDB.open(new DBOptions(), dir, descriptors, handles)) {
            if (rewriteFormat != null) {
                try (CompactRangeOptions all = new CompactRangeOptions()
                        .setBottommostLevelCompaction(CompactRangeOptions.BottommostLevelCompaction.kForce)) {
                    for (ColumnFamilyHandle h : handles) {
                        db.flush(h);
                        db.compactRange(h, null, null, all);
                    }
                }
            }
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
        InteropData.print(lines);
    }
}
