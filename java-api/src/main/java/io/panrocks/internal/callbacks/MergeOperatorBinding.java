package io.panrocks.internal.callbacks;

import io.panrocks.internal.CallbackBinding;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_merge_operator_spec;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * A Java merge operator (its {@link MergePort}) bound to one DB: the upcall
 * targets of {@code panrocks_merge_operator_spec}. As
 * {@link io.panrocks.internal.ComparatorBinding}: pointers as {@code long}s,
 * views in a confined arena per call; the port makes the public operands and
 * result of them.
 */
public final class MergeOperatorBinding extends CallbackBinding {
    private static final FunctionDescriptor FULL = FunctionDescriptor.of(JAVA_INT,
            JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
    private static final FunctionDescriptor PARTIAL = FunctionDescriptor.of(JAVA_INT,
            JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
    private static final FunctionDescriptor STEP = FULL;
    private static final MethodHandle FULL_TARGET = guarded(MethodHandles.lookup(), "fullMerge", FULL);
    private static final MethodHandle PARTIAL_TARGET = guarded(MethodHandles.lookup(), "partialMerge", PARTIAL);
    private static final MethodHandle STEP_TARGET = guarded(MethodHandles.lookup(), "step", STEP);

    private final MergePort port;

    private MergeOperatorBinding(String name, MergePort port) {
        super("merge operator", name);
        this.port = port;
    }

    /** A binding of a Java operator (either kind) for one DB. */
    public static MergeOperatorBinding bind(MergePort port) {
        String name = checkName(port.name(), "merge operator name");
        MergeOperatorBinding b = new MergeOperatorBinding(name, port);
        MergePort.Kind kind = port.kind();
        boolean single = kind != MergePort.Kind.ASSOCIATIVE && port.allowSingleOperand();
        b.register((arena, out, error) -> {
            MemorySegment spec = panrocks_merge_operator_spec.allocate(arena);
            panrocks_merge_operator_spec.name(spec, cString(arena, name));
            if (kind == MergePort.Kind.ASSOCIATIVE) {
                panrocks_merge_operator_spec.associative_merge(spec, b.stub(STEP_TARGET, STEP));
            } else {
                panrocks_merge_operator_spec.full_merge(spec, b.stub(FULL_TARGET, FULL));
                if (kind == MergePort.Kind.FULL_AND_PARTIAL) {
                    panrocks_merge_operator_spec.partial_merge(spec, b.stub(PARTIAL_TARGET, PARTIAL));
                }
                panrocks_merge_operator_spec.allow_single_operand(spec, single ? 1 : 0);
            }
            return panrocks_h.panrocks_merge_operator_create(spec, out, error);
        });
        return b;
    }

    // ---- upcall bodies (CallbackBinding.guarded wraps each in the upcall envelope) ---------

    private int fullMerge(long context, long key, long keyLength, long existing, long existingLength,
                          long operands, long count, long result) {
        boolean merged;
        try (Arena scope = Arena.ofConfined()) {
            merged = port.fullMerge(view(key, keyLength, scope),
                    existing == 0 ? null : view(existing, existingLength, scope), operands, count, result, scope);
        }
        return merged ? 1 : 0;
    }

    private int partialMerge(long context, long key, long keyLength, long operands, long count, long result) {
        boolean merged;
        try (Arena scope = Arena.ofConfined()) {
            merged = port.partialMerge(view(key, keyLength, scope), operands, count, result, scope);
        }
        return merged ? 1 : 0;
    }

    private int step(long context, long key, long keyLength, long left, long leftLength, long right,
                     long rightLength, long result) {
        boolean merged;
        try (Arena scope = Arena.ofConfined()) {
            merged = port.step(view(key, keyLength, scope), left == 0 ? null : view(left, leftLength, scope),
                    view(right, rightLength, scope), result, scope);
        }
        return merged ? 1 : 0;
    }
}
