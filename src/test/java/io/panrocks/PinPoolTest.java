package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.randomBytes;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Pinned values come from a per-thread pool of pins that are reused from one
 * value to the next: a closed value must stay closed (value and views) once
 * its pin serves another value, its close must never close that other value,
 * and a pinned read must not pay for a registration of its own.
 */
class PinPoolTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    RocksDB db;

    @BeforeEach
    void open(RocksDB db) {
        this.db = db;
    }

    @Test
    void aClosedValueStaysClosedWhileItsPinServesTheNextValue() throws Exception {
        byte[] first = randomBytes(1, 9000);
        byte[] second = randomBytes(2, 7000);
        db.put(bytes("a"), first);
        db.put(bytes("b"), second);
        db.flush();
        PinnedValue a = db.getPinned(bytes("a"));
        MemorySegment aView = a.value();
        assertEquals(first[17], aView.get(ValueLayout.JAVA_BYTE, 17));
        a.close();
        try (PinnedValue b = db.getPinned(bytes("b"))) { // the pin a gave back
            MemorySegment bView = b.value();
            assertThrows(IllegalStateException.class, a::value);
            assertThrows(IllegalStateException.class, () -> aView.get(ValueLayout.JAVA_BYTE, 17));
            assertTrue(a.toString().endsWith(", closed}"), a.toString());
            // closing the old value again, here or on another thread, leaves the new one open
            a.close();
            AtomicReference<Throwable> foreign = new AtomicReference<>();
            Thread other = new Thread(() -> {
                try {
                    a.close();
                } catch (Throwable t) {
                    foreign.set(t);
                }
            });
            other.start();
            other.join();
            assertNull(foreign.get(), "closing a closed value is a no-op on any thread");
            assertFalse(b.toString().contains("closed"), b.toString());
            assertArrayEquals(second, b.value().toArray(ValueLayout.JAVA_BYTE));
            assertArrayEquals(second, bView.toArray(ValueLayout.JAVA_BYTE));
        }
    }

    @Test
    void interleavedValuesEachKeepTheirOwnBytesAndLifetime() throws Exception {
        int n = 40;
        for (int i = 0; i < n; i++) db.put(bytes("k" + i), randomBytes(i, 3000 + i));
        db.flush();
        long idle = db.getLongProperty("rocksdb.block-cache-pinned-usage");
        PinnedValue[] open = new PinnedValue[n];
        MemorySegment[] views = new MemorySegment[n];
        // open all, close every other one, reopen those: the pins are reused out of order
        for (int i = 0; i < n; i++) {
            open[i] = db.getPinned(bytes("k" + i));
            views[i] = open[i].value();
        }
        for (int i = 0; i < n; i += 2) open[i].close();
        PinnedValue[] again = new PinnedValue[n];
        for (int i = 0; i < n; i += 2) again[i] = db.getPinned(bytes("k" + (n - 1 - i)));
        for (int i = 0; i < n; i++) {
            final int k = i;
            if (i % 2 == 0) {
                assertThrows(IllegalStateException.class, () -> views[k].get(ValueLayout.JAVA_BYTE, 0));
                assertThrows(IllegalStateException.class, open[k]::value);
                assertArrayEquals(randomBytes(n - 1 - i, 3000 + n - 1 - i), again[i].toByteArray());
            } else {
                assertArrayEquals(randomBytes(i, 3000 + i), views[i].toArray(ValueLayout.JAVA_BYTE));
            }
        }
        for (int i = 0; i < n; i++) {
            open[i].close();
            if (again[i] != null) again[i].close();
        }
        for (int i = 0; i < n; i++) {
            final int k = i;
            assertThrows(IllegalStateException.class, () -> views[k].get(ValueLayout.JAVA_BYTE, 0));
        }
        assertEquals(idle, db.getLongProperty("rocksdb.block-cache-pinned-usage"), "every pin released");
    }

    @Test
    void aForeignCloseOfAReusedPinIsRefusedAndChangesNothing() throws Exception {
        byte[] value = randomBytes(3, 5000);
        db.put(bytes("k"), value);
        db.getPinned(bytes("k")).close(); // the pool has a used pin now
        try (PinnedValue v = db.getPinned(bytes("k"))) {
            for (int attempt = 0; attempt < 2; attempt++) {
                AtomicReference<Throwable> seen = new AtomicReference<>();
                Thread other = new Thread(() -> {
                    try {
                        v.close();
                    } catch (Throwable t) {
                        seen.set(t);
                    }
                });
                other.start();
                other.join();
                assertInstanceOf(WrongThreadException.class, seen.get(), "attempt " + attempt);
                assertArrayEquals(value, v.toByteArray(), "still open for its owner");
            }
        }
    }

    /**
     * A closed value, and a view of it, are dead: kept by the caller, they
     * must not keep the pooled pin's later value (forgotten unclosed) from
     * the sweep, or that pin, and its block, would be held as long as they are.
     */
    @Test
    void aClosedValueAndItsDeadViewDoNotHoldALaterForgottenValueOfTheSamePin() throws Exception {
        for (int i = 0; i < 10; i++) db.put(bytes("key" + i), randomBytes(i, 8192));
        db.flush();
        long idle = db.getLongProperty("rocksdb.block-cache-pinned-usage");
        PinnedValue first = db.getPinned(bytes("key0"));
        MemorySegment deadView = first.value();
        first.close();
        forgetAPinnedValue(); // takes the pin first gave back, and never closes it
        assertTrue(db.getLongProperty("rocksdb.block-cache-pinned-usage") > idle, "the forgotten value holds its block");
        System.gc();
        Thread.sleep(200);
        for (int i = 0; i < 5000; i++) { // the owner's sweep runs every 4,096 pinned reads
            try (PinnedValue v = db.getPinned(bytes("key" + (i % 10)))) {
                assertEquals(8192, v.size());
            }
        }
        assertEquals(idle, db.getLongProperty("rocksdb.block-cache-pinned-usage"), "the forgotten value was swept");
        assertThrows(IllegalStateException.class, () -> deadView.get(ValueLayout.JAVA_BYTE, 0));
        assertThrows(IllegalStateException.class, first::value);
        java.lang.ref.Reference.reachabilityFence(deadView);
        java.lang.ref.Reference.reachabilityFence(first);
    }

    private void forgetAPinnedValue() throws RocksDBException {
        PinnedValue forgotten = db.getPinned(bytes("key5"));
        assertEquals(8192, forgotten.value().byteSize());
    }

    /**
     * In steady state a pinned read allocates no per-read bookkeeping: no
     * resource, no weak reference, no scope, no release action (432 B per
     * read before the pool). What is left is the view's confined arena with
     * its keep-alive action, and whatever of the value and its segment C2
     * does not scalar-replace. Measured in rounds until it settles, so a
     * slow JIT on a loaded machine only takes longer.
     */
    @Test
    void steadyStatePinnedReadsAllocateOnlyTheirViewArena() throws Exception {
        byte[] key = bytes("k");
        db.put(key, randomBytes(7, 16 * 1024));
        db.flush();
        long pinned = lowestAllocationPerRead(() -> {
            try (PinnedValue v = db.getPinned(key)) {
                if (v.value().get(ValueLayout.JAVA_BYTE, 0) == 0 && v.size() != 16 * 1024) fail();
            }
        });
        System.out.println("PinPoolTest: getPinned of 16 KiB allocates " + pinned + " B/op on the heap");
        assertTrue(pinned <= 256, pinned + " B per pinned read");
    }

    /** The adaptive read of a small value copies it into the caller's buffer: no pin kept, no view arena. */
    @Test
    void steadyStateAdaptiveCopiesAllocateAtMostTheirValue() throws Exception {
        byte[] key = bytes("k");
        db.put(key, randomBytes(8, 16));
        db.flush();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buffer = arena.allocate(1024);
            long copied = lowestAllocationPerRead(() -> {
                try (PinnedValue v = db.getAdaptive(ReadOptions.DEFAULT, key, buffer)) {
                    if (v.isPinned() || v.value().get(ValueLayout.JAVA_BYTE, 0) == 0 && v.size() != 16) fail();
                }
            });
            System.out.println("PinPoolTest: getAdaptive of 16 B allocates " + copied + " B/op on the heap");
            assertTrue(copied <= 128, copied + " B per adaptive read");
        }
    }

    interface Read {
        void run() throws Exception;
    }

    /** The lowest heap allocation per read over rounds of 20,000 reads (at most 60 rounds). */
    private static long lowestAllocationPerRead(Read read) throws Exception {
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        int n = 20_000;
        long lowest = Long.MAX_VALUE;
        for (int round = 0; round < 60; round++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < n; i++) read.run();
            lowest = Math.min(lowest, (threads.getCurrentThreadAllocatedBytes() - before) / n);
        }
        return lowest;
    }
}
