package io.panrocks;

import io.panrocks.internal.CallbackBinding;
import io.panrocks.internal.callbacks.MergePort;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * A merge operator that combines two values at a time, RocksDB's
 * {@code AssociativeMergeOperator}: {@code merge(a, b) -> c}, where the
 * operation is associative, so that RocksDB folds the existing value and
 * the operands with it in order, and uses it for partial merges too
 * (counters, sums, max, set unions). Subclass it, or pass a lambda to
 * {@link #of(String, Step)}:
 *
 * <pre>{@code
 * MergeOperator add = AssociativeMergeOperator.of("uint64add", (key, left, right, result) -> {
 *     long sum = right.get(LE_LONG, 0) + (left == null ? 0 : left.get(LE_LONG, 0));
 *     result.allocate(8).set(LE_LONG, 0, sum);
 *     return true;
 * });
 * }</pre>
 *
 * <p>One upcall per step. The rules of {@link AbstractMergeOperator} apply
 * (views valid during the call, any thread, no calls into its DB, failure
 * fails the merge as RocksDB defines it; a failed partial merge keeps its
 * operands).
 */
public abstract non-sealed class AssociativeMergeOperator implements MergeOperator, AutoCloseable {

    /** One step of an associative merge, for {@link #of(String, Step)}. */
    @FunctionalInterface
    public interface Step {
        /**
         * As {@link AssociativeMergeOperator#merge}.
         *
         * @param key the key
         * @param left the value so far, or null when there is none
         * @param right the next operand
         * @param result where {@code left + right} goes
         * @return true if merged; false fails the merge
         */
        boolean merge(MemorySegment key, MemorySegment left, MemorySegment right, NewValue result);
    }

    /** For subclasses. */
    protected AssociativeMergeOperator() {
    }

    /**
     * An associative operator from a lambda.
     *
     * @param name the operator's name (see {@link #name()})
     * @param step the operation
     * @return the operator
     */
    public static AssociativeMergeOperator of(String name, Step step) {
        CallbackBinding.checkName(name, "merge operator name");
        Objects.requireNonNull(step, "step");
        return new AssociativeMergeOperator() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public boolean merge(MemorySegment key, MemorySegment left, MemorySegment right, NewValue result) {
                return step.merge(key, left, right, result);
            }
        };
    }

    /**
     * The operator's name; must not be empty, contain a zero character, or
     * start with {@code "panrocks.callback"}.
     *
     * @return the name
     */
    public abstract String name();

    /**
     * Combines {@code left} (the existing value or what the steps before
     * produced, or null when there is none) with the next operand. The
     * result may be written into {@code result}, or name an input without a
     * copy: {@link NewValue#setToExistingValue()} keeps {@code left},
     * {@link NewValue#setToOperand(int) setToOperand(0)} takes {@code right}.
     *
     * @param key the key: read-only, valid during the call
     * @param left the value so far, or null: read-only, valid during the call
     * @param right the next operand: read-only, valid during the call
     * @param result where the combination goes
     * @return true if merged; false fails the merge
     */
    public abstract boolean merge(MemorySegment key, MemorySegment left, MemorySegment right, NewValue result);

    /**
     * The operator's {@linkplain #name() name}; a Java operator is set with
     * {@link ColumnFamilyOptionsInterface#setMergeOperator(MergeOperator)}.
     *
     * @return the name
     */
    @Override
    public final String optionValue() {
        return name();
    }

    /**
     * Does nothing: present so RocksJava's try-with-resources code compiles
     * unchanged. This object owns no native memory; each DB that uses it
     * holds its own binding (upcall stubs and native handle) and releases it
     * when that DB's engine is closed, so closing this object while a DB
     * still uses it is harmless, and the DB goes on calling it.
     */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "{" + name() + "}";
    }

    /** This operator as the engine's upcalls see it: one step at a time. */
    final MergePort port() {
        return new MergePort() {
            @Override
            public String name() {
                return AssociativeMergeOperator.this.name();
            }

            @Override
            public Kind kind() {
                return Kind.ASSOCIATIVE;
            }

            @Override
            public boolean allowSingleOperand() {
                return false;
            }

            @Override
            public boolean step(MemorySegment key, MemorySegment left, MemorySegment right, long result, Arena scope) {
                return merge(key, left, right, new NewValue(result, scope, 1, left != null));
            }
        };
    }
}
