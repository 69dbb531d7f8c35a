package io.panrocks.internal;

import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/**
 * What a column family handle is to the engine: its DB, the native
 * {@code panrocks_cf} (a {@link DbResource}, shared), the family's name and
 * ID. The public {@code ColumnFamilyHandle} shows one; the implementation
 * takes this, and resolves it inside a call with
 * {@link #nativeHandle(FamilyHandle, NativeDb)}, the one place a family
 * argument is checked and turned into the engine's handle.
 */
public final class FamilyHandle {
    private final NativeDb db;
    private final DbResource resource;
    private final MemorySegment handle;
    private final byte[] name;
    private final int id;

    /**
     * A handle the engine made (the open, {@code createColumnFamily}); reads
     * its name and ID.
     *
     * @param holder the public handle: once it is unreachable the Cleaner releases the native one
     * @param isDefault the default family, whose native handle lives as long as the DB
     */
    public FamilyHandle(Object holder, NativeDb db, MemorySegment handle, boolean isDefault) {
        this.db = db;
        this.handle = handle;
        this.id = panrocks_h.panrocks_column_family_id(handle);
        long length = panrocks_h.panrocks_column_family_name(handle, MemorySegment.NULL, 0);
        MemorySegment buffer = NativeMemory.allocate(length);
        try {
            panrocks_h.panrocks_column_family_name(handle, buffer, length);
            this.name = buffer.toArray(ValueLayout.JAVA_BYTE);
        } finally {
            NativeMemory.free(buffer);
        }
        MemorySegment dbHandle = db.handle();
        // the default family's native handle lives as long as the DB: nothing to leak
        this.resource = isDefault
                ? DbResource.sharedUnwatched(db, "ColumnFamilyHandle", () -> {})
                : DbResource.shared(db, "ColumnFamilyHandle", holder, () -> destroy(dbHandle, handle));
    }

    /**
     * The handle RocksDB reports while deleting it (a listener's
     * {@code onColumnFamilyHandleDeletionStarted}): it names the family and is
     * closed from the start, holding nothing.
     */
    public FamilyHandle(NativeDb db, byte[] name, int id) {
        this.db = db;
        this.handle = MemorySegment.NULL;
        this.id = id;
        this.name = name;
        this.resource = DbResource.released(db, "ColumnFamilyHandle");
    }

    /**
     * A family argument resolved inside a call entered on {@code db}: the
     * default family (NULL) for null, else the checked native handle.
     *
     * @throws IllegalArgumentException if the family belongs to another DB
     * @throws IllegalStateException if it is closed
     */
    public static MemorySegment nativeHandle(FamilyHandle family, NativeDb db) {
        return family == null ? MemorySegment.NULL : family.nativeHandle(db);
    }

    /** The native handle, for a call on {@code expected}; checks that the handle is usable there. */
    public MemorySegment nativeHandle(NativeDb expected) {
        if (expected != db) throw new IllegalArgumentException(this + " belongs to another DB");
        resource.checkUsable();
        return handle;
    }

    /** The family's name; the caller must not change it. */
    public byte[] name() {
        return name;
    }

    public int id() {
        return id;
    }

    public NativeDb db() {
        return db;
    }

    /** @throws IllegalStateException if it or its DB is closed */
    public void checkUsable() {
        resource.checkUsable();
    }

    /**
     * Starts a use that outlives one call (an iterator over a transaction or
     * batch keeps RocksDB's handle): a close meanwhile waits for
     * {@link #endUse()}.
     *
     * @throws IllegalStateException if it is closed or closing
     */
    public void beginUse() {
        if (!resource.tryUse()) throw new IllegalStateException(this + " is closed");
    }

    public void endUse() {
        resource.endUse();
    }

    public boolean isReleased() {
        return resource.isReleased() || !db.isOpen();
    }

    /** Releases the native handle once other threads' calls with it finished; idempotent. */
    public void close() {
        resource.close();
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

    /** As the public handle shows itself. */
    @Override
    public String toString() {
        return "ColumnFamilyHandle{" + new String(name, StandardCharsets.UTF_8) + ", id=" + id
                + (isReleased() ? ", closed" : "") + "}";
    }
}
