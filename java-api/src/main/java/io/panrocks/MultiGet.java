package io.panrocks;

import io.panrocks.internal.Bytes;
import io.panrocks.internal.CallContext;
import io.panrocks.internal.CallerMemory;
import io.panrocks.internal.DbResource;
import io.panrocks.internal.MultiGetScratch;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.ViewScope;
import io.panrocks.internal.data.Reads;

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
 * <p>A batch belongs to the thread that created it: other threads can
 * neither use nor close it ({@link WrongThreadException}). Pinned values stay
 * valid until the next execute, clear or close; after that their segments
 * throw {@link IllegalStateException}. Owned by its DB: closing the DB closes
 * it (later, if another live thread holds it). A forgotten batch is closed by
 * a Cleaner once neither it nor a segment of its values is reachable.
 */
public final class MultiGet implements AutoCloseable {
    private final RocksDB owner;
    private final NativeDb db;
    private final MultiGetScratch scratch;
    private final DbResource resource;
    /** the pinned values' scope: their segments keep it, and so the scratch, alive */
    private final ViewScope scope;
    /** the family read (null: default); kept so that its handle stays reachable and checked */
    private final ColumnFamilyHandle family;
    private boolean executed;
    private boolean pinned;
    private MemorySegment buffer = MemorySegment.NULL;

    MultiGet(RocksDB owner, NativeDb db, CallContext c, ColumnFamilyHandle family) {
        this.owner = owner;
        this.db = db;
        MultiGetScratch s = new MultiGetScratch(c);
        this.scratch = s;
        this.family = family;
        this.scope = new ViewScope();
        this.resource = DbResource.confined(c, "MultiGet", scope, true, s::free);
    }

    private void checkOwner() {
        resource.checkOwner();
        resource.checkUsable();
    }

    /**
     * Adds a key (copied now, so the array may be reused at once).
     *
     * @param key the key; not null
     * @return this object, for chaining
     */
    public MultiGet add(byte[] key) {
        Objects.requireNonNull(key, "key");
        return add(key, 0, key.length);
    }

    /**
     * Adds {@code key[offset, offset + length)} (copied now).
     *
     * @param key the array holding the key; not null
     * @param offset where the key starts in {@code key}
     * @param length the key's length in bytes
     * @return this object, for chaining
     * @throws IndexOutOfBoundsException if the range lies outside the array
     */
    public MultiGet add(byte[] key, int offset, int length) {
        Bytes.checkRange(key, offset, length, "key");
        checkOwner();
        dropResults();
        scratch.add(key, offset, length);
        return this;
    }

    /**
     * Adds the bytes of a segment as a key (copied now).
     *
     * @param key the key's bytes; not null
     * @return this object, for chaining
     */
    public MultiGet add(MemorySegment key) {
        Bytes.segment(key, "key");
        checkOwner();
        dropResults();
        scratch.add(key);
        return this;
    }

    /**
     * Number of keys added.
     *
     * @return the number of keys added since the last clear
     */
    public int size() {
        return scratch.count();
    }

