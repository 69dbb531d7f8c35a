package io.panrocks.internal.callbacks;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A merge operator written in Java as the engine's upcalls see it: a user's
 * {@code AbstractMergeOperator} or {@code AssociativeMergeOperator} adapts
 * itself to it, turning the upcall's native operands and result slot into
 * the public {@code MergeOperands} and {@code NewValue} its method takes.
 * Every segment and address is valid during the call only, in {@code scope}.
 * The binding makes only the calls {@link #kind()} names.
 */
public interface MergePort {
    /** Which upcalls an operator answers. */
    enum Kind {
        /** a full merge of the existing value and every operand */
        FULL,
        /** a full merge, and a partial merge of operands alone */
        FULL_AND_PARTIAL,
        /** one step at a time: the value so far and the next operand */
        ASSOCIATIVE
    }

    /**
     * The operator's name, as it returned it (checked by the binding).
     *
     * @return the name
     */
    String name();

    /**
     * The upcalls it answers.
     *
     * @return the kind
     */
    Kind kind();

    /**
     * Whether a partial merge may be asked about a single operand (RocksDB's
     * {@code AllowSingleOperand}).
     *
     * @return true to allow it
     */
    boolean allowSingleOperand();

    /**
     * A full merge ({@link Kind#FULL}, {@link Kind#FULL_AND_PARTIAL}).
     *
     * @param key the key
     * @param existing the existing value, or null
     * @param operands the address of {@code count} panrocks_slices, oldest first
     * @param count how many operands
     * @param result the address of the panrocks_result the value goes into
     * @param scope the call's scope
     * @return true if merged
     */
    default boolean fullMerge(MemorySegment key, MemorySegment existing, long operands, long count, long result,
                              Arena scope) {
        throw new UnsupportedOperationException(name() + " answers no such call");
    }

    /**
     * A partial merge ({@link Kind#FULL_AND_PARTIAL}).
     *
     * @param key the key
     * @param operands the address of {@code count} panrocks_slices, oldest first
     * @param count how many operands
     * @param result the address of the panrocks_result the combined operand goes into
     * @param scope the call's scope
     * @return true if combined
     */
    default boolean partialMerge(MemorySegment key, long operands, long count, long result, Arena scope) {
        throw new UnsupportedOperationException(name() + " answers no such call");
    }

    /**
     * One associative step ({@link Kind#ASSOCIATIVE}).
     *
     * @param key the key
     * @param left the value so far, or null
     * @param right the next operand
     * @param result the address of the panrocks_result the combination goes into
     * @param scope the call's scope
     * @return true if merged
     */
    default boolean step(MemorySegment key, MemorySegment left, MemorySegment right, long result, Arena scope) {
        throw new UnsupportedOperationException(name() + " answers no such call");
    }
}
