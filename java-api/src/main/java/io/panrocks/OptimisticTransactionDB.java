package io.panrocks;

import io.panrocks.internal.NativeDb;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_txn_db_options;
import io.panrocks.internal.ffi.panrocks_txn_options;
import io.panrocks.internal.open.Opener;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A DB with optimistic transactions (RocksDB's
 * {@code OptimisticTransactionDB}), as RocksJava's: a {@link Transaction}
 * takes no locks; its {@link Transaction#commit()} fails with
 * {@link Status.Code#Busy} when a key it wrote or read for update was
 * written by someone else in the meantime (after its snapshot, if it has
 * one). Suits workloads where conflicts are rare.
 *
 * <p>It extends {@link RocksDB} for the reasons {@link TransactionDB} gives:
 * every plain call works on it, unchanged (plain writes take no lock here);
 * {@code deleteRange} fails with {@link Status.Code#NotSupported}, as in
 * RocksDB. Optimistic transactions have no names and no two-phase commit.
 * Closing the DB rolls back and releases its open transactions first.
 */
public final class OptimisticTransactionDB extends RocksDB {
    private OptimisticTransactionDB(NativeDb db, Path path, DBOptions options) {
        super(db, path, false, options);
    }

    /** RocksDB's OptimisticTransactionDB::Open with these options. */
    private static Opener.Mode mode(OptimisticTransactionDBOptions occOptions) {
        Objects.requireNonNull(occOptions, "optimisticOptions");
        return Opener.Mode.withFacade(new Opener.Facade() {
            @Override
            public int open(MemorySegment request, MemorySegment dbOut, MemorySegment handles, MemorySegment error,
                            Arena arena) {
                MemorySegment o = panrocks_txn_db_options.allocate(arena);
                occOptions.fill(o);
                return panrocks_h.panrocks_txn_db_open(request, panrocks_h.PANROCKS_TXN_DB_OPTIMISTIC(), o, dbOut,
                        handles, error);
            }
        });
    }

    /** The facade of an optimistic transaction DB just opened. */
    private static final Facade<OptimisticTransactionDB> FACADE =
            (db, path, options, mode) -> new OptimisticTransactionDB(db, path, options);

    /**
     * Opens the DB at {@code path} for reading and writing with optimistic
     * transactions, its default column family only; otherwise as
     * {@link RocksDB#open(Options, Path)}.
     *
     * @param options DB and default family options
     * @param optimisticOptions how commits are validated
     * @param path the DB's directory
     * @return the open DB
     * @throws RocksDBException with RocksDB's status if the engine refuses
     */
    public static OptimisticTransactionDB open(Options options, OptimisticTransactionDBOptions optimisticOptions,
                                               Path path) throws RocksDBException {
        return RocksDB.open(options, path, mode(optimisticOptions), FACADE);
    }

    /**
     * As {@link #open(Options, OptimisticTransactionDBOptions, Path)}, with column families.
     *
     * @param options DB options
     * @param optimisticOptions how commits are validated
     * @param path the DB's directory
     * @param columnFamilyDescriptors every family of the DB, "default" included
     * @param columnFamilyHandles cleared, then receives a handle per descriptor
     * @return the open DB
     * @throws RocksDBException as the main overload
     */
    public static OptimisticTransactionDB open(DBOptions options, OptimisticTransactionDBOptions optimisticOptions,
                                               Path path, List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                                               List<ColumnFamilyHandle> columnFamilyHandles) throws RocksDBException {
        Objects.requireNonNull(columnFamilyHandles, "columnFamilyHandles");
        return RocksDB.open(options, path, columnFamilyDescriptors, columnFamilyHandles, mode(optimisticOptions),
                FACADE);
    }

    /**
     * As {@link #open(Options, OptimisticTransactionDBOptions, Path)}, with
     * RocksDB's default validation (hides {@link RocksDB#open(Options, Path)}).
     *
     * @param options DB and default family options
     * @param path the DB's directory
     * @return the open DB
     * @throws RocksDBException as the main overload
     */
    public static OptimisticTransactionDB open(Options options, Path path) throws RocksDBException {
        return open(options, new OptimisticTransactionDBOptions(), path);
    }

    /**
     * As {@link #open(Options, Path)}, for a path given as a string (RocksJava's signature).
     *
     * @param options DB and default family options
     * @param path the DB's directory
     * @return the open DB
     * @throws RocksDBException as the main overload
     */
    public static OptimisticTransactionDB open(Options options, String path) throws RocksDBException {
        return open(options, Path.of(Objects.requireNonNull(path, "path")));
    }

    /**
     * As {@link #open(Options, Path)}, with default options and {@code create_if_missing} set.
     *
     * @param path the DB's directory
     * @return the open DB
     * @throws RocksDBException as the main overload
     */
    public static OptimisticTransactionDB open(Path path) throws RocksDBException {
        return open(new Options().setCreateIfMissing(true), path);
    }

    /**
     * As {@link #open(Path)}, for a path given as a string.
     *
     * @param path the DB's directory
     * @return the open DB
     * @throws RocksDBException as the main overload
     */
    public static OptimisticTransactionDB open(String path) throws RocksDBException {
        return open(Path.of(Objects.requireNonNull(path, "path")));
    }

    /**
     * As {@link #open(DBOptions, OptimisticTransactionDBOptions, Path, List, List)},
     * default validation (hides RocksDB's).
     *
     * @param options DB options
     * @param path the DB's directory
     * @param columnFamilyDescriptors every family of the DB
     * @param columnFamilyHandles receives a handle per descriptor
     * @return the open DB
     * @throws RocksDBException as the main overload
     */
    public static OptimisticTransactionDB open(DBOptions options, Path path,
                                               List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                                               List<ColumnFamilyHandle> columnFamilyHandles) throws RocksDBException {
        return open(options, new OptimisticTransactionDBOptions(), path, columnFamilyDescriptors, columnFamilyHandles);
    }

    /**
     * As {@link #open(DBOptions, Path, List, List)}, for a path given as a string (RocksJava's signature).
     *
     * @param options DB options
     * @param path the DB's directory
     * @param columnFamilyDescriptors every family of the DB
     * @param columnFamilyHandles receives a handle per descriptor
     * @return the open DB
     * @throws RocksDBException as the main overload
     */
    public static OptimisticTransactionDB open(DBOptions options, String path,
                                               List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                                               List<ColumnFamilyHandle> columnFamilyHandles) throws RocksDBException {
        return open(options, Path.of(Objects.requireNonNull(path, "path")), columnFamilyDescriptors,
                columnFamilyHandles);
    }

    /**
     * Begins an optimistic transaction; its commit writes with {@code writeOptions}.
     *
     * @param writeOptions durability of the commit
     * @param transactionOptions whether to take a snapshot at begin
     * @param oldTransaction a committed or rolled back transaction of this DB
     *        to reuse (returned, open again), or null for a new one
     * @return the transaction
     * @throws IllegalArgumentException if oldTransaction belongs to another DB
     * @throws IllegalStateException if the DB is closed, or oldTransaction is open or closed
     */
    public Transaction beginTransaction(WriteOptions writeOptions, OptimisticTransactionOptions transactionOptions,
                                        Transaction oldTransaction) {
        Objects.requireNonNull(transactionOptions, "transactionOptions");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment o = panrocks_txn_options.allocate(arena);
            transactionOptions.fill(o);
            return Transaction.begin(this, writeOptions, o, oldTransaction);
        }
    }

    /**
     * As {@link #beginTransaction(WriteOptions, OptimisticTransactionOptions, Transaction)}, a new transaction.
     *
     * @param writeOptions durability of the commit
     * @param transactionOptions whether to take a snapshot at begin
     * @return the transaction
     */
    public Transaction beginTransaction(WriteOptions writeOptions, OptimisticTransactionOptions transactionOptions) {
        return beginTransaction(writeOptions, transactionOptions, null);
    }

    /**
     * As {@link #beginTransaction(WriteOptions, OptimisticTransactionOptions, Transaction)}, default options.
     *
     * @param writeOptions durability of the commit
     * @return the transaction
     */
    public Transaction beginTransaction(WriteOptions writeOptions) {
        // NULL: RocksDB's default options, which new OptimisticTransactionOptions() holds; nothing to fill per begin
        return Transaction.begin(this, writeOptions, MemorySegment.NULL, null);
    }

    /**
     * As {@link #beginTransaction(WriteOptions, OptimisticTransactionOptions, Transaction)}, default options.
     *
     * @param writeOptions durability of the commit
     * @param oldTransaction a committed or rolled back transaction of this DB to reuse
     * @return {@code oldTransaction}, begun anew
     */
    public Transaction beginTransaction(WriteOptions writeOptions, Transaction oldTransaction) {
        return Transaction.begin(this, writeOptions, MemorySegment.NULL, oldTransaction);
    }

    @Override
    public String toString() {
        return "OptimisticTransactionDB{" + getPath() + (isOpen() ? "" : ", closed") + "}";
    }
}
