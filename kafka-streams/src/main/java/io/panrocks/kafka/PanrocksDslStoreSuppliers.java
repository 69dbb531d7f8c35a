package io.panrocks.kafka;

import org.apache.kafka.streams.DslStoreFormat;
import org.apache.kafka.streams.state.DslKeyValueParams;
import org.apache.kafka.streams.state.DslSessionParams;
import org.apache.kafka.streams.state.DslStoreSuppliers;
import org.apache.kafka.streams.state.DslWindowParams;
import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;
import org.apache.kafka.streams.state.SessionBytesStoreSupplier;
import org.apache.kafka.streams.state.WindowBytesStoreSupplier;

/**
 * Puts every state store of a DSL topology on panrocks. Configure it for a
 * whole application:
 *
 * <pre>{@code
 * props.put(StreamsConfig.DSL_STORE_SUPPLIERS_CLASS_CONFIG, PanrocksDslStoreSuppliers.class);
 * }</pre>
 *
 * or for one operator with {@code Materialized.as(new PanrocksDslStoreSuppliers())}.
 * Key-value, window and session stores come in the format the DSL asks for
 * (plain, timestamped, with headers). Emit-on-window-close aggregations get
 * a regular panrocks window or session store (Kafka's built-in supplier
 * gives them a time-ordered one): their final results are the same, but
 * when several windows close at once they are emitted in key order rather
 * than in time order. Stores the DSL does not ask this class for stay
 * Kafka's: versioned stores (Kafka's {@code DslStoreSuppliers} has no hook
 * for them: a versioned table names its supplier, e.g.
 * {@code Materialized.as(PanrocksStores.versionedKeyValueStore(name, retention))}),
 * the grace-period buffer of stream-table joins, and {@code suppress()}'s
 * in-memory buffer.
 */
public class PanrocksDslStoreSuppliers implements DslStoreSuppliers {
    /** The suppliers; Kafka instantiates this class from the configuration. */
    public PanrocksDslStoreSuppliers() {
    }

    /**
     * A key-value store in the format the DSL asks for.
     *
     * @param params the DSL's request
     * @return the supplier
     */
    @Override
    public KeyValueBytesStoreSupplier keyValueStore(DslKeyValueParams params) {
        return Suppliers.keyValue(params.name(), params.dslStoreFormat());
    }

    /**
     * A window store in the format the DSL asks for (timestamped unless told otherwise).
     *
     * @param params the DSL's request
     * @return the supplier
     */
    @Override
    public WindowBytesStoreSupplier windowStore(DslWindowParams params) {
        DslStoreFormat format = params.dslStoreFormat() == null ? DslStoreFormat.TIMESTAMPED : params.dslStoreFormat();
        long retention = PanrocksStores.millis(params.retentionPeriod(), "retentionPeriod");
        return Suppliers.window(params.name(), retention, Suppliers.defaultSegmentInterval(retention),
                PanrocksStores.millis(params.windowSize(), "windowSize"), params.retainDuplicates(), format);
    }

    /**
     * A session store in the format the DSL asks for.
     *
     * @param params the DSL's request
     * @return the supplier
     */
    @Override
    public SessionBytesStoreSupplier sessionStore(DslSessionParams params) {
        return Suppliers.session(params.name(), PanrocksStores.millis(params.retentionPeriod(), "retentionPeriod"),
                params.storeFormat() == DslStoreFormat.HEADERS ? DslStoreFormat.HEADERS : DslStoreFormat.PLAIN);
    }
}
