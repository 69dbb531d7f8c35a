package io.panrocks.fork;

import io.panrocks.BlockBasedTableConfig;
import io.panrocks.LRUCache;
import io.panrocks.Options;
import io.panrocks.PinnedValue;
import io.panrocks.RocksDB;
import io.panrocks.RocksIterator;
import io.panrocks.Snapshot;
import io.panrocks.WriteBatch;
import io.panrocks.WriteOptions;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Child JVM of the leak test (fixed, pre-touched heap, so resident memory
 * moves only with native memory): runs each kind of operation args[0]
 * times and prints "LEAK <kind> <rss delta> <malloc delta>" per kind;
 * args[1] and args[2] are the bounds (resident, malloc'd) over which a
 * round is measured again.
 */
public final class LeakLoop {
    interface Op {
        void run(RocksDB db, int i) throws Exception;
    }

    public static void main(String[] args) throws Throwable {
        int n = Integer.parseInt(args[0]);
        long rssBound = Long.parseLong(args[1]), mallocBound = Long.parseLong(args[2]);
        Map<String, Op> ops = new LinkedHashMap<>();
        byte[] buffer = new byte[256];
        ops.put("get", (db, i) -> db.get(key(i & 1023), buffer));
        ops.put("pinned-get", (db, i) -> {
            try (PinnedValue v = db.getPinned(key(i & 1023))) {
                if (v == null) throw new AssertionError("missing");
            }
        });
        ops.put("iterator", (db, i) -> {
            try (RocksIterator it = db.newIterator()) {
                it.seek(key(i & 1023));
            }
        });
        ops.put("batch", (db, i) -> {
            try (WriteBatch batch = new WriteBatch()) {
                batch.put(key(i & 255), buffer).delete(key((i + 1) & 255));
                db.write(WriteOptions.DEFAULT, batch);
            }
        });
        ops.put("snapshot", (db, i) -> {
            try (Snapshot s = db.getSnapshot()) {
                if (s.getSequenceNumber() < 0) throw new AssertionError();
            }
        });
        Path dir = Files.createTempDirectory("panrocks-leak");
        Options options = new Options().setCreateIfMissing(true).setWriteBufferSize(1 << 20)
                .setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(new LRUCache(8 << 20)));
        try (RocksDB db = RocksDB.open(options, dir)) {
            for (int i = 0; i < 1024; i++) db.put(key(i), new byte[100 + i % 50]);
            db.flush();
            for (var e : ops.entrySet()) {
                // Warm up caches, memtables and the JIT: half a run. The JIT's own
                // malloc'd arenas (C2 grows them by megabytes while it compiles)
                // would otherwise land in the measured run and read as a leak.
                for (int i = 0; i < n / 2; i++) e.getValue().run(db, i);
                // A leak grows memory in every round; a compilation, a flush or
                // malloc's arenas settling moves it in one. So a round over the
                // bounds is measured again (up to three), and the smallest
                // growth is reported.
                long rssGrowth = Long.MAX_VALUE, mallocGrowth = Long.MAX_VALUE;
                for (int round = 0; round < 3 && (rssGrowth >= rssBound || mallocGrowth >= mallocBound); round++) {
                    settle();
                    long rss = residentBytes(), heap = mallocBytes();
                    for (int i = 0; i < n; i++) e.getValue().run(db, i);
                    settle();
                    long r = residentBytes() - rss, m = mallocBytes() - heap;
                    System.out.println("ROUND " + e.getKey() + " " + round + " " + r + " " + m);
                    rssGrowth = Math.min(rssGrowth, r);
                    mallocGrowth = Math.min(mallocGrowth, m);
                }
                System.out.println("LEAK " + e.getKey() + " " + rssGrowth + " " + mallocGrowth);
            }
        }
    }

    static byte[] key(int i) {
        return ("key" + i).getBytes();
    }

    static void settle() throws InterruptedException {
        System.gc();
        Thread.sleep(200); // the Cleaner thread runs after a GC
    }

    static long residentBytes() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
        throw new IllegalStateException("no VmRSS");
    }

    /** Bytes in use by malloc (glibc's mallinfo2().uordblks): the native heap, RocksDB's and ours. */
    static long mallocBytes() throws Throwable {
        Linker linker = Linker.nativeLinker();
        MemoryLayout info = MemoryLayout.structLayout(MemoryLayout.sequenceLayout(10, ValueLayout.JAVA_LONG));
        MethodHandle mallinfo2 = linker.downcallHandle(linker.defaultLookup().find("mallinfo2").orElseThrow(),
                FunctionDescriptor.of(info));
        MemorySegment result = (MemorySegment) mallinfo2.invokeExact(
                (java.lang.foreign.SegmentAllocator) java.lang.foreign.Arena.ofAuto());
        return result.get(ValueLayout.JAVA_LONG, 7 * 8); // uordblks: the 8th field
    }
}
