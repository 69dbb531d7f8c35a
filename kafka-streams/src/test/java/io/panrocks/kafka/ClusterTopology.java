package io.panrocks.kafka;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.KTable;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.SessionWindows;
import org.apache.kafka.streams.kstream.TimeWindows;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.SessionStore;
import org.apache.kafka.streams.state.WindowStore;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * The topology of the cluster test ({@link ClusterTest}, {@link ClusterBenchmark}),
 * its input, and the output it must produce, computed here by plain Java
 * from the input alone (no Kafka Streams involved), record by record.
 *
 * <p>Clicks ({@code key user, value click id}) feed three operators of one
 * sub-topology, with the record cache off (every update is emitted):
 * <ul>
 * <li>a windowed count (tumbling one-second windows) to {@code window-counts}: {@code <window start>=<count>};</li>
 * <li>a join with the users' profiles (a table) to {@code enriched}: {@code <click>@<region>}, users
 * without a profile dropped (inner join);</li>
 * <li>a session count (inactivity gap {@link #SESSION_GAP_MS}) to {@code session-counts}:
 * {@code <start>-<end>=<count>}, and {@code <start>-<end>=null} for a session merged into a new one.</li>
 * </ul>
 * Click timestamps rise with the input order and the grace periods are a day, so no record is ever
 * late and the output per user is fixed by the input order alone; the profiles are all written
 * (with earlier timestamps) before the application starts, so every click sees the full table.
 * (The timestamps are recent ones: see {@link #clicks}.)
 */
final class ClusterTopology {
    static final String WINDOW_STORE = "window-counts-store";
    static final String SESSION_STORE = "session-counts-store";
    static final String PROFILE_STORE = "profiles-store";
    /** the restore benchmark's table ({@link #buildRestoreTopology}) */
    static final String BIG_STORE = "big-store";
    static final long WINDOW_MS = 1_000;
    static final long SESSION_GAP_MS = 400;
    /** time between two consecutive clicks (of any user) */
    static final long CLICK_STEP_MS = 10;

    private ClusterTopology() {
    }

    /** The topics of one run: every run has its own, named by a prefix. */
    record Topics(String prefix) {
        String clicks() {
            return prefix + "-clicks";
        }

        String profiles() {
            return prefix + "-profiles";
        }

        String windowCounts() {
            return prefix + "-window-counts";
        }

        String enriched() {
            return prefix + "-enriched";
        }

        String sessionCounts() {
            return prefix + "-session-counts";
        }

        /** the restore benchmark's input: one record per key of its table */
        String big() {
            return prefix + "-big";
        }

        List<String> inputs() {
            return List.of(clicks(), profiles());
        }

        List<String> outputs() {
            return List.of(windowCounts(), enriched(), sessionCounts());
        }
    }

    static Topology build(Topics topics) {
        StreamsBuilder builder = new StreamsBuilder();
        KStream<String, String> clicks = builder.stream(topics.clicks(), Consumed.with(Serdes.String(), Serdes.String()));
        KTable<String, String> profiles = builder.table(topics.profiles(), Consumed.with(Serdes.String(), Serdes.String()),
                Materialized.<String, String, KeyValueStore<Bytes, byte[]>>as(PROFILE_STORE)
                        .withKeySerde(Serdes.String()).withValueSerde(Serdes.String()));

        clicks.groupByKey()
                .windowedBy(TimeWindows.ofSizeAndGrace(Duration.ofMillis(WINDOW_MS), Duration.ofDays(1)))
                .count(Materialized.<String, Long, WindowStore<Bytes, byte[]>>as(WINDOW_STORE).withKeySerde(Serdes.String()))
                .toStream()
                .map((window, count) -> KeyValue.pair(window.key(), window.window().start() + "=" + count))
                .to(topics.windowCounts(), Produced.with(Serdes.String(), Serdes.String()));

        clicks.join(profiles, (click, region) -> click + "@" + region)
                .to(topics.enriched(), Produced.with(Serdes.String(), Serdes.String()));

        clicks.groupByKey()
                .windowedBy(SessionWindows.ofInactivityGapAndGrace(Duration.ofMillis(SESSION_GAP_MS), Duration.ofDays(1)))
                .count(Materialized.<String, Long, SessionStore<Bytes, byte[]>>as(SESSION_STORE).withKeySerde(Serdes.String()))
                .toStream()
                .map((session, count) -> KeyValue.pair(session.key(),
                        session.window().start() + "-" + session.window().end() + "=" + count))
                .to(topics.sessionCounts(), Produced.with(Serdes.String(), Serdes.String()));
        return builder.build();
    }

    /** The restore benchmark's topology: a table of every record of one topic, kept in one store. */
    static Topology buildRestoreTopology(Topics topics) {
        StreamsBuilder builder = new StreamsBuilder();
        builder.table(topics.big(), Consumed.with(Serdes.String(), Serdes.String()),
                Materialized.<String, String, KeyValueStore<Bytes, byte[]>>as(BIG_STORE)
                        .withKeySerde(Serdes.String()).withValueSerde(Serdes.String()));
        return builder.build();
    }

    // ---- the input ---------------------------------------------------------------------------------

    static String user(int u) {
        return String.format("user-%04d", u);
    }

    /** Users without a profile (their clicks are not enriched): every seventh. */
    static boolean hasProfile(int u) {
        return u % 7 != 3;
    }

    static String region(int u) {
        return "region-" + (u * 31 % 5);
    }

    /** One click: its user, its id (the value), its timestamp. */
    record Click(String user, String id, long timestamp) {
    }

    /**
     * {@code n} clicks of {@code users} users picked by a seeded random, at rising timestamps that end a minute
     * before {@code nowMillis}, on a whole second. Not older: the broker deletes records older than a topic's
     * retention (a week for the input, two days for the window stores' changelogs) whatever their offsets,
     * so old timestamps would lose input and changelog before the application reads them. Not in the
     * future: the broker refuses records more than an hour ahead.
     */
    static List<Click> clicks(long seed, int users, int n, long nowMillis) {
        long start = (nowMillis - 60_000 - n * CLICK_STEP_MS) / 1_000 * 1_000;
        SplittableRandom random = new SplittableRandom(seed);
        List<Click> clicks = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            clicks.add(new Click(user(random.nextInt(users)), "c" + i, start + i * CLICK_STEP_MS));
        }
        return clicks;
    }

    // ---- the output it must produce -------------------------------------------------------------------

    /** Every output topic's records per user, in order: topic -> user -> values. */
    static Map<String, Map<String, List<String>>> expectedOutput(Topics topics, int users, List<Click> clicks) {
        Map<String, List<String>> windows = new TreeMap<>();
        Map<String, List<String>> enriched = new TreeMap<>();
        Map<String, List<String>> sessions = new TreeMap<>();
        Map<String, Map<Long, Long>> windowCounts = new LinkedHashMap<>();
        Map<String, long[]> openSession = new LinkedHashMap<>(); // user -> {start, end, count}
        Map<String, Integer> userIndex = new LinkedHashMap<>();
        for (int u = 0; u < users; u++) userIndex.put(user(u), u);
        for (Click c : clicks) {
            long windowStart = c.timestamp() - c.timestamp() % WINDOW_MS;
            long count = windowCounts.computeIfAbsent(c.user(), k -> new TreeMap<>()).merge(windowStart, 1L, Long::sum);
            windows.computeIfAbsent(c.user(), k -> new ArrayList<>()).add(windowStart + "=" + count);

            int u = userIndex.get(c.user());
            if (hasProfile(u)) enriched.computeIfAbsent(c.user(), k -> new ArrayList<>()).add(c.id() + "@" + region(u));

            List<String> out = sessions.computeIfAbsent(c.user(), k -> new ArrayList<>());
            long[] s = openSession.get(c.user());
            if (s != null && c.timestamp() - s[1] <= SESSION_GAP_MS) {
                // the click extends the user's last session: Kafka removes the old session, then writes the merged one
                out.add(s[0] + "-" + s[1] + "=null");
                s[1] = c.timestamp();
                s[2]++;
            } else {
                s = new long[]{c.timestamp(), c.timestamp(), 1};
                openSession.put(c.user(), s);
            }
            out.add(s[0] + "-" + s[1] + "=" + s[2]);
        }
        Map<String, Map<String, List<String>>> expected = new LinkedHashMap<>();
        expected.put(topics.windowCounts(), windows);
        expected.put(topics.enriched(), enriched);
        expected.put(topics.sessionCounts(), sessions);
        return expected;
    }

    /** What an interactive query of the window store answers for a user at the end: {@code start=count;...}. */
    static String expectedWindowQuery(String user, List<Click> clicks) {
        Map<Long, Long> counts = new TreeMap<>();
        for (Click c : clicks) {
            if (c.user().equals(user)) counts.merge(c.timestamp() - c.timestamp() % WINDOW_MS, 1L, Long::sum);
        }
        StringBuilder sb = new StringBuilder();
        counts.forEach((start, count) -> sb.append(start).append('=').append(count).append(';'));
        return sb.toString();
    }

    /** What an interactive query of the session store answers for a user at the end: {@code start-end=count;...}. */
    static String expectedSessionQuery(String user, List<Click> clicks) {
        StringBuilder sb = new StringBuilder();
        long start = -1, end = -1, count = 0;
        for (Click c : clicks) {
            if (!c.user().equals(user)) continue;
            if (count > 0 && c.timestamp() - end <= SESSION_GAP_MS) {
                end = c.timestamp();
                count++;
            } else {
                if (count > 0) sb.append(start).append('-').append(end).append('=').append(count).append(';');
                start = c.timestamp();
                end = c.timestamp();
                count = 1;
            }
        }
        if (count > 0) sb.append(start).append('-').append(end).append('=').append(count).append(';');
        return sb.toString();
    }
}
