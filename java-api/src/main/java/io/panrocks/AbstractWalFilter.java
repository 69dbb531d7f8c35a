package io.panrocks;

import io.panrocks.internal.callbacks.WalPort;

import java.lang.foreign.MemorySegment;
import java.util.Map;

/**
 * The base of a Java {@link WalFilter}, as RocksJava's: set it with
 * {@link DBOptionsInterface#setWalFilter}, and RocksDB asks it about every
 * record of the write-ahead log it replays while the DB opens.
 *
 * <p><b>A filter that throws</b> (anything: an exception, an error, a null
 * answer) <b>fails the open</b>: it is not asked again, the replay stops
 * before the record it was asked about, and {@code RocksDB.open} throws a
 * {@link RocksDBException} with RocksDB's code {@code NotSupported}, a
 * message naming the filter and what it threw, and what it threw as its
 * cause. Nothing is dropped: the logs stay as they are, so an open without
 * the filter (or with a fixed one) replays them. A filter that threw in
 * {@link #columnFamilyLogNumberMap} fails the open even when the log holds
 * no record (the DB is opened, then closed before {@code open} throws).
 *
 * <p>Each open that uses the filter binds it anew (its upcall stubs belong to
 * that DB and are released when its engine closes); one filter object may be
 * set on several options and DBs. It owns no native memory: {@link #close()}
 * does nothing.
 */
public abstract class AbstractWalFilter implements WalFilter, AutoCloseable {

    /** A filter. */
    protected AbstractWalFilter() {
    }

    /**
     * Does nothing by default: override to learn the families' log numbers.
     *
     * @param cfLognumber the oldest log number still holding updates, by family ID
     * @param cfNameId each family's ID, by name
     */
    @Override
    public void columnFamilyLogNumberMap(Map<Integer, Long> cfLognumber,
                                         Map<String, Integer> cfNameId) {
    }

    /**
     * The filter's name; by default its class's name.
     *
     * @return the name
     */
    @Override
    public String name() {
        return getClass().getName();
    }

    /**
     * Does nothing: present so RocksJava's try-with-resources code compiles
     * unchanged. This object owns no native memory; each DB that used it
     * releases its own binding when its engine closes.
     */
    @Override
    public void close() {
    }

    /** This filter as the engine side sees it; made when an open binds it (through the bridge). */
    final WalPort port() {
        AbstractWalFilter filter = this;
        return new WalPort() {
            @Override
            public String name() {
                return filter.name();
            }

            @Override
            public void columnFamilyLogNumberMap(Map<Integer, Long> logNumberById, Map<String, Integer> idByName) {
                filter.columnFamilyLogNumberMap(logNumberById, idByName);
            }

            @Override
            public Answer logRecordFound(long logNumber, String logFileName, MemorySegment record) {
                try (WriteBatch input = WriteBatch.ofLogRecord(record); WriteBatch output = new WriteBatch()) {
                    LogRecordFoundResult r = filter.logRecordFound(logNumber, logFileName, input, output);
                    if (r == null) {
                        throw new NullPointerException("the WAL filter '" + filter.name()
                                + "' returned null from logRecordFound");
                    }
                    boolean replaced = r.batchChanged && r.walProcessingOption == WalProcessingOption.CONTINUE_PROCESSING;
                    return new Answer(r.walProcessingOption.getValue(), replaced ? output.data() : null);
                }
            }
        };
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "{" + name() + "}";
    }
}
