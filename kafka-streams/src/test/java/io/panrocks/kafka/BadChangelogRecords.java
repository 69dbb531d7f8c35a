package io.panrocks.kafka;

import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.SessionStore;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.test.InternalMockProcessorContext;

import java.io.File;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Function;
import java.util.function.Supplier;

import static io.panrocks.testkit.TestBytes.bytes;

/**
 * Issue 35's changelog records a window or session store cannot hold (a
 * negative or {@code Long.MAX_VALUE} window start, a session that ends before
 * it starts, keys too short for their times), each restored in one batch
 * between good records, then every full walk of the store, before and after
 * a reopen. The same transcript is made on panrocks' stores (in
 * {@link RestoreBadRecordsTest}) and, as the main of a child JVM with
 * RocksJava, on Kafka's built-in RocksDB stores, so the test can check that
 * panrocks does no worse than Kafka.
 *
 * <p>A transcript line: {@code <case> | restore=<ok|!Exception> | <walk>=<entries|!Exception> ...}.
 */
public final class BadChangelogRecords {
    static final String WINDOW = "w";
    static final String SESSION = "s";
    static final Duration RETENTION = Duration.ofDays(1);
    static final Duration WINDOW_SIZE = Duration.ofMinutes(1);
    static final long MINUTE = 60_000;

    /** One case: the bad record (null: none, the control) restored between the good ones. */
    record Case(String name, boolean session, byte[] badKey) {
    }

    static List<Case> cases() {
        return List.of(
                new Case("window control", false, null),
                new Case("window start -1", false, windowKey(bytes("x"), -1, 0)),
                new Case("window start Long.MIN_VALUE", false, windowKey(bytes("x"), Long.MIN_VALUE, 0)),
                new Case("window start Long.MAX_VALUE", false, windowKey(bytes("x"), Long.MAX_VALUE, 0)),
                new Case("window key of 5 bytes", false, new byte[]{1, 2, 3, 4, 5}),
                new Case("window key of 0 bytes", false, new byte[0]),
                new Case("session control", true, null),
                new Case("session ends before it starts", true, sessionKey(bytes("x"), 5_000, 1_000)),
                new Case("session start -1", true, sessionKey(bytes("x"), -1, 10)),
                new Case("session start -10 end -5", true, sessionKey(bytes("x"), -10, -5)),
                new Case("session key of 9 bytes", true, new byte[]{1, 2, 3, 4, 5, 6, 7, 8, 9}));
    }

    /** The good records of a case, the bad one (if any) in the middle of them. */
    static List<KeyValue<byte[], byte[]>> records(Case c) {
        List<KeyValue<byte[], byte[]>> out = new ArrayList<>();
        if (c.session()) {
            out.add(KeyValue.pair(sessionKey(bytes("a"), 0, 1_000), bytes("g1")));
            out.add(KeyValue.pair(sessionKey(bytes("a"), 5_000, 9_000), bytes("g2")));
            if (c.badKey() != null) out.add(KeyValue.pair(c.badKey(), bytes("bad")));
            out.add(KeyValue.pair(sessionKey(bytes("b"), 100, 200), bytes("g3")));
        } else {
            out.add(KeyValue.pair(windowKey(bytes("a"), 1_000, 0), bytes("g1")));
            out.add(KeyValue.pair(windowKey(bytes("a"), MINUTE + 1_000, 0), bytes("g2")));
            if (c.badKey() != null) out.add(KeyValue.pair(c.badKey(), bytes("bad")));
            out.add(KeyValue.pair(windowKey(bytes("b"), 2_000, 0), bytes("g3")));
        }
        return out;
    }

    /** What a walk shows of the good records: what every case's walks must show on panrocks. */
    static String goodWindows(boolean session, String walk) {
        if (walk.endsWith("fetch(a)")) return "[a@0/1000=g1, a@5000/9000=g2]";
        return session ? "[a@0/1000=g1, a@5000/9000=g2, b@100/200=g3]"
                : "[a@1000/61000=g1, a@61000/121000=g2, b@2000/62000=g3]";
    }

    static final class StoreKinds {
        final Supplier<WindowStore<Bytes, byte[]>> window;
        final Supplier<SessionStore<Bytes, byte[]>> session;

        StoreKinds(Supplier<WindowStore<Bytes, byte[]>> window, Supplier<SessionStore<Bytes, byte[]>> session) {
            this.window = window;
            this.session = session;
        }
    }

    static StoreKinds builtIn() {
        return new StoreKinds(() -> Stores.persistentWindowStore(WINDOW, RETENTION, WINDOW_SIZE, false).get(),
                () -> Stores.persistentSessionStore(SESSION, RETENTION).get());
    }

