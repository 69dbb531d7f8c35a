package io.panrocks;

import io.panrocks.internal.DbResource;
import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.NativeMemory;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A handle to one column family of an open DB, as RocksJava's
 * {@code ColumnFamilyHandle}. Owned by its DB: closing the DB closes it.
 * Closing a handle releases it (the family and its data stay; see
 * {@link RocksDB#dropColumnFamily} to remove them); later use throws
 * {@link IllegalStateException}. Thread-safe: closing a handle while other
 * threads use it lets their calls finish first. While a handle is
 * reachable, its DB is not closed by the Cleaner.
 */
public final class ColumnFamilyHandle implements AutoCloseable {
    private final RocksDB owner;
    private final NativeDb db;
    private final DbResource resource;
    private final MemorySegment handle;
    private final byte[] name;
    private final int id;
    private final boolean isDefault;

    ColumnFamilyHandle(RocksDB owner, NativeDb db, MemorySegment handle, boolean isDefault) {
        this.owner = owner;
        this.db = db;
        this.handle = handle;
        this.isDefault = isDefault;
        this.id = panrocks_h.panrocks_column_family_id(handle);
        long length = panrocks_h.panrocks_column_family_name(handle, MemorySegment.NULL, 0);
        MemorySegment buffer = NativeMemory.allocate(length);
        try {
            panrocks_h.panrocks_column_family_name(handle, buffer, length);
            this.name = buffer.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        } finally {
            NativeMemory.free(buffer);
        }
        MemorySegment dbHandle = db.handle();
        // the default family's native handle lives as long as the DB: nothing to leak
        this.resource = isDefault
                ? DbResource.sharedUnwatched(db, "ColumnFamilyHandle", () -> {})
                : DbResource.shared(db, "ColumnFamilyHandle", this, () -> destroy(dbHandle, handle));
    }

    /**
     * The handle RocksDB reports while deleting it
     * ({@link AbstractEventListener#onColumnFamilyHandleDeletionStarted}):
     * it names the family and is closed from the start, holding nothing.
     */
    ColumnFamilyHandle(RocksDB owner, NativeDb db, byte[] name, int id) {
        this.owner = owner;
        this.db = db;
        this.handle = MemorySegment.NULL;
        this.isDefault = id == 0;
        this.id = id;
        this.name = name;
        this.resource = DbResource.released(db, "ColumnFamilyHandle");
    }

    /**
     * The family's name.
     *
     * @return a copy of the name's bytes
     */
    public byte[] getName() {
        return name.clone();
    }

    /**
     * RocksDB's numeric ID of the family.
     *
     * @return the family's ID (0 for the default family)
     */
    public int getID() {
        return id;
    }

    /**
     * Whether this is the DB's default family.
     *
     * @return {@code true} for the default family
     */
    public boolean isDefaultColumnFamily() {
        return isDefault;
    }

    /**
     * The family's name and its current options as the engine holds them
     * (RocksDB's {@code GetDescriptor}, as RocksJava's): every option as
     * its option-string value (see
     * {@link ColumnFamilyOptionsInterface#rawColumnFamilyOption}),
     * including the ones changed since the open with
     * {@link RocksDB#setOptions}. Objects the options were made with (a Java
     * comparator or merge operator, a block cache) are not carried: their
     * values are the engine's names for them. Works on a dropped family
     * whose handle is still open.
     *
     * @return a new descriptor
     * @throws IllegalStateException if the handle or its DB is closed
     * @throws RocksDBException if the engine cannot report the options
     */
    public ColumnFamilyDescriptor getDescriptor() throws RocksDBException {
        String text = owner.runningFamilyOptions(this);
        ColumnFamilyOptions options = new ColumnFamilyOptions();
        OptionDefaults.parse(text).forEach(options::setRawColumnFamilyOption);
        return new ColumnFamilyDescriptor(getName(), options);
    }

    /**
     * A family argument resolved inside a call entered on {@code db}: the
     * default family (NULL) for null, else the checked native handle. The
     * one place every call with a family argument resolves it.
     */
    static MemorySegment nativeHandle(ColumnFamilyHandle family, NativeDb db) {
        return family == null ? MemorySegment.NULL : family.nativeHandle(db);
    }

    /** The native handle, for a call on {@code owner}; checks that the handle is usable there. */
    MemorySegment nativeHandle(NativeDb expected) {
        if (expected != db) throw new IllegalArgumentException(this + " belongs to another DB");
        resource.checkUsable();
        return handle;
    }

    /** @throws IllegalStateException if it or its DB is closed */
    void checkUsable() {
        resource.checkUsable();
    }

    /**
     * Starts a use that outlives one call (an iterator over a transaction or
     * batch keeps RocksDB's handle): a close meanwhile waits for
     * {@link #endUse()}.
     *
     * @throws IllegalStateException if it is closed or closing
     */
    void beginUse() {
        if (!resource.tryUse()) throw new IllegalStateException(this + " is closed");
    }

    void endUse() {
        resource.endUse();
    }

    /**
     * Whether it was closed (by {@link #close()} or its DB's close).
     *
     * @return {@code true} once the handle is closed
     */
    public boolean isReleased() {
        return resource.isReleased() || !db.isOpen();
    }

    /**
     * RocksJava's {@code isOwningHandle()}: whether this object still holds
     * its native handle, so that {@link #close()} (or RocksDB's
     * {@code destroyColumnFamilyHandle}) has something to release; the
     * opposite of {@link #isReleased()}. Dropping the family keeps the handle.
     *
     * @return {@code true} until the handle or its DB is closed
     */
    public boolean isOwningHandle() {
        return !isReleased();
    }

    /**
     * Releases the handle (the family and its data stay); idempotent, any
     * thread. Calls other threads are making with it finish first.
     */
    @Override
    public void close() {
        resource.close();
    }

    boolean belongsTo(NativeDb owner) {
        return owner == db;
    }

    NativeDb owner() {
        return db;
    }

    private static void destroy(MemorySegment dbHandle, MemorySegment handle) {
        MemorySegment error = NativeMemory.allocate(panrocks_error.sizeof());
        try {
            int rc = panrocks_h.panrocks_destroy_column_family_handle(dbHandle, handle, error);
            if (rc != 0) {
                throw new IllegalStateException("releasing a column family handle: "
                        + Errors.toException(rc, error).getMessage());
            }
        } finally {
            NativeMemory.free(error);
        }
    }

    @Override
    public String toString() {
        return "ColumnFamilyHandle{" + new String(name, StandardCharsets.UTF_8) + ", id=" + id
                + (isReleased() ? ", closed" : "") + "}";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ColumnFamilyHandle h && h.db == db && h.id == id && Arrays.equals(h.name, name);
    }

    @Override
    public int hashCode() {
        return id * 31 + Arrays.hashCode(name);
    }
}
