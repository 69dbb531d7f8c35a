package io.panrocks.internal;

import io.panrocks.AbstractComparator;
import io.panrocks.internal.ffi.panrocks_comparator_spec;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * An {@link AbstractComparator} bound to one DB: the upcall bodies of
 * {@code panrocks_comparator_spec}. It uses only the comparator's public
 * methods, so it lives here, beside its base class (the other bindings
 * build API objects through package-private constructors, and stay in
 * {@code io.panrocks}). Pointers arrive as {@code long}s (no
 * segment per argument); each call wraps the keys in read-only segments
 * of a confined arena closed when the call returns, which C2 removes
 * entirely when the user's method inlines into the target.
 */
public final class ComparatorBinding extends CallbackBinding {
    private static final FunctionDescriptor COMPARE = FunctionDescriptor.of(JAVA_INT,
            JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
    private static final FunctionDescriptor SHORTEN = FunctionDescriptor.of(JAVA_LONG,
            JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
    private static final MethodHandle COMPARE_TARGET = guarded(MethodHandles.lookup(), "compare", COMPARE);
    private static final MethodHandle SEPARATOR_TARGET = guarded(MethodHandles.lookup(), "separator", SHORTEN);
    private static final MethodHandle SUCCESSOR_TARGET = guarded(MethodHandles.lookup(), "successor", SHORTEN);

    private final AbstractComparator comparator;

    private ComparatorBinding(AbstractComparator comparator, String name) {
        super("comparator", name);
        this.comparator = comparator;
    }

    /** A binding of comparator for one DB; released by that DB (or by the caller if the DB does not open). */
    public static ComparatorBinding bind(AbstractComparator comparator) {
        String name = checkName(comparator.name(), "comparator name");
        ComparatorBinding b = new ComparatorBinding(comparator, name);
        boolean separator = overrides(comparator.getClass(), AbstractComparator.class,
                "findShortestSeparator", MemorySegment.class, MemorySegment.class, MemorySegment.class);
        boolean successor = overrides(comparator.getClass(), AbstractComparator.class,
                "findShortSuccessor", MemorySegment.class, MemorySegment.class);
        b.register((arena, out, error) -> {
            MemorySegment spec = panrocks_comparator_spec.allocate(arena);
            panrocks_comparator_spec.name(spec, cString(arena, name));
            panrocks_comparator_spec.compare(spec, b.stub(COMPARE_TARGET, COMPARE));
            if (separator) panrocks_comparator_spec.shortest_separator(spec, b.stub(SEPARATOR_TARGET, SHORTEN));
            if (successor) panrocks_comparator_spec.short_successor(spec, b.stub(SUCCESSOR_TARGET, SHORTEN));
            return panrocks_h.panrocks_comparator_create(spec, out, error);
        });
        return b;
    }

    @Override
    protected void onFailure(Throwable t) {
        describeFailure(t);
    }

    // ---- upcall bodies (CallbackBinding.guarded wraps each in the upcall envelope) ---------

    private int compare(long context, long a, long aLength, long b, long bLength) {
        int r;
        try (Arena scope = Arena.ofConfined()) {
            r = comparator.compare(view(a, aLength, scope), view(b, bLength, scope));
        }
        return r == FAILED ? -1 : r;
    }

    private long separator(long context, long start, long startLength, long limit, long limitLength, long out,
                           long capacity) {
        long r;
        try (Arena scope = Arena.ofConfined()) {
            r = comparator.findShortestSeparator(view(start, startLength, scope),
                    view(limit, limitLength, scope), writable(out, capacity, scope));
        }
        return r < 0 || r > capacity ? -1 : r;
    }

    private long successor(long context, long key, long keyLength, long limit, long limitLength, long out,
                           long capacity) {
        long r;
        try (Arena scope = Arena.ofConfined()) {
            r = comparator.findShortSuccessor(view(key, keyLength, scope),
                    writable(out, capacity, scope));
        }
        return r < 0 || r > capacity ? -1 : r;
    }
}
