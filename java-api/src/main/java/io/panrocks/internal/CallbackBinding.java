package io.panrocks.internal;

import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
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
 * Subclasses (one per kind) define only the bodies of the upcall targets,
 * as instance methods; {@link #guarded} wraps each body once, when its
 * class initializes, in the one upcall envelope (as {@code guarded()} is on
 * the C side), and {@link #stub} binds the wrapped handle to the binding.
 * The envelope marks the thread as inside a callback of {@link #db}
 * ({@link ThreadContexts#enterUpcall}), so that calls back into that DB, and
 * its close, are refused; runs the body; leaves the callback; and catches
 * every {@code Throwable} (an exception that reaches an upcall stub ends the
 * JVM): it leaves the callback, reports what was thrown through
 * {@link #failed}, which records it and never throws, and returns
 * {@link #FAILED} (nothing for a {@code void} target).
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
     * An upcall stub for a target made by {@link #guarded}, bound to this
     * binding, living as long as this binding.
     *
     * @param guardedTarget what {@link #guarded} returned for the body
     * @param descriptor its C signature
     * @return the function pointer
     */
    protected final MemorySegment stub(MethodHandle guardedTarget, FunctionDescriptor descriptor) {
        return LINKER.upcallStub(guardedTarget.bindTo(this), descriptor, stubs);
    }

    // ---- the upcall envelope: the one place that wraps every callback body ----------------

    private static final MethodHandle CURRENT_MARKS, ENTER, LEAVE_INT, LEAVE_LONG, LEAVE_VOID, FAILED_INSIDE,
            FAILED_ENTERING;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            CURRENT_MARKS = l.findStatic(ThreadContexts.class, "current", MethodType.methodType(ThreadContexts.class));
            ENTER = l.findStatic(CallbackBinding.class, "enter",
                    MethodType.methodType(int.class, ThreadContexts.class, CallbackBinding.class));
            MethodType leave = MethodType.methodType(void.class, int.class, ThreadContexts.class);
            LEAVE_INT = l.findStatic(CallbackBinding.class, "leave", leave.insertParameterTypes(0, int.class)
                    .changeReturnType(int.class));
            LEAVE_LONG = l.findStatic(CallbackBinding.class, "leave", leave.insertParameterTypes(0, long.class)
                    .changeReturnType(long.class));
            LEAVE_VOID = l.findStatic(CallbackBinding.class, "leave", leave);
            FAILED_INSIDE = l.findStatic(CallbackBinding.class, "failedInside", MethodType.methodType(void.class,
                    Throwable.class, int.class, ThreadContexts.class, CallbackBinding.class));
            FAILED_ENTERING = l.findStatic(CallbackBinding.class, "failedEntering",
                    MethodType.methodType(void.class, Throwable.class, CallbackBinding.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Wraps a callback body in the upcall envelope; once per body, when its
     * binding class initializes (the result captures nothing but the body,
     * and {@link #stub} binds it to each binding). The wrapped target
     * <ol>
     * <li>marks its thread as inside a callback of the binding's DB
     * ({@link ThreadContexts#enterUpcall}: calls back into that DB are
     * refused, a release there hands its grace period to another thread),</li>
     * <li>runs the body, then leaves the callback and returns what the body
     * returned;</li>
     * <li>if anything is thrown (by the body, or while entering or leaving),
     * leaves the callback if it entered it, records the {@code Throwable}
     * through {@link #failed} and returns {@link #FAILED} (a {@code long}
     * target returns it widened; a {@code void} one returns). Nothing
     * escapes, even when reporting fails.</li>
     * </ol>
     * As method handle combinators, C2 inlines the envelope and the body into
     * the upcall as it would a hand-written try/catch.
     *
     * @param body a virtual method of a binding class, of type
     *        {@code (Binding, C arguments...)} returning {@code int},
     *        {@code long} or {@code void}
     * @return a handle of the body's type that never throws
     */
    protected static MethodHandle guarded(MethodHandle body) {
        MethodType type = body.type();                       // (Binding, args...)R
        Class<?> result = type.returnType();
        if (type.parameterCount() == 0 || !CallbackBinding.class.isAssignableFrom(type.parameterType(0))) {
            throw new IllegalArgumentException("not a binding's method: " + type);
        }
        MethodHandle leave = result == int.class ? LEAVE_INT : result == long.class ? LEAVE_LONG
                : result == void.class ? LEAVE_VOID : null;
        if (leave == null) throw new IllegalArgumentException("an upcall returns int, long or void: " + type);
        int arguments = type.parameterCount();
        // (depth, marks, binding, args...)R: the body, then leaving the callback
        MethodType entered = type.insertParameterTypes(0, int.class, ThreadContexts.class);
        int[] reorder = new int[arguments + 2];              // body's arguments, then leave's (depth, marks)
        for (int i = 0; i < arguments; i++) reorder[i] = i + 2;
        reorder[arguments] = 0;
        reorder[arguments + 1] = 1;
        MethodHandle ran = MethodHandles.permuteArguments(MethodHandles.collectArguments(leave, 0, body), entered,
                reorder);
        // a throw after entering: leave, record, return FAILED
        MethodHandle insideHandler = MethodHandles.dropArguments(
                returningFailed(FAILED_INSIDE, result).asType(MethodType.methodType(result, Throwable.class, int.class,
                        ThreadContexts.class, type.parameterType(0))),
                4, type.parameterList().subList(1, arguments));
        MethodHandle inside = MethodHandles.catchException(ran, Throwable.class, insideHandler);
        // (marks, binding, args...)R: depth = marks.enterUpcall(binding.db), then inside
        MethodHandle withMarks = MethodHandles.foldArguments(inside, 0,
                ENTER.asType(MethodType.methodType(int.class, ThreadContexts.class, type.parameterType(0))));
        // (binding, args...)R: marks = ThreadContexts.current(), then withMarks
        MethodHandle whole = MethodHandles.foldArguments(withMarks, 0, CURRENT_MARKS);
        // a throw before entering (or from the handler above): record, return FAILED
        MethodHandle enteringHandler = MethodHandles.dropArguments(
                returningFailed(FAILED_ENTERING, result).asType(MethodType.methodType(result, Throwable.class,
                        type.parameterType(0))),
                2, type.parameterList().subList(1, arguments));
        return MethodHandles.catchException(whole, Throwable.class, enteringHandler);
    }

    /**
     * {@link #guarded} for the instance method {@code name} of the binding
     * class that made {@code lookup}, found by the upcall's descriptor: the
     * one way a binding's static initializer makes its targets.
     *
     * @param lookup the binding class's own lookup ({@code MethodHandles.lookup()} there)
     * @param name the method's name
     * @param descriptor the upcall's C signature, which the method takes and returns
     * @return the guarded target
     * @throws ExceptionInInitializerError if the class has no such method
     */
    protected static MethodHandle guarded(MethodHandles.Lookup lookup, String name, FunctionDescriptor descriptor) {
        try {
            return guarded(lookup.findVirtual(lookup.lookupClass(), name, descriptor.toMethodType()));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** handler, a void method, then returning FAILED as the target's type (nothing for void). */
    private static MethodHandle returningFailed(MethodHandle handler, Class<?> result) {
        if (result == void.class) return handler;
        return MethodHandles.filterReturnValue(handler, MethodHandles.constant(result,
                result == long.class ? (Object) (long) FAILED : (Object) FAILED));
    }

    private static int enter(ThreadContexts marks, CallbackBinding binding) {
        return marks.enterUpcall(binding.db);
    }

    private static int leave(int result, int depth, ThreadContexts marks) {
        marks.exitUpcall(depth);
        return result;
    }

    private static long leave(long result, int depth, ThreadContexts marks) {
        marks.exitUpcall(depth);
        return result;
    }

    private static void leave(int depth, ThreadContexts marks) {
        marks.exitUpcall(depth);
    }

    private static void failedInside(Throwable t, int depth, ThreadContexts marks, CallbackBinding binding) {
        try {
            marks.exitUpcall(depth);
        } catch (Throwable ignored) {
            // recorded below all the same
        }
        binding.failed(t);
    }

    private static void failedEntering(Throwable t, CallbackBinding binding) {
        binding.failed(t);
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
            long size = nativeId(handle, MemorySegment.NULL, 0);
            MemorySegment buffer = temporary.allocate(size);
            nativeId(handle, buffer, size);
            id = new String(buffer.toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
        } catch (RuntimeException | Error e) {
            release();
            throw e;
        }
    }

    /**
     * Copies the native handle's ID into buffer ({@code panrocks_callback_id});
     * a kind with a handle of its own (a WAL filter) overrides it.
     *
     * @param handle the native handle
     * @param buffer where the ID goes, or NULL to ask its size
     * @param capacity the buffer's size
     * @return the ID's full size
     */
    protected long nativeId(MemorySegment handle, MemorySegment buffer, long capacity) {
        return panrocks_h.panrocks_callback_id(handle, buffer, capacity);
    }

    /**
     * Frees the native handle ({@code panrocks_callback_destroy}); a kind with
     * a handle of its own overrides it.
     *
     * @param handle the native handle (NULL if creation failed)
     */
    protected void destroyNative(MemorySegment handle) {
        panrocks_h.panrocks_callback_destroy(handle);
    }

    // ---- what the bodies share ----------------------------------------------------------

    /** A read-only view of engine memory for the duration of one call. */
    public static MemorySegment view(long address, long size, Arena scope) {
        return MemorySegment.ofAddress(address).reinterpret(size, scope, null).asReadOnly();
    }

    /** A writable view of a buffer the engine gave the call (its own scratch, never its cache). */
    public static MemorySegment writable(long address, long size, Arena scope) {
        return MemorySegment.ofAddress(address).reinterpret(size, scope, null);
    }

    /** A callback's name: persisted by RocksDB (comparators), and never one of panrocks' registry IDs. */
    public static String checkName(String name, String what) {
        if (name == null) throw new IllegalArgumentException(what + " must not be null");
        if (name.isEmpty()) throw new IllegalArgumentException(what + " must not be empty");
        if (name.indexOf('\0') >= 0) throw new IllegalArgumentException(what + " must not contain a zero character");
        if (name.startsWith("panrocks.callback")) {
            throw new IllegalArgumentException(what + " must not start with \"panrocks.callback\" (panrocks' own IDs)");
        }
        return name;
    }

    /** Whether type overrides base's method (so that an upcall for it is worth making). */
    public static boolean overrides(Class<?> type, Class<?> base, String method, Class<?>... parameters) {
        for (Class<?> c = type; c != null && c != base; c = c.getSuperclass()) {
            try {
                c.getDeclaredMethod(method, parameters);
                return true;
            } catch (NoSuchMethodException e) {
                // look further up
            }
        }
        return false;
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
            destroyNative(handle);
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
