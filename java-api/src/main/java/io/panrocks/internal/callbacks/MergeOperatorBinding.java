package io.panrocks.internal.callbacks;

import io.panrocks.AbstractMergeOperator;
import io.panrocks.AssociativeMergeOperator;
import io.panrocks.MergeOperands;
import io.panrocks.MergeOperator;
import io.panrocks.NewValue;
import io.panrocks.internal.CallbackBinding;
import io.panrocks.internal.PublicAccess;
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
 * An {@link AbstractMergeOperator} or {@link AssociativeMergeOperator}
 * bound to one DB: the upcall targets of {@code panrocks_merge_operator_spec}.
 * As {@link io.panrocks.internal.ComparatorBinding}: pointers as {@code long}s, views in a
 * confined arena per call. It stays in this package: its bodies make
 * {@link MergeOperands} and {@link NewValue} through their package-private
 * constructors, which are not API.
 */
public final class MergeOperatorBinding extends CallbackBinding {
    /** the public types' constructors and codes */
    private static final PublicAccess PUBLIC = PublicAccess.get();

    private static final FunctionDescriptor FULL = FunctionDescriptor.of(JAVA_INT,
            JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
    private static final FunctionDescriptor PARTIAL = FunctionDescriptor.of(JAVA_INT,
            JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
    private static final FunctionDescriptor STEP = FULL;
    private static final MethodHandle FULL_TARGET, PARTIAL_TARGET, STEP_TARGET;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            FULL_TARGET = guarded(l.findVirtual(MergeOperatorBinding.class, "fullMerge", FULL.toMethodType()));
            PARTIAL_TARGET = guarded(l.findVirtual(MergeOperatorBinding.class, "partialMerge", PARTIAL.toMethodType()));
            STEP_TARGET = guarded(l.findVirtual(MergeOperatorBinding.class, "step", STEP.toMethodType()));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final AbstractMergeOperator full;
    private final AssociativeMergeOperator associative;

    private MergeOperatorBinding(String name, AbstractMergeOperator full, AssociativeMergeOperator associative) {
        super("merge operator", name);
        this.full = full;
        this.associative = associative;
    }

    /** A binding of a Java operator (either kind) for one DB. */
    public static MergeOperatorBinding bind(MergeOperator operator) {
        if (operator instanceof AbstractMergeOperator f) {
            String name = checkName(f.name(), "merge operator name");
            MergeOperatorBinding b = new MergeOperatorBinding(name, f, null);
            boolean partial = overrides(f.getClass(), AbstractMergeOperator.class, "partialMerge",
                    MemorySegment.class, MergeOperands.class, NewValue.class);
            boolean single = f.allowSingleOperand();
            b.register((arena, out, error) -> {
                MemorySegment spec = panrocks_merge_operator_spec.allocate(arena);
                panrocks_merge_operator_spec.name(spec, cString(arena, name));
                panrocks_merge_operator_spec.full_merge(spec, b.stub(FULL_TARGET, FULL));
                if (partial) panrocks_merge_operator_spec.partial_merge(spec, b.stub(PARTIAL_TARGET, PARTIAL));
                panrocks_merge_operator_spec.allow_single_operand(spec, single ? 1 : 0);
                return panrocks_h.panrocks_merge_operator_create(spec, out, error);
            });
            return b;
        }
        if (operator instanceof AssociativeMergeOperator a) {
            String name = checkName(a.name(), "merge operator name");
            MergeOperatorBinding b = new MergeOperatorBinding(name, null, a);
            b.register((arena, out, error) -> {
                MemorySegment spec = panrocks_merge_operator_spec.allocate(arena);
                panrocks_merge_operator_spec.name(spec, cString(arena, name));
                panrocks_merge_operator_spec.associative_merge(spec, b.stub(STEP_TARGET, STEP));
                return panrocks_h.panrocks_merge_operator_create(spec, out, error);
            });
            return b;
        }
        throw new IllegalArgumentException("not a Java merge operator: " + operator);
    }

    // ---- upcall bodies (CallbackBinding.guarded wraps each in the upcall envelope) ---------

    private int fullMerge(long context, long key, long keyLength, long existing, long existingLength,
                          long operands, long count, long result) {
        boolean merged;
        try (Arena scope = Arena.ofConfined()) {
            merged = full.fullMerge(view(key, keyLength, scope),
                    existing == 0 ? null : view(existing, existingLength, scope),
                    PUBLIC.mergeOperands(operands, count, scope),
                    PUBLIC.newValue(result, scope, (int) count, existing != 0));
        }
        return merged ? 1 : 0;
    }

    private int partialMerge(long context, long key, long keyLength, long operands, long count, long result) {
        boolean merged;
        try (Arena scope = Arena.ofConfined()) {
            merged = full.partialMerge(view(key, keyLength, scope),
                    PUBLIC.mergeOperands(operands, count, scope), PUBLIC.newValue(result, scope, (int) count, false));
        }
        return merged ? 1 : 0;
    }

    private int step(long context, long key, long keyLength, long left, long leftLength, long right,
                     long rightLength, long result) {
        boolean merged;
        try (Arena scope = Arena.ofConfined()) {
            merged = associative.merge(view(key, keyLength, scope),
                    left == 0 ? null : view(left, leftLength, scope),
                    view(right, rightLength, scope), PUBLIC.newValue(result, scope, 1, left != 0));
        }
        return merged ? 1 : 0;
    }
}
