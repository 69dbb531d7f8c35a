package io.panrocks;

import io.panrocks.internal.FamilyHandle;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.options.OptionDefaults;

import java.lang.foreign.MemorySegment;
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
    /** the engine's side of it: what the implementation takes */
    private final FamilyHandle family;
    private final boolean isDefault;

    ColumnFamilyHandle(RocksDB owner, NativeDb db, MemorySegment handle, boolean isDefault) {
        this.owner = owner;
        this.isDefault = isDefault;
        this.family = new FamilyHandle(this, db, handle, isDefault);
    }

    /**
     * The handle RocksDB reports while deleting it
     * ({@link AbstractEventListener#onColumnFamilyHandleDeletionStarted}):
     * it names the family and is closed from the start, holding nothing.
     */
    ColumnFamilyHandle(RocksDB owner, NativeDb db, byte[] name, int id) {
        this.owner = owner;
        this.isDefault = id == 0;
        this.family = new FamilyHandle(db, name, id);
    }

    /**
     * The family's name.
     *
     * @return a copy of the name's bytes
     */
    public byte[] getName() {
        return family.name().clone();
    }

    /**
     * RocksDB's numeric ID of the family.
     *
     * @return the family's ID (0 for the default family)
     */
    public int getID() {
        return family.id();
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

    /** What the implementation takes for a family argument: null for null (the default family). */
    static FamilyHandle internal(ColumnFamilyHandle family) {
        return family == null ? null : family.family;
    }

    /**
     * A family argument resolved inside a call entered on {@code db}: the
     * default family (NULL) for null, else the checked native handle
     * ({@link FamilyHandle#nativeHandle(FamilyHandle, NativeDb)}).
     */
    static MemorySegment nativeHandle(ColumnFamilyHandle family, NativeDb db) {
        return family == null ? MemorySegment.NULL : family.family.nativeHandle(db);
    }

    /** @throws IllegalStateException if it or its DB is closed */
    void checkUsable() {
        family.checkUsable();
    }

    /** As {@link FamilyHandle#beginUse()}. */
    void beginUse() {
        family.beginUse();
    }

    void endUse() {
        family.endUse();
    }

    /**
     * Whether it was closed (by {@link #close()} or its DB's close).
     *
     * @return {@code true} once the handle is closed
     */
    public boolean isReleased() {
        return family.isReleased();
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
        family.close();
    }

    boolean belongsTo(NativeDb owner) {
        return owner == family.db();
    }

    NativeDb owner() {
        return family.db();
    }

    @Override
    public String toString() {
        return family.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ColumnFamilyHandle h && h.family.db() == family.db() && h.family.id() == family.id()
                && Arrays.equals(h.family.name(), family.name());
    }

    @Override
    public int hashCode() {
        return family.id() * 31 + Arrays.hashCode(family.name());
    }
}
