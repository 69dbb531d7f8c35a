package io.panrocks.internal.callbacks;

import io.panrocks.AbstractTableFilter;
import io.panrocks.internal.CallbackBinding;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.PublicAccess;
import io.panrocks.internal.maintenance.TablePropertiesCodec;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * An {@link AbstractTableFilter} bound to one iterator: the upcall target of
 * {@code panrocks_iterator_create_filtered}. The engine calls it until the
 * iterator is destroyed, so the iterator's release releases it (its stubs'
 * arena), and nothing else does. The body runs in the upcall envelope
 * ({@link CallbackBinding#guarded}): calls into the iterator's DB are
 * refused inside it, and what it throws is recorded and answers
 * {@link CallbackBinding#FAILED}, which the library takes as "read the table".
 */
public final class TableFilterBinding extends CallbackBinding {
    /** the public types' constructors and codes */
    private static final PublicAccess PUBLIC = PublicAccess.get();

    private static final FunctionDescriptor FILTER = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG);
    private static final MethodHandle FILTER_TARGET = guarded(MethodHandles.lookup(), "onTable", FILTER);

    private final AbstractTableFilter filter;
    private final MemorySegment stub;

    public TableFilterBinding(AbstractTableFilter filter, NativeDb owner) {
        super("table filter", filter.getClass().getName());
        this.filter = filter;
        this.db = owner;
        this.stub = stub(FILTER_TARGET, FILTER);
    }

    /** The function pointer to hand to the library. */
    public MemorySegment function() {
        return stub;
    }

    // ---- the upcall body (CallbackBinding.guarded wraps it in the upcall envelope) --------

    private int onTable(long context, long properties, long size) {
        try (Arena scope = Arena.ofConfined()) {
            MemorySegment bytes = MemorySegment.ofArray(view(properties, size, scope).toArray(ValueLayout.JAVA_BYTE));
            return filter.filter(TablePropertiesCodec.properties(bytes, PUBLIC.tableProperties())) ? 1 : 0;
        }
    }
}
