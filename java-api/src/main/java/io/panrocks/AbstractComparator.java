package io.panrocks;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A key order written in Java, for a column family
 * ({@link ColumnFamilyOptionsInterface#setComparator(AbstractComparator)}),
 * as RocksJava's {@code AbstractComparator}: RocksDB calls it through an
 * FFM upcall with its own key bytes, zero-copy.
 *
 * <h2>Contract</h2>
 * <ul>
 * <li>{@link #compare} must be a total order, and stable: the same keys
 * must always compare the same way, across runs too (the order is
 * persisted in every SST file). The {@linkplain #name() name} is persisted
 * with it: a DB created with one comparator refuses to open with a
 * comparator of another name ({@code InvalidArgument}, RocksDB's
 * message).</li>
 * <li>The segments it receives are read-only views of RocksDB's memory,
 * valid only during the call: any access after it returns throws
 * {@link IllegalStateException}. Copy what must be kept.</li>
 * <li>It runs on whatever thread needs a comparison: the caller's own,
 * inside {@code put}, {@code get}, iterator moves and writes; RocksDB's
 * flush and compaction threads; several at once. It must be thread-safe
 * and should be fast and non-blocking: it runs while RocksDB may hold its
 * DB mutex.</li>
 * <li>It must not call into the DB that uses it: such a call throws
 * {@link IllegalStateException} (and that exception counts as a failure,
 * below).</li>
 * </ul>
 *
 * <h2>When it throws</h2>
 * A comparator cannot fail in RocksDB, so panrocks decides: the exception
 * is caught (it never reaches the engine or crashes the JVM), logged and
 * recorded ({@link RocksDB#callbackFailure()}); the comparison is answered
 * bytewise, and the DB is <em>failed</em>: from then on it refuses every
 * file write with an {@code IOError} naming the comparator and the
 * exception, which RocksDB turns into its background error (the
 * {@link AbstractEventListener#onBackgroundError listener} sees it, later
 * writes, flushes and compactions fail; reads go on). So nothing ordered by
 * the fallback reaches disk; what was acknowledged before is in the WAL and
 * comes back when the DB is reopened with a comparator that works.
 * Shortening ({@link #findShortestSeparator}, {@link #findShortSuccessor})
 * that throws or returns a key out of range just keeps the key: the DB goes
 * on.
 */
public abstract class AbstractComparator implements AutoCloseable {

    /** For subclasses. */
    protected AbstractComparator() {
    }

    /**
     * For subclasses written against RocksJava's constructor. The options
     * change nothing here: keys are read in place, never copied into
     * reused buffers.
     *
     * @param comparatorOptions RocksJava's buffer settings; not null
     * @throws IllegalArgumentException if comparatorOptions is null
     */
    protected AbstractComparator(ComparatorOptions comparatorOptions) {
        if (comparatorOptions == null) throw new IllegalArgumentException("comparatorOptions must not be null");
    }

    /**
     * The comparator's name, persisted in the DB and checked at every open.
     * Must not be empty, contain a zero character, or start with
     * {@code "panrocks.callback"}. Read once, when a DB opens with it.
     *
     * @return the name
     */
    public abstract String name();

    /**
     * Orders two keys.
     *
     * @param a a key: read-only, valid during this call only
     * @param b another key: read-only, valid during this call only
     * @return a negative number if a sorts before b, 0 if they are equal,
     *         a positive number if a sorts after b
     */
    public abstract int compare(MemorySegment a, MemorySegment b);

    /**
     * Optionally shortens a key that separates two data blocks, to make
     * RocksDB's index smaller: writes into {@code out} a key {@code s} with
     * {@code start <= s < limit} (in this comparator's order) and returns
     * its length. The default keeps {@code start} (returns -1) and costs
     * nothing: RocksDB then makes no upcall for it. A result out of range
     * is ignored.
     *
     * @param start the last key of a block: read-only, valid during the call
     * @param limit the first key of the next block, {@code start < limit}:
     *        read-only, valid during the call
     * @param out where to write the shorter key; its size is
     *        {@code start}'s size (a shorter key fits): writable, valid
     *        during the call
     * @return the length written, or -1 to keep {@code start}
     */
    public long findShortestSeparator(MemorySegment start, MemorySegment limit, MemorySegment out) {
        return -1;
    }

    /**
     * Optionally shortens the last key of a file: writes into {@code out} a
     * key {@code s >= key} and returns its length. The default keeps the key
     * (returns -1), without an upcall.
     *
     * @param key the key: read-only, valid during the call
     * @param out where to write; its size is {@code key}'s size: writable,
     *        valid during the call
     * @return the length written, or -1 to keep {@code key}
     */
    public long findShortSuccessor(MemorySegment key, MemorySegment out) {
        return -1;
    }

    /**
     * RocksJava's {@code usingDirectBuffers()}: whether the keys reach
     * {@link #compare} in direct memory rather than copied into the Java
     * heap. Always {@code true} here: panrocks hands every key as a
     * read-only {@link MemorySegment} view of the engine's own memory (no
     * copy, no buffer to reuse), which is what RocksJava's direct-buffer
     * mode ({@code ComparatorOptions.setUseDirectBuffer(true)}, its default)
     * approximates with reused {@code ByteBuffer}s.
     *
     * @return true
     */
    public final boolean usingDirectBuffers() {
        return true;
    }

    /**
     * RocksDB's default order (unsigned bytes, then length), for
     * comparators that refine or wrap it.
     *
     * @param a a key
     * @param b another key
     * @return as {@link #compare}
     */
    public static int compareBytewise(MemorySegment a, MemorySegment b) {
        long aSize = a.byteSize(), bSize = b.byteSize();
        long at = MemorySegment.mismatch(a, 0, aSize, b, 0, bSize);
        if (at < 0) return 0;
        if (at == aSize) return -1;
        if (at == bSize) return 1;
        return Integer.compare(Byte.toUnsignedInt(a.get(ValueLayout.JAVA_BYTE, at)),
                Byte.toUnsignedInt(b.get(ValueLayout.JAVA_BYTE, at)));
    }

    /**
     * Does nothing: present so RocksJava's try-with-resources code compiles
     * unchanged. This object owns no native memory; each DB that uses it
     * holds its own binding (upcall stubs and native handle) and releases it
     * when that DB's engine is closed, so closing this object while a DB
     * still uses it is harmless, and the DB goes on calling it.
     */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "{" + name() + "}";
    }
}
