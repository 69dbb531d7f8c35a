package io.panrocks;

import io.panrocks.internal.NativeDb;
import io.panrocks.internal.open.Opener;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A DB whose entries expire (RocksDB's {@code DBWithTTL}, RocksJava's
 * {@code TtlDB}): each value is stored with the time it was written, and
 * compactions drop the entries older than their column family's time to
 * live. Expired entries are not hidden before a compaction reaches them:
 * reads may still return them (RocksDB's semantics); a {@code compactRange}
 * after the TTL has passed removes them.
 *
 * <p>Otherwise it is a {@link RocksDB}: reads, writes, batches, iterators,
 * snapshots, column families, closing, everything behaves the same (values
 * come back without the timestamp). Wide-column entities are not supported
 * ({@link Status.Code#NotSupported}): DBWithTTL does not stamp them.
 *
 * <p>Times to live are seconds; 0 or a negative one keeps entries forever.
 * RocksDB measures age with its clock in whole seconds, so an entry written
 * with a TTL of 1 is stale at a compaction at least 1 to 2 seconds later.
 */
public final class TtlDB extends RocksDB {
    TtlDB(NativeDb db, Path path, boolean readOnly, DBOptions options) {
        super(db, path, readOnly, options);
    }

    /**
     * As {@link #open(Options, Path, int, boolean)}, entries kept forever, for reading and writing.
     *
     * @param options the options
     * @param path the DB's directory
     * @return the open DB
     * @throws RocksDBException as {@link RocksDB#open(Options, Path)}
     */
    public static TtlDB open(Options options, Path path) throws RocksDBException {
        return open(options, path, 0, false);
    }

    /**
     * As {@link #open(Options, Path, int, boolean)}, for a path given as a string.
     *
     * @param options the options
     * @param path the DB's directory
     * @return the open DB
     * @throws RocksDBException as {@link RocksDB#open(Options, Path)}
     */
    public static TtlDB open(Options options, String path) throws RocksDBException {
        return open(options, Path.of(Objects.requireNonNull(path, "path")));
    }

    /**
     * Opens the DB at {@code path} with its default column family only,
     * whose entries expire {@code ttl} seconds after they were written.
     * Read-write opens claim the directory and the WAL directory as
     * {@link RocksDB#open(Options, Path)} does; read-only ones take no lock
     * and only share them with a writer, as
     * {@link RocksDB#openReadOnly(Options, Path)}.
     *
     * @param options the options
     * @param path the DB's directory
     * @param ttl time to live in seconds; {@code <= 0}: forever
     * @param readOnly whether to open read-only
     * @return the open DB
     * @throws RocksDBException as {@link RocksDB#open(Options, Path)}
     * @throws IllegalStateException if RocksJava's engine is loaded in this process
     */
    public static TtlDB open(Options options, Path path, int ttl, boolean readOnly) throws RocksDBException {
        return (TtlDB) RocksDB.open(options, path, Opener.Mode.ttl(new int[]{ttl}, readOnly), PLAIN);
    }

    /**
     * As {@link #open(Options, Path, int, boolean)}, for a path given as a string.
     *
     * @param options the options
     * @param path the DB's directory
     * @param ttl time to live in seconds; {@code <= 0}: forever
     * @param readOnly whether to open read-only
     * @return the open DB
     * @throws RocksDBException as {@link RocksDB#open(Options, Path)}
     */
    public static TtlDB open(Options options, String path, int ttl, boolean readOnly) throws RocksDBException {
        return open(options, Path.of(Objects.requireNonNull(path, "path")), ttl, readOnly);
    }

    /**
     * Opens the DB at {@code path} with the given column families, family i
     * expiring its entries after {@code ttlValues.get(i)} seconds; otherwise
     * as {@link RocksDB#open(DBOptions, Path, List, List)}.
     *
     * @param options the DB-wide options
     * @param path the DB's directory
     * @param columnFamilyDescriptors the families, "default" included
     * @param columnFamilyHandles cleared, then receives one handle per descriptor
     * @param ttlValues one time to live per descriptor, in seconds ({@code <= 0}: forever)
     * @param readOnly whether to open read-only
     * @return the open DB
     * @throws IllegalArgumentException if ttlValues and the descriptors differ in size
     * @throws RocksDBException as {@link RocksDB#open(DBOptions, Path, List, List)}
     */
    public static TtlDB open(DBOptions options, Path path, List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                             List<ColumnFamilyHandle> columnFamilyHandles, List<Integer> ttlValues, boolean readOnly)
            throws RocksDBException {
        Objects.requireNonNull(columnFamilyHandles, "columnFamilyHandles");
        Objects.requireNonNull(ttlValues, "ttlValues");
        int[] ttls = new int[ttlValues.size()];
        for (int i = 0; i < ttls.length; i++) ttls[i] = Objects.requireNonNull(ttlValues.get(i), "ttlValues must not contain null");
        return (TtlDB) RocksDB.open(options, path, columnFamilyDescriptors, columnFamilyHandles,
                Opener.Mode.ttl(ttls, readOnly), PLAIN);
    }

    /**
     * As {@link #open(DBOptions, Path, List, List, List, boolean)}, for a path given as a string.
     *
     * @param options the DB-wide options
     * @param path the DB's directory
     * @param columnFamilyDescriptors the families, "default" included
     * @param columnFamilyHandles receives one handle per descriptor
     * @param ttlValues one time to live per descriptor, in seconds
     * @param readOnly whether to open read-only
     * @return the open DB
     * @throws RocksDBException as {@link RocksDB#open(DBOptions, Path, List, List)}
     */
    public static TtlDB open(DBOptions options, String path, List<ColumnFamilyDescriptor> columnFamilyDescriptors,
                             List<ColumnFamilyHandle> columnFamilyHandles, List<Integer> ttlValues, boolean readOnly)
            throws RocksDBException {
        return open(options, Path.of(Objects.requireNonNull(path, "path")), columnFamilyDescriptors, columnFamilyHandles,
                ttlValues, readOnly);
    }

    /**
     * Creates a column family whose entries expire after {@code ttl}
     * seconds. ({@link #createColumnFamily} on a TTL DB creates one whose
     * entries never expire.)
     *
     * @param descriptor the family's name and options
     * @param ttl time to live in seconds; {@code <= 0}: forever
     * @return its handle, owned by the DB
     * @throws RocksDBException {@link Status.Code#InvalidArgument} if the
     *         family exists, {@link Status.Code#NotSupported} on a read-only
     *         TTL DB, or as the engine says
     * @throws IllegalStateException if the DB is closed
     */
    public ColumnFamilyHandle createColumnFamilyWithTtl(ColumnFamilyDescriptor descriptor, int ttl)
            throws RocksDBException {
        return columnFamilies().create(Objects.requireNonNull(descriptor, "descriptor").spec(), ttl);
    }

    @Override
    public String toString() {
        return "TtlDB{" + getPath() + (isReadOnly() ? ", read-only" : "") + (isOpen() ? "" : ", closed") + "}";
    }
}
