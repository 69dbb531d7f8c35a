package io.panrocks.fork;

import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.WriteBatch;
import io.panrocks.WriteOptions;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Random;

/**
 * Child JVM of the crash test: writes round-prefixed keys forever and
 * prints "ACK n" the moment write n has returned. args: dbDir round seed mode,
 * mode "sync" (WAL, fsync each write) or "nowal" (WAL disabled).
 */
public final class AckWriter {
    public static void main(String[] args) throws Exception {
        Path path = Path.of(args[0]);
        int round = Integer.parseInt(args[1]);
        long seed = Long.parseLong(args[2]);
        boolean sync = args[3].equals("sync");
        WriteOptions options = sync ? new WriteOptions().setSync(true) : new WriteOptions().setDisableWAL(true);
        PrintStream out = new PrintStream(System.out, false);
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), path)) {
            System.out.println("READY");
            System.out.flush();
            for (long n = 0;; n++) {
                if (n % 5 == 4) {
                    try (WriteBatch batch = new WriteBatch()) {
                        batch.put(key(round, n), value(seed, n)).put(key(round, n).clone(), value(seed, n));
                        db.write(options, batch);
                    }
                } else {
                    db.put(options, key(round, n), value(seed, n));
                }
                out.println("ACK " + n);
                out.flush();
            }
        }
    }

    public static byte[] key(int round, long n) {
        return String.format("r%03d-%09d", round, n).getBytes();
    }

    /** Deterministic, of varied size (0 to 64 KiB), so a recovered value can be checked byte for byte. */
    public static byte[] value(long seed, long n) {
        Random r = new Random(seed * 1_000_003L + n);
        byte[] v = new byte[r.nextInt(8) == 0 ? r.nextInt(65536) : r.nextInt(200)];
        r.nextBytes(v);
        return v;
    }
}
