package io.panrocks.kafka;

import io.panrocks.ColumnFamilyHandle;
import io.panrocks.ReadOptions;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.errors.ProcessorStateException;
import org.apache.kafka.streams.state.KeyValueIterator;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.NoSuchElementException;

/**
 * A store's range over its data family, bounded natively: the range's ends
 * are the iterator's {@code iterate_lower_bound} / {@code iterate_upper_bound},
 * so RocksDB stops at the end of the range and no key is compared in Java.
 *
 * <p>Entries come over in chunks: one bulk walk
 * ({@link RocksIterator#scanForward}/{@link RocksIterator#scanBackward}, many
 * entries per crossing) reads up to a chunk's worth, each key and value seen
 * as a zero-copy segment of RocksDB's memory; only the entries the range
 * returns become a {@link Bytes} key and a {@code byte[]} value (a segmented
 * store's filter looks at the segment and skips an entry without copying
 * it). The first chunk is small (a caller may want only the first entries)
 * and comes in the crossing that makes the iterator
 * ({@link RocksDB#scanRange}): a range that ends within it (a session
 * search, a window fetch) never holds a native iterator at all. Later chunks
 * are larger. The native iterator is released as soon as the walk reaches
 * the end of the range.
 *
 * <p>Like the iterators of panrocks, it belongs to the thread that created
 * it. A store that closes marks its open iterators closed: their next use
 * throws {@link InvalidStateStoreException}, as Kafka's key-value store's
 * do, or, on a store whose iterators end when it closes (Kafka's segmented
 * stores), {@code hasNext()} answers false. The native iterator is released
 * on its own thread (by that use, or {@link #close()}), or by panrocks's
 * Cleaner if the iterator is dropped.
 */
final class StoreIterator implements KeyValueIterator<Bytes, byte[]> {
    static final int FIRST_CHUNK_ENTRIES = 128;
    static final int CHUNK_ENTRIES = 1024;
    static final long CHUNK_BYTES = 4L << 20;

    /** Decides on an entry's whole native key, before anything is copied. */
    @FunctionalInterface
    interface KeyFilter {
        boolean accept(MemorySegment key);
    }

    private final PanrocksStore store;
    private final boolean forward;
    /** bytes cut from the front of each key (a segment's prefix) */
    private final int strip;
    private final KeyFilter filter;
    private final Thread owner = Thread.currentThread();
    private final RocksIterator.EntryVisitor visitor = this::take;
    private RocksIterator it;
    private Bytes[] keys = new Bytes[16];
    private byte[][] values = new byte[16][];
    private int count;
    private int index;
    private int limit;
    private long byteBudget;
    private long bytes;
    private volatile boolean closed;
    /** closed by its store's close, not by its user */
    private volatile boolean closedByStore;

    /**
     * @param lower   inclusive lower bound, or null
     * @param upper   exclusive upper bound, or null
     */
    StoreIterator(PanrocksStore store, ColumnFamilyHandle family, byte[] lower, byte[] upper, boolean forward,
                  int strip, KeyFilter filter) {
        this.store = store;
        this.forward = forward;
        this.strip = strip;
        this.filter = filter;
        long closes = store.closes;
        RocksDB db = store.db;
        if (db == null) throw new InvalidStateStoreException("Store " + store.name + " is currently closed");
        // the first chunk in the crossing that makes the iterator: most ranges end within it, and then
        // no native iterator is left to hold
        startChunk(FIRST_CHUNK_ENTRIES, Long.MAX_VALUE);
        try {
            it = db.scanRange(family, ReadOptions.DEFAULT, lower, upper, forward, FIRST_CHUNK_ENTRIES, visitor);
        } catch (RocksDBException e) {
            throw new ProcessorStateException("Error while iterating store " + store.name, e);
        } catch (IllegalStateException e) {
            throw store.closedOr(e);
        }
        store.openIterators.add(this);
        if (store.closes != closes) {
            // the store closed while this was made: it may have missed this iterator
            closeByStore();
        }
    }

    /** An iterator with nothing in it (a range whose ends are the wrong way round). */
    static <K, V> KeyValueIterator<K, V> empty() {
        return new KeyValueIterator<>() {
            @Override
            public boolean hasNext() {
                return false;
            }

            @Override
            public KeyValue<K, V> next() {
                throw new NoSuchElementException();
            }

            @Override
            public K peekNextKey() {
                throw new NoSuchElementException();
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public boolean hasNext() {
        if (closed) {
            release();
            if (closedByStore && !store.iteratorsThrowAfterClose()) return false;
            throw new InvalidStateStoreException("panrocks iterator for store " + store.name + " has closed");
        }
        if (index < count) return true;
        if (it == null) return false;
        refill();
        return index < count;
    }

    @Override
    public KeyValue<Bytes, byte[]> next() {
        if (!hasNext()) throw new NoSuchElementException();
        KeyValue<Bytes, byte[]> kv = KeyValue.pair(keys[index], values[index]);
        keys[index] = null;
        values[index] = null;
        index++;
        return kv;
    }

    @Override
    public Bytes peekNextKey() {
        if (!hasNext()) throw new NoSuchElementException();
        return keys[index];
    }

    @Override
    public void close() {
        closed = true;
        store.openIterators.remove(this);
        release();
    }

    /** The store is closing (on any thread): later uses throw; the native iterator goes on its own thread. */
    void closeByStore() {
        closedByStore = true;
        closed = true;
        store.openIterators.remove(this);
        if (Thread.currentThread() == owner) release();
    }

    private void release() {
        RocksIterator i = it;
        if (i == null || Thread.currentThread() != owner) return;
        it = null;
        i.close();
    }

    private void refill() {
        startChunk(CHUNK_ENTRIES, CHUNK_BYTES);
        try {
            if (forward) it.scanForward(visitor);
            else it.scanBackward(visitor);
            if (!it.isValid()) {
                it.status();
                release();
            }
        } catch (RocksDBException e) {
            throw new ProcessorStateException("Error while iterating store " + store.name, e);
        } catch (IllegalStateException e) {
            throw store.closedOr(e);
        }
    }

    private void startChunk(int entries, long budget) {
        count = 0;
        index = 0;
        bytes = 0;
        limit = entries;
        byteBudget = budget;
    }

    /** The bulk walk's visitor: keeps the entry unless the chunk is full (then the walk stops on it). */
    private boolean take(MemorySegment key, MemorySegment value) {
        if (count >= limit || count > 0 && bytes >= byteBudget) return false;
        if (filter != null && !filter.accept(key)) return true;
        byte[] k = new byte[(int) key.byteSize() - strip];
        MemorySegment.copy(key, ValueLayout.JAVA_BYTE, strip, k, 0, k.length);
        byte[] v = value.toArray(ValueLayout.JAVA_BYTE);
        if (count == keys.length) grow();
        keys[count] = Bytes.wrap(k);
        values[count] = v;
        count++;
        bytes += k.length + v.length;
        return true;
    }

    private void grow() {
        int n = keys.length * 2;
        keys = java.util.Arrays.copyOf(keys, n);
        values = java.util.Arrays.copyOf(values, n);
    }
}
