package io.panrocks.internal;

import java.util.Arrays;

/**
 * Each thread's {@link CallContext}s, one per DB it has called.
 *
 * <p>One static {@code ThreadLocal} for all DBs rather than one per DB: a
 * per-DB {@code ThreadLocal} whose value (the context) refers back to its DB,
 * and so to the {@code ThreadLocal} itself, is never expunged from a live
 * thread's map, and every open/close cycle would leave a DB's worth of Java
 * objects behind in every thread that used it. Here the entries of closed
 * DBs are dropped whenever the thread registers a new context, and at once
 * on the thread that closes a DB.
 */
public final class ThreadContexts {
    private static final ThreadLocal<ThreadContexts> CURRENT = ThreadLocal.withInitial(ThreadContexts::new);

    private NativeDb lastDb;
    private CallContext last;
    private NativeDb[] dbs = new NativeDb[4];
    private CallContext[] contexts = new CallContext[4];
    private int count;

    private ThreadContexts() {
    }

    /**
     * The calling thread's context for db, or null.
     *
     * @throws IllegalStateException if the thread is inside a callback of
     *         db (a comparator, merge operator, compaction filter or event
     *         listener): a call back into the DB that is calling it is
     *         refused (it could deadlock on the engine's locks or overwrite
     *         the scratch of the call in progress)
     */
    static CallContext get(NativeDb db) {
        ThreadContexts t = CURRENT.get();
        if (t.upcallDepth != 0) t.refuseInsideUpcallOf(db);
        return t.find(db);
    }

    /** As {@link #get}, never refusing: for paths that must not throw half-way (a grace period). */
    static CallContext getUnchecked(NativeDb db) {
        return CURRENT.get().find(db);
    }

    // ---- callbacks running on this thread ---------------------------------

    /** the DBs whose callbacks this thread is running, innermost last; [0, upcallDepth) */
    private NativeDb[] upcallDbs = new NativeDb[4];
    private int upcallDepth;
    /** what the latest failed callback of pendingDb threw on this thread: the cause of the call's exception */
    private NativeDb pendingDb;
    private Throwable pendingFailure;

    /** The calling thread's record: callbacks mark themselves in it. */
    public static ThreadContexts current() {
        return CURRENT.get();
    }

    /**
     * Marks the thread as running a callback of db (null: a DB still
     * opening); returns the depth to give {@link #exitUpcall}.
     *
     * @param db the DB whose callback runs, or null
     * @return the depth before this callback
     */
    public int enterUpcall(NativeDb db) {
        int depth = upcallDepth;
        if (depth == upcallDbs.length) upcallDbs = Arrays.copyOf(upcallDbs, depth * 2);
        upcallDbs[depth] = db;
        upcallDepth = depth + 1;
        return depth;
    }

    /**
     * Ends the callbacks entered at depth and deeper.
     *
     * @param depth what {@link #enterUpcall} returned
     */
    public void exitUpcall(int depth) {
        for (int i = depth; i < upcallDepth; i++) upcallDbs[i] = null;
        upcallDepth = depth;
    }

    /** Whether the calling thread is running a callback of any DB. */
    static boolean insideAnyUpcall() {
        return CURRENT.get().upcallDepth != 0;
    }

    boolean insideUpcallOf(NativeDb db) {
        for (int i = 0; i < upcallDepth; i++) {
            if (upcallDbs[i] == db) return true;
        }
        return false;
    }

    private void refuseInsideUpcallOf(NativeDb db) {
        if (insideUpcallOf(db)) {
            throw new IllegalStateException("RocksDB " + db.description() + " cannot be called from inside one of its "
                    + "own callbacks (comparator, merge operator, compaction filter, event listener); hand the work "
                    + "to another thread");
        }
    }

    /**
     * Refuses, on a thread running a callback of any DB, an operation that
     * waits for RocksDB's background work (a flush, a compaction, a close):
     * the background threads are shared by every DB of the process, and the
     * callback may run on the very one that work needs (two DBs whose
     * listeners flushed or closed each other would wait for each other
     * forever).
     *
     * @param db the DB the operation is on
     * @param operation what it is, for the message ("flush")
     * @throws IllegalStateException inside a callback
     */
    static void refuseWaitForBackgroundWork(NativeDb db, String operation) {
        ThreadContexts t = CURRENT.get();
        if (t.upcallDepth == 0) return;
        t.refuseInsideUpcallOf(db);
        throw new IllegalStateException(operation + " of RocksDB " + db.description() + " cannot run inside a callback "
                + "(comparator, merge operator, compaction filter, event listener) of any DB: it waits for RocksDB's "
                + "background threads, which every DB of the process shares, and the callback may be running on the "
                + "one it waits for; hand it to another thread");
    }

    void setPendingFailure(NativeDb db, Throwable failure) {
        pendingDb = db;
        pendingFailure = failure;
    }

    /** What a callback of db threw on this thread since the last call, once. */
    Throwable takePendingFailure(NativeDb db) {
        if (pendingDb != db) return null;
        Throwable t = pendingFailure;
        pendingDb = null;
        pendingFailure = null;
        return t;
    }

    static void put(NativeDb db, CallContext context) {
        CURRENT.get().add(db, context);
    }

    /** Forgets the calling thread's context for db (it is being closed). */
    static void remove(NativeDb db) {
        CURRENT.get().drop(db);
    }

    private CallContext find(NativeDb db) {
        if (lastDb == db) return last;
        for (int i = 0; i < count; i++) {
            if (dbs[i] == db) {
                lastDb = db;
                last = contexts[i];
                return last;
            }
        }
        return null;
    }

    private void add(NativeDb db, CallContext context) {
        int kept = 0;
        for (int i = 0; i < count; i++) {
            if (!dbs[i].isEngineClosed()) {
                dbs[kept] = dbs[i];
                contexts[kept++] = contexts[i];
            }
        }
        Arrays.fill(dbs, kept, count, null);
        Arrays.fill(contexts, kept, count, null);
        count = kept;
        if (count == dbs.length) {
            dbs = Arrays.copyOf(dbs, count * 2);
            contexts = Arrays.copyOf(contexts, count * 2);
        }
        dbs[count] = db;
        contexts[count++] = context;
        lastDb = db;
        last = context;
    }

    private void drop(NativeDb db) {
        for (int i = 0; i < count; i++) {
            if (dbs[i] == db) {
                System.arraycopy(dbs, i + 1, dbs, i, count - i - 1);
                System.arraycopy(contexts, i + 1, contexts, i, count - i - 1);
                dbs[--count] = null;
                contexts[count] = null;
                break;
            }
        }
        if (lastDb == db) {
            lastDb = null;
            last = null;
        }
    }
}
