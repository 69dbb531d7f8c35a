package io.panrocks.internal.callbacks;

import io.panrocks.AbstractCompactionFilter;
import io.panrocks.AbstractCompactionFilterFactory;
import io.panrocks.internal.CallbackBinding;
import io.panrocks.internal.PublicAccess;
import io.panrocks.internal.ffi.panrocks_filter_context;
import io.panrocks.internal.ffi.panrocks_filter_factory_spec;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.util.Arrays;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * A compaction filter factory (or one filter serving every compaction)
 * bound to one DB: the upcall targets of {@code panrocks_filter_factory_spec}.
 * The filters of running compactions sit in a slot table; the token the
 * engine passes back is the slot's index plus one. It stays in this
 * package: its filter body makes {@link NewValue} through its
 * package-private constructor, which is not API.
 */
public final class FilterFactoryBinding extends CallbackBinding {
    /** the public types' constructors and codes */
    private static final PublicAccess PUBLIC = PublicAccess.get();

    private static final FunctionDescriptor CREATE = FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG);
    private static final FunctionDescriptor FILTER = FunctionDescriptor.of(JAVA_INT,
            JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG);
    private static final FunctionDescriptor RELEASE = FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_LONG);
    private static final MethodHandle CREATE_TARGET = guarded(MethodHandles.lookup(), "create", CREATE);
    private static final MethodHandle FILTER_TARGET = guarded(MethodHandles.lookup(), "filter", FILTER);
    private static final MethodHandle RELEASE_TARGET = guarded(MethodHandles.lookup(), "release", RELEASE);
    private static final int KEEP = 0, REMOVE = 1, CHANGE_VALUE = 2;
    private static final AbstractCompactionFilter.ValueType[] TYPES = AbstractCompactionFilter.ValueType.values();

    /** null: one shared filter serves every compaction */
    private final AbstractCompactionFilterFactory<?> factory;
    private final AbstractCompactionFilter shared;
    /** the filters of running compactions; written under this, read by the compaction threads */
    private volatile AbstractCompactionFilter[] slots = new AbstractCompactionFilter[4];

    private FilterFactoryBinding(String name, AbstractCompactionFilterFactory<?> factory,
                                 AbstractCompactionFilter shared) {
        super(factory != null ? "compaction filter factory" : "compaction filter", name);
        this.factory = factory;
        this.shared = shared;
    }

    public static FilterFactoryBinding bind(AbstractCompactionFilterFactory<?> factory) {
        return register(new FilterFactoryBinding(checkName(factory.name(), "compaction filter factory name"),
                factory, null));
    }

    public static FilterFactoryBinding bind(AbstractCompactionFilter filter) {
        return register(new FilterFactoryBinding(checkName(filter.name(), "compaction filter name"),
                null, filter));
    }

    private static FilterFactoryBinding register(FilterFactoryBinding b) {
        b.register((arena, out, error) -> {
            MemorySegment spec = panrocks_filter_factory_spec.allocate(arena);
            panrocks_filter_factory_spec.name(spec, cString(arena, b.name()));
            panrocks_filter_factory_spec.create_filter(spec, b.stub(CREATE_TARGET, CREATE));
            panrocks_filter_factory_spec.filter(spec, b.stub(FILTER_TARGET, FILTER));
            panrocks_filter_factory_spec.release_filter(spec, b.stub(RELEASE_TARGET, RELEASE));
            return panrocks_h.panrocks_filter_factory_create(spec, out, error);
        });
        return b;
    }

    private synchronized long occupy(AbstractCompactionFilter filter) {
        AbstractCompactionFilter[] s = slots;
        for (int i = 0; i < s.length; i++) {
            if (s[i] == null) {
                s[i] = filter;
                slots = s; // publishes the write
                return i + 1L;
            }
        }
        AbstractCompactionFilter[] grown = Arrays.copyOf(s, s.length * 2);
        grown[s.length] = filter;
        slots = grown;
        return s.length + 1L;
    }

    private synchronized AbstractCompactionFilter vacate(long token) {
        AbstractCompactionFilter[] s = slots;
        int i = (int) token - 1;
        if (i < 0 || i >= s.length) return null;
        AbstractCompactionFilter f = s[i];
        s[i] = null;
        slots = s;
        return f;
    }

    // ---- upcall bodies (CallbackBinding.guarded wraps each in the upcall envelope) ---------

    private long create(long context, long contextStruct) {
        AbstractCompactionFilter filter;
        if (factory == null) {
            filter = shared;
        } else {
            AbstractCompactionFilter.Context c;
            try (Arena scope = Arena.ofConfined()) {
                MemorySegment s = MemorySegment.ofAddress(contextStruct)
                        .reinterpret(panrocks_filter_context.sizeof(), scope, null);
                c = new AbstractCompactionFilter.Context(panrocks_filter_context.is_full_compaction(s) != 0,
                        panrocks_filter_context.is_manual_compaction(s) != 0,
                        panrocks_filter_context.column_family_id(s));
            }
            filter = factory.createCompactionFilter(c);
        }
        return filter == null ? 0 : occupy(filter);
    }

    private int filter(long context, long token, int level, long key, long keyLength, int type, long value,
                       long valueLength, long result) {
        AbstractCompactionFilter f = slots[(int) token - 1];
        AbstractCompactionFilter.Decision d;
        try (Arena scope = Arena.ofConfined()) {
            d = f.filter(level, view(key, keyLength, scope), TYPES[type],
                    view(value, valueLength, scope), PUBLIC.newValue(result, scope, -1, false));
        }
        if (d == null) return KEEP;
        return switch (d) {
            case KEEP -> KEEP;
            case REMOVE -> REMOVE;
            case CHANGE_VALUE -> CHANGE_VALUE;
        };
    }

    private void release(long context, long token) {
        AbstractCompactionFilter f = vacate(token);
        if (f != null && factory != null) f.close();
    }
}
