package io.panrocks.differential;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.panrocks.testkit.TestBytes.hex;

/**
 * Child JVM of {@link HandlerDifferentialTest}: builds seeded random write
 * batches over three column families (every record type, log data, save
 * points), prints each batch's bytes and what a {@code WriteBatch.Handler}
 * saw walking it, then writes it to the DB. Args:
 * {@code <panrocks|rocksjava> seed batches dbDir transcript}.
 */
public final class HandlerDifferentialMain {
    private HandlerDifferentialMain() {
    }

    /** One batch operation: kind, family (0, 1, 2), key, second operand. */
    record Op(int kind, int family, byte[] key, byte[] value) {
        static final int PUT = 0, MERGE = 1, DELETE = 2, SINGLE_DELETE = 3, DELETE_RANGE = 4, LOG_DATA = 5,
                SAVE_POINT = 6, ROLLBACK = 7, POP = 8;
    }

    /** What both engines do with a batch. */
    interface Batches extends AutoCloseable {
        /** Builds the batch, returns its bytes and appends the handler's transcript. */
        byte[] build(List<Op> ops, List<String> transcript) throws Exception;
    }

    static List<Op> batch(Random r) {
        List<Op> ops = new ArrayList<>();
        int n = 1 + r.nextInt(25);
        for (int i = 0; i < n; i++) {
            int kind = r.nextInt(100);
            int family = r.nextInt(3);
            byte[] key = bytes(r, r.nextInt(6)), value = bytes(r, r.nextInt(r.nextInt(10) == 0 ? 3000 : 40));
            if (kind < 30) ops.add(new Op(Op.PUT, family, key, value));
            else if (kind < 45) ops.add(new Op(Op.MERGE, family, key, value));
            else if (kind < 58) ops.add(new Op(Op.DELETE, family, key, null));
            else if (kind < 66) ops.add(new Op(Op.SINGLE_DELETE, family, key, null));
            else if (kind < 76) {
                byte[] end = bytes(r, 1 + r.nextInt(5));
                boolean ordered = java.util.Arrays.compareUnsigned(key, end) < 0;
                ops.add(new Op(Op.DELETE_RANGE, family, ordered ? key : end, ordered ? end : key));
            } else if (kind < 84) ops.add(new Op(Op.LOG_DATA, 0, null, value));
            else if (kind < 90) ops.add(new Op(Op.SAVE_POINT, 0, null, null));
            else if (kind < 95) ops.add(new Op(Op.ROLLBACK, 0, null, null));
            else ops.add(new Op(Op.POP, 0, null, null));
        }
        return ops;
    }

    private static byte[] bytes(Random r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    public static void main(String[] args) throws Exception {
        String engine = args[0];
        Random r = new Random(Long.parseLong(args[1]));
        int batches = Integer.parseInt(args[2]);
        Path db = Path.of(args[3]);
        Files.createDirectories(db);
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(Path.of(args[4])));
             Batches b = engine.equals("rocksjava") ? new RocksJavaBatches(db) : new PanrocksBatches(db)) {
            for (int i = 0; i < batches; i++) {
                List<String> transcript = new ArrayList<>();
                byte[] data = b.build(batch(r), transcript);
                out.println("batch " + i + " " + hex(data));
                for (String line : transcript) out.println("  " + line);
            }
        }
    }
}
