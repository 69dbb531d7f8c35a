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
final class ThreadContexts {
    private static final ThreadLocal<ThreadContexts> CURRENT = ThreadLocal.withInitial(ThreadContexts::new);

    private NativeDb lastDb;
    private CallContext last;
    private NativeDb[] dbs = new NativeDb[4];
    private CallContext[] contexts = new CallContext[4];
    private int count;

    private ThreadContexts() {
    }

    /** The calling thread's context for db, or null. */
    static CallContext get(NativeDb db) {
        return CURRENT.get().find(db);
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
