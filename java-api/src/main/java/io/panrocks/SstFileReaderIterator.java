package io.panrocks;

import io.panrocks.internal.Bytes;
import io.panrocks.internal.CallerMemory;
import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeMemory;
import io.panrocks.internal.StandaloneResource;
import io.panrocks.internal.ViewScope;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_iter_entry;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;

/**
 * An iterator over the entries of one SST file
 * ({@link SstFileReader#newIterator}, RocksJava's shape): seek, step in
 * either direction, read the current entry. It shows what the file holds
 * for each key (its newest version there; deletions hide their key).
 *
 * <h2>Zero-copy entries</h2>
 * As {@link RocksIterator}: {@link #key()} and {@link #value()} are
 * read-only {@link MemorySegment}s over the engine's memory, valid until the
 * iterator moves or closes (any access after that throws
 * {@link IllegalStateException}); {@link #keyBytes()}, {@link #valueBytes()}
 * and the {@code ByteBuffer} and array forms copy.
 *
 * <h2>Threads and lifetime</h2>
 * An iterator belongs to the thread that created it (others get a
 * {@link WrongThreadException}). Close it. Closing its reader first is
 * safe: the iterator then refuses every call but {@link #close()}, and the
 * reader's memory lives until the iterator is closed. A forgotten iterator
 * is closed by a Cleaner once neither it nor a view of its entries is
 * reachable.
 *
 * <h2>Errors</h2>
 * A move that fails (an I/O error, a damaged block) leaves the iterator
 * invalid; {@link #status()} throws the failure.
 */
public final class SstFileReaderIterator implements AutoCloseable {
    private static final long ENTRY = panrocks_iter_entry.sizeof();
    private static final long KEY = panrocks_iter_entry.key$offset();
    private static final long KEY_SIZE = panrocks_iter_entry.key_size$offset();
    private static final long VALUE = panrocks_iter_entry.value$offset();
    private static final long VALUE_SIZE = panrocks_iter_entry.value_size$offset();
    private static final long VALID = panrocks_iter_entry.valid$offset();

    private final SstFileReader reader;
    private final MemorySegment handle;
    private final ViewScope scope = new ViewScope();
    private final StandaloneResource resource;
    /** the position after a move, then the error record */
    private final MemorySegment entry;
    private final MemorySegment error;

    private boolean valid;
    /** a failure the engine reported from a move; status() throws it */
    private RocksDBException failure;
    private long keyAddress, keySize, valueAddress, valueSize;

    SstFileReaderIterator(SstFileReader reader, SstFileReader.Native state, MemorySegment handle) {
        this.reader = reader;
        this.handle = handle;
        MemorySegment memory;
        try {
            memory = NativeMemory.allocateZeroed(ENTRY + panrocks_error.sizeof());
        } catch (Throwable t) {
            panrocks_h.panrocks_iterator_destroy(handle);
            state.release();
            throw t;
        }
        this.entry = memory.asSlice(0, ENTRY);
        this.error = memory.asSlice(ENTRY, panrocks_error.sizeof());
        // the views keep the scope reachable: the Cleaner frees the iterator only once none can be read
        this.resource = new StandaloneResource("SstFileReaderIterator", scope, handle, h -> {
            try {
                panrocks_h.panrocks_iterator_destroy(h);
                NativeMemory.free(memory);
            } finally {
                state.release(); // after the iterator: the reader's table outlives it
            }
        });
    }

    // ---- moves ---------------------------------------------------------------

    /** Moves to the first entry (or the first at or after the lower bound). */
    public void seekToFirst() {
        beforeMove();
        moved(panrocks_h.panrocks_iterator_seek_to_first(handle, entry, error));
    }

    /** Moves to the last entry (or the last before the upper bound). */
    public void seekToLast() {
        beforeMove();
        moved(panrocks_h.panrocks_iterator_seek_to_last(handle, entry, error));
    }

