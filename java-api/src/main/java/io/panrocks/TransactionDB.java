package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.data.Staging;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_txn_db_options;
import io.panrocks.internal.open.Opener;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A DB with pessimistic transactions (RocksDB's {@code TransactionDB}), as
 * RocksJava's: {@link #beginTransaction} starts a {@link Transaction} whose
 * writes and reads for update lock their keys.
 *
 * <h2>Why it extends {@link RocksDB}</h2>
 * A transaction DB is also a DB: RocksDB's {@code TransactionDB} is a
 * {@code StackableDB}, and every plain read, write, iterator, snapshot,
 * column family and maintenance call goes through it with transaction
 * semantics (a plain write takes the key's lock, waiting at most the
 * {@link TransactionDBOptions#setDefaultLockTimeout default lock timeout}).
 * Extending {@code RocksDB}, as RocksJava does, gives it every method of
 * {@code RocksDB} unchanged and lets code that takes a {@code RocksDB}
 * take this one; the native DB behind both is the same panrocks handle, so
 * nothing is wrapped twice. Differences from a plain DB are RocksDB's:
 * {@code deleteRange} (and batches holding range deletions) fail with
 * {@link Status.Code#NotSupported}; the static {@code open} methods of
 * {@code RocksDB} are hidden here by ones that open a {@code TransactionDB}.
 *
 * <h2>Lifetime</h2>
 * Closing the DB first rolls back and releases its open transactions
 * (prepared ones stay prepared, and are found again after a reopen), then
 * closes the rest as {@link RocksDB#close()} does. Transactions not in use
 * are released before the close waits for calls in progress, and so is each
 * one whose call ends while the close waits (later uses of it throw
 * {@link IllegalStateException}), so that a call waiting for one of their
 * locks can finish.
 */
public final class TransactionDB extends RocksDB {
    /**
     * The holders of named transactions, by native handle: a named
     * transaction is reachable through its DB (by name) until closed, and
     * every lookup returns the one holder of its transaction.
     */
    private final ConcurrentHashMap<Long, Transaction> named = new ConcurrentHashMap<>();
    /** serializes lookups by name with namings, so that no transaction gets two holders */
    private final Object lookups = new Object();
    /** the transaction lock timeout it was opened with (-1: forever): what a transaction's negative one means */
    private final long transactionLockTimeout;

    private TransactionDB(NativeDb db, Path path, DBOptions options, long transactionLockTimeout) {
        super(db, path, false, options);
        this.transactionLockTimeout = transactionLockTimeout;
    }

    /** The open of a TransactionDB: RocksDB's TransactionDB::Open, and the facade with its lock timeout. */
    private static <R> R open(TransactionDBOptions txnOptions, Opening<R> opening) throws RocksDBException {
        Objects.requireNonNull(txnOptions, "transactionDbOptions");
        long[] lockTimeout = new long[1];
        Opener.Mode mode = Opener.Mode.withFacade(new Opener.Facade() {
            @Override
            public int open(MemorySegment request, MemorySegment dbOut, MemorySegment handles, MemorySegment error,
                            Arena arena) {
                MemorySegment o = panrocks_txn_db_options.allocate(arena);
                txnOptions.fill(o);
                lockTimeout[0] = panrocks_txn_db_options.transaction_lock_timeout(o);
                return panrocks_h.panrocks_txn_db_open(request, panrocks_h.PANROCKS_TXN_DB_PESSIMISTIC(), o, dbOut,
                        handles, error);
            }
        });
        return opening.open(mode, (db, path, options, m) -> new TransactionDB(db, path, options, lockTimeout[0]));
    }

    /** One of the opens, given the mode and facade of a TransactionDB. */
    @FunctionalInterface
    private interface Opening<R> {
        R open(Opener.Mode mode, Facade<TransactionDB> facade) throws RocksDBException;
    }

    /** The transaction lock timeout this DB was opened with, in milliseconds (-1: forever). */
    long transactionLockTimeout() {
        return transactionLockTimeout;
    }

    // =========================================================================
    // Opening
    // =========================================================================

    /**
     * Opens the DB at {@code path} for reading and writing with pessimistic
     * transactions, its default column family only; otherwise as
     * {@link RocksDB#open(Options, Path)} (a DB written by a plain open may be
     * opened this way, and the other way round).
     *
     * @param options DB and default family options
     * @param transactionDbOptions lock table and lock timeouts
     * @param path the DB's directory
     * @return the open DB
     * @throws RocksDBException with RocksDB's status if the engine refuses
     */
    public static TransactionDB open(Options options, TransactionDBOptions transactionDbOptions, Path path)
            throws RocksDBException {
        return open(transactionDbOptions, (mode, facade) -> RocksDB.open(options, path, mode, facade));
    }

    /**
     * As {@link #open(Options, TransactionDBOptions, Path)}, for a path given as a string.
     *
     * @param options DB and default family options
     * @param transactionDbOptions lock table and lock timeouts
     * @param path the DB's directory
     * @return the open DB
     * @throws RocksDBException as the main overload
     */
    public static TransactionDB open(Options options, TransactionDBOptions transactionDbOptions, String path)
            throws RocksDBException {
        return open(options, transactionDbOptions, Path.of(Objects.requireNonNull(path, "path")));
    }

    /**
     * As {@link #open(Options, TransactionDBOptions, Path)}, with column
     * families as {@link RocksDB#open(DBOptions, Path, List, List)}.
     *
     * @param options DB options
     * @param transactionDbOptions lock table and lock timeouts
     * @param path the DB's directory
     * @param columnFamilyDescriptors every family of the DB, "default" included
     * @param columnFamilyHandles cleared, then receives a handle per descriptor
     * @return the open DB
     * @throws RocksDBException as the main overload
     */
    public static TransactionDB open(DBOptions options, TransactionDBOptions transactionDbOptions, Path path,
                                     List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                                     List<ColumnFamilyHandle> columnFamilyHandles) throws RocksDBException {
        Objects.requireNonNull(columnFamilyHandles, "columnFamilyHandles");
        return open(transactionDbOptions, (mode, facade) -> RocksDB.open(options, path, columnFamilyDescriptors,
                columnFamilyHandles, mode, facade));
    }

    /**
     * As {@link #open(DBOptions, TransactionDBOptions, Path, List, List)}, for a path given as a string.
     *
     * @param options DB options
     * @param transactionDbOptions lock table and lock timeouts
     * @param path the DB's directory
     * @param columnFamilyDescriptors every family of the DB
     * @param columnFamilyHandles receives a handle per descriptor
     * @return the open DB
     * @throws RocksDBException as the main overload
     */
    public static TransactionDB open(DBOptions options, TransactionDBOptions transactionDbOptions, String path,
                                     List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                                     List<ColumnFamilyHandle> columnFamilyHandles) throws RocksDBException {
        return open(options, transactionDbOptions, Path.of(Objects.requireNonNull(path, "path")),
                columnFamilyDescriptors, columnFamilyHandles);
    }

    /**
     * As {@link #open(Options, TransactionDBOptions, Path)}, with default
     * {@link TransactionDBOptions}: hides {@link RocksDB#open(Options, Path)},
     * so that {@code TransactionDB.open(...)} always opens a transaction DB.
     *
     * @param options DB and default family options
     * @param path the DB's directory
     * @return the open DB
     * @throws RocksDBException as the main overload
     */
    public static TransactionDB open(Options options, Path path) throws RocksDBException {
        return open(options, new TransactionDBOptions(), path);
    }

    /**
     * As {@link #open(Options, Path)}, for a path given as a string.
     *
     * @param options DB and default family options
     * @param path the DB's directory
     * @return the open DB
     * @throws RocksDBException as the main overload
     */
    public static TransactionDB open(Options options, String path) throws RocksDBException {
        return open(options, new TransactionDBOptions(), path);
    }

    /**
     * As {@link #open(Options, Path)}, with default options and {@code create_if_missing} set.
     *
     * @param path the DB's directory
     * @return the open DB
     * @throws RocksDBException as the main overload
     */
    public static TransactionDB open(Path path) throws RocksDBException {
        return open(new Options().setCreateIfMissing(true), path);
    }

    /**
     * As {@link #open(Path)}, for a path given as a string.
     *
     * @param path the DB's directory
     * @return the open DB
     * @throws RocksDBException as the main overload
     */
    public static TransactionDB open(String path) throws RocksDBException {
        return open(Path.of(Objects.requireNonNull(path, "path")));
    }

    /**
     * As {@link #open(DBOptions, TransactionDBOptions, Path, List, List)}, with
     * default {@link TransactionDBOptions} (hides RocksDB's).
     *
     * @param options DB options
     * @param path the DB's directory
     * @param columnFamilyDescriptors every family of the DB
     * @param columnFamilyHandles receives a handle per descriptor
     * @return the open DB
     * @throws RocksDBException as the main overload
     */
    public static TransactionDB open(DBOptions options, Path path, List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                                     List<ColumnFamilyHandle> columnFamilyHandles) throws RocksDBException {
        return open(options, new TransactionDBOptions(), path, columnFamilyDescriptors, columnFamilyHandles);
    }

    // =========================================================================
    // Transactions
    // =========================================================================

    /**
     * Begins a transaction; its commit (and prepare) write with
     * {@code writeOptions}. Close it when done (an unclosed open transaction
     * holds its locks until it is rolled back).
     *
     * @param writeOptions durability of the commit
     * @param transactionOptions snapshot, deadlock detection, lock timeout, expiration
     * @return the transaction
     * @throws IllegalStateException if the DB is closed
     */
    public Transaction beginTransaction(WriteOptions writeOptions, TransactionOptions transactionOptions) {
        return beginTransaction(writeOptions, transactionOptions, null);
    }

    /**
     * As {@link #beginTransaction(WriteOptions, TransactionOptions)}, default transaction options.
     *
     * @param writeOptions durability of the commit
     * @return the transaction
     */
    public Transaction beginTransaction(WriteOptions writeOptions) {
        // NULL: RocksDB's default TransactionOptions, which new TransactionOptions() holds; nothing to fill per begin
        return Transaction.begin(this, writeOptions, MemorySegment.NULL, null);
    }

    /**
     * As {@link #beginTransaction(WriteOptions, TransactionOptions, Transaction)}, default transaction options.
     *
     * @param writeOptions durability of the commit
     * @param oldTransaction a committed or rolled back transaction of this DB to reuse
     * @return {@code oldTransaction}, begun anew
     */
    public Transaction beginTransaction(WriteOptions writeOptions, Transaction oldTransaction) {
        return Transaction.begin(this, writeOptions, MemorySegment.NULL, oldTransaction);
    }

    /**
     * As {@link #beginTransaction(WriteOptions, TransactionOptions)}, reusing
     * {@code oldTransaction} (RocksDB reinitializes it instead of allocating
     * a new one): it must be committed or rolled back, and is returned, open
     * again, without its name, its snapshot and its save points. Its
     * iterators ended at its commit or rollback.
     *
     * @param writeOptions durability of the commit
     * @param transactionOptions snapshot, deadlock detection, lock timeout, expiration
     * @param oldTransaction a committed or rolled back transaction of this DB, or null for a new one
     * @return the transaction
     * @throws IllegalArgumentException if oldTransaction belongs to another DB
     * @throws IllegalStateException if oldTransaction is open, prepared or closed
     */
    public Transaction beginTransaction(WriteOptions writeOptions, TransactionOptions transactionOptions,
                                        Transaction oldTransaction) {
        Objects.requireNonNull(transactionOptions, "transactionOptions");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment o = io.panrocks.internal.ffi.panrocks_txn_options.allocate(arena);
            transactionOptions.fill(o);
            return Transaction.begin(this, writeOptions, o, oldTransaction);
        }
    }

    /**
     * The transaction of this DB named {@code name}: one named with
     * {@link Transaction#setName(String)} and not closed, or a prepared one
     * recovered when the DB opened (two-phase commit after a restart: commit
     * or roll it back, then close it). The same transaction always comes
     * back as the same object.
     *
     * @param name the name
     * @return the transaction, or null if there is none
     * @throws IllegalStateException if the DB is closed
     */
    public Transaction getTransactionByName(String name) {
        Objects.requireNonNull(name, "name");
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        NativeDb db = nativeDb();
        synchronized (lookups) {
            CallContext c = db.enter();
            try {
                MemorySegment adopted = c.value.asSlice(0, 4);
                int rc = panrocks_h.panrocks_txn_db_find(db.handle(), Staging.key(c, bytes, 0, bytes.length), bytes.length,
                        c.size, adopted, c.error);
                if (rc != 0) throw new IllegalStateException(c.failure(rc).getMessage());
                MemorySegment h = c.size.get(ValueLayout.ADDRESS, 0);
                if (h.equals(MemorySegment.NULL)) return null;
                return holder(db, h);
            } finally {
                db.exit(c);
            }
        }
    }

    /**
     * The prepared transactions of this DB: after a restart, those prepared
     * before it (their writes are not visible until committed). Each comes
     * back as the same object every time. RocksDB recovers them without
     * their locks (it skips concurrency control for them): decide them
     * (commit or roll back) before new transactions write the same keys.
     *
     * @return the prepared transactions, possibly none
     * @throws IllegalStateException if the DB is closed
     */
    public List<Transaction> getAllPreparedTransactions() {
        NativeDb db = nativeDb();
        synchronized (lookups) {
            CallContext c = db.enter();
            try {
                int rc = panrocks_h.panrocks_txn_db_prepared(db.handle(), MemorySegment.NULL, 0, c.size, c.error);
                if (rc != 0) throw new IllegalStateException(c.failure(rc).getMessage());
                long count = c.size.get(ValueLayout.JAVA_LONG, 0);
                List<Transaction> out = new ArrayList<>();
                if (count == 0) return out;
                MemorySegment handles = c.keyBuffer(count * ValueLayout.ADDRESS.byteSize());
                rc = panrocks_h.panrocks_txn_db_prepared(db.handle(), handles, count, c.size, c.error);
                if (rc != 0) throw new IllegalStateException(c.failure(rc).getMessage());
                long filled = Math.min(count, c.size.get(ValueLayout.JAVA_LONG, 0));
                List<MemorySegment> found = new ArrayList<>();
                for (long i = 0; i < filled; i++) found.add(handles.getAtIndex(ValueLayout.ADDRESS, i));
                for (MemorySegment h : found) out.add(holder(db, h));
                return out;
            } finally {
                db.exit(c);
            }
        }
    }

    /** The one holder of a named transaction's handle; under lookups, inside a call. */
    private Transaction holder(NativeDb db, MemorySegment h) {
        Transaction t = named.get(h.address());
        if (t != null && !t.isClosed()) return t;
        t = Transaction.adopt(this, db, h);
        named.put(h.address(), t);
        return t;
    }

    /** A native action that may fail with the engine's status. */
    interface NamingAction {
        void run() throws RocksDBException;
    }

    /** Names txn (the action), atomically with lookups; on success txn is findable. */
    void naming(Transaction txn, NamingAction action) throws RocksDBException {
        synchronized (lookups) {
            action.run();
            named.put(txn.nativeHandle().address(), txn);
        }
    }

    /** txn lost its name (reused) or was closed. */
    void unnamed(Transaction txn) {
        if (named.isEmpty()) return; // the common case, a DB with no named transaction: no boxing, no shared bin read
        named.remove(txn.nativeHandle().address(), txn);
    }

    @Override
    public String toString() {
        return "TransactionDB{" + getPath() + (isOpen() ? "" : ", closed") + "}";
    }
}
