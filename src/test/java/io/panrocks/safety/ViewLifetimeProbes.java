package io.panrocks.safety;

import io.panrocks.BlockBasedTableConfig;
import io.panrocks.MultiGet;
import io.panrocks.Options;
import io.panrocks.PinnedValue;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.safety.ProbeSupport.*;
import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;

/**
 * Issue 11, class 1: a view (a {@link MemorySegment} of RocksDB's memory)
 * must never outlive what it shows. A kept view either keeps its owner
 * alive (it reads exactly the bytes it showed) or throws
 * {@link IllegalStateException}: never a crash, never other bytes. And an
 * owner is closed only by its thread: a foreign close throws
 * {@link WrongThreadException} every time and changes nothing.
 *
 * <p>The kept-view probes keep many views, drop every reference to their
 * owners, then churn (reads, pins and iterators on this thread and
 * another, writes and flushes) and collect garbage, so that the Cleaner
 * or the per-thread pin sweep releases the owners while the views are
 * reachable; the DB runs without a block cache, so a released block's
 * memory goes straight back to malloc and is handed out again for the
 * next blocks read.
 */
final class ViewLifetimeProbes {
    private ViewLifetimeProbes() {
    }

    static final Probe.Catalog PROBES = new Probe.Catalog()
            // At b64ec9b (before the fix): the Cleaner destroys the forgotten iterator while its kept
            // views stay open -> the views read other blocks' bytes (wrong result)
            // or SIGSEGV in a copy from unmapped memory.
            .add("iterator-views-outlive-forgotten-iterator", dir -> keptViews(dir, Layout.SST, ViewLifetimeProbes::keepIteratorEntry))
            .add("iterator-views-outlive-forgotten-iterator-memtable", dir -> keptViews(dir, Layout.MEMTABLE, ViewLifetimeProbes::keepIteratorEntry))
            // At b64ec9b (before the fix): the thread's sweep for forgotten pins releases the pin
            // under the kept view -> wrong bytes or SIGSEGV.
            .add("pinned-view-outlives-forgotten-pin", dir -> keptViews(dir, Layout.SST, ViewLifetimeProbes::keepPinned))
            .add("pinned-view-outlives-forgotten-pin-large", dir -> keptViews(dir, Layout.LARGE, ViewLifetimeProbes::keepPinned))
            // At b64ec9b (before the fix): the Cleaner releases the forgotten MultiGet's pins -> wrong bytes or SIGSEGV.
            .add("multiget-view-outlives-forgotten-multiget", dir -> keptViews(dir, Layout.SST, ViewLifetimeProbes::keepMultiGet))
            // At b64ec9b (before the fix): the second foreign close returns normally and frees the pin
            // (Scope.renew dropped its arena before arena.close threw); the
            // owner then gets "PinnedValue is closed" and its kept view reads freed memory.
            .add("pinned-value-foreign-close-refused-every-time", ViewLifetimeProbes::pinnedForeignClose)
            // At b64ec9b (before the fix): passes (RocksIterator.close checks its owner before anything else).
            .add("iterator-foreign-close-refused-every-time", ViewLifetimeProbes::iteratorForeignClose)
            // At b64ec9b (before the fix): MultiGet.close() checks no owner: another thread's close frees
            // the pins under the owner's views, and the owner's next use throws.
            .add("multiget-foreign-close-refused-every-time", ViewLifetimeProbes::multiGetForeignClose)
            // At b64ec9b (before the fix): the refused foreign close dropped the view's arena without
            // closing it, so after the owner's close the view still reads (freed) memory.
            .add("view-dies-with-owner-close-after-refused-foreign-close", ViewLifetimeProbes::viewAfterRefusedForeignClose)
            // At b64ec9b (before the fix): passes.
            .add("closing-a-closed-object-from-any-thread-is-a-no-op", ViewLifetimeProbes::closedCloseAnywhere);

    // ---- kept views -----------------------------------------------------------------