    /**
     * Moves to the first key at or after target.
     *
     * @param target the key to seek; not null
     */
    public void seek(byte[] target) {
        seekSegment(MemorySegment.ofArray(Bytes.key(target)), false);
    }

    /**
     * Moves to the first key at or after target (a native segment is read in place).
     *
     * @param target the key to seek; not null
     */
    public void seek(MemorySegment target) {
        seekSegment(target, false);
    }

    /**
     * Seeks to target[position, limit) and moves its position to the limit.
     *
     * @param target the key to seek, from its position to its limit; not null
     */
    public void seek(ByteBuffer target) {
        seekSegment(Bytes.keyBuffer(target, "target"), false);
        target.position(target.limit());
    }

    /**
     * Moves to the last key at or before target.
     *
     * @param target the key to seek; not null
     */
    public void seekForPrev(byte[] target) {
        seekSegment(MemorySegment.ofArray(Bytes.key(target)), true);
    }

    /**
     * Moves to the last key at or before target (a native segment is read in place).
     *
     * @param target the key to seek; not null
     */
    public void seekForPrev(MemorySegment target) {
        seekSegment(target, true);
    }

    /**
     * Seeks for prev to target[position, limit) and moves its position to the limit.
     *
     * @param target the key to seek, from its position to its limit; not null
     */
    public void seekForPrev(ByteBuffer target) {
        seekSegment(Bytes.keyBuffer(target, "target"), true);
        target.position(target.limit());
    }

