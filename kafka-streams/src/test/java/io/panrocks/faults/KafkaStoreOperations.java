package io.panrocks.faults;

import io.panrocks.RocksDBException;
import io.panrocks.kafka.PanrocksStores;
import io.panrocks.kafka.StoreUnderFault;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The fault matrix's operations on the Kafka stores (issue 37): a task's
 * writes and commit, and a restore of changelog batches, into a key-value
 * store and a window store beside the cell's DB, each run under the fault
 * and its store closed as Kafka closes it. The store's promise to Kafka is
 * its committed offset: once the fault is gone, the store reopens (or, after a
 * destructive fault, refuses with RocksDB's status), its committed offset is
 * at least the one a clean close made durable before the fault, every record
 * up to that offset reads back with its value, never "absent" or another
 * value (the data never falls behind the offset), and it takes writes and
 * commits again. Loaded by {@link Operation#named} through
 * {@code -Dpanrocks.faults.operations}.
 */
final class KafkaStoreOperations {
    /** A store's state across a cell's steps. */
    static final class Store {
        final Path dir;
        final boolean windowed;
        StoreUnderFault open;
        /** the offset a clean close made durable before the fault */
        final long durable;

        Store(Path dir, boolean windowed, long durable) {
            this.dir = dir;
            this.windowed = windowed;
            this.durable = durable;
        }
    }

    static {
        try {
            // a descriptor-limit cell cannot load a class from a folder later: these come from folders
            FaultCellMain.preloadClasses(PanrocksStores.class);
            FaultCellMain.preloadClasses(StoreUnderFault.class);
            FaultCellMain.preloadClasses(KafkaStoreOperations.class);
        } catch (Exception e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static final List<Operation> OPERATIONS = List.of(
            new Operation("kafka-commit", List.of("PanrocksStore.commit", "PanrocksStore.close"),
                    c -> prepare(c, false, false),
                    c -> {
                        Store s = (Store) c.result;
                        s.open.put(600, 900);
                        s.open.commit(899);
                        close(s);
                    },
                    Operation.NOTHING, KafkaStoreOperations::reopen),
            new Operation("kafka-restore", List.of("PanrocksStore.restoreBatch", "PanrocksStore.commit"),
                    c -> prepare(c, false, true),
                    c -> restoreUnderFault((Store) c.result),
                    Operation.NOTHING, KafkaStoreOperations::reopen),
            new Operation("kafka-window-restore", List.of("PanrocksWindowStore.restoreBatch", "PanrocksStore.commit"),
                    c -> prepare(c, true, true),
                    c -> restoreUnderFault((Store) c.result),
                    Operation.NOTHING, KafkaStoreOperations::reopen));

    private KafkaStoreOperations() {
    }

    /**
     * Before the fault: the cell's own DB closed; records [0, 300) written (or
     * restored) and committed at 299, the store closed cleanly (durable), then
     * opened again with [300, 600) written and not committed.
     */
    private static void prepare(Cell c, boolean windowed, boolean restored) throws RocksDBException {
        c.closeDb();
        Store s = new Store(c.side.resolve("kafka-state"), windowed, 299);
        c.result = s;
        try (StoreUnderFault first = StoreUnderFault.open(s.dir, windowed)) {
            if (restored) {
                first.restore(0, 300);
            } else {
                first.put(0, 300);
                first.commit(299);
            }
        }
        s.open = StoreUnderFault.open(s.dir, windowed);
        s.open.put(300, 600);
    }

    /** Under the fault: a restore of [600, 3000) in batches, each committed, and the close. */
    private static void restoreUnderFault(Store s) throws RocksDBException {
        s.open.restore(600, 3000);
        close(s);
    }

    private static void close(Store s) {
        StoreUnderFault open = s.open;
        s.open = null;
        open.close();
    }

    /** After the fault: see the class comment. */
    private static String reopen(Cell c, Fault fault) throws Exception {
        Store s = (Store) c.result;
        if (s.open != null) close(s); // the operation failed before its close: Kafka closes the store then
        StringBuilder after = new StringBuilder("kafka store: ");
        StoreUnderFault store;
        try {
            store = StoreUnderFault.open(s.dir, s.windowed);
        } catch (RocksDBException e) {
            if (fault.recoverable || !fault.codes.contains(e.code())) throw e;
            return after.append("reopen refused: ").append(Outcome.describe(e)).append("; ").toString();
        }
        try (store) {
            Long offset = store.committedOffset();
            if (offset == null) throw new AssertionError("the store reopened with no committed offset; " + s.durable + " was durable");
            if (offset < s.durable) throw new AssertionError("the committed offset went back from " + s.durable + " to " + offset);
            int refused = 0;
            RocksDBException first = null;
            for (long i = 0; i <= offset; i++) {
                byte[] got;
                try {
                    got = store.get(i);
                } catch (RocksDBException e) {
                    if (fault.recoverable || !fault.codes.contains(e.code())) throw e;
                    refused++;
                    if (first == null) first = e;
                    continue;
                }
                if (got == null) throw new AssertionError("record " + i + " is absent from a store committed at " + offset);
                if (!Arrays.equals(got, StoreUnderFault.value(i))) throw new AssertionError("record " + i + " reads another value");
            }
            after.append("reopened at offset ").append(offset).append(", ")
                    .append(refused == 0 ? "every record up to it read back" : refused + " reads refused (" + Outcome.describe(first) + ")");
            if (!fault.recoverable) return after.append("; ").toString();
            // it takes writes and commits again, and keeps them
            long next = offset + 1;
            store.put(next, next + 100);
            store.commit(next + 99);
        }
        try (StoreUnderFault again = StoreUnderFault.open(s.dir, s.windowed)) {
            Long offset = again.committedOffset();
            if (offset == null || offset < s.durable + 100) throw new AssertionError("a commit after the fault was lost: offset " + offset);
            if (!Arrays.equals(again.get(offset), StoreUnderFault.value(offset)))
                throw new AssertionError("the record written after the fault is lost");
            again.count(); // a full walk reads every record without error
        }
        return after.append("; wrote and committed again; ").toString();
    }
}
