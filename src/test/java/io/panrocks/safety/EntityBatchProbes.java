package io.panrocks.safety;

import io.panrocks.PinnedEntities;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.WideColumn;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.panrocks.safety.ProbeSupport.*;
import static io.panrocks.safety.ViewLifetimeProbes.Kept;
import static io.panrocks.safety.ViewLifetimeProbes.Layout;
import static io.panrocks.testkit.TestBytes.bytes;

/**
 * The lifetime of a {@link PinnedEntities} (multiGetEntity's one result for
 * many keys) in a child JVM, where a view read after its memory went back
 * to RocksDB would crash or read other bytes: a kept view of a forgotten
 * result keeps reading its bytes while the safety net and churn run; a
 * closed result and its views throw IllegalStateException, never read;
 * a foreign close is refused every time and changes nothing.
 */
final class EntityBatchProbes {
    private EntityBatchProbes() {
    }

    static final Probe.Catalog PROBES = new Probe.Catalog()
            .add("multiget-entity-views-outlive-forgotten-result",
                    dir -> ViewLifetimeProbes.keptViews(dir, Layout.SST, EntityBatchProbes::keepEntities))
            .add("multiget-entity-views-outlive-forgotten-result-memtable",
                    dir -> ViewLifetimeProbes.keptViews(dir, Layout.MEMTABLE, EntityBatchProbes::keepEntities))
            .add("multiget-entity-use-after-close-throws", EntityBatchProbes::useAfterClose)
            .add("multiget-entity-foreign-close-refused-every-time", EntityBatchProbes::foreignClose);

    /** Reads two keys (plain values: one default column each) and keeps their views, dropping the result. */
    static List<Kept> keepEntities(RocksDB db, Layout layout, int i) throws RocksDBException {
        String k0 = layout.key(i), k1 = layout.key((i + 1) % layout.keys);
        PinnedEntities r = db.multiGetEntity(List.of(bytes(k0), bytes(k1)));
        return List.of(new Kept(r.value(0, WideColumn.DEFAULT_NAME), valueOf(k0, layout.valueSize), "multiGetEntity value(0) of " + k0),
                new Kept(r.columns(1).get(0).value(), valueOf(k1, layout.valueSize), "multiGetEntity columns(1) of " + k1));
    }

    static String useAfterClose(Path dir) throws Exception {
        RocksDB db = ViewLifetimeProbes.small(dir);
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < 50; i++) keys.add(bytes("k" + i));
        PinnedEntities r = db.multiGetEntity(keys);
        List<MemorySegment> views = new ArrayList<>();
        for (int i = 0; i < 50; i++) views.add(r.value(i, WideColumn.DEFAULT_NAME));
        checkSame(valueOf("k7", 5000), views.get(7).toArray(ValueLayout.JAVA_BYTE), "a view before the close");
        r.close();
        // the blocks go back to RocksDB: churn so their memory is handed out again
        for (int n = 0; n < 2000; n++) db.get(bytes("k" + n % 50));
        List<String> seen = new ArrayList<>();
        for (MemorySegment v : views) seen.add(expect(IllegalStateException.class, "a view after the close", () -> v.get(ValueLayout.JAVA_BYTE, 0)));
        seen.add(expect(IllegalStateException.class, "columns(0) after the close", () -> r.columns(0)));
        seen.add(expect(IllegalStateException.class, "status(0) after the close", () -> r.status(0)));
        seen.add(expect(IllegalStateException.class, "value(0, name) after the close", () -> r.value(0, WideColumn.DEFAULT_NAME)));
        db.close();
        return seen.size() + " accesses after the close threw IllegalStateException";
    }

    static String foreignClose(Path dir) throws Exception {
        RocksDB db = ViewLifetimeProbes.small(dir);
        PinnedEntities r = db.multiGetEntity(List.of(bytes("k3"), bytes("k4")));
        MemorySegment view = r.value(0, WideColumn.DEFAULT_NAME);
        for (int attempt = 1; attempt <= 3; attempt++) {
            ViewLifetimeProbes.expectWrongThread(ViewLifetimeProbes.onOtherThread(r::close),
                    "foreign close #" + attempt + " of a PinnedEntities");
        }
        for (int n = 0; n < 500; n++) db.get(bytes("k" + n % 50));
        checkSame(valueOf("k3", 5000), view.toArray(ValueLayout.JAVA_BYTE), "the owner's kept view after refused foreign closes");
        checkSame(valueOf("k4", 5000), r.columns(1).get(0).valueBytes(), "the owner's columns(1) after refused foreign closes");
        r.close();
        expect(IllegalStateException.class, "the view after the owner's close", () -> view.get(ValueLayout.JAVA_BYTE, 0));
        db.close();
        return "3 foreign closes refused, owner read on and closed";
    }
}