    private void seekSegment(MemorySegment target, boolean forPrev) {
        Bytes.segment(target, "target");
        beforeMove();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment t = target;
            if (!CallerMemory.inPlace(target)) {
                t = arena.allocate(Math.max(1, target.byteSize()));
                CallerMemory.copy(target, 0, t, 0, target.byteSize());
            }
            int rc;
            try {
                rc = forPrev ? panrocks_h.panrocks_iterator_seek_for_prev(handle, t, target.byteSize(), entry, error)
                        : panrocks_h.panrocks_iterator_seek(handle, t, target.byteSize(), entry, error);
            } catch (AssertionError e) {
                throw Bytes.linkerFailure(e); // a caller's segment closed since it was checked
            }
            moved(rc);
        }
    }

    /** Steps to the next entry; on an invalid iterator, does nothing. */
    public void next() {
        beforeMove();
        moved(panrocks_h.panrocks_iterator_next(handle, entry, error));
    }

    /** Steps to the previous entry; on an invalid iterator, does nothing. */
    public void prev() {
        beforeMove();
        moved(panrocks_h.panrocks_iterator_prev(handle, entry, error));
    }

    /**
     * Whether the iterator stands on an entry (false past either end, or after an error: see {@link #status()}).
     *
     * @return {@code true} if there is a current entry
     * @throws IllegalStateException if the iterator or its reader is closed
     */
    public boolean isValid() {
        checkUsable();
        return valid;
    }

    /**
     * Throws the error that stopped the iterator, if any: check it when
     * {@link #isValid()} turns false, to tell the end from a failure.
     *
     * @throws IllegalStateException if the iterator or its reader is closed
     * @throws RocksDBException if the iterator hit an error (I/O, corruption ...)
     */
    public void status() throws RocksDBException {
        checkUsable();
        if (failure != null) throw new RocksDBException(failure.getStatus());
        int rc = panrocks_h.panrocks_iterator_status(handle, error);
        if (rc != 0) throw Errors.toException(rc, error);
    }

    // ---- the current entry -------------------------------------------------------

    /**
     * The current key, zero-copy and read-only; valid until the iterator moves or closes.
     *
     * @return the current key's bytes
     * @throws IllegalStateException if the iterator is not on an entry, or it or its reader is closed
     */
    public MemorySegment key() {
        checkValid();
        return scope.view(keyAddress, keySize);
    }

    /**
     * The current value, zero-copy and read-only; valid until the iterator moves or closes.
     *
     * @return the current value's bytes
     * @throws IllegalStateException if the iterator is not on an entry, or it or its reader is closed
     */
    public MemorySegment value() {
        checkValid();
        return scope.view(valueAddress, valueSize);
    }

    /**
     * The current key, copied.
     *
     * @return a new array holding the current key
     * @throws IllegalStateException if the iterator is not on an entry, or it or its reader is closed
     */
    public byte[] keyBytes() {
        checkValid();
        return Bytes.copyOut(keyAddress, keySize);
    }

    /**
     * The current value, copied.
     *
     * @return a new array holding the current value
     * @throws IllegalStateException if the iterator is not on an entry, or it or its reader is
     *         closed, or the value does not fit in a byte[] (2 GiB): read {@link #value()}
     */
    public byte[] valueBytes() {
        checkValid();
        return Bytes.copyOut(valueAddress, valueSize);
    }

    /**
     * RocksJava's {@code key(ByteBuffer)}: copies the key into
     * {@code buffer[position, limit)}, sets its limit to position +
     * min(size, remaining), and returns the full size.
     *
     * @param buffer receives the key from its position; writable
     * @return the key's full size in bytes
     * @throws NullPointerException if buffer is null
     * @throws IllegalArgumentException if buffer is read-only
     * @throws IllegalStateException if the iterator is not on an entry, or it or its reader is closed
     */
    public int key(ByteBuffer buffer) {
        Bytes.output(buffer, "buffer");
        checkValid();
        return Bytes.copyOut(keyAddress, keySize, buffer);
    }

    /**
     * As {@link #key(ByteBuffer)}, for the value.
     *
     * @param buffer receives the value from its position; writable
     * @return the value's full size in bytes
     * @throws NullPointerException if buffer is null
     * @throws IllegalArgumentException if buffer is read-only
     * @throws IllegalStateException if the iterator is not on an entry, or it or its reader is closed
     */
    public int value(ByteBuffer buffer) {
        Bytes.output(buffer, "buffer");
        checkValid();
        return Bytes.copyOut(valueAddress, valueSize, buffer);
    }

    /**
     * Closes the iterator: its views die, its native memory is freed (and
     * the reader's, if the reader was closed and this was its last
     * iterator). Idempotent; on the iterator's thread only.
     *
     * @throws WrongThreadException if called from another thread (the iterator stays open)
     */
    @Override
    public void close() {
        if (resource.isReleased()) return;
        checkOwner();
        scope.close();
        resource.close();
    }

    // ---- internals -------------------------------------------------------------

    private void checkOwner() {
        if (Thread.currentThread() != scope.owner()) {
            throw new WrongThreadException("SstFileReaderIterator belongs to thread \"" + scope.owner().getName() + "\"");
        }
    }

    private void checkUsable() {
        checkOwner();
        if (resource.isReleased()) throw new IllegalStateException("SstFileReaderIterator is closed");
        if (reader.isClosed()) throw new IllegalStateException("the SstFileReader of this iterator is closed");
    }

    private void checkValid() {
        checkUsable();
        if (!valid) throw new IllegalStateException("SstFileReaderIterator is not on an entry (check isValid())");
    }

    /** Before a move: the views of the current entry die, as the move may free what they show. */
    private void beforeMove() {
        checkUsable();
        scope.renew();
    }

    private void moved(int rc) {
        if (rc == 0) {
            failure = null;
            valid = entry.get(ValueLayout.JAVA_INT, VALID) != 0;
            keyAddress = entry.get(ValueLayout.JAVA_LONG, KEY);
            keySize = entry.get(ValueLayout.JAVA_LONG, KEY_SIZE);
            valueAddress = entry.get(ValueLayout.JAVA_LONG, VALUE);
            valueSize = entry.get(ValueLayout.JAVA_LONG, VALUE_SIZE);
            return;
        }
        valid = false;
        failure = Errors.toException(rc, error);
    }

    @Override
    public String toString() {
        return "SstFileReaderIterator{" + (resource.isReleased() ? "closed" : valid ? "on an entry" : "not on an entry")
                + "}";
    }
}