    /** Where the values live, and how big they are. */
    enum Layout {
        /** ~3 KiB values in SST files, read without a block cache: each read mallocs its block */
        SST(300, 3000, true),
        /** values still in the memtable, which a flush frees */
        MEMTABLE(300, 3000, false),
        /** 512 KiB values in SST files: their blocks are large allocations, unmapped when freed */
        LARGE(40, 512 * 1024, true);

        final int keys;
        final int valueSize;
        final boolean flushed;

        Layout(int keys, int valueSize, boolean flushed) {
            this.keys = keys;
            this.valueSize = valueSize;
            this.flushed = flushed;
        }

        String key(int i) {
            return String.format("key-%05d", i);
        }

        RocksDB open(Path dir) throws RocksDBException {
            RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true)
                    .setTableFormatConfig(new BlockBasedTableConfig().setNoBlockCache(true)), dir.resolve("db"));
            for (int i = 0; i < keys; i++) db.put(bytes(key(i)), ProbeSupport.valueOf(key(i), valueSize));
            if (flushed) db.flush();
            return db;
        }
    }

    /** A view kept past its owner, and the bytes it must show (checked when kept). */
    record Kept(MemorySegment view, byte[] expected, String what) {
        Kept {
            checkSame(expected, view.toArray(ValueLayout.JAVA_BYTE), what + " when first read");
        }
    }

    @FunctionalInterface
    interface Keeper {
        /** Reads key, keeps views of the result, drops the owner. */
        List<Kept> keep(RocksDB db, Layout layout, int i) throws Exception;
    }

    static List<Kept> keepIteratorEntry(RocksDB db, Layout layout, int i) {
        RocksIterator it = db.newIterator();
        it.seek(bytes(layout.key(i)));
        MemorySegment key = it.key(), value = it.value();
        // `it` is dropped here, unclosed, with its views kept
        return List.of(new Kept(key, bytes(layout.key(i)), "iterator key() of " + layout.key(i)),
                new Kept(value, valueOf(layout.key(i), layout.valueSize), "iterator value() of " + layout.key(i)));
    }

    static List<Kept> keepPinned(RocksDB db, Layout layout, int i) throws RocksDBException {
        PinnedValue v = db.getPinned(bytes(layout.key(i)));
        MemorySegment view = v.value();
        return List.of(new Kept(view, valueOf(layout.key(i), layout.valueSize), "getPinned value() of " + layout.key(i)));
    }

    static List<Kept> keepMultiGet(RocksDB db, Layout layout, int i) throws RocksDBException {
        MultiGet m = db.newMultiGet();
        String k0 = layout.key(i), k1 = layout.key((i + 1) % layout.keys);
        m.add(bytes(k0)).add(bytes(k1));
        m.executePinned();
        return List.of(new Kept(m.value(0), valueOf(k0, layout.valueSize), "MultiGet value(0) of " + k0),
                new Kept(m.value(1), valueOf(k1, layout.valueSize), "MultiGet value(1) of " + k1));
    }

    static String keptViews(Path dir, Layout layout, Keeper keeper) throws Exception {
        RocksDB db = layout.open(dir);
        List<Kept> kept = new ArrayList<>();
        for (int i = 0; i < layout.keys; i += Math.max(1, layout.keys / 40)) {
            kept.addAll(keeper.keep(db, layout, i));
        }
        Map<String, Integer> outcomes = new TreeMap<>();
        int cycles = rounds(layout == Layout.LARGE ? 4 : 6);
        for (int cycle = 0; cycle < cycles; cycle++) {
            churn(db, layout, cycle);
            gc();
            for (Kept k : kept) outcomes.merge(readKept(k.view, k.expected, k.what + " (churn cycle " + cycle + ")"), 1, Integer::sum);
        }
        return kept.size() + " kept views read " + cycles + " times while their owners were forgotten: " + outcomes;
    }

    /**
     * Reads, pins (thousands: the pin sweep runs every 4,096, and whenever
     * open pins pile up) and iterators on this thread and another, writes
     * and a flush: memory gets freed and handed out again. Pins and
     * iterators are held in groups, so that the allocator must hand out
     * freed chunks rather than recycle one. (No MultiGets or snapshots here:
     * their closes on two threads deadlock today, which is class 5's probe.)
     */
    static void churn(RocksDB db, Layout layout, int cycle) throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread other = start("churn", failure, () -> {
            for (int n = 0; !stop.get() && n < 20 * layout.keys; n++) readOnce(db, layout, n * 7 + cycle);
        });
        int group = layout == Layout.LARGE ? 30 : 100;
        int groups = layout == Layout.LARGE ? 3 : 42;
        List<PinnedValue> held = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            for (int n = 0; n < group; n++) {
                PinnedValue v = db.getPinned(bytes(layout.key((g * group + n * 13 + cycle) % layout.keys)));
                v.value().get(ValueLayout.JAVA_BYTE, 0);
                held.add(v);
            }
            for (PinnedValue v : held) v.close();
            held.clear();
        }
        List<RocksIterator> iterators = new ArrayList<>();
        for (int n = 0; n < group; n++) {
            RocksIterator it = db.newIterator();
            it.seek(bytes(layout.key((n * 11 + cycle) % layout.keys)));
            iterators.add(it);
        }
        for (RocksIterator it : iterators) it.close();
        for (int n = 0; n < 100; n++) readOnce(db, layout, n * 3 + cycle);
        for (int n = 0; n < 20; n++) db.put(bytes("churn-" + cycle + "-" + n), valueOf("churn" + n, layout.valueSize));
        db.flush();
        stop.set(true);
        joinAll(Duration.ofSeconds(30), other);
        rethrow(failure);
    }

    static void readOnce(RocksDB db, Layout layout, int n) throws RocksDBException {
        String key = layout.key(Math.floorMod(n, layout.keys));
        switch (Math.floorMod(n, 4)) {
            case 0 -> check(db.get(bytes(key)) != null, () -> key + " vanished");
            case 1 -> {
                try (RocksIterator it = db.newIterator()) {
                    it.seek(bytes(key));
                    for (int i = 0; i < 3 && it.isValid(); i++, it.next()) it.value().get(ValueLayout.JAVA_BYTE, 0);
                }
            }
            case 2 -> db.get(bytes(key), s -> s.get(ValueLayout.JAVA_BYTE, 0));
            default -> db.multiGetAsList(List.of(bytes(key), bytes(layout.key(Math.floorMod(n + 1, layout.keys)))));
        }
    }

    // ---- foreign closes ----------------------------------------------------------------

    static RocksDB small(Path dir) throws RocksDBException {
        RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), dir.resolve("db"));
        for (int i = 0; i < 50; i++) db.put(bytes("k" + i), valueOf("k" + i, 5000));
        db.flush();
        return db;
    }

    /** Runs action on a new thread; returns what it threw (null if nothing). */
    static Throwable onOtherThread(ProbeSupport.Action action) throws InterruptedException {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread t = start("foreign", thrown, action);
        joinAll(Duration.ofSeconds(20), t);
        return thrown.get();
    }

    static void expectWrongThread(Throwable t, String what) {
        if (t instanceof WrongThreadException) return;
        if (t == null) throw new WrongResult(what + ": expected WrongThreadException but it returned normally");
        WrongResult w = new WrongResult(what + ": expected WrongThreadException but got " + t);
        w.initCause(t);
        throw w;
    }

    static String pinnedForeignClose(Path dir) throws Exception {
        RocksDB db = small(dir);
        PinnedValue v = db.getPinned(bytes("k7"));
        MemorySegment view = v.value();
        byte[] expected = valueOf("k7", 5000);
        for (int attempt = 1; attempt <= 3; attempt++) {
            expectWrongThread(onOtherThread(v::close), "foreign close #" + attempt + " of an open PinnedValue");
        }
        checkSame(expected, v.toByteArray(), "the owner's PinnedValue after refused foreign closes");
        checkSame(expected, view.toArray(ValueLayout.JAVA_BYTE), "the owner's kept view after refused foreign closes");
        v.close();
        expect(IllegalStateException.class, "the view after the owner's close", () -> view.get(ValueLayout.JAVA_BYTE, 0));
        db.close();
        return "3 foreign closes refused, owner read its bytes and closed";
    }

    static String iteratorForeignClose(Path dir) throws Exception {
        RocksDB db = small(dir);
        RocksIterator it = db.newIterator();
        it.seek(bytes("k7"));
        MemorySegment view = it.value();
        for (int attempt = 1; attempt <= 3; attempt++) {
            expectWrongThread(onOtherThread(it::close), "foreign close #" + attempt + " of an open RocksIterator");
        }
        checkSame(valueOf("k7", 5000), view.toArray(ValueLayout.JAVA_BYTE), "the owner's kept value() after refused foreign closes");
        it.next();
        check(it.isValid() && string(it.keyBytes()).equals("k8"), () -> "the iterator moves on after refused foreign closes");
        checkSame(valueOf("k8", 5000), it.valueBytes(), "the owner's next entry");
        it.close();
        db.close();
        return "3 foreign closes refused, owner read on and closed";
    }

    static String multiGetForeignClose(Path dir) throws Exception {
        RocksDB db = small(dir);
        MultiGet m = db.newMultiGet();
        m.add(bytes("k3")).add(bytes("k4"));
        m.executePinned();
        MemorySegment view = m.value(0);
        for (int attempt = 1; attempt <= 3; attempt++) {
            expectWrongThread(onOtherThread(m::close), "foreign close #" + attempt + " of a pinned MultiGet");
        }
        // the owner's churn would reuse freed blocks
        for (int n = 0; n < 500; n++) db.get(bytes("k" + n % 50));
        checkSame(valueOf("k3", 5000), view.toArray(ValueLayout.JAVA_BYTE), "the owner's kept value(0) after refused foreign closes");
        checkSame(valueOf("k4", 5000), m.valueAsBytes(1), "the owner's value(1) after refused foreign closes");
        m.clear().add(bytes("k9"));
        m.executePinned();
        checkSame(valueOf("k9", 5000), m.valueAsBytes(0), "the MultiGet, reused by its owner");
        m.close();
        db.close();
        return "3 foreign closes refused, owner read on, reused and closed";
    }

    static String viewAfterRefusedForeignClose(Path dir) throws Exception {
        RocksDB db = small(dir);
        PinnedValue v = db.getPinned(bytes("k11"));
        MemorySegment view = v.value();
        expectWrongThread(onOtherThread(v::close), "foreign close of an open PinnedValue");
        v.close();
        for (int n = 0; n < 500; n++) db.get(bytes("k" + n % 50));
        String r = expect(IllegalStateException.class, "reading the view after its owner closed it",
                () -> view.get(ValueLayout.JAVA_BYTE, 0));
        db.close();
        return r;
    }

    static String closedCloseAnywhere(Path dir) throws Exception {
        RocksDB db = small(dir);
        PinnedValue v = db.getPinned(bytes("k1"));
        RocksIterator it = db.newIterator();
        it.seekToFirst();
        MultiGet m = db.newMultiGet();
        m.add(bytes("k2"));
        m.executePinned();
        v.close();
        it.close();
        m.close();
        for (ProbeSupport.Action close : List.<ProbeSupport.Action>of(v::close, it::close, m::close)) {
            Throwable t = onOtherThread(close);
            if (t != null) {
                WrongResult w = new WrongResult("closing a closed object from another thread threw " + t);
                w.initCause(t);
                throw w;
            }
        }
        db.close();
        for (ProbeSupport.Action close : List.<ProbeSupport.Action>of(v::close, it::close, m::close)) {
            Throwable t = onOtherThread(close);
            if (t != null) throw new WrongResult("closing a closed object of a closed DB from another thread threw " + t);
        }
        return "closes of closed PinnedValue, RocksIterator and MultiGet from another thread were no-ops";
    }
}
