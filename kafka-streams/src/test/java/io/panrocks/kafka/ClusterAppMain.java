package io.panrocks.kafka;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.processor.StandbyUpdateListener;
import org.apache.kafka.streams.processor.StateRestoreListener;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.state.HostInfo;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.ReadOnlySessionStore;
import org.apache.kafka.streams.state.ReadOnlyWindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * One application instance of the cluster test, in a child JVM of its own:
 * Kafka Streams with {@code exactly_once_v2} and one standby replica, its
 * stores on panrocks ({@code PANROCKS}) or on Kafka's built-in RocksDB
 * stores ({@code BUILTIN}), and a small HTTP server for interactive
 * queries. It prints what the test waits for: {@code STATE <state>},
 * {@code RESTORE-START/RESTORE-END} of each store partition it restores
 * (with this JVM's clock in milliseconds), {@code STANDBY-START}.
 * A line {@code close} on stdin closes it cleanly; otherwise it runs until killed.
 *
 * <p>Arguments: {@code <PANROCKS|BUILTIN> <bootstrap servers> <application id> <topic prefix>
 * <state dir> <query port> <clicks|table>} ({@code table}: the restore benchmark's one big table,
 * {@link ClusterTopology#buildRestoreTopology}).
 *
 * <p>Queries: {@code GET /query?store=window|session|profile&user=U} answers from the instance that holds the
 * user's key, wherever it was asked: an instance that does not hold it asks the one that does
 * (found by {@link KafkaStreams#queryMetadataForKey}). The answer is
 * {@code <host:port that answered> <value>}. {@code GET /engine} names the RocksDB libraries this JVM has mapped.
 */
public final class ClusterAppMain {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final KafkaStreams streams;
    private final HostInfo self;

    private ClusterAppMain(KafkaStreams streams, HostInfo self) {
        this.streams = streams;
        this.self = self;
    }

    static Properties config(Scenarios.Engine engine, String bootstrap, String applicationId, String stateDir, int queryPort) {
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(StreamsConfig.STATE_DIR_CONFIG, stateDir);
        p.put(StreamsConfig.APPLICATION_SERVER_CONFIG, "localhost:" + queryPort);
        p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        p.put(StreamsConfig.NUM_STANDBY_REPLICAS_CONFIG, 1);
        p.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, 1);
        p.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, 1);
        p.put(StreamsConfig.DSL_STORE_SUPPLIERS_CLASS_CONFIG, engine.suppliers());
        // every update reaches the output, so that it can be checked record by record
        p.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, 0);
        p.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        p.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        // a killed instance is noticed in seconds, not in Kafka's default 45 s
        p.put(StreamsConfig.consumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG), 6_000);
        p.put(StreamsConfig.consumerPrefix(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG), 1_000);
        // and its open transaction aborted in 10 s (what Streams sets under exactly-once anyway)
        p.put(StreamsConfig.producerPrefix(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG), 10_000);
        p.put(StreamsConfig.PROBING_REBALANCE_INTERVAL_MS_CONFIG, 60_000);
        return p;
    }

    public static void main(String[] args) throws Exception {
        Scenarios.Engine engine = Scenarios.Engine.valueOf(args[0]);
        String bootstrap = args[1];
        String applicationId = args[2];
        ClusterTopology.Topics topics = new ClusterTopology.Topics(args[3]);
        String stateDir = args[4];
        int queryPort = Integer.parseInt(args[5]);
        Topology topology = args[6].equals("table") ? ClusterTopology.buildRestoreTopology(topics)
                : ClusterTopology.build(topics);

        KafkaStreams streams = new KafkaStreams(topology, config(engine, bootstrap, applicationId, stateDir, queryPort));
        streams.setStateListener((now, before) -> say("STATE " + now));
        streams.setUncaughtExceptionHandler(e -> {
            say("UNCAUGHT " + e);
            e.printStackTrace(System.out);
            return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
        streams.setGlobalStateRestoreListener(new StateRestoreListener() {
            @Override
            public void onRestoreStart(TopicPartition partition, String store, long start, long end) {
                say("RESTORE-START " + store + " " + partition + " " + start + " " + end + " " + nowMillis());
            }

            @Override
            public void onBatchRestored(TopicPartition partition, String store, long batchEnd, long restored) {
            }

            @Override
            public void onRestoreEnd(TopicPartition partition, String store, long restored) {
                say("RESTORE-END " + store + " " + partition + " " + restored + " " + nowMillis());
            }
        });
        streams.setStandbyUpdateListener(new StandbyUpdateListener() {
            @Override
            public void onUpdateStart(TopicPartition partition, String store, long startingOffset) {
                say("STANDBY-START " + store + " " + partition + " " + startingOffset);
            }

            @Override
            public void onBatchLoaded(TopicPartition partition, String store, TaskId task, long batchEnd, long size,
                                      long currentEnd) {
            }

            @Override
            public void onUpdateSuspended(TopicPartition partition, String store, long storeOffset, long currentEnd,
                                          SuspendReason reason) {
            }
        });

        ClusterAppMain app = new ClusterAppMain(streams, new HostInfo("localhost", queryPort));
        HttpServer server = HttpServer.create(new InetSocketAddress("localhost", queryPort), 16);
        server.createContext("/query", app::query);
        server.createContext("/engine", exchange -> respond(exchange, 200, String.join(" ",
                EngineCheck.stillAlone(engine.checkedAs()))));
        server.start();
        streams.start();
        say("STARTED pid " + ProcessHandle.current().pid());
        dumpMetricsEveryTwoSeconds(streams, engine);

        BufferedReader stdin = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = stdin.readLine()) != null;) {
            if (line.equals("close")) break;
        }
        streams.close(Duration.ofSeconds(60));
        server.stop(0);
        say("CLOSED " + streams.state());
    }

    /**
     * With {@code -Dpanrocks.cluster.metricsDir=DIR} (a profile, through the cluster script's
     * CLUSTER_INSTANCE_FLAGS): the stream threads' and tasks' own metrics (time in poll, process,
     * commit; latencies) written to {@code DIR/<engine>-<pid>.txt} every two seconds, so that the last
     * copy survives an instance that is killed at the end of a run.
     */
    static void dumpMetricsEveryTwoSeconds(KafkaStreams streams, Scenarios.Engine engine) {
        String dir = System.getProperty("panrocks.cluster.metricsDir");
        if (dir == null) return;
        java.nio.file.Path file = java.nio.file.Path.of(dir, engine.name().toLowerCase() + "-" + ProcessHandle.current().pid() + ".txt");
        Thread t = new Thread(() -> {
            while (true) {
                try {
                    Thread.sleep(2000);
                    StringBuilder out = new StringBuilder();
                    streams.metrics().forEach((name, metric) -> {
                        String group = name.group();
                        if (!group.equals("stream-thread-metrics") && !group.equals("stream-task-metrics")) return;
                        if (!(metric.metricValue() instanceof Double d) || d.isNaN() || d == 0.0) return;
                        out.append(group).append(' ').append(name.name()).append(' ')
                                .append(name.tags().getOrDefault("task-id", "")).append(' ').append(d).append('\n');
                    });
                    java.nio.file.Files.writeString(file, out);
                } catch (InterruptedException e) {
                    return;
                } catch (Exception e) {
                    // a profile aid: a failed dump is retried two seconds later
                }
            }
        }, "metrics-dump");
        t.setDaemon(true);
        t.start();
    }

    static long nowMillis() {
        return System.nanoTime() / 1_000_000;
    }

    private static synchronized void say(String line) {
        System.out.println(line);
        System.out.flush();
    }

    // ---- interactive queries ---------------------------------------------------------------------

    private void query(HttpExchange exchange) throws IOException {
        Map<String, String> params = params(exchange.getRequestURI());
        String store = switch (params.get("store")) {
            case "window" -> ClusterTopology.WINDOW_STORE;
            case "session" -> ClusterTopology.SESSION_STORE;
            default -> ClusterTopology.PROFILE_STORE;
        };
        String user = params.get("user");
        try {
            KeyQueryMetadata owner = streams.queryMetadataForKey(store, user, Serdes.String().serializer());
            if (owner == null || owner.activeHost() == null || owner.activeHost().port() < 0) {
                respond(exchange, 503, "no owner yet for " + user);
            } else if (owner.activeHost().equals(self) || params.containsKey("local")) {
                respond(exchange, 200, self.host() + ":" + self.port() + " " + answerHere(store, user));
            } else {
                // the key lives elsewhere: ask the instance that holds it
                HostInfo host = owner.activeHost();
                HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://" + host.host() + ":"
                        + host.port() + "/query?local=1&store=" + params.get("store") + "&user=" + user))
                        .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
                respond(exchange, r.statusCode(), r.body());
            }
        } catch (Exception e) {
            // a rebalance under way, a store not open yet: the caller asks again
            respond(exchange, 503, e.toString());
        }
    }

    private String answerHere(String store, String user) {
        StringBuilder sb = new StringBuilder();
        if (store.equals(ClusterTopology.WINDOW_STORE)) {
            ReadOnlyWindowStore<String, Long> windows = streams.store(StoreQueryParameters.fromNameAndType(store,
                    QueryableStoreTypes.<String, Long>windowStore()));
            try (WindowStoreIterator<Long> it = windows.fetch(user, Instant.EPOCH, Instant.ofEpochMilli(Long.MAX_VALUE / 2))) {
                while (it.hasNext()) {
                    KeyValue<Long, Long> kv = it.next();
                    sb.append(kv.key).append('=').append(kv.value).append(';');
                }
            }
        } else if (store.equals(ClusterTopology.PROFILE_STORE)) {
            ReadOnlyKeyValueStore<String, String> profiles = streams.store(StoreQueryParameters.fromNameAndType(store,
                    QueryableStoreTypes.<String, String>keyValueStore()));
            sb.append(profiles.get(user));
        } else {
            ReadOnlySessionStore<String, Long> sessions = streams.store(StoreQueryParameters.fromNameAndType(store,
                    QueryableStoreTypes.<String, Long>sessionStore()));
            try (KeyValueIterator<Windowed<String>, Long> it = sessions.fetch(user)) {
                while (it.hasNext()) {
                    KeyValue<Windowed<String>, Long> kv = it.next();
                    sb.append(kv.key.window().start()).append('-').append(kv.key.window().end()).append('=')
                            .append(kv.value).append(';');
                }
            }
        }
        return sb.toString();
    }

    private static Map<String, String> params(URI uri) {
        Map<String, String> params = new HashMap<>();
        String q = uri.getRawQuery();
        if (q == null) return params;
        for (String pair : q.split("&")) {
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            params.put(name, value);
        }
        return params;
    }

    private static void respond(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
