package io.panrocks.kafka;

import io.panrocks.testkit.TestBytes;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

import java.io.File;
import java.nio.file.Files;
import java.util.List;

/**
 * Child JVM (with RocksJava) of {@link IdenticalOutputTest}: Kafka's built-in
 * RocksDB store's prefix scans over keys with 0xFF bytes, printed as hex.
 */
public final class BuiltInPrefixProbe {
    private BuiltInPrefixProbe() {
    }

    public static void main(String[] args) throws Exception {
        File dir = Files.createTempDirectory("builtin-prefix").toFile();
        try {
            KeyValueStore<Bytes, byte[]> store = Stores.persistentKeyValueStore("p").get();
            store.init(new TestContext(dir), store);
            for (Bytes k : IdenticalOutputTest.PREFIX_KEYS) store.put(k, new byte[1]);
            for (Bytes prefix : IdenticalOutputTest.PREFIXES) System.out.println(scan(store, prefix));
            store.close();
        } finally {
            TestDirs.delete(dir.toPath());
        }
    }

    static String scan(KeyValueStore<Bytes, byte[]> store, Bytes prefix) {
        Serializer<Bytes> raw = (topic, data) -> data.get();
        List<String> keys = KeyValueStoreContractTest.keys(store.prefixScan(prefix, raw));
        return TestBytes.hex(prefix.get()) + ": " + String.join(" ", keys);
    }

    static String scan(KeyValueIterator<Bytes, byte[]> it) {
        return String.join(" ", KeyValueStoreContractTest.keys(it));
    }
}
