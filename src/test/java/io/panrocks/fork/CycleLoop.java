package io.panrocks.fork;

import io.panrocks.PinnedValue;
import io.panrocks.ReadOptions;
import io.panrocks.RecordBatch;
import io.panrocks.RocksDB;
import io.panrocks.RocksIterator;
import io.panrocks.Snapshot;
import io.panrocks.WriteBatch;
import io.panrocks.WriteOptions;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Child JVM of the open/close cycle check: args[0] cycles of open, a few
 * writes, a snapshot, an iterator reading with it, a write batch, a record
 * batch and a pinned value, close. After a warm-up it prints
 * "CYCLES <cycles measured> <retained heap delta> <malloc delta> <rss delta>
 * <malloc delta of a second run of as many cycles>", the heap measured after
 * a full GC (what stays reachable), malloc's bytes in use as the lowest of
 * five samples at each end. The second run is there because one sample of
 * malloc's bytes moves by several MiB with the JVM's own mallocs (the JIT):
 * a leak grows again by the same amount in every run, that noise does not.
 */
public final class CycleLoop {
    public static void main(String[] args) throws Throwable {
        int cycles = Integer.parseInt(args[0]);
        Path dir = Files.createTempDirectory("panrocks-cycles");
        for (int c = 0; c < cycles / 4; c++) cycle(dir); // warm-up
        long heap = retainedHeap();
        // resident memory with glibc's arenas trimmed: they keep freed chunks and grow in steps over
        // the first ~750 cycles (docs/guarantees.md, Memory), which is not memory in use
        MemoryCycles.trim();
        long rss = LeakLoop.residentBytes();
        long malloc = lowestMalloc(dir);
        for (int c = 0; c < cycles; c++) cycle(dir);
        long mallocAfter = lowestMalloc(dir);
        long heapAfter = retainedHeap();
        MemoryCycles.trim();
        long rssDelta = LeakLoop.residentBytes() - rss;
        for (int c = 0; c < cycles; c++) cycle(dir);
        long mallocAgain = lowestMalloc(dir);
        System.out.println("CYCLES " + cycles + " " + (heapAfter - heap) + " " + (mallocAfter - malloc)
                + " " + rssDelta + " " + (mallocAgain - mallocAfter));
    }

    /**
     * The lowest of five samples of malloc's bytes in use, ten cycles apart:
     * one sample moves by several MiB with what the JVM itself has malloc'd
     * at that moment (the JIT's compiler arenas), upwards only, while a leak
     * raises every sample.
     */
    private static long lowestMalloc(Path dir) throws Throwable {
        long lowest = Long.MAX_VALUE;
        for (int sample = 0; sample < 5; sample++) {
            for (int c = 0; c < 10; c++) cycle(dir);
            LeakLoop.settle();
            lowest = Math.min(lowest, LeakLoop.mallocBytes());
        }
        return lowest;
    }

    /** One cycle: open, writes, a snapshot read by an iterator, a write batch, a record batch, a pin, close. */
    static void cycle(Path dir) throws Exception {
        try (RocksDB db = RocksDB.open(dir)) {
            for (int i = 0; i < 20; i++) db.put(("k" + i).getBytes(), new byte[100]);
            try (Snapshot s = db.getSnapshot();
                 RocksIterator it = db.newIterator(new ReadOptions().setSnapshot(s))) {
                it.seekToFirst();
                if (it.value().byteSize() != 100) throw new AssertionError("value");
            }
            try (WriteBatch b = new WriteBatch()) {
                db.write(WriteOptions.DEFAULT, b.put("x".getBytes(), "y".getBytes()));
            }
            try (RecordBatch rb = db.newRecordCursor(null, ReadOptions.DEFAULT).next(10, 1 << 20)) {
                if (rb.size() != 10) throw new AssertionError("batch");
            }
            try (PinnedValue v = db.getPinned("k1".getBytes())) {
                if (v.size() != 100) throw new AssertionError("pin");
            }
        }
    }

    /**
     * Heap still reachable: collected twice (the Cleaner releases what the
     * first collection found unreachable, and the second collects that),
     * then read from the pools' usage after their last collection, so that
     * what is allocated after the collection does not count.
     */
    static long retainedHeap() throws InterruptedException {
        LeakLoop.settle();
        LeakLoop.settle();
        long used = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.getCollectionUsage() != null) {
                used += pool.getCollectionUsage().getUsed();
            }
        }
        return used;
    }
}