    /**
     * Forgets the keys and results (releasing pins); the batch stays reusable.
     *
     * @return this object, for chaining
     */
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
     *
     * @param buffer a writable native segment that receives the values
     * @throws RocksDBException if the batch as a whole fails (failures of single keys are in {@link
     *         #status(int)} and {@link #error(int)})
     */
    public void execute(MemorySegment buffer) throws RocksDBException {
        execute(ReadOptions.DEFAULT, buffer);
    }

    /**
     * As {@link #execute(MemorySegment)}, with the given read options.
     *
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @param buffer a writable native segment that receives the values
     * @throws IllegalArgumentException if buffer is a heap or read-only segment
     * @throws RocksDBException as {@link #execute(MemorySegment)}
     */
    public void execute(ReadOptions readOptions, MemorySegment buffer) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        Bytes.segment(buffer, "buffer");
        if (!CallerMemory.inPlace(buffer)) {
            // the engine writes into it; a file truncated under a mapping would fault inside the engine
            throw new IllegalArgumentException("buffer must be a native segment, not one mapped from a file");
        }
        if (buffer.isReadOnly()) throw new IllegalArgumentException("buffer is read-only");
        run(readOptions, false, buffer);
    }

    /**
     * Reads every key and leaves the values pinned until the next execute, clear or close.
     *
     * @throws RocksDBException if the batch as a whole fails (failures of single keys are in {@link
     *         #status(int)} and {@link #error(int)})
     */
    public void executePinned() throws RocksDBException {
        executePinned(ReadOptions.DEFAULT);
    }

    /**
     * As {@link #executePinned()}, with the given read options.
     *
     * @param readOptions the read options (snapshot, read tier, checksums); not null
     * @throws RocksDBException as {@link #executePinned()}
     */
    public void executePinned(ReadOptions readOptions) throws RocksDBException {
        Objects.requireNonNull(readOptions, "readOptions");
        run(readOptions, true, MemorySegment.NULL);
    }

    private void run(ReadOptions readOptions, boolean pin, MemorySegment buffer) throws RocksDBException {
        checkOwner();
        dropResults();
        CallContext c = db.enter();
        try {
            resource.checkUsable();
            int mode = pin ? Reads.MULTIGET_PIN : Reads.MULTIGET_COPY;
            MemorySegment cf = ColumnFamilyHandle.nativeHandle(family, db);
            int rc;
            try {
                rc = scratch.execute(c, db.handle(), cf, readOptions.nativeHandle(c), mode, buffer, buffer.byteSize());
            } catch (AssertionError e) {
                throw Bytes.linkerFailure(e);
            }
            // pins are held from here on, even if the whole call failed
            pinned = pin;
            if (rc != 0) throw c.failure(rc);
            executed = true;
            this.buffer = buffer;
        } finally {
            db.exit(c);
        }
    }

    /** Ends the current results: their segments die, then the pins are released. */
    private void dropResults() {
        executed = false;
        if (pinned) {
            scope.renew();
            scratch.releasePins();
            pinned = false;
        }
        buffer = MemorySegment.NULL;
    }

    private void checkExecuted(int i) {
        checkOwner();
        if (!executed) throw new IllegalStateException("MultiGet has not been executed since its last change");
        Objects.checkIndex(i, scratch.count());
    }

    /**
     * The outcome for key i: {@link Status.Code#Ok}, {@link Status.Code#NotFound}, or an error.
     *
     * @param i the key's index, in the order added
     * @return the key's status code
     */
    public Status.Code status(int i) {
        checkExecuted(i);
        return Status.Code.of(scratch.status(i));
    }

    /**
     * Whether key i was found.
     *
     * @param i the key's index, in the order added
     * @return {@code true} if its status is {@link Status.Code#Ok}
     */
    public boolean isFound(int i) {
        checkExecuted(i);
        return scratch.status(i) == Reads.OK;
    }

    /**
     * Full size of value i, or {@link RocksDB#NOT_FOUND}.
     *
     * @param i the key's index, in the order added
     * @return the value's size in bytes, or {@link RocksDB#NOT_FOUND}
     */
    public long valueSize(int i) {
        checkExecuted(i);
        return scratch.status(i) == Reads.OK ? scratch.size(i) : RocksDB.NOT_FOUND;
    }

    /**
     * Value i as a read-only segment (in your buffer, or pinned), or null
     * when the key was not found, failed, or did not fit in the buffer.
     *
     * @param i the key's index, in the order added
     * @return the value's bytes, or {@code null}
     */
    public MemorySegment value(int i) {
        checkExecuted(i);
        long address = scratch.dataAddress(i);
        if (scratch.status(i) != Reads.OK || address == 0) return null;
        long size = scratch.size(i);
        // a slice of the caller's buffer keeps that buffer's lifetime
        return pinned
                ? scope.view(address, size)
                : buffer.asSlice(address - buffer.address(), size).asReadOnly();
    }

    /**
     * Value i copied to the heap, or null (see {@link #value}).
     *
     * @param i the key's index, in the order added
     * @return a new array holding the value, or {@code null}
     * @throws IllegalStateException if it does not fit in a byte[] (2 GiB)
     */
    public byte[] valueAsBytes(int i) {
        MemorySegment v = value(i);
        if (v == null) return null;
        Bytes.checkFitsArray(v.byteSize());
        return v.toArray(ValueLayout.JAVA_BYTE);
    }

    /**
     * The error of key i with RocksDB's code and subcode, or null if it succeeded or was not found.
     *
     * @param i the key's index, in the order added
     * @return the key's error, or {@code null}
     */
    public RocksDBException error(int i) {
        checkExecuted(i);
        int code = scratch.status(i);
        if (code == Reads.OK || code == Reads.NOT_FOUND) return null;
        return new RocksDBException(new Status(Status.Code.of(code), Status.SubCode.of(scratch.subcode(i)),
                Status.Severity.NoError, "MultiGet of key " + i));
    }

    /**
     * Releases the batch and its pins; idempotent. Only its thread may close
     * it while it is open ({@link WrongThreadException} otherwise).
     */
    @Override
    public void close() {
        resource.close();
    }

    /**
     * Whether it was closed (by {@link #close()} or its DB's close).
     *
     * @return {@code true} once the batch is closed
     */
    public boolean isReleased() {
        return resource.isReleased() || !db.isOpen();
    }

}
