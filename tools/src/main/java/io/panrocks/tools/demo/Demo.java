package io.panrocks.tools.demo;

import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * panrocks demo: opens an embedded DB in a local folder, writes and reads a
 * few thousand records, and prints what it did. Run it with scripts/demo.sh.
 */
public class Demo {
    static final int RECORDS = 5_000;

    public static void main(String[] args) throws RocksDBException {
        Path path = Path.of(args.length > 0 ? args[0] : "demo-db");
        System.out.println("panrocks demo");
        System.out.println("  engine   RocksDB " + RocksDB.engineVersion());
        System.out.println("  database " + path.toAbsolutePath());

        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), path)) {
            long t0 = System.nanoTime();
            long bytesWritten = 0;
            for (int i = 0; i < RECORDS; i++) {
                byte[] key = key(i);
                byte[] value = value(i);
                db.put(key, value);
                bytesWritten += key.length + value.length;
            }
            long t1 = System.nanoTime();

            int found = 0, mismatched = 0;
            byte[] buffer = new byte[64];
            for (int i = 0; i < RECORDS; i++) {
                byte[] expected = value(i);
                byte[] v = db.get(key(i));
                if (v != null) found++;
                if (!Arrays.equals(expected, v)) mismatched++;
                // the allocation-free form: reuse one buffer, grow on demand
                int size = db.get(key(i), buffer);
                if (size > buffer.length) {
                    buffer = new byte[size];
                    size = db.get(key(i), buffer);
                }
                if (!Arrays.equals(expected, 0, expected.length, buffer, 0, size)) mismatched++;
            }
            long t2 = System.nanoTime();

            for (int i = 0; i < RECORDS; i += 10) db.delete(key(i));
            int remaining = 0;
            for (int i = 0; i < RECORDS; i++) if (db.get(key(i)) != null) remaining++;

            System.out.printf("  wrote    %,d records (%,d bytes) in %.1f ms%n", RECORDS, bytesWritten, (t1 - t0) / 1e6);
            System.out.printf("  read     %,d records twice (byte[] and reused buffer) in %.1f ms: %,d found, %d mismatched%n",
                    RECORDS, (t2 - t1) / 1e6, found, mismatched);
            System.out.printf("  deleted  every 10th record: %,d remain%n", remaining);
            System.out.println("  missing  key -> " + Arrays.toString(db.get("no such key".getBytes(StandardCharsets.UTF_8))));
            if (found != RECORDS || mismatched != 0 || remaining != RECORDS - RECORDS / 10) {
                System.out.println("demo FAILED");
                System.exit(1);
            }
        }
        System.out.println("demo OK");
    }

    static byte[] key(int i) {
        return String.format("user:%08d", i).getBytes(StandardCharsets.UTF_8);
    }

    static byte[] value(int i) {
        return ("{\"id\":" + i + ",\"name\":\"user " + i + "\",\"score\":" + (i * 37 % 1000) + "}")
                .getBytes(StandardCharsets.UTF_8);
    }
}
