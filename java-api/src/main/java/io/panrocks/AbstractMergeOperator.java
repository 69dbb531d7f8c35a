package io.panrocks;

import io.panrocks.internal.CallbackBinding;
import io.panrocks.internal.callbacks.MergePort;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A merge operator written in Java (RocksDB's {@code MergeOperator};
 * RocksJava has none): {@link RocksDB#merge} records an operand, and
 * whenever RocksDB needs the key's value (a {@code get}, an iterator, a
 * flush or compaction that can combine them) it calls {@link #fullMerge}
 * with the existing value and the operands, zero-copy. Set with
 * {@link ColumnFamilyOptionsInterface#setMergeOperator(MergeOperator)}. For
 * an operator that combines two values at a time, see
 * {@link AssociativeMergeOperator}.
 *
 * <h2>Contract</h2>
 * <ul>
 * <li>Every segment it receives (key, existing value, operands) is a
 * read-only view of RocksDB's memory, and the {@link NewValue} its result
 * goes into is RocksDB's buffer: all are valid only during the call
 * (afterwards they throw {@link IllegalStateException}).</li>
 * <li>It runs on the thread of the read that needs the value, or on
 * RocksDB's flush and compaction threads, several at once: it must be
 * thread-safe, deterministic (the same inputs always give the same result:
 * RocksDB may merge the same operands more than once), and should not
 * block.</li>
 * <li>It must not call into the DB that uses it ({@link IllegalStateException}).</li>
 * <li>The {@linkplain #name() name} is recorded in the DB's OPTIONS file,
 * not checked at open.</li>
 * </ul>
 *
 * <h2>When it fails</h2>
 * Returning false or throwing fails the merge as RocksDB defines it: the
 * read that needed it throws a {@link RocksDBException} with code
 * {@code Corruption} (and what was thrown as its cause); a flush or
 * compaction that needed it fails and becomes RocksDB's background error
 * (seen by {@link AbstractEventListener#onBackgroundError} and counted by
 * the {@code rocksdb.background-errors} property), after which the DB
 * refuses writes until reopened. A partial merge that fails or throws just
 * keeps its operands. Exceptions never reach the engine or crash the JVM.
 */
public abstract non-sealed class AbstractMergeOperator implements MergeOperator, AutoCloseable {

    /** For subclasses. */
    protected AbstractMergeOperator() {
    }

    /**
     * The operator's name; must not be empty, contain a zero character, or
     * start with {@code "panrocks.callback"}. Read when a DB opens with it.
     *
     * @return the name
     */
    public abstract String name();

    /**
     * Combines the existing value (if any) with the operands, oldest first.
     *
     * @param key the key: read-only, valid during the call
     * @param existingValue the value the operands apply to, or null when the
     *        key had none (or was deleted): read-only, valid during the call
     * @param operands the operands, oldest first (at least one)
     * @param result where the merged value goes
     * @return true if merged; false fails the merge
     */
    public abstract boolean fullMerge(MemorySegment key, MemorySegment existingValue, MergeOperands operands,
                                      NewValue result);

    /**
     * Optionally combines two or more operands, oldest first, into one, so
     * that fewer of them pile up (RocksDB asks during flushes and
     * compactions that do not reach the key's value). The default declines
     * (returns false) and costs nothing: RocksDB then makes no upcall for it.
     *
     * @param key the key: read-only, valid during the call
     * @param operands the operands to combine, oldest first
     * @param result where the combined operand goes
     * @return true if combined; false keeps the operands as they are
     */
    public boolean partialMerge(MemorySegment key, MergeOperands operands, NewValue result) {
        return false;
    }

    /**
     * Whether {@link #partialMerge} may also be asked about a single
     * operand (RocksDB's {@code AllowSingleOperand}). Default false.
     *
     * @return true to allow it
     */
    public boolean allowSingleOperand() {
        return false;
    }

    /**
     * The operator's {@linkplain #name() name}. A Java operator has no
     * option-string form: set it with
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

    /** This operator as the engine's upcalls see it; a partial merge only when a subclass has one. */
    final MergePort port() {
        boolean partial = CallbackBinding.overrides(getClass(), AbstractMergeOperator.class, "partialMerge",
                MemorySegment.class, MergeOperands.class, NewValue.class);
        MergePort.Kind kind = partial ? MergePort.Kind.FULL_AND_PARTIAL : MergePort.Kind.FULL;
        return new MergePort() {
            @Override
            public String name() {
                return AbstractMergeOperator.this.name();
            }

            @Override
            public Kind kind() {
                return kind;
            }

            @Override
            public boolean allowSingleOperand() {
                return AbstractMergeOperator.this.allowSingleOperand();
            }

            @Override
            public boolean fullMerge(MemorySegment key, MemorySegment existing, long operands, long count, long result,
                                     Arena scope) {
                return AbstractMergeOperator.this.fullMerge(key, existing, new MergeOperands(operands, count, scope),
                        new NewValue(result, scope, (int) count, existing != null));
            }

            @Override
            public boolean partialMerge(MemorySegment key, long operands, long count, long result, Arena scope) {
                return AbstractMergeOperator.this.partialMerge(key, new MergeOperands(operands, count, scope),
                        new NewValue(result, scope, (int) count, false));
            }
        };
    }
}
