package io.panrocks.kafka;

import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.StateStoreContext;
import org.apache.kafka.streams.query.FailureReason;
import org.apache.kafka.streams.query.Position;
import org.apache.kafka.streams.query.PositionBound;
import org.apache.kafka.streams.query.Query;
import org.apache.kafka.streams.query.QueryConfig;
import org.apache.kafka.streams.query.QueryResult;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * IQv2 positions: their serialized form (version 0 of Kafka's, so that the
 * position stored with the data and the one changelog records carry read
 * the same as Kafka's stores write them) and the query dispatch every store
 * shares: bound check, execution info, the position copied into the result.
 */
final class Positions {
    /** changelog record headers of Kafka's IQ consistency (KIP-796) */
    static final String CHANGELOG_VERSION_HEADER = "v";
    static final String CHANGELOG_POSITION_HEADER = "c";

    private Positions() {
    }

    static Position deserialize(ByteBuffer buffer) {
        byte version = buffer.get();
        if (version != 0) throw new IllegalArgumentException("Unknown version " + version + " when deserializing Position");
        int topics = buffer.getInt();
        Map<String, Map<Integer, Long>> map = new HashMap<>(topics * 2);
        for (int i = 0; i < topics; i++) {
            byte[] topic = new byte[buffer.getInt()];
            buffer.get(topic);
            int pairs = buffer.getInt();
            Map<Integer, Long> partitions = new HashMap<>(pairs * 2);
            for (int j = 0; j < pairs; j++) partitions.put(buffer.getInt(), buffer.getLong());
            map.put(new String(topic, StandardCharsets.UTF_8), partitions);
        }
        return Position.fromMap(map);
    }

    static byte[] serialize(Position position) {
        List<String> topics = new ArrayList<>(position.getTopics());
        List<byte[]> names = new ArrayList<>(topics.size());
        int size = 1 + Integer.BYTES;
        for (String topic : topics) {
            byte[] name = topic.getBytes(StandardCharsets.UTF_8);
            names.add(name);
            size += Integer.BYTES + name.length + Integer.BYTES
                    + (Integer.BYTES + Long.BYTES) * position.getPartitionPositions(topic).size();
        }
        ByteBuffer buffer = ByteBuffer.allocate(size).put((byte) 0).putInt(topics.size());
        for (int i = 0; i < topics.size(); i++) {
            buffer.putInt(names.get(i).length).put(names.get(i));
            Map<Integer, Long> partitions = position.getPartitionPositions(topics.get(i));
            buffer.putInt(partitions.size());
            for (Map.Entry<Integer, Long> e : partitions.entrySet()) buffer.putInt(e.getKey()).putLong(e.getValue());
        }
        return buffer.array();
    }

    /** Whether the store's position has reached the bound for the store's partition (Kafka's rule). */
    static boolean isPermitted(Position position, PositionBound bound, int partition) {
        Position b = bound.position();
        for (String topic : b.getTopics()) {
            Map<Integer, Long> bounds = b.getPartitionPositions(topic);
            if (!bounds.containsKey(partition)) continue;
            Long seen = position.getPartitionPositions(topic).get(partition);
            if (seen == null || seen < bounds.get(partition)) return false;
        }
        return true;
    }

    /** Runs a query the store knows. */
    @FunctionalInterface
    interface Handler {
        QueryResult<?> run(Query<?> query) throws Exception;
    }

    /**
     * Kafka's dispatch for a store's basic queries: a query type the store
     * does not know is UNKNOWN_QUERY_TYPE, then the bound is checked, then
     * the handler runs (its exceptions become STORE_EXCEPTION failures).
     */
    @SuppressWarnings("unchecked")
    static <R> QueryResult<R> handle(Query<R> query, PositionBound bound, QueryConfig config, StateStore store,
                                     Position position, StateStoreContext context, boolean known, Handler handler) {
        long start = config.isCollectExecutionInfo() ? System.nanoTime() : -1L;
        QueryResult<R> result;
        synchronized (position) {
            if (!known) {
                result = QueryResult.forUnknownQueryType(query, store);
            } else if (context == null || !isPermitted(position, bound, context.taskId().partition())) {
                result = QueryResult.notUpToBound(position, bound, context == null ? null : context.taskId().partition());
            } else {
                QueryResult<?> r;
                try {
                    r = handler.run(query);
                } catch (Exception e) {
                    r = QueryResult.forFailure(FailureReason.STORE_EXCEPTION, "Query " + query + " failed on store "
                            + store.name() + " (" + store.getClass().getName() + "): " + stackTrace(e));
                }
                result = (QueryResult<R>) r;
            }
            if (config.isCollectExecutionInfo()) {
                result.addExecutionInfo("Handled in " + store.getClass() + " in " + (System.nanoTime() - start) + "ns");
            }
            result.setPosition(position.copy());
        }
        return result;
    }

    private static String stackTrace(Exception e) {
        StringWriter w = new StringWriter();
        e.printStackTrace(new PrintWriter(w));
        return w.toString();
    }
}
