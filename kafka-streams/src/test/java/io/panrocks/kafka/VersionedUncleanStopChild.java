package io.panrocks.kafka;

import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.utils.Bytes;

import java.io.File;
import java.time.Duration;
import java.util.Map;

/**
 * Child JVM of {@link VersionedUncleanStopTest}: puts versions of 100 keys
 * at ever later times (record {@code i} at time {@code i}, so every key
 * keeps a long history) and commits their changelog offsets as it goes,
 * printing each commit, until the parent kills it with SIGKILL.
 * Arguments: {@code <state dir> <records between commits>}.
 */
public final class VersionedUncleanStopChild {
    static final TopicPartition CHANGELOG = new TopicPartition("app-versioned-changelog", 0);
    static final int KEYS = 100;
    /** long enough that no version of the run expires */
    static final Duration RETENTION = Duration.ofDays(1);

    private VersionedUncleanStopChild() {
    }

    static Bytes key(long i) {
        return Bytes.wrap(String.format("k%03d", i % KEYS).getBytes());
    }

    static byte[] value(long i) {
        byte[] v = new byte[100];
        for (int j = 0; j < v.length; j++) v[j] = (byte) (i * 31 + j);
        return v;
    }

    public static void main(String[] args) {
        File stateDir = new File(args[0]);
        int every = Integer.parseInt(args[1]);
        PanrocksVersionedStore store = (PanrocksVersionedStore) PanrocksStores.versionedKeyValueStore("versioned", RETENTION).get();
        store.init(new TestContext(stateDir).with(PanrocksConfigSetter.CONFIG, UncleanStopChild.SmallMemtables.class), store);
        for (long i = 0;; i++) {
            store.put(key(i), value(i), i);
            if (i % every == every - 1) {
                store.commit(Map.of(CHANGELOG, i));
                System.out.println("committed " + i);
            }
        }
    }
}
