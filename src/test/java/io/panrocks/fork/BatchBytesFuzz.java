package io.panrocks.fork;

import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.ColumnFamilyOptions;
import io.panrocks.DBOptions;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.WideColumn;
import io.panrocks.WriteBatch;
import io.panrocks.WriteOptions;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Child JVM: damaged serialized batches given to {@code new WriteBatch(byte[])}
 * and, when accepted, iterated and written to a DB with two families (wide-column
 * entities included: each written one is read back as an entity). Each must
 * be refused with an IllegalArgumentException or handled by the engine with a
 * status; the JVM must live. Prints "ACCEPTED n REFUSED m WRITTEN w FAILED f".
 * Args: dbDir seed rounds.
 */
public final class BatchBytesFuzz {
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Random r = new Random(Long.parseLong(args[1]));
        int rounds = Integer.parseInt(args[2]);
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        int accepted = 0, refused = 0, written = 0, failed = 0;
        try (RocksDB db = RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true), dir,
                List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY,
                        new ColumnFamilyOptions().setMergeOperatorName("stringappend")),
                        new ColumnFamilyDescriptor("one".getBytes(),
                                new ColumnFamilyOptions().setMergeOperatorName("stringappend"))), handles)) {
            ColumnFamilyHandle one = handles.get(1);
            for (int round = 0; round < rounds; round++) {
                byte[] valid;
                try (WriteBatch b = new WriteBatch()) {
                    int n = 1 + r.nextInt(6);
                    for (int i = 0; i < n; i++) {
                        byte[] k = new byte[r.nextInt(5)], v = new byte[r.nextInt(200)];
                        r.nextBytes(k);
                        r.nextBytes(v);
                        ColumnFamilyHandle cf = r.nextBoolean() ? one : null;
                        switch (r.nextInt(7)) {
                            case 0 -> b.put(cf, k, v);
                            case 1 -> b.merge(cf, k, v);
                            case 2 -> b.delete(cf, k);
                            case 3 -> b.singleDelete(cf, k);
                            case 4 -> {
                                boolean ordered = java.util.Arrays.compareUnsigned(k, v) < 0;
                                if (!java.util.Arrays.equals(k, v)) b.deleteRange(cf, ordered ? k : v, ordered ? v : k);
                            }
                            case 5 -> b.putEntity(cf, k, List.of(WideColumn.of(new byte[]{1}, v),
                                    WideColumn.of(new byte[0], k)));
                            default -> b.putLogData(v);
                        }
                    }
                    valid = b.data();
                }
                byte[] damaged = valid.clone();
                int edits = 1 + r.nextInt(4);
                for (int e = 0; e < edits; e++) {
                    switch (r.nextInt(4)) {
                        case 0 -> damaged[r.nextInt(damaged.length)] = (byte) r.nextInt(256);
                        case 1 -> {
                            if (damaged.length > 12) damaged[12 + r.nextInt(damaged.length - 12)] ^= (byte) (1 << r.nextInt(8));
                        }
                        case 2 -> damaged = java.util.Arrays.copyOf(damaged, r.nextInt(damaged.length + 1));
                        default -> damaged = java.util.Arrays.copyOf(damaged, damaged.length + r.nextInt(8));
                    }
                    if (damaged.length == 0) break;
                }
                WriteBatch batch;
                try {
                    batch = new WriteBatch(damaged);
                } catch (IllegalArgumentException refusedHere) {
                    refused++;
                    continue;
                }
                accepted++;
                try (batch) {
                    List<byte[]> entityKeys = new ArrayList<>();
                    batch.iterate((type, cf, key, value) -> {
                        if (type == WriteBatch.RecordType.PUT_ENTITY && cf == 0) {
                            entityKeys.add(key.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
                        }
                        return key.byteSize() + value.byteSize() >= 0;
                    });
                    try {
                        db.write(WriteOptions.DEFAULT, batch);
                        written++;
                    } catch (RocksDBException e) {
                        failed++;
                        continue;
                    }
                    // an accepted entity decodes when read back: a RocksDBException here ends the child in failure
                    for (byte[] k : entityKeys) db.getEntityColumns(k);
                }
            }
        }
        System.out.println("ACCEPTED " + accepted + " REFUSED " + refused + " WRITTEN " + written + " FAILED " + failed);
    }
}
