package io.panrocks;

import io.panrocks.internal.Bytes;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.DbResource;
import io.panrocks.internal.Errors;
import io.panrocks.internal.MultiGetScratch;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.NativeMemory;
import io.panrocks.internal.PinSlot;
import io.panrocks.internal.SnapshotHandle;
import io.panrocks.internal.data.Reads;
import io.panrocks.internal.data.Staging;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_read_options_spec;
import io.panrocks.internal.ffi.panrocks_txn_info;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * A transaction of a {@link TransactionDB} (pessimistic: keys are locked as
 * they are written or read for update) or of an
 * {@link OptimisticTransactionDB} (conflicts are checked at commit), as
 * RocksJava's {@code Transaction}. Its writes are invisible to others until
 * {@link #commit()}; its own reads and iterators see them on top of the DB.
 *
 * <h2>Reads</h2>
 * Every read form of {@link RocksDB} exists here too, through the
 * transaction: into a new array, into your array or segment (allocating
 * nothing), pinned ({@link #getPinned}), scoped zero-copy
 * ({@link #get(ReadOptions, ColumnFamilyHandle, byte[], Function)}), batched
 * ({@link #multiGetAsList}), and iterators ({@link #getIterator}) with
 * zero-copy entries and bulk walks. The {@code ForUpdate} forms lock the key
 * first (pessimistic) or track it for the commit's conflict check
 * (optimistic).
 *
 * <h2>Conflicts</h2>
 * Engine failures are {@link RocksDBException}s with RocksDB's status: a
 * lock not obtained within the lock timeout is {@link Status.Code#TimedOut}
 * with subcode {@link Status.SubCode#LockTimeout}; a deadlock found by
 * deadlock detection {@link Status.Code#Busy} with subcode
 * {@link Status.SubCode#Deadlock}; a key written by someone else after the
 * transaction's snapshot {@link Status.Code#Busy} (at the read for update or
 * write, pessimistic; at commit, optimistic).
 *
 * <h2>Lifetime</h2>
 * Owned by its DB (a serialized resource, {@code SerializedResource}: see
 * {@code io.panrocks.internal}). After {@link #commit()} or
 * {@link #rollback()} every operation but the getters and {@link #close()}
 * throws {@link IllegalStateException}; {@link #prepare()} leaves only
 * commit, rollback and reads. A finished transaction may be reused with
 * {@code beginTransaction(writeOptions, options, old)}, as in RocksDB.
 * {@link #close()} releases it: an open transaction is rolled back, a
 * prepared one stays prepared (in the write-ahead log: the DB finds it again
 * after a restart, see {@link TransactionDB#getAllPreparedTransactions()}).
 * After close everything throws {@link IllegalStateException}. Closing the
 * DB closes its transactions first; a transaction that becomes unreachable
 * unclosed is rolled back and released by a Cleaner with a warning (a named
 * one stays reachable through its DB until closed, as it stays findable by
 * name).
 *
 * <h2>Threads</h2>
 * RocksDB's transactions are not thread-safe; this one is: any thread may
 * use it, one call at a time (each call holds the transaction's lock, and
 * so does each move of its iterators). A call that waits for a row lock
 * holds it meanwhile, so a {@link #close()} from another thread waits for
 * that call (at most the lock timeout). Its iterators belong to the thread
 * that created them.
 */
public final class Transaction implements AutoCloseable {
    /** RocksDB's {@code Transaction::TransactionState}. */
    public enum TransactionState {
        /** Open: reads and writes allowed. */
        STARTED,
        /** Inside {@link #prepare()}. */
        AWAITING_PREPARE,
        /** Prepared (two-phase commit): only commit, rollback and reads remain. */
        PREPARED,
        /** Inside {@link #commit()}. */
        AWAITING_COMMIT,
        /** Committed. */
        COMMITTED,
        /** Inside {@link #rollback()}. */
        AWAITING_ROLLBACK,
        /** Rolled back. */
        ROLLEDBACK,
        /** Expired, and another transaction took its locks. */
        LOCKS_STOLEN;

        static TransactionState of(int value) {
            TransactionState[] all = values();
            return value >= 0 && value < all.length ? all[value] : STARTED;
        }
    }

    /** What the Java side allows, under the lock. */
    private enum Phase { ACTIVE, PREPARED, COMMITTED, ROLLED_BACK }

    private static final int OK = panrocks_h.PANROCKS_OK(), NOT_FOUND = panrocks_h.PANROCKS_NOT_FOUND();
    /** panrocks_txn_write by handle, for a direct buffer's value read in place (see BufferSegments) */
    private static final MethodHandle TXN_WRITE = panrocks_h.panrocks_txn_write$handle();
    private static final int PUT = panrocks_h.PANROCKS_TXN_OP_PUT(), MERGE = panrocks_h.PANROCKS_TXN_OP_MERGE(),
            DELETE = panrocks_h.PANROCKS_TXN_OP_DELETE(), SINGLE_DELETE = panrocks_h.PANROCKS_TXN_OP_SINGLE_DELETE();
    private static final int ASSUME_TRACKED = panrocks_h.PANROCKS_TXN_ASSUME_TRACKED(),
            UNTRACKED = panrocks_h.PANROCKS_TXN_UNTRACKED();
    private static final int FOR_UPDATE = panrocks_h.PANROCKS_TXN_FOR_UPDATE(),
            SHARED_LOCK = panrocks_h.PANROCKS_TXN_SHARED_LOCK(), SKIP_VALIDATE = panrocks_h.PANROCKS_TXN_SKIP_VALIDATE();

    private final RocksDB owner;
    private final NativeDb db;
    private final MemorySegment handle;
    private final boolean pessimistic;
    private final ReentrantLock lock = new ReentrantLock();
    private final DbResource resource;
    private final long adaptiveThreshold;
    /** guarded by lock */
    private Phase phase;
    /** the last view of the transaction's snapshot handed out; guarded by lock */
    private Snapshot snapshotView;
    /**
     * the flags of the write options the commit uses (getWriteOptions; WriteOptions is a value of flags: no
     * copy kept per begin); guarded by lock
     */
    private int writeFlags = WriteOptions.DEFAULT.flags();

    private Transaction(RocksDB owner, NativeDb db, MemorySegment handle, Phase phase) {
        this.owner = owner;
        this.db = db;
        this.handle = handle;
        this.pessimistic = owner instanceof TransactionDB;
        this.phase = phase;
        this.adaptiveThreshold = owner.adaptiveReadThreshold();
        this.resource = DbResource.serialized(db, "Transaction", this, lock, () -> release(handle));
    }

    /** The free action: rolls back an open transaction, leaves a prepared one prepared, frees it. */
    private static void release(MemorySegment handle) {
        MemorySegment error = NativeMemory.allocate(panrocks_error.sizeof());
        try {
            int rc = panrocks_h.panrocks_txn_release(handle, error);
            if (rc != 0) {
                throw new IllegalStateException("rolling back a transaction on release failed (it is released): "
                        + Errors.toException(rc, error).getMessage());
            }
        } finally {
            NativeMemory.free(error);
        }
    }

    /**
     * Begins a transaction of owner (a transaction DB), or reuses {@code old}.
     * {@code options}: a filled panrocks_txn_options, or NULL.
     */
    static Transaction begin(RocksDB owner, WriteOptions writeOptions, MemorySegment options, Transaction old) {
        Objects.requireNonNull(writeOptions, "writeOptions");
        NativeDb db = owner.nativeDb();
        if (old != null) return old.reuse(owner, writeOptions, options);
        CallContext c = db.enter();
        try {
            int rc = panrocks_h.panrocks_txn_begin(db.handle(), writeOptions.flags(), options, MemorySegment.NULL,
                    c.size, c.error);
            if (rc != 0) throw new IllegalStateException("cannot begin a transaction: " + c.failure(rc).getMessage());
            MemorySegment h = c.size.get(ValueLayout.ADDRESS, 0);
            try {
                Transaction txn = new Transaction(owner, db, h, Phase.ACTIVE);
                txn.writeFlags = writeOptions.flags();
                return txn;
            } catch (RuntimeException | Error e) {
                release(h);
                throw e;
            }
        } finally {
            db.exit(c);
        }
    }

    /** A holder for a transaction the DB found by name (recovered at open); inside a call on db. */
    static Transaction adopt(RocksDB owner, NativeDb db, MemorySegment handle) {
        MemorySegment info = NativeMemory.allocate(panrocks_txn_info.sizeof());
        int state;
        try {
            panrocks_h.panrocks_txn_get_info(handle, info);
            state = panrocks_txn_info.state(info);
        } finally {
            NativeMemory.free(info);
        }
        Phase phase = switch (TransactionState.of(state)) {
            case PREPARED -> Phase.PREPARED;
            case COMMITTED -> Phase.COMMITTED;
            case ROLLEDBACK -> Phase.ROLLED_BACK;
            default -> Phase.ACTIVE;
        };
        return new Transaction(owner, db, handle, phase);
    }

    private Transaction reuse(RocksDB target, WriteOptions writeOptions, MemorySegment options) {
        if (target != owner) throw new IllegalArgumentException(this + " belongs to another DB");
        CallContext c = enter();
        try {
            if (phase != Phase.COMMITTED && phase != Phase.ROLLED_BACK) {
                throw new IllegalStateException("only a committed or rolled back Transaction can be reused; this one is "
                        + phase);
            }
            int rc = panrocks_h.panrocks_txn_begin(db.handle(), writeOptions.flags(), options, handle, c.size, c.error);
            if (rc != 0) throw new IllegalStateException("cannot reuse the transaction: " + c.failure(rc).getMessage());
            phase = Phase.ACTIVE;
            snapshotView = null;
            this.writeFlags = writeOptions.flags();
            if (owner instanceof TransactionDB t) t.unnamed(this); // reinitialized without its name
            return this;
        } finally {
            exit(c);
        }
    }

    // ---- the call guard ----------------------------------------------------------

    /** Takes the lock, then enters the DB; checks the transaction is open. */
    private CallContext enter() {
        lock.lock();
        CallContext c;
        try {
            c = db.enter();
        } catch (RuntimeException | Error e) {
            lock.unlock();
            throw e;
        }
        if (resource.isReleased()) {
            exit(c);
            throw new IllegalStateException("Transaction is closed");
        }
        return c;
    }

    private void exit(CallContext c) {
        db.exit(c);
        lock.unlock();
    }

    /** As {@link #enter()}, for an operation only an open (not prepared, committed or rolled back) transaction may do. */
    private CallContext enterActive() {
        CallContext c = enter();
        if (phase != Phase.ACTIVE) {
            exit(c);
            throw notActive();
        }
        return c;
    }

    /** As {@link #enter()}, for a read: open or prepared. */
    private CallContext enterReadable() {
        CallContext c = enter();
        if (phase != Phase.ACTIVE && phase != Phase.PREPARED) {
            exit(c);
            throw notActive();
        }
        return c;
    }

    private IllegalStateException notActive() {
        return new IllegalStateException(switch (phase) {
            case PREPARED -> "the Transaction is prepared: only commit, rollback and reads remain";
            case COMMITTED -> "the Transaction is committed (reuse it with beginTransaction(writeOptions, old))";
            case ROLLED_BACK -> "the Transaction is rolled back (reuse it with beginTransaction(writeOptions, old))";
            case ACTIVE -> "the Transaction is open";
        });
    }


    // =========================================================================
    // Writes
    // =========================================================================

    /**
     * Writes {@code value} under {@code key} in {@code columnFamily}
     * ({@code null}: the default one) within the transaction. A pessimistic
     * transaction locks the key first, waiting at most its lock timeout;
     * with {@code assumeTracked} it skips the lock, trusting that an earlier
     * read for update of this transaction locked the key.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key (copied)
     * @param value the value (copied)
     * @param assumeTracked whether the key is known to be locked by this transaction already
     * @throws NullPointerException if key or value is null
     * @throws IllegalArgumentException if columnFamily belongs to another DB
     * @throws IllegalStateException if the transaction is closed, prepared,
     *         committed or rolled back, or the DB or family is closed
     * @throws RocksDBException {@link Status.Code#TimedOut} ({@link Status.SubCode#LockTimeout})
     *         when the lock is not obtained in time, {@link Status.Code#Busy}
     *         ({@link Status.SubCode#Deadlock}) on a detected deadlock or
     *         when the key changed after the transaction's snapshot
     */
    public void put(ColumnFamilyHandle columnFamily, byte[] key, byte[] value, boolean assumeTracked)
            throws RocksDBException {
        write(PUT, columnFamily, Bytes.key(key), Bytes.value(value), assumeTracked ? ASSUME_TRACKED : 0);
    }

    /**
     * As {@link #put(ColumnFamilyHandle, byte[], byte[], boolean)}, locking the key.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param value the value
     * @throws RocksDBException as the main overload
     */
    public void put(ColumnFamilyHandle columnFamily, byte[] key, byte[] value) throws RocksDBException {
        put(columnFamily, key, value, false);
    }

    /**
     * As {@link #put(ColumnFamilyHandle, byte[], byte[], boolean)}, in the default family.
     *
     * @param key the key
     * @param value the value
     * @throws RocksDBException as the main overload
     */
    public void put(byte[] key, byte[] value) throws RocksDBException {
        put(null, key, value, false);
    }

    /**
     * As {@link #put(ColumnFamilyHandle, byte[], byte[], boolean)}, for
     * segments: native ones are read in place, heap ones copied.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param value the value
     * @throws IllegalStateException if a segment's arena is closed
     * @throws WrongThreadException if a segment is confined to another thread
     * @throws RocksDBException as the main overload
     */
    public void put(ColumnFamilyHandle columnFamily, MemorySegment key, MemorySegment value) throws RocksDBException {
        write(PUT, columnFamily, Bytes.segment(key, "key"), Bytes.segment(value, "value"), 0);
    }

    /**
     * As {@link #put(ColumnFamilyHandle, byte[], byte[], boolean)}, for
     * {@code key[position, limit)} and {@code value[position, limit)}; both
     * positions move to their limits.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param value the value
     * @throws RocksDBException as the main overload
     */
    public void put(ColumnFamilyHandle columnFamily, ByteBuffer key, ByteBuffer value) throws RocksDBException {
        write(PUT, columnFamily, key, value, 0);
    }

    /**
     * As {@link #put(ColumnFamilyHandle, ByteBuffer, ByteBuffer)}, with
     * {@code assumeTracked} as in {@link #put(ColumnFamilyHandle, byte[], byte[], boolean)}.
     * Heap, direct and read-only buffers work, mixed too.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key, from its position to its limit; its position moves to the limit
     * @param value the value, from its position to its limit; its position moves to the limit
     * @param assumeTracked whether the key is known to be locked by this transaction already
     * @throws RocksDBException as the main overload
     */
    public void put(ColumnFamilyHandle columnFamily, ByteBuffer key, ByteBuffer value, boolean assumeTracked)
            throws RocksDBException {
        write(PUT, columnFamily, key, value, assumeTracked ? ASSUME_TRACKED : 0);
    }

    /**
     * As {@link #put(ColumnFamilyHandle, ByteBuffer, ByteBuffer)}, in the default family.
     *
     * @param key the key, from its position to its limit; its position moves to the limit
     * @param value the value, from its position to its limit; its position moves to the limit
     * @throws RocksDBException as the main overload
     */
    public void put(ByteBuffer key, ByteBuffer value) throws RocksDBException {
        write(PUT, null, key, value, 0);
    }

    /**
     * As {@link #put(ColumnFamilyHandle, byte[], byte[], boolean)}, with the
     * key and the value each given in parts that are concatenated (RocksDB's
     * {@code SliceParts}).
     *
     * @param columnFamily the family, or null for the default one
     * @param keyParts the key's parts, in order
     * @param valueParts the value's parts, in order
     * @param assumeTracked whether the key is known to be locked by this transaction already
     * @throws NullPointerException if an array or a part is null
     * @throws RocksDBException as the main overload
     */
    public void put(ColumnFamilyHandle columnFamily, byte[][] keyParts, byte[][] valueParts, boolean assumeTracked)
            throws RocksDBException {
        write(PUT, columnFamily, joined(keyParts, "keyParts"), joined(valueParts, "valueParts"),
                assumeTracked ? ASSUME_TRACKED : 0);
    }

    /**
     * As {@link #put(ColumnFamilyHandle, byte[][], byte[][], boolean)}, locking the key.
     *
     * @param columnFamily the family, or null for the default one
     * @param keyParts the key's parts, in order
     * @param valueParts the value's parts, in order
     * @throws RocksDBException as the main overload
     */
    public void put(ColumnFamilyHandle columnFamily, byte[][] keyParts, byte[][] valueParts) throws RocksDBException {
        put(columnFamily, keyParts, valueParts, false);
    }

    /**
     * As {@link #put(ColumnFamilyHandle, byte[][], byte[][], boolean)}, in the default family.
     *
     * @param keyParts the key's parts, in order
     * @param valueParts the value's parts, in order
     * @throws RocksDBException as the main overload
     */
    public void put(byte[][] keyParts, byte[][] valueParts) throws RocksDBException {
        put(null, keyParts, valueParts, false);
    }

    /**
     * As {@link #put(ColumnFamilyHandle, byte[], byte[], boolean)}, but without
     * locking the key or checking it for conflicts (RocksDB's
     * {@code PutUntracked}): the write is still part of the transaction.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param value the value
     * @throws RocksDBException as the main overload, but never for a lock
     */
    public void putUntracked(ColumnFamilyHandle columnFamily, byte[] key, byte[] value) throws RocksDBException {
        write(PUT, columnFamily, Bytes.key(key), Bytes.value(value), UNTRACKED);
    }

    /**
     * As {@link #putUntracked(ColumnFamilyHandle, byte[], byte[])}, in the default family.
     *
     * @param key the key
     * @param value the value
     * @throws RocksDBException as the main overload
     */
    public void putUntracked(byte[] key, byte[] value) throws RocksDBException {
        putUntracked(null, key, value);
    }

    /**
     * As {@link #putUntracked(ColumnFamilyHandle, byte[], byte[])}, with the key and value in parts.
     *
     * @param columnFamily the family, or null for the default one
     * @param keyParts the key's parts, in order
     * @param valueParts the value's parts, in order
     * @throws RocksDBException as the main overload
     */
    public void putUntracked(ColumnFamilyHandle columnFamily, byte[][] keyParts, byte[][] valueParts)
            throws RocksDBException {
        write(PUT, columnFamily, joined(keyParts, "keyParts"), joined(valueParts, "valueParts"), UNTRACKED);
    }

    /**
     * As {@link #putUntracked(ColumnFamilyHandle, byte[][], byte[][])}, in the default family.
     *
     * @param keyParts the key's parts, in order
     * @param valueParts the value's parts, in order
     * @throws RocksDBException as the main overload
     */
    public void putUntracked(byte[][] keyParts, byte[][] valueParts) throws RocksDBException {
        putUntracked(null, keyParts, valueParts);
    }

    /**
     * Merges {@code value} into {@code key} with the family's merge operator,
     * within the transaction; otherwise as
     * {@link #put(ColumnFamilyHandle, byte[], byte[], boolean)}.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param value the operand
     * @param assumeTracked whether the key is known to be locked by this transaction already
     * @throws RocksDBException as a put
     */
    public void merge(ColumnFamilyHandle columnFamily, byte[] key, byte[] value, boolean assumeTracked)
            throws RocksDBException {
        write(MERGE, columnFamily, Bytes.key(key), Bytes.value(value), assumeTracked ? ASSUME_TRACKED : 0);
    }

    /**
     * As {@link #merge(ColumnFamilyHandle, byte[], byte[], boolean)}, locking the key.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param value the operand
     * @throws RocksDBException as the main overload
     */
    public void merge(ColumnFamilyHandle columnFamily, byte[] key, byte[] value) throws RocksDBException {
        merge(columnFamily, key, value, false);
    }

    /**
     * As {@link #merge(ColumnFamilyHandle, byte[], byte[], boolean)}, in the default family.
     *
     * @param key the key
     * @param value the operand
     * @throws RocksDBException as the main overload
     */
    public void merge(byte[] key, byte[] value) throws RocksDBException {
        merge(null, key, value, false);
    }

    /**
     * As {@link #merge(ColumnFamilyHandle, byte[], byte[], boolean)}, without
     * locking or conflict checking.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param value the operand
     * @throws RocksDBException as the main overload, but never for a lock
     */
    public void mergeUntracked(ColumnFamilyHandle columnFamily, byte[] key, byte[] value) throws RocksDBException {
        write(MERGE, columnFamily, Bytes.key(key), Bytes.value(value), UNTRACKED);
    }

    /**
     * As {@link #mergeUntracked(ColumnFamilyHandle, byte[], byte[])}, in the default family.
     *
     * @param key the key
     * @param value the operand
     * @throws RocksDBException as the main overload
     */
    public void mergeUntracked(byte[] key, byte[] value) throws RocksDBException {
        mergeUntracked(null, key, value);
    }

    /**
     * As {@link #merge(ColumnFamilyHandle, byte[], byte[], boolean)}, for
     * {@code key[position, limit)} and {@code value[position, limit)}; both
     * positions move to their limits. Heap, direct and read-only buffers work, mixed too.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param value the operand
     * @param assumeTracked whether the key is known to be locked by this transaction already
     * @throws RocksDBException as the main overload
     */
    public void merge(ColumnFamilyHandle columnFamily, ByteBuffer key, ByteBuffer value, boolean assumeTracked)
            throws RocksDBException {
        write(MERGE, columnFamily, key, value, assumeTracked ? ASSUME_TRACKED : 0);
    }

    /**
     * As {@link #merge(ColumnFamilyHandle, ByteBuffer, ByteBuffer, boolean)}, locking the key.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param value the operand
     * @throws RocksDBException as the main overload
     */
    public void merge(ColumnFamilyHandle columnFamily, ByteBuffer key, ByteBuffer value) throws RocksDBException {
        write(MERGE, columnFamily, key, value, 0);
    }

    /**
     * As {@link #merge(ColumnFamilyHandle, ByteBuffer, ByteBuffer, boolean)}, default family, locking the key.
     *
     * @param key the key
     * @param value the operand
     * @throws RocksDBException as the main overload
     */
    public void merge(ByteBuffer key, ByteBuffer value) throws RocksDBException {
        write(MERGE, null, key, value, 0);
    }

    /**
     * As {@link #merge(ColumnFamilyHandle, ByteBuffer, ByteBuffer, boolean)}, without locking or conflict checking.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param value the operand
     * @throws RocksDBException as the main overload, but never for a lock
     */
    public void mergeUntracked(ColumnFamilyHandle columnFamily, ByteBuffer key, ByteBuffer value)
            throws RocksDBException {
        write(MERGE, columnFamily, key, value, UNTRACKED);
    }

    /**
     * As {@link #mergeUntracked(ColumnFamilyHandle, ByteBuffer, ByteBuffer)}, in the default family.
     *
     * @param key the key
     * @param value the operand
     * @throws RocksDBException as the main overload, but never for a lock
     */
    public void mergeUntracked(ByteBuffer key, ByteBuffer value) throws RocksDBException {
        write(MERGE, null, key, value, UNTRACKED);
    }

    /**
     * Deletes {@code key} within the transaction; otherwise as
     * {@link #put(ColumnFamilyHandle, byte[], byte[], boolean)}.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param assumeTracked whether the key is known to be locked by this transaction already
     * @throws RocksDBException as a put
     */
    public void delete(ColumnFamilyHandle columnFamily, byte[] key, boolean assumeTracked) throws RocksDBException {
        write(DELETE, columnFamily, Bytes.key(key), null, assumeTracked ? ASSUME_TRACKED : 0);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, byte[], boolean)}, locking the key.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @throws RocksDBException as the main overload
     */
    public void delete(ColumnFamilyHandle columnFamily, byte[] key) throws RocksDBException {
        delete(columnFamily, key, false);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, byte[], boolean)}, in the default family.
     *
     * @param key the key
     * @throws RocksDBException as the main overload
     */
    public void delete(byte[] key) throws RocksDBException {
        delete(null, key, false);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, byte[], boolean)}, for a segment key.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @throws RocksDBException as the main overload
     */
    public void delete(ColumnFamilyHandle columnFamily, MemorySegment key) throws RocksDBException {
        write(DELETE, columnFamily, Bytes.segment(key, "key"), null, 0);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, byte[], boolean)}, without
     * locking or conflict checking.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @throws RocksDBException as the main overload, but never for a lock
     */
    public void deleteUntracked(ColumnFamilyHandle columnFamily, byte[] key) throws RocksDBException {
        write(DELETE, columnFamily, Bytes.key(key), null, UNTRACKED);
    }

    /**
     * As {@link #deleteUntracked(ColumnFamilyHandle, byte[])}, in the default family.
     *
     * @param key the key
     * @throws RocksDBException as the main overload, but never for a lock
     */
    public void deleteUntracked(byte[] key) throws RocksDBException {
        deleteUntracked(null, key);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, byte[], boolean)}, with the key
     * given in parts that are concatenated (RocksDB's {@code SliceParts}).
     *
     * @param columnFamily the family, or null for the default one
     * @param keyParts the key's parts, in order
     * @param assumeTracked whether the key is known to be locked by this transaction already
     * @throws NullPointerException if the array or a part is null
     * @throws RocksDBException as the main overload
     */
    public void delete(ColumnFamilyHandle columnFamily, byte[][] keyParts, boolean assumeTracked)
            throws RocksDBException {
        write(DELETE, columnFamily, joined(keyParts, "keyParts"), null, assumeTracked ? ASSUME_TRACKED : 0);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, byte[][], boolean)}, locking the key.
     *
     * @param columnFamily the family, or null for the default one
     * @param keyParts the key's parts, in order
     * @throws RocksDBException as the main overload
     */
    public void delete(ColumnFamilyHandle columnFamily, byte[][] keyParts) throws RocksDBException {
        delete(columnFamily, keyParts, false);
    }

    /**
     * As {@link #delete(ColumnFamilyHandle, byte[][], boolean)}, in the default family.
     *
     * @param keyParts the key's parts, in order
     * @throws RocksDBException as the main overload
     */
    public void delete(byte[][] keyParts) throws RocksDBException {
        delete(null, keyParts, false);
    }

    /**
     * As {@link #deleteUntracked(ColumnFamilyHandle, byte[])}, with the key in parts.
     *
     * @param columnFamily the family, or null for the default one
     * @param keyParts the key's parts, in order
     * @throws RocksDBException as the main overload
     */
    public void deleteUntracked(ColumnFamilyHandle columnFamily, byte[][] keyParts) throws RocksDBException {
        write(DELETE, columnFamily, joined(keyParts, "keyParts"), null, UNTRACKED);
    }

    /**
     * As {@link #deleteUntracked(ColumnFamilyHandle, byte[][])}, in the default family.
     *
     * @param keyParts the key's parts, in order
     * @throws RocksDBException as the main overload
     */
    public void deleteUntracked(byte[][] keyParts) throws RocksDBException {
        deleteUntracked(null, keyParts);
    }

    /**
     * RocksDB's SingleDelete within the transaction (for a key written once
     * and never merged or overwritten since); otherwise as
     * {@link #delete(ColumnFamilyHandle, byte[], boolean)}.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param assumeTracked whether the key is known to be locked by this transaction already
     * @throws RocksDBException as a put
     */
    public void singleDelete(ColumnFamilyHandle columnFamily, byte[] key, boolean assumeTracked)
            throws RocksDBException {
        write(SINGLE_DELETE, columnFamily, Bytes.key(key), null, assumeTracked ? ASSUME_TRACKED : 0);
    }

    /**
     * As {@link #singleDelete(ColumnFamilyHandle, byte[], boolean)}, locking the key.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @throws RocksDBException as the main overload
     */
    public void singleDelete(ColumnFamilyHandle columnFamily, byte[] key) throws RocksDBException {
        singleDelete(columnFamily, key, false);
    }

    /**
     * As {@link #singleDelete(ColumnFamilyHandle, byte[], boolean)}, in the default family.
     *
     * @param key the key
     * @throws RocksDBException as the main overload
     */
    public void singleDelete(byte[] key) throws RocksDBException {
        singleDelete(null, key, false);
    }

    /**
     * As {@link #singleDelete(ColumnFamilyHandle, byte[], boolean)}, with the key in parts.
     *
     * @param columnFamily the family, or null for the default one
     * @param keyParts the key's parts, in order
     * @param assumeTracked whether the key is known to be locked by this transaction already
     * @throws RocksDBException as the main overload
     */
    public void singleDelete(ColumnFamilyHandle columnFamily, byte[][] keyParts, boolean assumeTracked)
            throws RocksDBException {
        write(SINGLE_DELETE, columnFamily, joined(keyParts, "keyParts"), null, assumeTracked ? ASSUME_TRACKED : 0);
    }

    /**
     * As {@link #singleDelete(ColumnFamilyHandle, byte[][], boolean)}, locking the key.
     *
     * @param columnFamily the family, or null for the default one
     * @param keyParts the key's parts, in order
     * @throws RocksDBException as the main overload
     */
    public void singleDelete(ColumnFamilyHandle columnFamily, byte[][] keyParts) throws RocksDBException {
        singleDelete(columnFamily, keyParts, false);
    }

    /**
     * As {@link #singleDelete(ColumnFamilyHandle, byte[][], boolean)}, in the default family.
     *
     * @param keyParts the key's parts, in order
     * @throws RocksDBException as the main overload
     */
    public void singleDelete(byte[][] keyParts) throws RocksDBException {
        singleDelete(null, keyParts, false);
    }

    /** The parts concatenated, as RocksDB joins a {@code SliceParts}; checked before any native call. */
    private static byte[] joined(byte[][] parts, String what) {
        Objects.requireNonNull(parts, what);
        long total = 0;
        for (byte[] part : parts) total += Objects.requireNonNull(part, what + " must not contain null").length;
        if (total > Bytes.MAX_ARRAY) {
            throw new IllegalArgumentException(what + " add up to " + total + " bytes, more than a byte[] holds");
        }
        byte[] out = new byte[(int) total];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, out, at, part.length);
            at += part.length;
        }
        return out;
    }

    /** A put or merge of key[position, limit) and value[position, limit), both required; both consumed. */
    private void write(int op, ColumnFamilyHandle columnFamily, ByteBuffer key, ByteBuffer value, int flags)
            throws RocksDBException {
        Bytes.input(key, "key");
        Bytes.input(value, "value");
        CallContext c = enterActive();
        try {
            long keyLength = key.remaining();
            long valueLength = value.remaining();
            MemorySegment k = Staging.key(c, key);
            MemorySegment cf = ColumnFamilyHandle.nativeHandle(columnFamily, db);
            int rc;
            if (Staging.inPlace(value)) {
                rc = writeInPlace(c, cf, op, flags, k, keyLength, value, valueLength);
            } else {
                rc = panrocks_h.panrocks_txn_write(handle, cf, op, flags, k, keyLength, Staging.value(c, value),
                        valueLength, c.error);
            }
            c.trimScratch();
            if (rc != 0) throw c.failure(rc);
        } finally {
            exit(c);
        }
        key.position(key.limit());
        value.position(value.limit());
    }

    /** A direct buffer's value written where it is; its segment made here and given to the handle only (see BufferSegments). */
    private int writeInPlace(CallContext c, MemorySegment cf, int op, int flags, MemorySegment k, long keyLength,
                             ByteBuffer value, long valueLength) {
        MemorySegment v = MemorySegment.ofBuffer(value);
        try {
            return (int) TXN_WRITE.invokeExact(handle, cf, op, flags, k, keyLength, v, valueLength, c.error);
        } catch (Throwable t) {
            throw Errors.fromDowncall(t); // the buffer's arena closed since it was checked, or out of stack
        }
    }

    private void write(int op, ColumnFamilyHandle columnFamily, byte[] key, byte[] value, int flags)
            throws RocksDBException {
        CallContext c = enterActive();
        try {
            MemorySegment k = Staging.key(c, key, 0, key.length);
            MemorySegment v = value == null ? MemorySegment.NULL : Staging.value(c, value, 0, value.length);
            int valueLength = value == null ? 0 : value.length;
            int rc = panrocks_h.panrocks_txn_write(handle, ColumnFamilyHandle.nativeHandle(columnFamily, db), op, flags, k, key.length, v,
                    valueLength, c.error);
            c.trimScratch();
            if (rc != 0) throw c.failure(rc);
        } finally {
            exit(c);
        }
    }

    private void write(int op, ColumnFamilyHandle columnFamily, MemorySegment key, MemorySegment value, int flags)
            throws RocksDBException {
        CallContext c = enterActive();
        try {
            MemorySegment k = Staging.key(c, key);
            MemorySegment v = value == null ? MemorySegment.NULL : Staging.value(c, value);
            long valueLength = value == null ? 0 : value.byteSize();
            int rc;
            try {
                rc = panrocks_h.panrocks_txn_write(handle, ColumnFamilyHandle.nativeHandle(columnFamily, db), op, flags, k, key.byteSize(), v,
                        valueLength, c.error);
            } catch (AssertionError e) {
                throw Bytes.linkerFailure(e); // a caller's segment closed since it was checked
            }
            c.trimScratch();
            if (rc != 0) throw c.failure(rc);
        } finally {
            exit(c);
        }
    }

    // =========================================================================
    // Reads into a new array
    // =========================================================================

    /**
     * The value of {@code key} as the transaction sees it (its own writes on
     * top of the DB as of {@code readOptions}), copied into a new array;
     * {@code null} if absent. Takes no lock. {@code readOptions} may carry the
     * transaction's own {@link #getSnapshot() snapshot}.
     *
     * @param readOptions snapshot, read tier ... of the DB side of the read
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @return the value, or null
     * @throws IllegalArgumentException if columnFamily or the snapshot belongs
     *         to another DB, or the snapshot is another transaction's
     * @throws IllegalStateException if the transaction is closed, committed or
     *         rolled back, the snapshot is released, or the value does not fit
     *         in a byte[]
     * @throws RocksDBException with RocksDB's status on an engine failure
     */
    public byte[] get(ReadOptions readOptions, ColumnFamilyHandle columnFamily, byte[] key) throws RocksDBException {
        return getBytes(readOptions, columnFamily, key, 0);
    }

    /**
     * As {@link #get(ReadOptions, ColumnFamilyHandle, byte[])}, with RocksJava's older argument order.
     *
     * @param columnFamily the family, or null for the default one
     * @param readOptions the read options
     * @param key the key
     * @return the value, or null
     * @throws RocksDBException as the main overload
     */
    public byte[] get(ColumnFamilyHandle columnFamily, ReadOptions readOptions, byte[] key) throws RocksDBException {
        return getBytes(readOptions, columnFamily, key, 0);
    }

    /**
     * As {@link #get(ReadOptions, ColumnFamilyHandle, byte[])}, in the default family.
     *
     * @param readOptions the read options
     * @param key the key
     * @return the value, or null
     * @throws RocksDBException as the main overload
     */
    public byte[] get(ReadOptions readOptions, byte[] key) throws RocksDBException {
        return getBytes(readOptions, null, key, 0);
    }

    /**
     * As {@link #get(ReadOptions, ColumnFamilyHandle, byte[])}, and locks the
     * key first (pessimistic: exclusively, or shared when {@code exclusive}
     * is false; optimistic: the key is checked for conflicts at commit). With
     * a snapshot set, a key written by someone else since the snapshot fails
     * with {@link Status.Code#Busy}, unless {@code doValidate} is false (then
     * readOptions must carry no snapshot).
     *
     * @param readOptions the read options
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param exclusive an exclusive lock (else shared)
     * @param doValidate check the key against the transaction's snapshot
     * @return the value, or null
     * @throws RocksDBException as {@link #put(ColumnFamilyHandle, byte[], byte[], boolean)}
     *         for the lock, else as the plain read
     */
    public byte[] getForUpdate(ReadOptions readOptions, ColumnFamilyHandle columnFamily, byte[] key, boolean exclusive,
                               boolean doValidate) throws RocksDBException {
        return getBytes(readOptions, columnFamily, key, forUpdate(exclusive, doValidate));
    }

    /**
     * As {@link #getForUpdate(ReadOptions, ColumnFamilyHandle, byte[], boolean, boolean)}, validating.
     *
     * @param readOptions the read options
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param exclusive an exclusive lock (else shared)
     * @return the value, or null
     * @throws RocksDBException as the main overload
     */
    public byte[] getForUpdate(ReadOptions readOptions, ColumnFamilyHandle columnFamily, byte[] key, boolean exclusive)
            throws RocksDBException {
        return getForUpdate(readOptions, columnFamily, key, exclusive, true);
    }

    /**
     * As {@link #getForUpdate(ReadOptions, ColumnFamilyHandle, byte[], boolean, boolean)}, default family, validating.
     *
     * @param readOptions the read options
     * @param key the key
     * @param exclusive an exclusive lock (else shared)
     * @return the value, or null
     * @throws RocksDBException as the main overload
     */
    public byte[] getForUpdate(ReadOptions readOptions, byte[] key, boolean exclusive) throws RocksDBException {
        return getForUpdate(readOptions, null, key, exclusive, true);
    }

    private static int forUpdate(boolean exclusive, boolean doValidate) {
        return FOR_UPDATE | (exclusive ? 0 : SHARED_LOCK) | (doValidate ? 0 : SKIP_VALIDATE);
    }

    private byte[] getBytes(ReadOptions readOptions, ColumnFamilyHandle columnFamily, byte[] key, int flags)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        CallContext c = enterReadable();
        try {
            CallContext.Frame f = c.frame();
            MemorySegment buffer = f.buffer();
            long capacity = buffer.byteSize();
            // as Reads: small values through the scratch, larger ones pinned and copied once
            int rc = read(c, readOptions, columnFamily, flags, f.pin, Staging.key(c, key, 0, key.length), key.length,
                    buffer, capacity, Reads.heapCopyThreshold(capacity));
            if (rc == NOT_FOUND) return null;
            if (rc != OK) throw c.failure(rc);
            long size = c.valueSize();
            if (size > Bytes.MAX_ARRAY && c.valuePinned()) panrocks_h.panrocks_pin_release(f.pin);
            byte[] out = new byte[Bytes.checkFitsArray(size)];
            if (c.valuePinned()) {
                try {
                    Bytes.copyFromAddress(c.valueAddress(), out, 0, out.length);
                } finally {
                    panrocks_h.panrocks_pin_release(f.pin);
                }
            } else {
                MemorySegment.copy(buffer, ValueLayout.JAVA_BYTE, 0, out, 0, out.length);
            }
            return out;
        } finally {
            exit(c);
        }
    }

    /** One adaptive read through the transaction; inside a call, under the lock. */
    private int read(CallContext c, ReadOptions readOptions, ColumnFamilyHandle columnFamily, int flags,
                     MemorySegment pin, MemorySegment key, long keyLength, MemorySegment buffer, long capacity,
                     long threshold) {
        MemorySegment ro = readOptions.nativeHandle(c, this);
        try {
            return panrocks_h.panrocks_txn_get(handle, ColumnFamilyHandle.nativeHandle(columnFamily, db), ro, flags, pin, key, keyLength, buffer,
                    capacity, threshold, c.value, c.error);
        } catch (AssertionError e) {
            throw Bytes.linkerFailure(e); // a caller's segment closed since it was checked
        }
    }

    // =========================================================================
    // Reads into your buffer, and zero-copy
    // =========================================================================

    /**
     * Reads {@code key} as {@link #get(ReadOptions, ColumnFamilyHandle, byte[])}
     * (or, with {@code forUpdate}, as
     * {@link #getForUpdate(ReadOptions, ColumnFamilyHandle, byte[], boolean)}
     * with an exclusive lock) and copies at most {@code value.length} bytes of
     * the value into {@code value}: returns the full size, or
     * {@link RocksDB#NOT_FOUND}. Allocates nothing.
     *
     * @param readOptions the read options
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param value where the value goes
     * @param forUpdate lock the key first
     * @return the value's full size (grow the array and call again if larger), or {@link RocksDB#NOT_FOUND}
     * @throws RocksDBException as the reads it stands for
     */
    public int get(ReadOptions readOptions, ColumnFamilyHandle columnFamily, byte[] key, byte[] value, boolean forUpdate)
            throws RocksDBException {
        return (int) Math.min(Integer.MAX_VALUE, get(readOptions, columnFamily, key, value, forUpdate ? FOR_UPDATE : 0));
    }

    /**
     * RocksJava's form of {@link #get(ReadOptions, ColumnFamilyHandle, byte[], byte[], boolean)}
     * without a lock: copies at most {@code value.length} bytes of the value
     * into {@code value} and answers a {@link GetStatus} (found or not, and the
     * value's full size). The int-returning overload with {@code forUpdate}
     * allocates nothing; this one allocates the status of a found key.
     *
     * @param readOptions the read options
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param value where the value goes
     * @return {@link Status.Code#Ok} with the value's full size, or {@link Status.Code#NotFound}
     * @throws RocksDBException as the main overload
     */
    public GetStatus get(ReadOptions readOptions, ColumnFamilyHandle columnFamily, byte[] key, byte[] value)
            throws RocksDBException {
        return getStatus(readOptions, columnFamily, key, value, 0);
    }

    /**
     * As {@link #get(ReadOptions, ColumnFamilyHandle, byte[], byte[])}, in the default family.
     *
     * @param readOptions the read options
     * @param key the key
     * @param value where the value goes
     * @return {@link Status.Code#Ok} with the value's full size, or {@link Status.Code#NotFound}
     * @throws RocksDBException as the main overload
     */
    public GetStatus get(ReadOptions readOptions, byte[] key, byte[] value) throws RocksDBException {
        return getStatus(readOptions, null, key, value, 0);
    }

    /**
     * RocksJava's ByteBuffer read through the transaction: reads
     * {@code key[position, limit)} (its position moves to the limit) and
     * copies at most {@code value.remaining()} bytes of the value into
     * {@code value} from its position, which then moves past the bytes
     * copied (its limit stays: RocksJava's transaction contract, unlike
     * {@link RocksDB#get(ReadOptions, ByteBuffer, ByteBuffer)}, which sets the
     * limit). Heap, direct and (for the key) read-only buffers work, mixed
     * too; an absent key leaves {@code value} untouched.
     *
     * @param readOptions the read options
     * @param columnFamily the family, or null for the default one
     * @param key the key, from its position to its limit
     * @param value receives the value from its position
     * @return {@link Status.Code#Ok} with the value's full size, or {@link Status.Code#NotFound}
     * @throws IllegalArgumentException if value is read-only
     * @throws RocksDBException as {@link #get(ReadOptions, ColumnFamilyHandle, byte[])}
     */
    public GetStatus get(ReadOptions readOptions, ColumnFamilyHandle columnFamily, ByteBuffer key, ByteBuffer value)
            throws RocksDBException {
        return getStatus(readOptions, columnFamily, key, value, 0);
    }

    /**
     * As {@link #get(ReadOptions, ColumnFamilyHandle, ByteBuffer, ByteBuffer)}, in the default family.
     *
     * @param readOptions the read options
     * @param key the key, from its position to its limit
     * @param value receives the value from its position
     * @return {@link Status.Code#Ok} with the value's full size, or {@link Status.Code#NotFound}
     * @throws RocksDBException as the main overload
     */
    public GetStatus get(ReadOptions readOptions, ByteBuffer key, ByteBuffer value) throws RocksDBException {
        return getStatus(readOptions, null, key, value, 0);
    }

    /**
     * As {@link #get(ReadOptions, ColumnFamilyHandle, byte[], byte[])}, and
     * locks the key first as
     * {@link #getForUpdate(ReadOptions, ColumnFamilyHandle, byte[], boolean, boolean)} does.
     *
     * @param readOptions the read options
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param value where the value goes
     * @param exclusive an exclusive lock (else shared)
     * @param doValidate check the key against the transaction's snapshot
     * @return {@link Status.Code#Ok} with the value's full size, or {@link Status.Code#NotFound}
     * @throws RocksDBException as {@link #getForUpdate(ReadOptions, ColumnFamilyHandle, byte[], boolean, boolean)}
     */
    public GetStatus getForUpdate(ReadOptions readOptions, ColumnFamilyHandle columnFamily, byte[] key, byte[] value,
                                  boolean exclusive, boolean doValidate) throws RocksDBException {
        return getStatus(readOptions, columnFamily, key, value, forUpdate(exclusive, doValidate));
    }

    /**
     * As {@link #getForUpdate(ReadOptions, ColumnFamilyHandle, byte[], byte[], boolean, boolean)}, validating.
     *
     * @param readOptions the read options
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param value where the value goes
     * @param exclusive an exclusive lock (else shared)
     * @return {@link Status.Code#Ok} with the value's full size, or {@link Status.Code#NotFound}
     * @throws RocksDBException as the main overload
     */
    public GetStatus getForUpdate(ReadOptions readOptions, ColumnFamilyHandle columnFamily, byte[] key, byte[] value,
                                  boolean exclusive) throws RocksDBException {
        return getStatus(readOptions, columnFamily, key, value, forUpdate(exclusive, true));
    }

    /**
     * As {@link #getForUpdate(ReadOptions, ColumnFamilyHandle, byte[], byte[], boolean, boolean)}, default family,
     * validating.
     *
     * @param readOptions the read options
     * @param key the key
     * @param value where the value goes
     * @param exclusive an exclusive lock (else shared)
     * @return {@link Status.Code#Ok} with the value's full size, or {@link Status.Code#NotFound}
     * @throws RocksDBException as the main overload
     */
    public GetStatus getForUpdate(ReadOptions readOptions, byte[] key, byte[] value, boolean exclusive)
            throws RocksDBException {
        return getStatus(readOptions, null, key, value, forUpdate(exclusive, true));
    }

    /**
     * As {@link #get(ReadOptions, ColumnFamilyHandle, ByteBuffer, ByteBuffer)}
     * (the same position contract), and locks the key first as
     * {@link #getForUpdate(ReadOptions, ColumnFamilyHandle, byte[], boolean, boolean)} does.
     *
     * @param readOptions the read options
     * @param columnFamily the family, or null for the default one
     * @param key the key, from its position to its limit
     * @param value receives the value from its position
     * @param exclusive an exclusive lock (else shared)
     * @param doValidate check the key against the transaction's snapshot
     * @return {@link Status.Code#Ok} with the value's full size, or {@link Status.Code#NotFound}
     * @throws RocksDBException as {@link #getForUpdate(ReadOptions, ColumnFamilyHandle, byte[], boolean, boolean)}
     */
    public GetStatus getForUpdate(ReadOptions readOptions, ColumnFamilyHandle columnFamily, ByteBuffer key,
                                  ByteBuffer value, boolean exclusive, boolean doValidate) throws RocksDBException {
        return getStatus(readOptions, columnFamily, key, value, forUpdate(exclusive, doValidate));
    }

    /**
     * As {@link #getForUpdate(ReadOptions, ColumnFamilyHandle, ByteBuffer, ByteBuffer, boolean, boolean)}, validating.
     *
     * @param readOptions the read options
     * @param columnFamily the family, or null for the default one
     * @param key the key, from its position to its limit
     * @param value receives the value from its position
     * @param exclusive an exclusive lock (else shared)
     * @return {@link Status.Code#Ok} with the value's full size, or {@link Status.Code#NotFound}
     * @throws RocksDBException as the main overload
     */
    public GetStatus getForUpdate(ReadOptions readOptions, ColumnFamilyHandle columnFamily, ByteBuffer key,
                                  ByteBuffer value, boolean exclusive) throws RocksDBException {
        return getStatus(readOptions, columnFamily, key, value, forUpdate(exclusive, true));
    }

    /**
     * As {@link #getForUpdate(ReadOptions, ColumnFamilyHandle, ByteBuffer, ByteBuffer, boolean, boolean)}, default
     * family, validating.
     *
     * @param readOptions the read options
     * @param key the key, from its position to its limit
     * @param value receives the value from its position
     * @param exclusive an exclusive lock (else shared)
     * @return {@link Status.Code#Ok} with the value's full size, or {@link Status.Code#NotFound}
     * @throws RocksDBException as the main overload
     */
    public GetStatus getForUpdate(ReadOptions readOptions, ByteBuffer key, ByteBuffer value, boolean exclusive)
            throws RocksDBException {
        return getStatus(readOptions, null, key, value, forUpdate(exclusive, true));
    }

    private GetStatus getStatus(ReadOptions readOptions, ColumnFamilyHandle columnFamily, byte[] key, byte[] value,
                                int flags) throws RocksDBException {
        return GetStatus.of(get(readOptions, columnFamily, key, value, flags));
    }

    /** RocksJava's transaction ByteBuffer contract: key consumed; value's position moves past the bytes copied. */
    private GetStatus getStatus(ReadOptions readOptions, ColumnFamilyHandle columnFamily, ByteBuffer key,
                                ByteBuffer value, int flags) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.input(key, "key");
        Bytes.output(value, "value");
        int position = value.position();
        int remaining = value.remaining();
        long size;
        CallContext c = enterReadable();
        try {
            MemorySegment k = Staging.key(c, key);
            if (readCopying(c, readOptions, columnFamily, flags, k, key.remaining(), remaining)) {
                size = c.valueSize();
                copyValue(c, value, (int) Math.min(size, remaining));
            } else {
                size = RocksDB.NOT_FOUND;
            }
        } finally {
            exit(c);
        }
        key.position(key.limit());
        if (size != RocksDB.NOT_FOUND) value.position(position + (int) Math.min(size, remaining));
        return GetStatus.of(size);
    }

    /**
     * As {@link #get(ReadOptions, ColumnFamilyHandle, byte[], byte[], boolean)}
     * for segments, returning the full size as a long: copies
     * {@code min(size, value.byteSize())} bytes into {@code value}. A native
     * key is read in place.
     *
     * @param readOptions the read options
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param value where the value goes (writable)
     * @param forUpdate lock the key first
     * @return the value's full size, or {@link RocksDB#NOT_FOUND}
     * @throws IllegalArgumentException if value is read-only
     * @throws RocksDBException as the main overload
     */
    public long get(ReadOptions readOptions, ColumnFamilyHandle columnFamily, MemorySegment key, MemorySegment value,
                    boolean forUpdate) throws RocksDBException {
        Bytes.segment(key, "key");
        return get(readOptions, columnFamily, key, value, forUpdate ? FOR_UPDATE : 0);
    }

    private long get(ReadOptions readOptions, ColumnFamilyHandle columnFamily, MemorySegment key, MemorySegment value,
                     int flags) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.output(value, "value");
        CallContext c = enterReadable();
        try {
            MemorySegment k = Staging.key(c, key);
            if (!readCopying(c, readOptions, columnFamily, flags, k, key.byteSize(), value.byteSize())) {
                return RocksDB.NOT_FOUND;
            }
            long size = c.valueSize();
            try {
                Bytes.copyFromAddress(valueAddress(c), value, 0, Math.min(size, value.byteSize()));
            } finally {
                releaseValue(c);
            }
            return size;
        } finally {
            exit(c);
        }
    }

    /**
     * The arrays' form of the segment read above, with no segment made of
     * either array (one handed on to a method C2 compiled on its own would
     * be allocated on every call).
     */
    private long get(ReadOptions readOptions, ColumnFamilyHandle columnFamily, byte[] key, byte[] value, int flags)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        Bytes.value(value);
        CallContext c = enterReadable();
        try {
            MemorySegment k = Staging.key(c, key, 0, key.length);
            if (!readCopying(c, readOptions, columnFamily, flags, k, key.length, value.length)) {
                return RocksDB.NOT_FOUND;
            }
            long size = c.valueSize();
            try {
                Bytes.copyFromAddress(valueAddress(c), value, 0, (int) Math.min(size, value.length));
            } finally {
                releaseValue(c);
            }
            return size;
        } finally {
            exit(c);
        }
    }

    /**
     * The read of every copying get: the value of the staged key k copied
     * into the frame's buffer when small (up to the caller's room), or left
     * pinned (a larger one is copied once, straight from the pin, as Reads
     * does); its size in {@code c.valueSize()}, where it is in
     * {@link #valueAddress}; {@link #releaseValue} after the copy.
     *
     * @return false if the key is absent
     */
    private boolean readCopying(CallContext c, ReadOptions readOptions, ColumnFamilyHandle columnFamily, int flags,
                                MemorySegment k, long keyLength, long room) throws RocksDBException {
        CallContext.Frame f = c.frame();
        long capacity = Math.min(room, f.buffer().byteSize());
        int rc = read(c, readOptions, columnFamily, flags, f.pin, k, keyLength, f.buffer(), capacity,
                Reads.heapCopyThreshold(capacity));
        if (rc == NOT_FOUND) return false;
        if (rc != OK) throw c.failure(rc);
        return true;
    }

    /** Where the value {@link #readCopying} found is: its pin, or the frame's buffer. */
    private static long valueAddress(CallContext c) {
        return c.valuePinned() ? c.valueAddress() : c.frame().buffer().address();
    }

    /** Releases the pin {@link #readCopying} left, if it left one. */
    private static void releaseValue(CallContext c) {
        if (c.valuePinned()) panrocks_h.panrocks_pin_release(c.frame().pin);
    }

    /** n bytes of the value {@link #readCopying} found into value[position, position + n); nothing moves. */
    private static void copyValue(CallContext c, ByteBuffer value, int n) {
        try {
            Bytes.copyFromAddress(valueAddress(c), value, n);
        } finally {
            releaseValue(c);
        }
    }

    /**
     * Reads {@code key} as {@link #get(ReadOptions, ColumnFamilyHandle, byte[])}
     * without copying: the value stays pinned (in RocksDB's memory, or in the
     * pin's own buffer when it comes from the transaction's writes) until the
     * returned {@link PinnedValue} is closed, independently of what the
     * transaction does next; null if absent. It belongs to the calling thread.
     *
     * @param readOptions the read options
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param forUpdate lock the key first (exclusively)
     * @return the pinned value, or null
     * @throws RocksDBException as the reads it stands for
     */
    public PinnedValue getPinned(ReadOptions readOptions, ColumnFamilyHandle columnFamily, byte[] key, boolean forUpdate)
            throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        CallContext c = enterReadable();
        try {
            PinSlot slot = c.lendSlot();
            int rc;
            try {
                rc = read(c, readOptions, columnFamily, forUpdate ? FOR_UPDATE : 0, slot.pin,
                        Staging.key(c, key, 0, key.length), key.length, MemorySegment.NULL, 0, 0);
            } catch (RuntimeException | Error e) {
                slot.unused();
                throw e;
            }
            if (Reads.pinned(c, slot, rc) == null) return null;
            return PinnedValue.lend(owner, c, slot);
        } finally {
            exit(c);
        }
    }

    /**
     * As {@link #getPinned(ReadOptions, ColumnFamilyHandle, byte[], boolean)}, without a lock.
     *
     * @param readOptions the read options
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @return the pinned value, or null
     * @throws RocksDBException as the main overload
     */
    public PinnedValue getPinned(ReadOptions readOptions, ColumnFamilyHandle columnFamily, byte[] key)
            throws RocksDBException {
        return getPinned(readOptions, columnFamily, key, false);
    }

    /**
     * The scoped zero-copy read through the transaction: calls {@code reader}
     * with the value of {@code key} as a read-only segment valid only while
     * the reader runs, and returns what it returns; null without calling it
     * if absent. Small values are copied into the thread's scratch, large
     * ones pinned. The reader may read this DB (not this transaction: it is
     * locked by the read).
     *
     * @param <T> what the reader returns
     * @param readOptions the read options
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @param reader sees the value
     * @return the reader's result, or null if the key is absent
     * @throws RocksDBException as {@link #get(ReadOptions, ColumnFamilyHandle, byte[])}
     */
    public <T> T get(ReadOptions readOptions, ColumnFamilyHandle columnFamily, byte[] key,
                     Function<? super MemorySegment, ? extends T> reader) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.key(key);
        Objects.requireNonNull(reader, "reader");
        CallContext c = enterReadable();
        try {
            CallContext.Frame f = c.frame();
            MemorySegment buffer = f.buffer();
            int rc = read(c, readOptions, columnFamily, 0, f.pin, Staging.key(c, key, 0, key.length), key.length, buffer,
                    buffer.byteSize(), adaptiveThreshold);
            if (rc == NOT_FOUND) return null;
            if (rc != OK) throw c.failure(rc);
            boolean pinned = c.valuePinned();
            long size = c.valueSize();
            return Reads.show(c, f, pinned ? c.valueAddress() : buffer.address(), size, pinned, reader);
        } finally {
            exit(c);
        }
    }

    // =========================================================================
    // Batched reads
    // =========================================================================

    /**
     * Reads {@code keys.get(i)} in {@code columnFamilies.get(i)} through the
     * transaction, with one batched MultiGet per family: the list holds each
     * value, or null for an absent key, in key order.
     *
     * @param readOptions the read options
     * @param columnFamilies the family of each key (null entries: the default one)
     * @param keys the keys
     * @return the values, null for absent keys
     * @throws IllegalArgumentException if the lists differ in size
     * @throws RocksDBException with the status of the first key that failed
     */
    public List<byte[]> multiGetAsList(ReadOptions readOptions, List<ColumnFamilyHandle> columnFamilies, List<byte[]> keys)
            throws RocksDBException {
        return multiGet(readOptions, columnFamilies, keys, 0);
    }

    /**
     * As {@link #multiGetAsList(ReadOptions, List, List)}, every key in the default family.
     *
     * @param readOptions the read options
     * @param keys the keys
     * @return the values, null for absent keys
     * @throws RocksDBException as the main overload
     */
    public List<byte[]> multiGetAsList(ReadOptions readOptions, List<byte[]> keys) throws RocksDBException {
        Objects.requireNonNull(keys, "keys");
        return multiGet(readOptions, Collections.nCopies(keys.size(), null), keys, 0);
    }

    /**
     * As {@link #multiGetAsList(ReadOptions, List, List)}, every key in one
     * family (RocksJava 11's overload).
     *
     * @param readOptions the read options
     * @param columnFamily the family of every key ({@code null}: the default one)
     * @param keys the keys
     * @return the values, null for absent keys
     * @throws RocksDBException as the main overload
     */
    public List<byte[]> multiGetAsList(ReadOptions readOptions, ColumnFamilyHandle columnFamily, List<byte[]> keys)
            throws RocksDBException {
        Objects.requireNonNull(keys, "keys");
        return multiGet(readOptions, Collections.nCopies(keys.size(), columnFamily), keys, 0);
    }

    /**
     * As {@link #multiGetAsList(ReadOptions, List, List)}, and locks every key
     * first (RocksDB's MultiGetForUpdate, exclusive locks; keys are locked
     * family by family, in list order within a family).
     *
     * @param readOptions the read options
     * @param columnFamilies the family of each key (null entries: the default one)
     * @param keys the keys
     * @return the values, null for absent keys
     * @throws RocksDBException with the lock's or read's status
     */
    public List<byte[]> multiGetForUpdateAsList(ReadOptions readOptions, List<ColumnFamilyHandle> columnFamilies,
                                                List<byte[]> keys) throws RocksDBException {
        return multiGet(readOptions, columnFamilies, keys, FOR_UPDATE);
    }

    /**
     * As {@link #multiGetForUpdateAsList(ReadOptions, List, List)}, every key in the default family.
     *
     * @param readOptions the read options
     * @param keys the keys
     * @return the values, null for absent keys
     * @throws RocksDBException as the main overload
     */
    public List<byte[]> multiGetForUpdateAsList(ReadOptions readOptions, List<byte[]> keys) throws RocksDBException {
        Objects.requireNonNull(keys, "keys");
        return multiGet(readOptions, Collections.nCopies(keys.size(), null), keys, FOR_UPDATE);
    }

    /**
     * RocksJava's array form of {@link #multiGetAsList(ReadOptions, List, List)}.
     *
     * @param readOptions the read options
     * @param columnFamilies the family of each key (null entries: the default one)
     * @param keys the keys
     * @return the values, null for absent keys
     * @throws RocksDBException as {@link #multiGetAsList(ReadOptions, List, List)}
     */
    public byte[][] multiGet(ReadOptions readOptions, List<ColumnFamilyHandle> columnFamilies, byte[][] keys)
            throws RocksDBException {
        return multiGet(readOptions, columnFamilies, Arrays.asList(Objects.requireNonNull(keys, "keys")), 0)
                .toArray(new byte[0][]);
    }

    /**
     * RocksJava's array form of {@link #multiGetAsList(ReadOptions, List)}.
     *
     * @param readOptions the read options
     * @param keys the keys
     * @return the values, null for absent keys
     * @throws RocksDBException as {@link #multiGetAsList(ReadOptions, List, List)}
     */
    public byte[][] multiGet(ReadOptions readOptions, byte[][] keys) throws RocksDBException {
        return multiGetAsList(readOptions, Arrays.asList(Objects.requireNonNull(keys, "keys"))).toArray(new byte[0][]);
    }

    /**
     * RocksJava's array form of {@link #multiGetForUpdateAsList(ReadOptions, List, List)}.
     *
     * @param readOptions the read options
     * @param columnFamilies the family of each key (null entries: the default one)
     * @param keys the keys
     * @return the values, null for absent keys
     * @throws RocksDBException as {@link #multiGetForUpdateAsList(ReadOptions, List, List)}
     */
    public byte[][] multiGetForUpdate(ReadOptions readOptions, List<ColumnFamilyHandle> columnFamilies, byte[][] keys)
            throws RocksDBException {
        return multiGet(readOptions, columnFamilies, Arrays.asList(Objects.requireNonNull(keys, "keys")), FOR_UPDATE)
                .toArray(new byte[0][]);
    }

    /**
     * RocksJava's array form of {@link #multiGetForUpdateAsList(ReadOptions, List)}.
     *
     * @param readOptions the read options
     * @param keys the keys
     * @return the values, null for absent keys
     * @throws RocksDBException as {@link #multiGetForUpdateAsList(ReadOptions, List, List)}
     */
    public byte[][] multiGetForUpdate(ReadOptions readOptions, byte[][] keys) throws RocksDBException {
        return multiGetForUpdateAsList(readOptions, Arrays.asList(Objects.requireNonNull(keys, "keys")))
                .toArray(new byte[0][]);
    }

    private List<byte[]> multiGet(ReadOptions readOptions, List<ColumnFamilyHandle> columnFamilies, List<byte[]> keys,
                                  int flags) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Objects.requireNonNull(columnFamilies, "columnFamilies");
        Objects.requireNonNull(keys, "keys");
        List<ColumnFamilyHandle> familyList = new ArrayList<>(columnFamilies);
        List<byte[]> keyList = new ArrayList<>(keys);
        Reads.checkFamiliesAndKeys(familyList, keyList);
        CallContext c = enterReadable();
        try {
            MemorySegment ro = readOptions.nativeHandle(c, this);
            int n = keyList.size();
            MemorySegment[] handles = new MemorySegment[n];
            for (int i = 0; i < n; i++) handles[i] = ColumnFamilyHandle.nativeHandle(familyList.get(i), db);
            byte[][] values = new byte[n][];
            boolean[] done = new boolean[n];
            MultiGetScratch scratch = c.multiGetScratch();
            for (int first = 0; first < n; first++) {
                if (done[first]) continue;
                MemorySegment cf = handles[first];
                List<Integer> indexes = new ArrayList<>();
                scratch.clear();
                for (int i = first; i < n; i++) {
                    if (!done[i] && handles[i].equals(cf)) {
                        indexes.add(i);
                        scratch.add(keyList.get(i), 0, keyList.get(i).length);
                        done[i] = true;
                    }
                }
                int rc = panrocks_h.panrocks_txn_multi_get(handle, cf, ro, flags, scratch.handle(), scratch.count(),
                        scratch.slices(), Reads.MULTIGET_PIN, MemorySegment.NULL, 0, scratch.entries(), c.error);
                if (rc != OK) throw c.failure(rc);
                try {
                    for (int j = 0; j < indexes.size(); j++) {
                        int status = scratch.status(j);
                        if (status == OK) {
                            values[indexes.get(j)] = Bytes.copyOut(scratch.dataAddress(j), scratch.size(j));
                        } else if (status != NOT_FOUND) {
                            throw new RocksDBException(new Status(Status.Code.of(status),
                                    Status.SubCode.of(scratch.subcode(j)), Status.Severity.NoError,
                                    "MultiGet of key " + indexes.get(j) + " in a transaction"));
                        }
                    }
                } finally {
                    panrocks_h.panrocks_multiget_release(scratch.handle());
                    scratch.clear();
                }
            }
            return Arrays.asList(values);
        } finally {
            exit(c);
        }
    }

    /**
     * Releases the lock a read for update took on {@code key} in
     * {@code columnFamily}, unless this transaction also wrote the key (then
     * the lock stays until the end). After n reads for update of a key, n
     * undos release it.
     *
     * @param columnFamily the family, or null for the default one
     * @param key the key
     * @throws IllegalStateException if the transaction is not open
     */
    public void undoGetForUpdate(ColumnFamilyHandle columnFamily, byte[] key) {
        Bytes.key(key);
        CallContext c = enterActive();
        try {
            int rc = panrocks_h.panrocks_txn_undo_get_for_update(handle, ColumnFamilyHandle.nativeHandle(columnFamily, db),
                    Staging.key(c, key, 0, key.length), key.length, c.error);
            if (rc != 0) throw new IllegalStateException(c.failure(rc).getMessage());
        } finally {
            exit(c);
        }
    }

    /**
     * As {@link #undoGetForUpdate(ColumnFamilyHandle, byte[])}, in the default family.
     *
     * @param key the key
     */
    public void undoGetForUpdate(byte[] key) {
        undoGetForUpdate(null, key);
    }

    // =========================================================================
    // Iterators
    // =========================================================================

    /**
     * An iterator over {@code columnFamily} as the transaction sees it: its
     * writes on top of the DB as of {@code readOptions} (copied, bounds
     * included; its snapshot may be the transaction's own). Entries are
     * zero-copy {@link MemorySegment}s and bulk walks work as on any
     * {@link RocksIterator}; entries that come from the transaction's writes
     * are copied into the iterator, so later writes of the transaction leave
     * them readable. Committing, rolling back (to a save point too), reusing
     * or closing the transaction ends the iterator (its moves then throw
     * {@link IllegalStateException}); close it. It belongs to the calling
     * thread. Closing {@code columnFamily}'s handle meanwhile takes effect
     * when the iterator closes (RocksDB's iterator keeps the handle).
     *
     * @param readOptions the read options
     * @param columnFamily the family, or null for the default one
     * @return the iterator, not yet positioned
     * @throws IllegalArgumentException if the engine refuses the read options,
     *         or columnFamily or the snapshot belongs elsewhere
     * @throws IllegalStateException if the transaction is closed, committed or rolled back
     */
    public RocksIterator getIterator(ReadOptions readOptions, ColumnFamilyHandle columnFamily) {
        Objects.requireNonNull(readOptions, "readOptions");
        CallContext c = enterReadable();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment cf = ColumnFamilyHandle.nativeHandle(columnFamily, db);
            MemorySegment spec = panrocks_read_options_spec.allocate(arena);
            readOptions.fillSpec(db, spec, arena, this);
            if (columnFamily != null) columnFamily.beginUse();
            int rc;
            try {
                rc = panrocks_h.panrocks_txn_iterator_create(handle, cf, spec, c.size, c.error);
            } catch (RuntimeException | Error e) {
                if (columnFamily != null) columnFamily.endUse();
                throw e;
            }
            if (rc != 0) {
                if (columnFamily != null) columnFamily.endUse();
                throw new IllegalArgumentException("cannot create an iterator: " + c.failure(rc).getMessage());
            }
            return new RocksIterator(owner, db, c, c.size.get(ValueLayout.ADDRESS, 0), columnFamily, lock, this,
                    columnFamily == null ? null : columnFamily::endUse, false);
        } finally {
            exit(c);
        }
    }

    /**
     * As {@link #getIterator(ReadOptions, ColumnFamilyHandle)}, over the default family.
     *
     * @param readOptions the read options
     * @return the iterator
     */
    public RocksIterator getIterator(ReadOptions readOptions) {
        return getIterator(readOptions, null);
    }

    /**
     * As {@link #getIterator(ReadOptions, ColumnFamilyHandle)}, default options.
     *
     * @param columnFamily the family, or null for the default one
     * @return the iterator
     */
    public RocksIterator getIterator(ColumnFamilyHandle columnFamily) {
        return getIterator(ReadOptions.DEFAULT, columnFamily);
    }

    /**
     * As {@link #getIterator(ReadOptions, ColumnFamilyHandle)}, default family and options.
     *
     * @return the iterator
     */
    public RocksIterator getIterator() {
        return getIterator(ReadOptions.DEFAULT, null);
    }

    // =========================================================================
    // Commit, rollback, save points
    // =========================================================================

    /**
     * Makes the transaction's writes durable and visible, atomically (one
     * write-ahead log record), and releases its locks. Its iterators end.
     *
     * @throws IllegalStateException if it is closed, committed or rolled back
     * @throws RocksDBException {@link Status.Code#Busy} when an optimistic
     *         transaction's key was written by someone else (then nothing is
     *         written; roll back), {@link Status.Code#Expired} when a
     *         pessimistic one outlived its expiration, or as the engine says
     */
    public void commit() throws RocksDBException {
        CallContext c = enterReadable();
        try {
            int rc = panrocks_h.panrocks_txn_commit(handle, c.error);
            if (rc != 0) throw c.failure(rc);
            phase = Phase.COMMITTED;
        } finally {
            exit(c);
        }
    }

    /**
     * Discards the transaction's writes and releases its locks (a prepared
     * transaction is rolled back in the write-ahead log too). Its iterators end.
     *
     * @throws IllegalStateException if it is closed, committed or rolled back
     * @throws RocksDBException as the engine says
     */
    public void rollback() throws RocksDBException {
        CallContext c = enterReadable();
        try {
            int rc = panrocks_h.panrocks_txn_rollback(handle, c.error);
            if (rc != 0) throw c.failure(rc);
            phase = Phase.ROLLED_BACK;
        } finally {
            exit(c);
        }
    }

    /**
     * Marks the current state; {@link #rollbackToSavePoint()} returns to it.
     *
     * @throws IllegalStateException if the transaction is not open
     */
    public void setSavePoint() {
        savePoint(panrocks_h.PANROCKS_SAVE_POINT_SET());
    }

    /**
     * Undoes every write since the latest save point (releasing locks taken
     * only since then, and restoring the snapshot of that moment), and
     * removes the save point. The transaction's iterators end.
     *
     * @throws IllegalStateException if the transaction is not open
     * @throws RocksDBException {@link Status.Code#NotFound} if there is no save point
     */
    public void rollbackToSavePoint() throws RocksDBException {
        CallContext c = enterActive();
        try {
            int rc = panrocks_h.panrocks_txn_save_point(handle, panrocks_h.PANROCKS_SAVE_POINT_ROLLBACK(), c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            exit(c);
        }
    }

    /**
     * Forgets the latest save point, keeping the writes.
     *
     * @throws IllegalStateException if the transaction is not open
     * @throws RocksDBException {@link Status.Code#NotFound} if there is no save point
     */
    public void popSavePoint() throws RocksDBException {
        CallContext c = enterActive();
        try {
            int rc = panrocks_h.panrocks_txn_save_point(handle, panrocks_h.PANROCKS_SAVE_POINT_POP(), c.error);
            if (rc != 0) throw c.failure(rc);
        } finally {
            exit(c);
        }
    }

    private void savePoint(int action) {
        CallContext c = enterActive();
        try {
            int rc = panrocks_h.panrocks_txn_save_point(handle, action, c.error);
            if (rc != 0) throw new IllegalStateException(c.failure(rc).getMessage());
        } finally {
            exit(c);
        }
    }

    // =========================================================================
    // Two-phase commit
    // =========================================================================

    /**
     * Names the transaction, which {@link #prepare()} requires; names are
     * unique in their DB. A named transaction can be found with
     * {@link TransactionDB#getTransactionByName(String)}, and stays reachable
     * through its DB until closed.
     *
     * @param name the name (its UTF-8 bytes are RocksDB's name)
     * @throws IllegalStateException if the transaction is not open
     * @throws RocksDBException {@link Status.Code#InvalidArgument} if it is
     *         named already, another transaction has that name, or the DB is
     *         optimistic (its transactions have no names)
     */
    public void setName(String name) throws RocksDBException {
        Objects.requireNonNull(name, "name");
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        CallContext c = enterActive();
        try {
            if (owner instanceof TransactionDB t) {
                // atomically with the lookups, so that a lookup finds this holder
                t.naming(this, () -> {
                    int rc = panrocks_h.panrocks_txn_set_name(handle, Staging.key(c, bytes, 0, bytes.length), bytes.length,
                            c.error);
                    if (rc != 0) throw c.failure(rc);
                });
            } else {
                int rc = panrocks_h.panrocks_txn_set_name(handle, Staging.key(c, bytes, 0, bytes.length), bytes.length,
                        c.error);
                if (rc != 0) throw c.failure(rc);
            }
        } finally {
            exit(c);
        }
    }

    /**
     * The transaction's name.
     *
     * @return the name, or "" when unnamed
     * @throws IllegalStateException if it is closed
     */
    public String getName() {
        CallContext c = enter();
        try {
            long length = panrocks_h.panrocks_txn_name(handle, MemorySegment.NULL, 0);
            MemorySegment buffer = c.keyBuffer(Math.max(1, length));
            panrocks_h.panrocks_txn_name(handle, buffer, length);
            return new String(buffer.asSlice(0, length).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
        } finally {
            exit(c);
        }
    }

    /**
     * The first phase of a two-phase commit: writes the transaction to the
     * write-ahead log as prepared (durable as its write options say: with
     * {@code setSync(true)} it survives a machine crash), keeping its locks.
     * Then only {@link #commit()}, {@link #rollback()} and reads remain. A
     * prepared transaction survives a crash or a close, and is found again
     * after the DB reopens ({@link TransactionDB#getAllPreparedTransactions()}).
     *
     * @throws IllegalStateException if it is not open
     * @throws RocksDBException {@link Status.Code#InvalidArgument} if it is
     *         unnamed or optimistic, or as the engine says
     */
    public void prepare() throws RocksDBException {
        CallContext c = enterActive();
        try {
            int rc = panrocks_h.panrocks_txn_prepare(handle, c.error);
            if (rc != 0) throw c.failure(rc);
            phase = Phase.PREPARED;
        } finally {
            exit(c);
        }
    }

    // =========================================================================
    // Snapshots
    // =========================================================================

    /**
     * Takes a snapshot now: from here on the transaction's reads for update
     * and writes fail with {@link Status.Code#Busy} (pessimistic) or its
     * commit fails (optimistic) when their key was written by someone else
     * since. Its reads use it only when their read options carry it
     * ({@link #getSnapshot()}).
     *
     * @throws IllegalStateException if the transaction is not open
     */
    public void setSnapshot() {
        snapshot(panrocks_h.PANROCKS_TXN_SNAPSHOT_NOW());
    }

    /**
     * Takes the snapshot at the next operation that needs one (a write or a
     * read for update), as RocksDB's {@code SetSnapshotOnNextOperation}.
     *
     * @throws IllegalStateException if the transaction is not open
     */
    public void setSnapshotOnNextOperation() {
        snapshot(panrocks_h.PANROCKS_TXN_SNAPSHOT_NEXT_OPERATION());
    }

    /**
     * Drops the transaction's snapshot.
     *
     * @throws IllegalStateException if the transaction is not open
     */
    public void clearSnapshot() {
        snapshot(panrocks_h.PANROCKS_TXN_SNAPSHOT_CLEAR());
    }

    private void snapshot(int how) {
        CallContext c = enterActive();
        try {
            int rc = panrocks_h.panrocks_txn_set_snapshot(handle, how, c.error);
            if (rc != 0) throw new IllegalStateException(c.failure(rc).getMessage());
        } finally {
            exit(c);
        }
    }

    /**
     * The transaction's snapshot, for the read options of this transaction's
     * own reads and iterators ({@code new ReadOptions().setSnapshot(txn.getSnapshot())}):
     * valid until the transaction sets, clears or restores another one, or is
     * closed (see {@link Snapshot}). It belongs to the transaction: closing
     * it does nothing, and other reads refuse it.
     *
     * @return the snapshot, or null if the transaction has none
     * @throws IllegalStateException if the transaction is closed
     */
    public Snapshot getSnapshot() {
        CallContext c = enter();
        try {
            long generation = panrocks_h.panrocks_txn_snapshot_generation(handle);
            Snapshot cached = snapshotView;
            if (cached != null && ((SnapshotHandle.OfTransaction) cached.handle).isCurrentFor(generation)) return cached;
            MemorySegment view = panrocks_h.panrocks_txn_snapshot(handle, c.size);
            if (view.equals(MemorySegment.NULL)) return null;
            snapshotView = new Snapshot(new SnapshotHandle.OfTransaction(this, handle, resource, lock, owner, db, view,
                    c.size.get(ValueLayout.JAVA_LONG, 0), generation));
            return snapshotView;
        } finally {
            exit(c);
        }
    }

    // =========================================================================
    // Settings and introspection
    // =========================================================================

    /**
     * This transaction's lock timeout from now on (pessimistic; an optimistic
     * transaction takes no locks). Unlike RocksDB's {@code SetLockTimeout},
     * for which a negative timeout means no timeout at all, a negative one
     * here means the DB's {@link TransactionDBOptions#setTransactionLockTimeout
     * transaction lock timeout}, as in {@link TransactionOptions#setLockTimeout}.
     *
     * @param lockTimeout milliseconds; zero: no wait; negative: the DB's transaction
     *        lock timeout; over {@link TransactionOptions#MAX_LOCK_TIMEOUT} (about 292
     *        years): {@code MAX_LOCK_TIMEOUT}
     * @throws IllegalStateException if the transaction is not open
     */
    public void setLockTimeout(long lockTimeout) {
        long millis = TransactionOptions.clampLockTimeout(lockTimeout);
        if (millis < 0 && owner instanceof TransactionDB t) millis = t.transactionLockTimeout();
        CallContext c = enterActive();
        try {
            panrocks_h.panrocks_txn_set_lock_timeout(handle, millis);
        } finally {
            exit(c);
        }
    }

    /**
     * The write options of the commit (and of prepare) from now on.
     *
     * @param writeOptions the options
     * @throws IllegalStateException if the transaction is not open
     */
    public void setWriteOptions(WriteOptions writeOptions) {
        Objects.requireNonNull(writeOptions, "writeOptions");
        CallContext c = enterActive();
        try {
            panrocks_h.panrocks_txn_set_write_options(handle, writeOptions.flags());
            this.writeFlags = writeOptions.flags();
        } finally {
            exit(c);
        }
    }

    /**
     * The write options the transaction commits with (those it began with,
     * or set by {@link #setWriteOptions}; a transaction found by name after a
     * restart: the defaults).
     *
     * @return a copy of them: changing it changes nothing
     * @throws IllegalStateException if the transaction is closed
     */
    public WriteOptions getWriteOptions() {
        CallContext c = enter();
        try {
            return WriteOptions.ofFlags(writeFlags);
        } finally {
            exit(c);
        }
    }

    /**
     * RocksDB's {@code PutLogData}: a blob written to the write-ahead log
     * with the commit, applied to no column family (a
     * {@link WriteBatch.Handler} of the log sees it).
     *
     * @param blob the blob (copied)
     * @throws NullPointerException if blob is null
     * @throws IllegalArgumentException if over RocksDB's 4 GiB limit
     * @throws IllegalStateException if the transaction is closed, prepared,
     *         committed or rolled back
     */
    public void putLogData(byte[] blob) {
        Bytes.segment(MemorySegment.ofArray(Objects.requireNonNull(blob, "blob")), "blob");
        CallContext c = enterActive();
        try {
            MemorySegment b = c.frame().buffer(blob.length);
            MemorySegment.copy(blob, 0, b, ValueLayout.JAVA_BYTE, 0, blob.length);
            int rc = panrocks_h.panrocks_txn_put_log_data(handle, b, blob.length, c.error);
            c.trimScratch();
            if (rc != 0) throw new IllegalStateException(c.failure(rc).getMessage());
        } finally {
            exit(c);
        }
    }

    /**
     * RocksDB's {@code DisableIndexing}: later writes go into the
     * transaction's batch without its index, so its own reads and iterators
     * no longer see them, until {@link #enableIndexing()} (RocksDB's caveat:
     * only for keys not written again in the transaction).
     *
     * @throws IllegalStateException if the transaction is closed, prepared,
     *         committed or rolled back
     */
    public void disableIndexing() {
        setIndexing(false);
    }

    /**
     * RocksDB's {@code EnableIndexing}: writes are indexed again (see {@link #disableIndexing()}).
     *
     * @throws IllegalStateException if the transaction is closed, prepared,
     *         committed or rolled back
     */
    public void enableIndexing() {
        setIndexing(true);
    }

    private void setIndexing(boolean enabled) {
        CallContext c = enterActive();
        try {
            panrocks_h.panrocks_txn_set_indexing(handle, enabled ? 1 : 0);
        } finally {
            exit(c);
        }
    }

    /**
     * RocksDB's {@code SetLogNumber}: the WAL number the transaction's
     * prepared data is in (RocksDB's bookkeeping for two-phase commit).
     *
     * @param logNumber the log number
     * @throws IllegalStateException if the transaction is closed, prepared,
     *         committed or rolled back
     */
    public void setLogNumber(long logNumber) {
        CallContext c = enterActive();
        try {
            panrocks_h.panrocks_txn_set_log_number(handle, logNumber);
        } finally {
            exit(c);
        }
    }

    /**
     * RocksDB's {@code GetLogNumber}.
     *
     * @return the log number set with {@link #setLogNumber}, or the one RocksDB set at prepare
     * @throws IllegalStateException if the transaction is closed
     */
    public long getLogNumber() {
        CallContext c = enter();
        try {
            return panrocks_h.panrocks_txn_log_number(handle);
        } finally {
            exit(c);
        }
    }

    /**
     * RocksDB's state of the transaction.
     *
     * @return the state ({@link TransactionState#COMMITTED} or
     *         {@link TransactionState#ROLLEDBACK} once this object committed
     *         or rolled back, optimistic transactions included)
     * @throws IllegalStateException if it is closed
     */
    public TransactionState getState() {
        return TransactionState.of((int) info(Info.STATE));
    }

    /**
     * RocksDB's unique ID of a pessimistic transaction.
     *
     * @return the ID (0 for an optimistic transaction)
     * @throws IllegalStateException if it is closed
     */
    public long getID() {
        return info(Info.ID);
    }

    // ---- RocksJava members: rebuilding from a batch, lock waits ----------------------------

    /**
     * Adds the updates of {@code writeBatch} to this transaction, as
     * RocksJava's (and RocksDB's) {@code rebuildFromWriteBatch}: each put,
     * merge, delete and single delete goes through the transaction (a
     * pessimistic one locks its key, as its own put would); log data is
     * skipped. Every update's column family must be one of this
     * transaction's DB (checked before anything is added:
     * {@link Status.Code#InvalidArgument}); a range delete or a wide-column
     * entity is refused ({@link Status.Code#NotSupported}, before anything is
     * added). An update that fails on the way (a lock timeout) leaves those
     * before it added, as in RocksDB. The batch is not changed.
     *
     * @param writeBatch the updates; not null
     * @throws RocksDBException as above, or what a put would throw
     * @throws IllegalArgumentException if the batch holds families of another DB
     * @throws IllegalStateException if this transaction or the batch is
     *         closed, or this transaction is not open for writes
     */
    public void rebuildFromWriteBatch(WriteBatch writeBatch) throws RocksDBException {
        Objects.requireNonNull(writeBatch, "writeBatch");
        CallContext c = enterActive();
        try {
            synchronized (writeBatch) {
                MemorySegment data = writeBatch.serializedFor(db);
                int rc = panrocks_h.panrocks_txn_rebuild_from_batch(handle, data, data.byteSize(), c.error);
                if (rc != 0) throw c.failure(rc);
            }
        } finally {
            exit(c);
        }
    }

    /**
     * What this transaction waits for, as RocksJava's {@code getWaitingTxns}:
     * the column family and key of the lock it waits on and the IDs of the
     * transactions holding it. Unlike RocksJava, it cannot observe a wait
     * in progress: every call on a panrocks transaction runs under the
     * transaction's lock, the one that waits for a key included, so this call
     * runs once that call returned, when the transaction waits for nothing:
     * it answers family 0, an empty key and no IDs.
     * An optimistic transaction never waits. A getter: it answers after a
     * commit or rollback too.
     *
     * @return the wait (empty when not waiting)
     * @throws IllegalStateException if this transaction is closed
     */
    public WaitingTransactions getWaitingTxns() {
        CallContext c = enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment cf = arena.allocate(ValueLayout.JAVA_INT);
            MemorySegment keyLength = arena.allocate(ValueLayout.JAVA_LONG);
            MemorySegment idCount = arena.allocate(ValueLayout.JAVA_LONG);
            int rc = panrocks_h.panrocks_txn_waiting(handle, cf, MemorySegment.NULL, 0, keyLength, MemorySegment.NULL, 0,
                    idCount, c.error);
            if (rc != 0) throw new IllegalStateException(c.failure(rc));
            long keySize = keyLength.get(ValueLayout.JAVA_LONG, 0), ids = idCount.get(ValueLayout.JAVA_LONG, 0);
            if (keySize == 0 && ids == 0) return new WaitingTransactions(cf.get(ValueLayout.JAVA_INT, 0), "", new long[0]);
            // the wait cannot change meanwhile: the transaction's calls hold its lock, as this one does
            MemorySegment key = arena.allocate(Math.max(1, keySize));
            MemorySegment idArray = arena.allocate(ValueLayout.JAVA_LONG, Math.max(1, ids));
            rc = panrocks_h.panrocks_txn_waiting(handle, cf, key, keySize, keyLength, idArray, ids, idCount, c.error);
            if (rc != 0) throw new IllegalStateException(c.failure(rc));
            long[] idValues = idArray.asSlice(0, ids * Long.BYTES).toArray(ValueLayout.JAVA_LONG);
            return new WaitingTransactions(cf.get(ValueLayout.JAVA_INT, 0),
                    new String(key.asSlice(0, keySize).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8), idValues);
        } finally {
            exit(c);
        }
    }

    /** What a transaction waits for ({@link #getWaitingTxns()}), as RocksJava's class: a plain value. */
    public static class WaitingTransactions {
        private final long columnFamilyId;
        private final String key;
        private final long[] transactionIds;

        private WaitingTransactions(long columnFamilyId, String key, long[] transactionIds) {
            this.columnFamilyId = columnFamilyId;
            this.key = key;
            this.transactionIds = transactionIds;
        }

        /**
         * The ID of the column family of the key waited for.
         *
         * @return the family's ID (0 when not waiting)
         */
        public long getColumnFamilyId() {
            return columnFamilyId;
        }

        /**
         * The key waited for, its bytes read as UTF-8.
         *
         * @return the key (empty when not waiting)
         */
        public String getKey() {
            return key;
        }

        /**
         * The IDs of the transactions holding the lock.
         *
         * @return a copy of the IDs (empty when not waiting)
         */
        public long[] getTransactionIds() {
            return transactionIds.clone();
        }
    }

    /**
     * As {@link #getID()} (RocksJava has both spellings).
     *
     * @return the transaction's id
     * @throws IllegalStateException if it is closed
     */
    public long getId() {
        return getID();
    }

    /**
     * Whether this transaction detects deadlocks.
     *
     * @return whether it does
     * @throws IllegalStateException if it is closed
     */
    public boolean isDeadlockDetect() {
        return info(Info.DEADLOCK_DETECT) != 0;
    }

    /**
     * How many keys this transaction locked or tracks.
     *
     * @return the number of keys
     * @throws IllegalStateException if it is closed
     */
    public long getNumKeys() {
        return info(Info.NUM_KEYS);
    }

    /**
     * How many puts this transaction made.
     *
     * @return the number of puts
     * @throws IllegalStateException if it is closed
     */
    public long getNumPuts() {
        return info(Info.NUM_PUTS);
    }

    /**
     * How many deletes this transaction made.
     *
     * @return the number of deletes (single deletes included)
     * @throws IllegalStateException if it is closed
     */
    public long getNumDeletes() {
        return info(Info.NUM_DELETES);
    }

    /**
     * How many merges this transaction made.
     *
     * @return the number of merges
     * @throws IllegalStateException if it is closed
     */
    public long getNumMerges() {
        return info(Info.NUM_MERGES);
    }

    /**
     * Time since the transaction began.
     *
     * @return milliseconds
     * @throws IllegalStateException if it is closed
     */
    public long getElapsedTime() {
        return info(Info.ELAPSED);
    }

    private enum Info { ID, NUM_KEYS, NUM_PUTS, NUM_DELETES, NUM_MERGES, ELAPSED, STATE, DEADLOCK_DETECT }

    private long info(Info which) {
        CallContext c = enter();
        try {
            MemorySegment info = c.keyBuffer(panrocks_txn_info.sizeof());
            panrocks_h.panrocks_txn_get_info(handle, info);
            return switch (which) {
                case ID -> panrocks_txn_info.id(info);
                case NUM_KEYS -> panrocks_txn_info.num_keys(info);
                case NUM_PUTS -> panrocks_txn_info.num_puts(info);
                case NUM_DELETES -> panrocks_txn_info.num_deletes(info);
                case NUM_MERGES -> panrocks_txn_info.num_merges(info);
                case ELAPSED -> panrocks_txn_info.elapsed_millis(info);
                case STATE -> panrocks_txn_info.state(info);
                case DEADLOCK_DETECT -> panrocks_txn_info.deadlock_detect(info);
            };
        } finally {
            exit(c);
        }
    }

    /**
     * Whether {@link #close()} ran (or the DB closed).
     *
     * @return true once every operation throws
     */
    public boolean isClosed() {
        return resource.isReleased() || !db.isOpen();
    }

    // =========================================================================
    // Closing
    // =========================================================================

    /**
     * Releases the transaction: an open one is rolled back (its writes
     * discarded, its locks released), a prepared one stays prepared (see
     * {@link #prepare()}), a finished one is just freed. Its iterators end.
     * Idempotent, any thread; waits for a call of another thread on this
     * transaction to finish.
     */
    @Override
    public void close() {
        resource.close();
        if (owner instanceof TransactionDB t) t.unnamed(this);
    }

    MemorySegment nativeHandle() {
        return handle;
    }

    RocksDB owner() {
        return owner;
    }

    boolean isPessimistic() {
        return pessimistic;
    }

    @Override
    public String toString() {
        return "Transaction{" + (isClosed() ? "closed" : phase.toString().toLowerCase(java.util.Locale.ROOT))
                + (pessimistic ? "" : ", optimistic") + "}";
    }
}
