package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.DbChild;
import io.panrocks.internal.MultiGetScratch;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.Scope;
import io.panrocks.internal.TrackedResource;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/**
 * A reusable batch of keys read with RocksDB's batched {@code MultiGet}: all
 * keys in one crossing, one engine call (one SuperVersion, batched block
 * reads). Create with {@link RocksDB#newMultiGet()}, {@link #add} keys,
 * then {@link #execute(MemorySegment)} (values copied back to back into
 * one buffer of yours) or {@link #executePinned()} (values left pinned in
 * RocksDB's memory). Read the outcome per key with {@link #status},
 * {@link #valueSize} and {@link #value}. {@link #clear()} and reuse: a
 * batch that has reached its size allocates nothing per execution.
 *
 * <p>A batch belongs to the thread that created it. Pinned values stay
 * valid until the next execute, clear or close; after that their segments
 * throw {@link IllegalStateException}. Owned by its DB: closing the DB
 * closes it.
 */
public final class MultiGet extends DbChild {
    private final Thread owner;
    private final MultiGetScratch scratch;
    /** the family read (null: default); kept so that its handle stays reachable and checked */
    private final ColumnFamilyHandle family;
    private boolean executed;
    private boolean pinned;
    private TrackedResource pins;
    private MemorySegment buffer = MemorySegment.NULL;

    MultiGet(NativeDb db, CallContext c, ColumnFamilyHandle family) {
        super(db, "MultiGet");
        this.owner = Thread.currentThread();
        MultiGetScratch s = new MultiGetScratch(c);
        this.scratch = s;
        this.family = family;
        adopt(s::free);
    }

    private void checkOwner() {
        if (Thread.currentThread() != owner) {
            throw new WrongThreadException("MultiGet belongs to thread \"" + owner.getName() + "\"");
        }
        checkUsable();
    }

    /** Adds a key (copied now, so the array may be reused at once). */
    public MultiGet add(byte[] key) {
        Objects.requireNonNull(key, "key");
        return add(key, 0, key.length);
    }

    public MultiGet add(byte[] key, int offset, int length) {
        Bytes.checkRange(key, offset, length, "key");
        checkOwner();
        dropResults();
        scratch.add(key, offset, length);
        return this;
    }

    public MultiGet add(MemorySegment key) {
        Bytes.segment(key, "key");
        checkOwner();
        dropResults();
        scratch.add(key);
        return this;
    }

    /** Number of keys added. */
    public int size() {
        return scratch.count();
    }

    /** Forgets the keys and results (releasing pins); the batch stays reusable. */
    public MultiGet clear() {
        checkOwner();
        dropResults();
        scratch.clear();
        return this;
    }

    /**
     * Reads every key and copies the values back to back into buffer (a
     * native segment). A value that does not fit is reported with its size
     * but no bytes ({@link #value} returns null): grow the buffer and
     * execute again.
     */
    public void execute(MemorySegment buffer) throws RocksDBException {
        execute(ReadOptions.DEFAULT, buffer);
    }

    public void execute(ReadOptions readOptions, MemorySegment buffer) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.segment(buffer, "buffer");
        if (!buffer.isNative()) throw new IllegalArgumentException("buffer must be a native segment");
        if (buffer.isReadOnly()) throw new IllegalArgumentException("buffer is read-only");
        run(readOptions, false, buffer);
    }

    /** Reads every key and leaves the values pinned until the next execute, clear or close. */
    public void executePinned() throws RocksDBException {
        executePinned(ReadOptions.DEFAULT);
    }

    public void executePinned(ReadOptions readOptions) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        run(readOptions, true, MemorySegment.NULL);
    }

    private void run(ReadOptions readOptions, boolean pin, MemorySegment buffer) throws RocksDBException {
        checkOwner();
        dropResults();
        CallContext c = db.enter();
        try {
            checkUsable();
            int mode = pin ? Reads.MULTIGET_PIN : Reads.MULTIGET_COPY;
            MemorySegment cf = family == null ? MemorySegment.NULL : family.nativeHandle(db);
            int rc = scratch.execute(c, db.handle(), cf, readOptions.nativeHandle(c), mode,
                    buffer, buffer.byteSize());
            if (rc != 0) throw c.failure(rc);
            executed = true;
            pinned = pin;
            this.buffer = buffer;
            if (pin) {
                pins = TrackedResource.trackMultiGet(c, scratch, new Scope(), this);
            }
        } finally {
            db.exit(c);
        }
    }

    private void dropResults() {
        executed = false;
        if (pins != null) {
            pins.close();
            pins = null;
        }
    }

    private void checkExecuted(int i) {
        checkOwner();
        if (!executed) throw new IllegalStateException("MultiGet has not been executed since its last change");
        Objects.checkIndex(i, scratch.count());
    }

    /** The outcome for key i: {@link Status.Code#Ok}, {@link Status.Code#NotFound}, or an error. */
    public Status.Code status(int i) {
        checkExecuted(i);
        return Status.Code.of(scratch.status(i));
    }

    public boolean isFound(int i) {
        checkExecuted(i);
        return scratch.status(i) == Reads.OK;
    }

    /** Full size of value i, or {@link RocksDB#NOT_FOUND}. */
    public long valueSize(int i) {
        checkExecuted(i);
        return scratch.status(i) == Reads.OK ? scratch.size(i) : RocksDB.NOT_FOUND;
    }

    /**
     * Value i as a read-only segment (in your buffer, or pinned), or null
     * when the key was not found, failed, or did not fit in the buffer.
     */
    public MemorySegment value(int i) {
        checkExecuted(i);
        long address = scratch.dataAddress(i);
        if (scratch.status(i) != Reads.OK || address == 0) return null;
        long size = scratch.size(i);
        // a slice of the caller's buffer keeps that buffer's lifetime
        return pinned
                ? pins.scope().view(address, size)
                : buffer.asSlice(address - buffer.address(), size).asReadOnly();
    }

    /** Value i copied to the heap, or null (see {@link #value}). */
    public byte[] valueAsBytes(int i) {
        MemorySegment v = value(i);
        return v == null ? null : v.toArray(ValueLayout.JAVA_BYTE);
    }

    /** The error of key i with RocksDB's code and subcode, or null if it succeeded or was not found. */
    public RocksDBException error(int i) {
        checkExecuted(i);
        int code = scratch.status(i);
        if (code == Reads.OK || code == Reads.NOT_FOUND) return null;
        return new RocksDBException(new Status(Status.Code.of(code), Status.SubCode.of(scratch.subcode(i)),
                Status.Severity.NoError, "MultiGet of key " + i));
    }

    @Override
    public void close() {
        if (pins != null && Thread.currentThread() == owner) dropResults();
        super.close();
    }

}
