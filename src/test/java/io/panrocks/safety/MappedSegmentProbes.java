package io.panrocks.safety;

import io.panrocks.EnvOptions;
import io.panrocks.Options;
import io.panrocks.ReadOptions;
import io.panrocks.RocksDB;
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
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static io.panrocks.safety.ProbeSupport.*;

/**
 * Issue 37, item 4: a key or value segment mapped from a file that is then
 * truncated. The engine used to read it in place and the JVM died of SIGBUS
 * inside the copy into the memtable; now every path stages a mapped segment
 * through Java's copy, and the fault is an IllegalArgumentException. A
 * mapped segment whose file is whole works as any other, output included.
 */
final class MappedSegmentProbes {
    private MappedSegmentProbes() {
    }

    static final Probe.Catalog PROBES = new Probe.Catalog()
            .add("a-mapped-segment-round-trips", MappedSegmentProbes::roundTrip)
            .add("a-truncated-mapping-is-an-exception-on-every-path", MappedSegmentProbes::truncated);

    /** A 64 KiB file mapped read-write (its pages past 0 gone once truncateTo runs). */
    private static MemorySegment map(Path file, Arena arena) throws Exception {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            ch.truncate(0);
            ch.write(java.nio.ByteBuffer.wrap(new byte[64 << 10]), 0);
            MemorySegment m = ch.map(FileChannel.MapMode.READ_WRITE, 0, 64 << 10, arena);
            for (long i = 0; i < m.byteSize(); i++) m.set(java.lang.foreign.ValueLayout.JAVA_BYTE, i, (byte) (i * 7 + 1));
            return m;
        }
    }

    static String roundTrip(Path dir) throws Exception {
        try (Arena arena = Arena.ofConfined(); RocksDB db = open(dir.resolve("db"))) {
            MemorySegment m = map(dir.resolve("mapped"), arena);
            check(m.isMapped(), () -> "FileChannel.map gave a segment that is not mapped");
            MemorySegment key = m.asSlice(0, 16), value = m.asSlice(16, 40_000);
            db.put(key, value);
            byte[] seen = db.get(key.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
            checkSame(value.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE), seen, "a value put from a mapping");
            // a mapped output: the value lands in the file's pages
            MemorySegment out = m.asSlice(40_016, 20_000);
            long size = db.get(null, new ReadOptions(), key, out);
            check(size == 40_000, () -> "get into a mapped segment answered " + size);
            check(Arrays.equals(Arrays.copyOf(seen, 20_000), out.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)),
                    () -> "get into a mapped segment wrote other bytes");
            return "put from and get into a mapping round-trip 40,000 bytes";
        }
    }

    static String truncated(Path dir) throws Exception {
        List<String> seen = new ArrayList<>();
        Path file = dir.resolve("mapped");
        try (Arena arena = Arena.ofConfined(); RocksDB db = open(dir.resolve("db"))) {
            MemorySegment m = map(file, arena);
            MemorySegment key = m.asSlice(0, 16), value = m.asSlice(16, 40_000), past = m.asSlice(8192, 4096);
            db.put(new byte[]{1}, new byte[]{2});
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.truncate(0); // every page of the mapping is now past the file's end
            }
            seen.add(expect(IllegalArgumentException.class, "put(mapped key)", () -> db.put(key, MemorySegment.ofArray(new byte[4]))));
            seen.add(expect(IllegalArgumentException.class, "put(mapped value)", () -> db.put(MemorySegment.ofArray(new byte[]{9}), value)));
            seen.add(expect(IllegalArgumentException.class, "get(mapped key)", () -> db.get(null, new ReadOptions(), key, MemorySegment.ofArray(
                    new byte[8]))));
            seen.add(expect(IllegalArgumentException.class, "get into a mapped segment",
                    () -> db.get(null, new ReadOptions(), MemorySegment.ofArray(new byte[]{1}), past)));
            seen.add(expect(IllegalArgumentException.class, "WriteBatch.put(mapped)", () -> {
                try (WriteBatch b = new WriteBatch()) {
                    b.put(key, value);
                }
            }));
            seen.add(expect(IllegalArgumentException.class, "seek(mapped)", () -> {
                try (RocksIterator it = db.newIterator()) {
                    it.seek(past);
                }
            }));
            seen.add(expect(IllegalArgumentException.class, "MultiGet into a mapped buffer", () -> {
                try (io.panrocks.MultiGet mg = db.newMultiGet()) {
                    mg.add(new byte[]{1}).execute(new ReadOptions(), past);
                }
            }));
            seen.add(expect(IllegalArgumentException.class, "MultiGet.add(mapped key)", () -> {
                try (io.panrocks.MultiGet mg = db.newMultiGet()) {
                    mg.add(key);
                }
            }));
            seen.add(expect(IllegalArgumentException.class, "getAdaptive into a mapped buffer", () -> db.getAdaptive(new ReadOptions(), new byte[]{1},
                    past)));
            seen.add(expect(IllegalArgumentException.class, "SstFileWriter.put(mapped)", () -> {
                try (SstFileWriter w = new SstFileWriter(new EnvOptions(), new Options())) {
                    w.open(dir.resolve("x.sst"));
                    w.put(key, value);
                }
            }));
            seen.add(expect(IllegalArgumentException.class, "WriteBatchWithIndex.put(mapped)", () -> {
                try (WriteBatchWithIndex b = new WriteBatchWithIndex()) {
                    b.put(null, key, value);
                }
            }));
            seen.add(expect(IllegalArgumentException.class, "putEntity(mapped key)", () -> db.putEntity(null, new WriteOptions(), key, List.of(
                    io.panrocks.WideColumn.of("c", new byte[]{1})))));
            seen.add(expect(IllegalArgumentException.class, "putEntity(mapped column value)", () -> db.putEntity(new byte[]{3}, List.of(
                    new io.panrocks.WideColumn(MemorySegment.ofArray(new byte[]{'c'}), value)))));
            seen.add(expect(IllegalArgumentException.class, "WriteBatch.putEntity(mapped key)", () -> {
                try (WriteBatch b = new WriteBatch()) {
                    b.putEntity(null, key, List.of(io.panrocks.WideColumn.of("c", new byte[]{1})));
                }
            }));
            check(Arrays.equals(new byte[]{2}, db.get(new byte[]{1})), () -> "the DB lost a value");
        }
        try (Arena arena = Arena.ofConfined();
             TransactionDB tdb = TransactionDB.open(new Options().setCreateIfMissing(true), new TransactionDBOptions(), dir.resolve("txn"));
             Transaction t = tdb.beginTransaction(new WriteOptions())) {
            MemorySegment m = map(dir.resolve("mapped2"), arena);
            try (FileChannel ch = FileChannel.open(dir.resolve("mapped2"), StandardOpenOption.WRITE)) {
                ch.truncate(0);
            }
            seen.add(expect(IllegalArgumentException.class, "Transaction.put(mapped)", () -> t.put(null, m.asSlice(0, 8), m.asSlice(8, 100))));
        }
        return seen.size() + " paths refused a truncated mapping: " + seen.getFirst();
    }
}
