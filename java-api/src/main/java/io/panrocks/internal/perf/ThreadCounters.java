package io.panrocks.internal.perf;

import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * What {@code PerfContext} and {@code IOStatsContext} share: one thread's
 * context of RocksDB's per-thread counters, read in place.
 *
 * <p>RocksDB keeps each context per thread (a {@code thread_local}; in the
 * bundled engine an object on the heap behind a thread-local pointer, deleted
 * when its thread exits: native/engine/README.md), living as long as its
 * thread and written only by it. The object is therefore
 * confined to the thread that got it: there, a getter is one plain load from
 * the context's memory (no native call, no allocation), which is safe because
 * the memory cannot go while its own thread runs. On any other thread every
 * read throws {@link WrongThreadException}: that thread's counters are
 * somebody else's, and the owner's could be gone with their thread.
 *
 * <p>A virtual thread runs on carrier threads that may change between two
 * calls, and RocksDB's {@code thread_local} is the carrier's: there each read
 * is one native call reading the current carrier's context (never a kept
 * address, whose carrier may have ended), and counters mix with those of
 * other virtual threads that ran on the same carrier.
 */
public final class ThreadCounters {
    public static final int PERF = panrocks_h.PANROCKS_PERF_CONTEXT();
    public static final int IOSTATS = panrocks_h.PANROCKS_IOSTATS_CONTEXT();

    private final NativeDb db;
    private final int kind;
    /** "PerfContext" or "IOStatsContext", for messages */
    private final String type;
    private final Thread owner;
    /** the owner's context, read in place; null on a virtual thread (its carrier, and so its context, changes) */
    private final MemorySegment context;
    /** the kind's fixed list of counters, by RocksDB's name */
    private final String[] names;
    /** where each of names lies in the context, -1 for one the engine lacks */
    private final int[] offsets;

    /**
     * The calling thread's context of that kind (inside a check that db is
     * open), whose counters are names (the kind's fixed list): {@link #read}
     * takes an index into it.
     */
    public ThreadCounters(NativeDb db, int kind, String type, String[] names) {
        this.db = db;
        this.kind = kind;
        this.type = type;
        this.names = names;
        this.owner = Thread.currentThread();
        if (owner.isVirtual()) {
            this.context = null;
        } else {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment size = arena.allocate(ValueLayout.JAVA_LONG);
                MemorySegment address = panrocks_h.panrocks_perf_context(kind, size);
                // global scope: the memory is the thread's, and check() lets only that thread read it
                this.context = address.reinterpret(size.get(ValueLayout.JAVA_LONG, 0));
            }
        }
        this.offsets = offsets(kind, names);
    }

    /**
     * Each kind's offsets, asked once, by the first context of that kind made
     * (not in a static initializer: the library's load initializes every
     * class of panrocks, and must not wait on itself); a race asks twice and
     * gets the same answer.
     */
    private static final AtomicReferenceArray<int[]> KNOWN_OFFSETS = new AtomicReferenceArray<>(2);

    /**
     * The offset of each named counter in a context of that kind, -1 for one
     * the engine lacks (an older engine); names is the kind's fixed list of
     * counters. Called with the library loaded (a DB is open).
     */
    private static int[] offsets(int kind, String[] names) {
        int slot = kind == PERF ? 0 : 1;
        int[] known = KNOWN_OFFSETS.get(slot);
        if (known == null) {
            known = askOffsets(kind, names);
            KNOWN_OFFSETS.set(slot, known);
        }
        return known;
    }

    private static int[] askOffsets(int kind, String[] names) {
        int[] offsets = new int[names.length];
        try (Arena arena = Arena.ofConfined()) {
            for (int i = 0; i < names.length; i++) {
                // PANROCKS_PERF_NO_COUNTER is UINT32_MAX: -1 as a Java int
                offsets[i] = panrocks_h.panrocks_perf_counter_offset(kind, arena.allocateFrom(names[i]));
            }
        }
        return offsets;
    }

    /** Refuses a read from another thread, or once the DB is closed. */
    public void check() {
        Thread current = Thread.currentThread();
        if (current != owner) {
            throw new WrongThreadException(type + " of thread \"" + owner.getName() + "\" read on thread \""
                    + current.getName() + "\": RocksDB keeps these counters per thread; get this thread's with RocksDB.get"
                    + type + "()");
        }
        if (!db.isOpen()) throw new IllegalStateException(type + ": " + db.closed().getMessage());
    }

    /** The counter names[counter] of the owner's context (0 for one the engine lacks). */
    public long read(int counter) {
        check();
        int offset = offsets[counter];
        if (offset < 0) return 0;
        if (context != null) return context.get(ValueLayout.JAVA_LONG, offset);
        return panrocks_h.panrocks_perf_counter(kind, offset);
    }

    /** Every counter this engine has, by RocksDB's name, in the order of names. */
    public Map<String, Long> all() {
        check();
        Map<String, Long> counters = new LinkedHashMap<>();
        // a counter this engine lacks (offset -1, a newer engine's) is no counter at all here
        for (int i = 0; i < names.length; i++) if (offsets[i] >= 0) counters.put(names[i], read(i));
        return counters;
    }

    public void reset() {
        check();
        // cannot fail for a known kind (Reset() only stores zeros): no error record needed
        int rc = panrocks_h.panrocks_perf_reset(kind, MemorySegment.NULL);
        if (rc != 0) throw new IllegalStateException(type + ": reset failed with status " + rc);
    }

    /** RocksDB's text (ToString); or, where the counters cannot be read, what they are. */
    public String text(boolean excludeZeroCounters) {
        Thread current = Thread.currentThread();
        if (current != owner) return type + "{of thread \"" + owner.getName() + "\", readable only there}";
        if (!db.isOpen()) return type + "{" + db.closed().getMessage() + "}";
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment error = panrocks_error.allocate(arena);
            MemorySegment size = arena.allocate(ValueLayout.JAVA_LONG);
            int flag = excludeZeroCounters ? 1 : 0;
            int rc = panrocks_h.panrocks_perf_text(kind, flag, MemorySegment.NULL, 0, size, error);
            if (rc != 0) throw new IllegalStateException(type + ": " + Errors.toException(rc, error).getMessage());
            // the text of a thread's own context cannot change between the two calls: nothing else writes it
            MemorySegment buffer = arena.allocate(Math.max(1, size.get(ValueLayout.JAVA_LONG, 0)));
            rc = panrocks_h.panrocks_perf_text(kind, flag, buffer, buffer.byteSize(), size, error);
            if (rc != 0) throw new IllegalStateException(type + ": " + Errors.toException(rc, error).getMessage());
            long length = Math.min(size.get(ValueLayout.JAVA_LONG, 0), buffer.byteSize());
            return new String(buffer.asSlice(0, length).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
        }
    }
}
