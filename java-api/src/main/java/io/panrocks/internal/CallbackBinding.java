package io.panrocks.internal;

import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One user callback object (a comparator, merge operator, compaction filter
 * factory or event listener) bound to one DB: its upcall stubs, the native
 * callback handle ({@code panrocks_callback}) they are registered under,
 * and what it threw.
 *
 * <h2>Ownership</h2>
 * The stubs live in an arena of this binding's own, and the engine may call
 * them until it is fully closed (a comparator during the close's last
 * flush; an SST's comparator name is checked at every open, not the stubs).
 * So the DB owns the binding: {@link #attach} registers its release with
 * {@link NativeDb#onEngineClosed}, which runs after {@code panrocks_close}
 * returned, and only then are the handle destroyed and the arena closed.
 * A binding whose DB never opened is released by the opener. The binding
 * refers to the user's object, which therefore stays reachable as long as
 * the DB may call it; nothing it holds refers to the {@code RocksDB} facade
 * strongly (a DB forgotten by its user must stay collectable).
 *
 * <h2>Upcalls</h2>
 * Subclasses (one per kind, beside the public callback types) define the
 * upcall targets as instance methods, bound to this object. Every target
 * catches every {@code Throwable} (an exception that reaches an upcall
 * stub ends the JVM): it reports it through {@link #failed}, which records
 * it and never throws, and falls back to a constant when even that fails.
 * Each target marks its thread as inside a callback of {@link #db}
 * ({@link ThreadContexts#enterUpcall}), so that calls back into that DB,
 * and its close, are refused.
 */
public abstract class CallbackBinding {
    /** What an upcall returns when the user's code threw (PANROCKS_UPCALL_FAILED). */
    public static final int FAILED = Integer.MIN_VALUE;

    private static final System.Logger LOG = System.getLogger("io.panrocks");
    private static final int LOGGED_FAILURES = 10;
    private static final Linker LINKER = Linker.nativeLinker();
    /**
     * Installed before the first callback exists: RocksDB's threads that ran
     * upcalls are attached to the JVM, and without the guard a
     * {@code System.exit} hangs forever in RocksDB's static destructors
     * (see {@code panrocks_install_exit_guard}).
     */
    private static final Runnable EXIT_GUARD = new Runnable() {
        private volatile boolean installed;

        @Override
        public void run() {
            if (installed) return;
            panrocks_h.panrocks_install_exit_guard();
            installed = true;
        }
    };

    private final String kind;
    private final String name;
    private final Arena stubs = Arena.ofShared();
    private MemorySegment handle = MemorySegment.NULL;
    private String id;
    /** the DB that calls this binding's stubs; null until its open returned */
    protected volatile NativeDb db;
    private final AtomicBoolean released = new AtomicBoolean();
    private final AtomicInteger failures = new AtomicInteger();
    private volatile Throwable firstFailure;

    /**
     * A binding of a user's callback object.
     *
     * @param kind what it is, for messages ("comparator")
     * @param name the user's name of it
     */
    protected CallbackBinding(String kind, String name) {
        this.kind = kind;
        this.name = name;
    }

    /** Creates the native callback from a spec the subclass fills; see {@link #register}. */
    @FunctionalInterface
    protected interface Creator {
        /**
         * Calls {@code panrocks_<kind>_create}.
         *
         * @param temporary an arena for the spec and the name, closed after the call
         * @param out where the handle goes
         * @param error the error record
         * @return the status
         */
        int create(Arena temporary, MemorySegment out, MemorySegment error);
    }

    /**
     * An upcall stub for target, living as long as this binding.
     *
     * @param target the bound target method
     * @param descriptor its C signature
     * @return the function pointer
     */
    protected final MemorySegment stub(MethodHandle target, FunctionDescriptor descriptor) {
        return LINKER.upcallStub(target, descriptor, stubs);
    }

    /**
     * Creates the native callback. On failure the stubs are released.
     *
     * @param creator fills a spec and calls the create function
     * @throws IllegalArgumentException if the library refuses the spec
     */
    protected final void register(Creator creator) {
        EXIT_GUARD.run();
        try (Arena temporary = Arena.ofConfined()) {
            MemorySegment out = temporary.allocate(ValueLayout.ADDRESS);
            MemorySegment error = temporary.allocate(panrocks_error.layout());
            int rc = creator.create(temporary, out, error);
            if (rc != 0) {
                throw new IllegalArgumentException("panrocks: cannot create the " + kind + " '" + name + "': "
                        + Errors.toException(rc, error).getMessage());
            }
            handle = out.get(ValueLayout.ADDRESS, 0);
            long size = panrocks_h.panrocks_callback_id(handle, MemorySegment.NULL, 0);
            MemorySegment buffer = temporary.allocate(size);
            panrocks_h.panrocks_callback_id(handle, buffer, size);
            id = new String(buffer.toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
        } catch (RuntimeException | Error e) {
            release();
            throw e;
        }
    }

    /** A NUL-terminated copy of s in arena. */
    protected static MemorySegment cString(Arena arena, String s) {
        return arena.allocateFrom(s);
    }

    /** The ID option strings name this callback by ("panrocks.callback.7"). */
    public final String id() {
        return id;
    }

    /** The user's name of the callback. */
    public final String name() {
        return name;
    }

    /** What it is ("comparator"). */
    public final String kind() {
        return kind;
    }

    /** The native handle, for downcalls about this callback. */
    protected final MemorySegment handle() {
        return handle;
    }

    /**
     * Hands the binding to the DB that names it: from now on its callbacks
     * run as that DB's, and the DB releases it once its engine is closed.
     *
     * @param owner the DB
     */
    public void attach(NativeDb owner) {
        this.db = owner;
        owner.onEngineClosed(this::release);
    }

    /**
     * Destroys the native callback and closes the stubs' arena; once, from
     * any thread. Only after no engine can call it any more.
     */
    public final void release() {
        if (!released.compareAndSet(false, true)) return;
        try {
            panrocks_h.panrocks_callback_destroy(handle);
        } finally {
            stubs.close();
        }
    }

    /** Whether {@link #release()} ran. */
    public final boolean isReleased() {
        return released.get();
    }

    /** How many calls threw. */
    public final int failureCount() {
        return failures.get();
    }

    /** The first exception a call threw, or null. */
    public final Throwable firstFailure() {
        return firstFailure;
    }

    /**
     * Records what the user's code threw: counted here and on the DB, kept
     * as the cause of the exception of the call it ran inside (on this
     * thread), logged (the first few). Never throws; allocation failures and
     * stack overflows on the way are swallowed.
     *
     * @param t what was thrown
     */
    protected final void failed(Throwable t) {
        try {
            int n = failures.incrementAndGet();
            if (firstFailure == null) firstFailure = t;
            NativeDb owner = db;
            if (owner != null) owner.recordCallbackFailure(t);
            ThreadContexts.current().setPendingFailure(owner, t);
            onFailure(t);
            if (n <= LOGGED_FAILURES) {
                LOG.log(System.Logger.Level.WARNING, "panrocks: the " + kind + " '" + name + "'"
                        + (owner != null ? " of RocksDB " + owner.description() : "") + " threw"
                        + (n == LOGGED_FAILURES ? " (further failures are counted, not logged)" : ""), t);
            }
        } catch (Throwable ignored) {
            // nothing may escape an upcall
        }
    }

    /**
     * Kind-specific reaction to a failure (a comparator passes the message
     * down, so that its DB's refusals name it). Called inside {@link #failed}.
     *
     * @param t what was thrown
     */
    protected void onFailure(Throwable t) {
    }

    /** Passes a failure's description to the native callback (the message its DB reports). */
    protected final void describeFailure(Throwable t) {
        try (Arena temporary = Arena.ofConfined()) {
            byte[] text = String.valueOf(t).getBytes(StandardCharsets.UTF_8);
            MemorySegment message = temporary.allocate(Math.max(1, text.length));
            MemorySegment.copy(text, 0, message, ValueLayout.JAVA_BYTE, 0, text.length);
            MemorySegment error = temporary.allocate(panrocks_error.layout());
            panrocks_h.panrocks_callback_set_failure(handle, message, text.length, error);
        }
    }

    @Override
    public String toString() {
        return kind + " '" + name + "' (" + id + (released.get() ? ", released" : "") + ")";
    }
}
