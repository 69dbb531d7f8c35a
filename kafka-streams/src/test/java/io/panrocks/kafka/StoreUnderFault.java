package io.panrocks.kafka;

import io.panrocks.RocksDBException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A panrocks store driven as Kafka Streams drives it (writes, commits of
 * changelog offsets, restores of changelog batches, close), for the fault
 * matrix's Kafka cells: a key-value store, or a window store (segments) whose
 * record {@code i} is key {@code i % 50} in the window starting at
 * {@code i} seconds. 64 KiB memtables make the engine flush (data and offsets
 * together) every few hundred records. A failure of the engine comes out as
 * {@link RocksDBException}, unwrapped from Kafka's
 * {@code ProcessorStateException} (which must carry it).
 */
public final class StoreUnderFault implements AutoCloseable {
    public static final TopicPartition CHANGELOG = new TopicPartition("faults-changelog", 0);
    private static final long WINDOW = 1000;

    private final KeyValueStore<Bytes, byte[]> keyValue;
    private final WindowStore<Bytes, byte[]> window;
    private final TestContext context;

    private StoreUnderFault(Path stateDir, boolean windowed) {
        context = new TestContext(stateDir.toFile()).with(PanrocksConfigSetter.CONFIG, UncleanStopChild.SmallMemtables.class);
        if (windowed) {
            keyValue = null;
            window = PanrocksStores.windowStore("w", Duration.ofDays(1), Duration.ofMillis(WINDOW), false).get();
            engine(() -> window.init(context, window));
        } else {
            window = null;
            keyValue = PanrocksStores.keyValueStore("kv").get();
            engine(() -> keyValue.init(context, keyValue));
        }
    }

    /** Opens (creates) the store in stateDir. */
    public static StoreUnderFault open(Path stateDir, boolean windowed) throws RocksDBException {
        try {
            return new StoreUnderFault(stateDir, windowed);
        } catch (Unwrapped u) {
            throw u.status;
        }
    }

    /** Record i's value: the unclean-stop test's records, whose keys the key-value store takes too. */
    public static byte[] value(long i) {
        return UncleanStopChild.value(i);
    }

    private static Bytes key(long i) {
        return UncleanStopChild.key(i);
    }

    private static Bytes windowKey(long i) {
        return Bytes.wrap(String.format("w%03d", i % 50).getBytes());
    }

    /** Writes records [from, to) as a processor would. */
    public void put(long from, long to) throws RocksDBException {
        run(() -> {
            for (long i = from; i < to; i++) {
                if (window != null) window.put(windowKey(i), value(i), i * WINDOW);
                else keyValue.put(key(i), value(i));
            }
        });
    }

    /** Records the changelog offset the data so far corresponds to, as a task's commit does. */
    public void commit(long offset) throws RocksDBException {
        run(() -> store().commit(Map.of(CHANGELOG, offset)));
    }

    /** Replays changelog records [from, to) in batches of 500, committing each batch's last offset, as a restore does. */
    public void restore(long from, long to) throws RocksDBException {
        for (long start = from; start < to; start += 500) {
            long s = start, end = Math.min(to, start + 500);
            List<ConsumerRecord<byte[], byte[]>> batch = new ArrayList<>();
            for (long i = s; i < end; i++) {
                byte[] k = window != null ? PanrocksWindowStore.storeKey(windowKey(i).get(), i * WINDOW, 0) : key(i).get();
                batch.add(new ConsumerRecord<>(CHANGELOG.topic(), CHANGELOG.partition(), i, k, value(i)));
            }
            run(() -> context.restore(batch));
            commit(end - 1);
        }
    }

    /** The offset on disk (or in the memtable) the data corresponds to, or null. */
    public Long committedOffset() throws RocksDBException {
        Long[] out = new Long[1];
        run(() -> out[0] = store().committedOffset(CHANGELOG));
        return out[0];
    }

    /** Record i as the store answers it: its value, or null if absent. */
    public byte[] get(long i) throws RocksDBException {
        byte[][] out = new byte[1][];
        run(() -> {
            if (window == null) {
                out[0] = keyValue.get(key(i));
                return;
            }
            try (WindowStoreIterator<byte[]> it = window.fetch(windowKey(i), i * WINDOW, i * WINDOW)) {
                out[0] = it.hasNext() ? it.next().value : null;
            }
        });
        return out[0];
    }

    /** How many records a full walk of the store sees (every one must read without error). */
    public long count() throws RocksDBException {
        long[] n = new long[1];
        run(() -> {
            try (KeyValueIterator<?, byte[]> it = window != null ? window.all() : keyValue.all()) {
                while (it.hasNext()) {
                    it.next();
                    n[0]++;
                }
            }
        });
        return n[0];
    }

    /** Closes as Kafka closes a store: errors are logged, never thrown. */
    @Override
    public void close() {
        store().close();
    }

    private org.apache.kafka.streams.processor.StateStore store() {
        return window != null ? window : keyValue;
    }

    private interface Call {
        void run() throws Exception;
    }

    private static void run(Call call) throws RocksDBException {
        try {
            engine(call);
        } catch (Unwrapped u) {
            throw u.status;
        }
    }

    /** Runs call; an engine failure inside Kafka's exception comes out as an {@link Unwrapped}. */
    private static void engine(Call call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
                if (t instanceof RocksDBException r) {
                    if (!(e instanceof org.apache.kafka.streams.errors.ProcessorStateException)) {
                        throw new AssertionError("an engine failure came out as " + e.getClass().getName() + ", not ProcessorStateException", e);
                    }
                    throw new Unwrapped(r);
                }
            }
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static final class Unwrapped extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final RocksDBException status;

        Unwrapped(RocksDBException status) {
            super(status);
            this.status = status;
        }
    }
}
