package io.panrocks.kafka;

import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * Child-JVM program of the memory-budget measurement (scripts/bench-kafka.sh memory,
 * MemoryBudgetRssTest): one application with {@code stores} key-value stores
 * (one store in each of as many tasks, as a store over that many partitions is),
 * written by one thread at a steady rate of {@code putsPerSecond} fresh 1 KiB
 * values under 16-byte keys, spread evenly over the stores, each put followed
 * by a get of an earlier key of the same store (so block caches fill as they
 * would under reads), all stores committed every {@code commitMs} as Kafka's
 * commit interval would. The process's resident memory is sampled once a second.
 *
 * <p>Arguments: {@code <panrocks|panrocks-charged|panrocks-off|builtin> <stateDir> <stores>
 * <seconds> <putsPerSecond> <commitMs> [budgetBytes|- [maxPuts]]}: {@code -} for the
 * default budget; the run ends after {@code seconds} or {@code maxPuts} puts. Prints {@code baseline
 * <rssBytes>} before any store opens, then one line per second
 * {@code sample <seconds> <rssBytes> <puts> <budgetUsage> <memtables>} (the
 * last two -1 without a budget), then {@code done <puts>}.
 */
public final class MemoryBudgetMain {
    private static final int VALUE_SIZE = 1024;

    private MemoryBudgetMain() {
    }

    public static void main(String[] args) throws Exception {
        String engine = args[0];
        Path stateDir = Path.of(args[1]);
        int storeCount = Integer.parseInt(args[2]);
        int seconds = Integer.parseInt(args[3]);
        long putsPerSecond = Long.parseLong(args[4]);
        long commitMs = Long.parseLong(args[5]);
        Long budget = args.length > 6 && !args[6].equals("-") ? Long.parseLong(args[6]) : null;
        long maxPuts = args.length > 7 ? Long.parseLong(args[7]) : Long.MAX_VALUE;
        // the engine's library loads before the baseline, so the baseline holds it
        EngineCheck.expect(engine.equals("builtin") ? "builtin" : "panrocks");

        Path appDir = stateDir.resolve("memory-app");
        Files.createDirectories(appDir);
        System.gc();
        Thread.sleep(500);
        System.out.println("baseline " + rss());

        List<KeyValueStore<Bytes, byte[]>> stores = new ArrayList<>();
        for (int i = 0; i < storeCount; i++) {
            TestContext context = new TestContext(new File(appDir.toFile(), "0_" + i), new TaskId(0, i))
                    .with(StreamsConfig.METRICS_RECORDING_LEVEL_CONFIG, "INFO");
            if (engine.equals("panrocks-off")) context.with(PanrocksMemoryConfig.ENABLED_CONFIG, false);
            if (engine.equals("panrocks-charged")) context.with(PanrocksMemoryConfig.CHARGE_TABLE_MEMORY_CONFIG, true);
            if (budget != null) context.with(PanrocksMemoryConfig.BYTES_CONFIG, budget);
            KeyValueStore<Bytes, byte[]> store = engine.equals("builtin")
                    ? Stores.persistentKeyValueStore("counts").get() : PanrocksStores.keyValueStore("counts").get();
            store.init(context, store);
            stores.add(store);
        }
        MemoryBudget shared = engine.startsWith("panrocks") && !engine.equals("panrocks-off") ? ((PanrocksStore) stores.get(0)).memoryBudget() : null;

        byte[] randomBytes = new byte[1 << 20];
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < randomBytes.length; i++) randomBytes[i] = (byte) random.nextInt(256);
        long[] written = new long[storeCount];
        long puts = 0;
        long start = System.nanoTime();
        long nextSample = start;
        long nextCommit = start + commitMs * 1_000_000L;
        long end = start + seconds * 1_000_000_000L;
        long nanosPerPut = 1_000_000_000L / putsPerSecond;
        while (true) {
            long now = System.nanoTime();
            if (now >= nextSample) {
                sample(now - start, puts, shared);
                nextSample += 1_000_000_000L;
            }
            if (now >= end || puts >= maxPuts) break;
            if (now >= nextCommit) {
                for (int i = 0; i < storeCount; i++) stores.get(i).commit(Map.of(new TopicPartition("in", i), puts));
                nextCommit += commitMs * 1_000_000L;
            }
            // the puts due by now, then a pause until the next one is due: a steady rate, not a burst
            long due = Math.min(Math.min((now - start) / nanosPerPut, (end - start) / nanosPerPut), maxPuts);
            if (puts >= due) {
                LockSupport.parkNanos(Math.min(nanosPerPut * 64, 1_000_000L));
                continue;
            }
            for (long stop = Math.min(due, puts + 1000); puts < stop; puts++) { // then back to sample and commit
                int s = (int) (puts % storeCount);
                long n = written[s]++;
                int offset = (int) ((n * 7919 + s * 104729) % (randomBytes.length - VALUE_SIZE));
                byte[] value = new byte[VALUE_SIZE];
                System.arraycopy(randomBytes, offset, value, 0, VALUE_SIZE);
                KeyValueStore<Bytes, byte[]> store = stores.get(s);
                store.put(key(n), value);
                store.get(key(random.nextLong(n + 1)));
            }
        }
        sample(System.nanoTime() - start, puts, shared); // where it ended
        for (KeyValueStore<Bytes, byte[]> s : stores) s.close();
        System.out.println("done " + puts);
    }

    private static void sample(long nanos, long puts, MemoryBudget shared) throws IOException {
        long memtables = shared == null ? -1 : shared.writeBufferManager.memoryUsage();
        long usage = shared == null ? -1 : shared.cache.getUsage();
        System.out.printf("sample %.1f %d %d %d %d%n", nanos / 1e9, rss(), puts, usage, memtables);
    }

    /** A 16-byte key: the sequence number scrambled (so puts land all over the key space) and the number itself. */
    private static Bytes key(long n) {
        return Bytes.wrap(ByteBuffer.allocate(16).putLong(n * 0x9E3779B97F4A7C15L).putLong(n).array());
    }

    /** This process's resident set, from /proc/self/status. */
    static long rss() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
        throw new IOException("no VmRSS in /proc/self/status");
    }
}
