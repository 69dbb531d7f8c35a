package io.panrocks.fork;

import io.panrocks.EnvOptions;
import io.panrocks.FlushOptions;
import io.panrocks.Options;
import io.panrocks.ReadOptions;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;
import io.panrocks.SstFileWriter;
import io.panrocks.Transaction;
import io.panrocks.TransactionDB;
import io.panrocks.TransactionDBOptions;
import io.panrocks.WriteBatch;
import io.panrocks.WriteBatchWithIndex;
import io.panrocks.WriteOptions;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Child JVM: the heap bytes per call of the reads and writes that take the
 * caller's arrays and buffers, after the JIT has settled; one line per
 * shape, {@code shape bytes}. The parent runs it with none of panrocks'
 * methods inlined ({@code -XX:CompileCommand=dontinline}), where a segment
 * made of a caller's buffer that is handed on to another method escapes and
 * is allocated on every call.
 *
 * <p>args: the DB folder (a TransactionDB goes beside it), then the shapes
 * to run (all when none).
 */
public final class BufferCallAllocations {
    private static final int ROUNDS = 40;
    private static final int CALLS = 20_000;

    interface Call {
        void run() throws RocksDBException;
    }

    public static void main(String[] args) throws Exception {
        try (Options options = new Options().setCreateIfMissing(true);
             RocksDB db = RocksDB.open(options, args[0]);
             WriteOptions noWal = new WriteOptions().setDisableWAL(true);
             Arena arena = Arena.ofConfined()) {
            byte[] small = key(1);
            byte[] large = key(2);
            byte[] written = key(3);
            byte[] deleted = key(4);
            db.put(small, fill(16));
            db.put(large, fill(16 * 1024));
            try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
                db.flush(flush);
            }

            ByteBuffer directKey = ByteBuffer.allocateDirect(16);
            ByteBuffer directValue = ByteBuffer.allocateDirect(32 * 1024);
            ByteBuffer heapKey = ByteBuffer.allocate(16);
            ByteBuffer heapValue = ByteBuffer.allocate(32 * 1024);
            byte[] arrayValue = new byte[32 * 1024];
            MemorySegment nativeKey = arena.allocate(16);
            MemorySegment nativeValue = arena.allocate(32 * 1024);
            ByteBuffer directPut = ByteBuffer.allocateDirect(100);
            ByteBuffer heapPut = ByteBuffer.allocate(100);

            Map<String, Call> shapes = new LinkedHashMap<>();
            for (byte[] k : List.of(small, large)) {
                String size = k == small ? "16B" : "16KiB";
                shapes.put("get(ByteBuffer)-direct-" + size, () -> {
                    directKey.clear().put(k).flip();
                    directValue.clear();
                    check(db.get(directKey, directValue));
                });
                shapes.put("get(ByteBuffer)-heap-" + size, () -> {
                    heapKey.clear().put(k).flip();
                    heapValue.clear();
                    check(db.get(heapKey, heapValue));
                });
                shapes.put("get(byte[],byte[])-" + size, () -> check(db.get(k, arrayValue)));
                shapes.put("get(MemorySegment)-native-" + size, () -> {
                    MemorySegment.copy(k, 0, nativeKey, ValueLayout.JAVA_BYTE, 0, k.length);
                    check(db.get(nativeKey, nativeValue));
                });
            }
            shapes.put("put(ByteBuffer)-direct", () -> {
                directKey.clear().put(written).flip();
                db.put(noWal, directKey, directPut.clear());
            });
            shapes.put("put(ByteBuffer)-heap", () -> {
                heapKey.clear().put(written).flip();
                db.put(noWal, heapKey, heapPut.clear());
            });
            shapes.put("delete(ByteBuffer)-direct", () -> {
                directKey.clear().put(deleted).flip();
                db.delete(noWal, directKey);
            });

            // each read once, its bytes checked, before any is measured
            for (byte[] k : List.of(small, large)) {
                byte[] expected = k == small ? fill(16) : fill(16 * 1024);
                shapes.get("get(ByteBuffer)-direct-" + (k == small ? "16B" : "16KiB")).run();
                byte[] direct = new byte[directValue.remaining()];
                directValue.get(direct);
                shapes.get("get(ByteBuffer)-heap-" + (k == small ? "16B" : "16KiB")).run();
                shapes.get("get(byte[],byte[])-" + (k == small ? "16B" : "16KiB")).run();
                if (!Arrays.equals(direct, expected)
                        || !Arrays.equals(heapValue.array(), 0, heapValue.limit(), expected, 0, expected.length)
                        || !Arrays.equals(arrayValue, 0, expected.length, expected, 0, expected.length)) {
                    throw new AssertionError("a read returned other bytes than were written, key " + k[15]);
                }
            }

            try (RocksIterator it = db.newIterator();
                 WriteBatch batch = new WriteBatch();
                 WriteBatchWithIndex indexed = new WriteBatchWithIndex(true);
                 TransactionDBOptions txnOptions = new TransactionDBOptions();
                 TransactionDB txnDb = TransactionDB.open(options, txnOptions, args[0] + "-txn");
                 Transaction txn = txnDb.beginTransaction(noWal);
                 ReadOptions readOptions = new ReadOptions();
                 EnvOptions envOptions = new EnvOptions();
                 SstFileWriter sst = new SstFileWriter(envOptions, options)) {
                sst.open(args[0] + "-bulk.sst");
                it.seek(large);
                shapes.put("RocksIterator.key+value(ByteBuffer)-direct-16KiB", () -> {
                    it.key(directKey.clear());
                    check(it.value(directValue.clear()));
                });
                shapes.put("RocksIterator.key+value(ByteBuffer)-heap-16KiB", () -> {
                    it.key(heapKey.clear());
                    check(it.value(heapValue.clear()));
                });
                int[] records = {0};
                shapes.put("WriteBatch.put(ByteBuffer)-direct", () -> {
                    if ((++records[0] & 1023) == 0) batch.clear();
                    directKey.clear().put(written).flip();
                    batch.put(directKey, directPut.clear());
                });
                shapes.put("WriteBatchWithIndex.put(byte[])", () -> indexed.put(written, small));
                shapes.put("WriteBatchWithIndex.put(ByteBuffer)-direct", () -> {
                    directKey.clear().put(written).flip();
                    indexed.put(directKey, directPut.clear());
                });
                shapes.put("Transaction.put(ByteBuffer)-direct", () -> {
                    directKey.clear().put(written).flip();
                    txn.put(directKey, directPut.clear());
                });
                // the file takes keys in order: an 8-byte big-endian counter, rewritten in place
                byte[] sortedKey = new byte[8];
                ByteBuffer sortedDirectKey = ByteBuffer.allocateDirect(8);
                long[] next = {0};
                shapes.put("SstFileWriter.put(byte[],byte[])", () -> {
                    bigEndian(next[0]++, sortedKey);
                    sst.put(sortedKey, small);
                });
                shapes.put("SstFileWriter.put(ByteBuffer)-direct", () -> {
                    sortedDirectKey.clear().putLong(0, next[0]++);
                    sst.put(sortedDirectKey, directPut.clear());
                });
                shapes.put("Transaction.get(byte[],byte[])", () -> {
                    if (txn.get(readOptions, null, written, arrayValue, false) != 100) throw new AssertionError();
                });

                List<String> chosen = List.of(args).subList(1, args.length);
                for (Map.Entry<String, Call> shape : shapes.entrySet()) {
                    if (chosen.isEmpty() || chosen.contains(shape.getKey())) {
                        System.out.println(shape.getKey() + " " + lowestBytesPerCall(shape.getValue()));
                    }
                }
                txn.rollback();
                if (next[0] > 0) sst.finish(); // RocksDB refuses a file with no entries
            }
        }
    }

    /** The lowest heap allocation per call over the rounds, so the JIT's late compiles do not count. */
    private static long lowestBytesPerCall(Call call) throws RocksDBException {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long lowest = Long.MAX_VALUE;
        for (int round = 0; round < ROUNDS; round++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < CALLS; i++) call.run();
            lowest = Math.min(lowest, (threads.getCurrentThreadAllocatedBytes() - before) / CALLS);
        }
        return lowest;
    }

    private static void bigEndian(long n, byte[] into) {
        for (int i = 7; i >= 0; i--, n >>>= 8) into[i] = (byte) n;
    }

    private static void check(long size) {
        if (size != 16 && size != 16 * 1024) throw new AssertionError("read returned " + size);
    }

    private static byte[] key(int i) {
        byte[] k = new byte[16];
        k[15] = (byte) i;
        return k;
    }

    private static byte[] fill(int n) {
        byte[] v = new byte[n];
        for (int i = 0; i < n; i++) v[i] = (byte) (i * 31 + 7);
        return v;
    }
}
