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
 * "CYCLES <cycles measured> <retained heap delta> <malloc delta> <rss delta>",
 * the heap measured after a full GC (what stays reachable).
 */
public final class CycleLoop {
    public static void main(String[] args) throws Throwable {
        int cycles = Integer.parseInt(args[0]);
        int warmup = cycles / 4;
        Path dir = Files.createTempDirectory("panrocks-cycles");
        long heap = 0, malloc = 0, rss = 0;
        for (int c = 0; c < warmup + cycles; c++) {
            if (c == warmup) {
                heap = retainedHeap();
                malloc = LeakLoop.mallocBytes();
                rss = LeakLoop.residentBytes();
            }
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
        System.out.println("CYCLES " + cycles + " " + (retainedHeap() - heap) + " " + (LeakLoop.mallocBytes() - malloc)
                + " " + (LeakLoop.residentBytes() - rss));
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