    static StoreKinds panrocks() {
        return new StoreKinds(() -> PanrocksStores.windowStore(WINDOW, RETENTION, WINDOW_SIZE, false).get(),
                () -> PanrocksStores.sessionStore(SESSION, RETENTION).get());
    }

    static InternalMockProcessorContext<?, ?> context(File stateDir) {
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, "bad-records");
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9091");
        p.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.getPath());
        return new InternalMockProcessorContext<>(stateDir, new StreamsConfig(p));
    }

    /** One case's transcript line; {@code afterRestore} sees the context (panrocks' test reads its metrics). */
    static String run(Case c, StoreKinds stores, File stateDir, java.util.function.Consumer<InternalMockProcessorContext<?, ?>> afterRestore) {
        StringBuilder line = new StringBuilder(c.name());
        InternalMockProcessorContext<?, ?> context = context(stateDir);
        StateStore store = c.session() ? stores.session.get() : stores.window.get();
        store.init(context, store);
        try {
            line.append(" | restore=").append(outcome(() -> {
                context.restore(store.name(), records(c));
                return "ok";
            }));
            afterRestore.accept(context);
            walks(store, line, "");
        } finally {
            store.close();
        }
        StateStore again = c.session() ? stores.session.get() : stores.window.get();
        again.init(context(stateDir), again);
        try {
            walks(again, line, "reopened.");
        } finally {
            again.close();
        }
        return line.toString();
    }

    @SuppressWarnings("unchecked")
    private static void walks(StateStore store, StringBuilder line, String prefix) {
        if (store instanceof SessionStore<?, ?> s) {
            SessionStore<Bytes, byte[]> session = (SessionStore<Bytes, byte[]>) s;
            walk(line, prefix + "findSessions(all)", () -> session.findSessions(null, null, 0, Long.MAX_VALUE));
            walk(line, prefix + "backwardFindSessions(all)",
                    () -> session.backwardFindSessions(null, null, 0, Long.MAX_VALUE));
            walk(line, prefix + "fetch(null,null)", () -> session.fetch(null, null));
            walk(line, prefix + "fetch(a)", () -> session.fetch(Bytes.wrap(bytes("a"))));
        } else {
            WindowStore<Bytes, byte[]> window = (WindowStore<Bytes, byte[]>) store;
            walk(line, prefix + "all", window::all);
            walk(line, prefix + "backwardAll", window::backwardAll);
            walk(line, prefix + "fetchAll(0,MAX)", () -> window.fetchAll(0, Long.MAX_VALUE));
            walk(line, prefix + "fetch(null,null,0,MAX)", () -> window.fetch(null, null, 0, Long.MAX_VALUE));
        }
    }

    private static void walk(StringBuilder line, String name,
                             Supplier<KeyValueIterator<Windowed<Bytes>, byte[]>> open) {
        line.append(" | ").append(name).append('=').append(outcome(() -> {
            List<String> entries = new ArrayList<>();
            try (KeyValueIterator<Windowed<Bytes>, byte[]> it = open.get()) {
                while (it.hasNext()) {
                    KeyValue<Windowed<Bytes>, byte[]> kv = it.next();
                    entries.add(new String(kv.key.key().get()) + "@" + kv.key.window().start() + "/"
                            + kv.key.window().end() + "=" + new String(kv.value));
                }
            }
            // searches of several segments come segment by segment: compare as sets, in a fixed order
            entries.sort(null);
            return entries.toString();
        }));
    }

    private static String outcome(Supplier<String> action) {
        try {
            return action.get();
        } catch (RuntimeException e) {
            return "!" + e.getClass().getSimpleName();
        }
    }

    /** The transcript of every case: a fresh state directory each. */
    static List<String> transcript(StoreKinds stores, Function<Case, java.util.function.Consumer<InternalMockProcessorContext<?, ?>>> check)
            throws Exception {
        List<String> out = new ArrayList<>();
        for (Case c : cases()) {
            File dir = Files.createTempDirectory("bad-records").toFile();
            try {
                out.add(run(c, stores, dir, check.apply(c)));
            } finally {
                TestDirs.delete(dir.toPath());
            }
        }
        return out;
    }

    /** Kafka's window key schema: [key][window start][sequence number]. */
    static byte[] windowKey(byte[] key, long start, int seqnum) {
        return java.nio.ByteBuffer.allocate(key.length + 12).put(key).putLong(start).putInt(seqnum).array();
    }

    /** Kafka's session key schema: [key][end][start]. */
    static byte[] sessionKey(byte[] key, long start, long end) {
        return java.nio.ByteBuffer.allocate(key.length + 16).put(key).putLong(end).putLong(start).array();
    }

    /** The child JVM (with RocksJava): Kafka's built-in stores' transcript on stdout. */
    public static void main(String[] args) throws Exception {
        for (String line : transcript(builtIn(), c -> context -> {})) System.out.println("TRANSCRIPT " + line);
    }
}
