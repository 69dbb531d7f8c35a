package io.panrocks.kafka;

import io.panrocks.Options;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.state.KeyValueStore;

import java.io.File;
import java.util.Map;

/**
 * Child JVM of {@link UncleanStopTest}: writes records into a store and
 * commits their changelog offsets as it goes, printing each commit, until
 * the parent kills it with SIGKILL. Small memtables make the engine flush
 * (atomically, data and offsets together) many times on the way.
 * Arguments: {@code <state dir> <records between commits>}.
 */
public final class UncleanStopChild {
    static final TopicPartition CHANGELOG = new TopicPartition("app-kv-changelog", 0);

    /** 64 KiB memtables: a flush every few hundred records. */
    public static final class SmallMemtables implements PanrocksConfigSetter {
        @Override
        public void setConfig(String storeName, Options options, Map<String, Object> configs) {
            options.setWriteBufferSize(64 * 1024);
        }
    }

    private UncleanStopChild() {
    }

    static Bytes key(long i) {
        return Bytes.wrap(String.format("k%010d", i).getBytes());
    }

    static byte[] value(long i) {
        byte[] v = new byte[200];
        for (int j = 0; j < v.length; j++) v[j] = (byte) (i * 31 + j);
        return v;
    }

    public static void main(String[] args) {
        File stateDir = new File(args[0]);
        int every = Integer.parseInt(args[1]);
        KeyValueStore<Bytes, byte[]> store = PanrocksStores.keyValueStore("kv").get();
        store.init(new TestContext(stateDir).with(PanrocksConfigSetter.CONFIG, SmallMemtables.class), store);
        for (long i = 0;; i++) {
            store.put(key(i), value(i));
            if (i % every == every - 1) {
                store.commit(Map.of(CHANGELOG, i));
                System.out.println("committed " + i);
            }
        }
    }
}
