package io.panrocks.matrix;

import io.panrocks.AbstractCompactionFilter;
import io.panrocks.AbstractCompactionFilterFactory;
import io.panrocks.AbstractComparator;
import io.panrocks.AbstractEventListener;
import io.panrocks.AbstractMergeOperator;
import io.panrocks.AssociativeMergeOperator;
import io.panrocks.BackgroundErrorReason;
import io.panrocks.BlockBasedTableConfig;
import io.panrocks.CompactionJobInfo;
import io.panrocks.FlushJobInfo;
import io.panrocks.MergeOperands;
import io.panrocks.NewValue;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.Status;
import io.panrocks.WriteStallInfo;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.testkit.TestBytes.bytes;

/**
 * Callbacks that override every method the engine calls: each reports to
 * the current {@link Hook} first (which may run the probe's action, once,
 * from inside that method), then behaves plainly (bytewise order,
 * concatenating merges, keep every entry, no-op listeners).
 */
final class Spies {
    private Spies() {
    }

    /** What one probe arms: the method to act in, and the action (run once, on the first call). */
    static final class Hook {
        final String method;
        final Outcome.Call action;
        final AtomicBoolean fired = new AtomicBoolean();
        final List<String> reached = new CopyOnWriteArrayList<>();
        volatile Outcome inner;
        volatile String thread;
        /** segments the armed callback received, read after it returned */
        final List<MemorySegment> arguments = new CopyOnWriteArrayList<>();

        Hook(String method, Outcome.Call action) {
            this.method = method;
            this.action = action;
        }

        boolean done() {
            return inner != null;
        }
    }

    /** The probe's hook: callbacks are bound by options, so they find it here. */
    static volatile Hook hook;

    static void fire(String method, MemorySegment... args) {
        Hook h = hook;
        if (h == null) return;
        if (!h.reached.contains(method)) h.reached.add(method);
        if (!method.equals(h.method) || !h.fired.compareAndSet(false, true)) return;
        for (MemorySegment a : args) if (a != null) h.arguments.add(a);
        h.thread = Thread.currentThread().getName();
        h.inner = Outcome.of(h.action);
    }

    // ---- the spies ---------------------------------------------------------------------------

    static final class Comparator extends AbstractComparator {
        @Override
        public String name() {
            fire("name");
            return "matrix.SpyComparator";
        }

        @Override
        public int compare(MemorySegment a, MemorySegment b) {
            fire("compare", a, b);
            return compareBytewise(a, b);
        }

        @Override
        public long findShortestSeparator(MemorySegment start, MemorySegment limit, MemorySegment out) {
            fire("findShortestSeparator", start, limit);
            return super.findShortestSeparator(start, limit, out);
        }

        @Override
        public long findShortSuccessor(MemorySegment key, MemorySegment out) {
            fire("findShortSuccessor", key);
            return super.findShortSuccessor(key, out);
        }
    }

    /** Concatenates operands after the existing value. */
    static final class Merge extends AbstractMergeOperator {
        @Override
        public String name() {
            fire("name");
            return "matrix.SpyMerge";
        }

        @Override
        public boolean fullMerge(MemorySegment key, MemorySegment existingValue, MergeOperands operands, NewValue result) {
            fire("fullMerge", key, existingValue);
            concatenate(existingValue, operands, result);
            return true;
        }

        @Override
        public boolean partialMerge(MemorySegment key, MergeOperands operands, NewValue result) {
            fire("partialMerge", key);
            concatenate(null, operands, result);
            return true;
        }

        @Override
        public boolean allowSingleOperand() {
            fire("allowSingleOperand");
            return false;
        }

        private static void concatenate(MemorySegment first, MergeOperands operands, NewValue result) {
            long size = first == null ? 0 : first.byteSize();
            for (int i = 0; i < operands.size(); i++) size += operands.get(i).byteSize();
            MemorySegment out = result.allocate(size);
            long at = 0;
            if (first != null) {
                MemorySegment.copy(first, 0, out, 0, first.byteSize());
                at = first.byteSize();
            }
            for (int i = 0; i < operands.size(); i++) {
                MemorySegment o = operands.get(i);
                MemorySegment.copy(o, 0, out, at, o.byteSize());
                at += o.byteSize();
            }
        }
    }

    static final class Associative extends AssociativeMergeOperator {
        @Override
        public String name() {
            fire("name");
            return "matrix.SpyAssociative";
        }

        @Override
        public boolean merge(MemorySegment key, MemorySegment left, MemorySegment right, NewValue result) {
            fire("merge", key, left, right);
            result.set(right);
            return true;
        }
    }

    /** A table filter that reads every table. */
    static final class TableFilterSpy extends io.panrocks.AbstractTableFilter {
        @Override
        public boolean filter(io.panrocks.TableProperties tableProperties) {
            fire("filter");
            return true;
        }
    }

    static final class Filter extends AbstractCompactionFilter {
        @Override
        public Decision filter(int level, MemorySegment key, ValueType valueType, MemorySegment value, NewValue newValue) {
            fire("filter", key, value);
            return Decision.KEEP;
        }

        @Override
        public String name() {
            fire("name");
            return "matrix.SpyFilter";
        }
    }

    static final class FilterFactory extends AbstractCompactionFilterFactory<Filter> {
        @Override
        public Filter createCompactionFilter(AbstractCompactionFilter.Context context) {
            fire("createCompactionFilter");
            return new Filter();
        }

        @Override
        public String name() {
            fire("name");
            return "matrix.SpyFilterFactory";
        }
    }

    static final class Listener extends AbstractEventListener {
        final List<Object> infos = new CopyOnWriteArrayList<>();

        @Override
        public void onFlushCompleted(RocksDB db, FlushJobInfo flushJobInfo) {
            infos.add(flushJobInfo);
            fire("onFlushCompleted");
        }

        @Override
        public void onCompactionCompleted(RocksDB db, CompactionJobInfo compactionJobInfo) {
            infos.add(compactionJobInfo);
            fire("onCompactionCompleted");
        }

        @Override
        public void onBackgroundError(BackgroundErrorReason reason, Status backgroundError) {
            infos.add(backgroundError);
            fire("onBackgroundError");
        }

        @Override
        public void onStallConditionsChanged(WriteStallInfo writeStallInfo) {
            infos.add(writeStallInfo);
            fire("onStallConditionsChanged");
        }

        // ---- the later events (flush and compaction begin, files, handles, ingestion, file I/O, recovery) ----

        /** Whether it asks for file I/O events (RocksDB then times every file operation of its DB). */
        final boolean fileIo;

        Listener() {
            this(false);
        }

        Listener(boolean fileIo) {
            this.fileIo = fileIo;
        }

        @Override
        public void onFlushBegin(RocksDB db, FlushJobInfo flushJobInfo) {
            fire("onFlushBegin");
        }

        @Override
        public void onTableFileDeleted(io.panrocks.TableFileDeletionInfo info) {
            infos.add(info);
            fire("onTableFileDeleted");
        }

        @Override
        public void onCompactionBegin(RocksDB db, CompactionJobInfo compactionJobInfo) {
            fire("onCompactionBegin");
        }

        @Override
        public void onMemTableSealed(io.panrocks.MemTableInfo info) {
            infos.add(info);
            fire("onMemTableSealed");
        }

        @Override
        public void onColumnFamilyHandleDeletionStarted(io.panrocks.ColumnFamilyHandle handle) {
            fire("onColumnFamilyHandleDeletionStarted");
        }

        @Override
        public void onExternalFileIngested(RocksDB db, io.panrocks.ExternalFileIngestionInfo info) {
            infos.add(info);
            fire("onExternalFileIngested");
        }

        @Override
        public boolean shouldBeNotifiedOnFileIO() {
            fire("shouldBeNotifiedOnFileIO");
            return fileIo;
        }

        /**
         * A file event: fires only once the trigger armed file events, as the
         * DB's open reads and writes files before the probe's target exists.
         */
        private void file(String method, io.panrocks.FileOperationInfo info) {
            if (infos.size() < 100) infos.add(info);
            if (fileEventsArmed) fire(method);
        }

        @Override
        public void onFileReadFinish(io.panrocks.FileOperationInfo info) {
            file("onFileReadFinish", info);
        }

        @Override
        public void onFileWriteFinish(io.panrocks.FileOperationInfo info) {
            file("onFileWriteFinish", info);
        }

        @Override
        public void onFileFlushFinish(io.panrocks.FileOperationInfo info) {
            file("onFileFlushFinish", info);
        }

        @Override
        public void onFileSyncFinish(io.panrocks.FileOperationInfo info) {
            file("onFileSyncFinish", info);
        }

        @Override
        public void onFileRangeSyncFinish(io.panrocks.FileOperationInfo info) {
            file("onFileRangeSyncFinish", info);
        }

        @Override
        public void onFileTruncateFinish(io.panrocks.FileOperationInfo info) {
            file("onFileTruncateFinish", info);
        }

        @Override
        public void onFileCloseFinish(io.panrocks.FileOperationInfo info) {
            file("onFileCloseFinish", info);
        }

        @Override
        public boolean onErrorRecoveryBegin(BackgroundErrorReason reason, Status backgroundError) {
            fire("onErrorRecoveryBegin");
            return true;
        }

        @Override
        public void onErrorRecoveryCompleted(Status oldBackgroundError) {
            fire("onErrorRecoveryCompleted");
        }

        // ---- table files ----

        @Override
        public void onTableFileCreated(io.panrocks.TableFileCreationInfo info) {
            infos.add(info);
            fire("onTableFileCreated");
        }

        @Override
        public void onTableFileCreationStarted(io.panrocks.TableFileCreationBriefInfo info) {
            infos.add(info);
            fire("onTableFileCreationStarted");
        }
    }

    /** Set by a file event's trigger, cleared by the next probe's options (see {@code Listener.file}). */
    static volatile boolean fileEventsArmed;

    /** A WAL filter: its methods run while a DB opens (name() when the open binds it). */
    static final class WalFilter extends io.panrocks.AbstractWalFilter {
        @Override
        public String name() {
            fire("name");
            return "matrix.SpyWalFilter";
        }

        @Override
        public void columnFamilyLogNumberMap(java.util.Map<Integer, Long> cfLognumber,
                                             java.util.Map<String, Integer> cfNameId) {
            fire("columnFamilyLogNumberMap");
        }

        @Override
        public LogRecordFoundResult logRecordFound(long logNumber, String logFileName, io.panrocks.WriteBatch batch,
                                                   io.panrocks.WriteBatch newBatch) {
            fire("logRecordFound");
            return LogRecordFoundResult.CONTINUE_UNCHANGED;
        }
    }

    /** A merge operator that refuses to merge: a flush through it is a background error. */
    static final class Refusing extends AbstractMergeOperator {
        @Override
        public String name() {
            return "matrix.Refusing";
        }

        @Override
        public boolean fullMerge(MemorySegment key, MemorySegment existingValue, MergeOperands operands, NewValue result) {
            return false;
        }
    }

    // ---- what callbacks receive, kept for the table -------------------------------------------------

    private static <T> T firstInfo(Listener l, Class<T> type) {
        for (Object o : l.infos) if (type.isInstance(o)) return type.cast(o);
        return null;
    }

    static FlushJobInfo flushJobInfo(World w) throws RocksDBException {
        Listener l = new Listener();
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setListeners(List.of(l)), w.freshPath("flushinfo"))) {
            db.put(bytes("k"), bytes("v"));
            db.flush();
        }
        return require(firstInfo(l, FlushJobInfo.class), "FlushJobInfo");
    }

    static io.panrocks.TableFileCreationInfo tableFileCreationInfo(World w) throws RocksDBException {
        Listener l = new Listener();
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setListeners(List.of(l)), w.freshPath("tableinfo"))) {
            db.put(bytes("k"), bytes("v"));
            db.flush();
        }
        return require(firstInfo(l, io.panrocks.TableFileCreationInfo.class), "TableFileCreationInfo");
    }

    /** The brief info of a file's creation start (not the full info, its subclass). */
    static io.panrocks.TableFileCreationBriefInfo tableFileCreationBriefInfo(World w) throws RocksDBException {
        Listener l = new Listener();
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setListeners(List.of(l)), w.freshPath("briefinfo"))) {
            db.put(bytes("k"), bytes("v"));
            db.flush();
        }
        for (Object o : l.infos) {
            if (o.getClass() == io.panrocks.TableFileCreationBriefInfo.class) return (io.panrocks.TableFileCreationBriefInfo) o;
        }
        throw new IllegalStateException("no TableFileCreationBriefInfo reached the listener");
    }

    static CompactionJobInfo compactionJobInfo(World w) throws RocksDBException {
        Listener l = new Listener();
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setListeners(List.of(l)), w.freshPath("compactinfo"))) {
            Triggers.compaction(db);
        }
        return require(firstInfo(l, CompactionJobInfo.class), "CompactionJobInfo");
    }

    /** The job info a compaction service is given: from a real compaction of a DB with the local-only service. */
    static io.panrocks.CompactionServiceJobInfo compactionServiceJobInfo(World w) throws RocksDBException {
        Stubs.LocalCompactionService service = new Stubs.LocalCompactionService();
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setCompactionService(service),
                w.freshPath("serviceinfo"))) {
            Triggers.compaction(db);
        }
        return require(service.first, "CompactionServiceJobInfo");
    }

    static WriteStallInfo writeStallInfo(World w) throws Exception {
        Listener l = new Listener();
        try (RocksDB db = RocksDB.open(Triggers.stallOptions().setListeners(List.of(l)), w.freshPath("stallinfo"))) {
            Triggers.stall(db, () -> firstInfo(l, WriteStallInfo.class) != null);
        }
        return require(firstInfo(l, WriteStallInfo.class), "WriteStallInfo");
    }

    static io.panrocks.TableFileDeletionInfo tableFileDeletionInfo(World w) throws Exception {
        Listener l = new Listener();
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setListeners(List.of(l)), w.freshPath("deletioninfo"))) {
            Triggers.compaction(db);
            for (int i = 0; i < 200 && firstInfo(l, io.panrocks.TableFileDeletionInfo.class) == null; i++) Thread.sleep(50);
        }
        return require(firstInfo(l, io.panrocks.TableFileDeletionInfo.class), "TableFileDeletionInfo");
    }

    static io.panrocks.MemTableInfo memTableInfo(World w) throws RocksDBException {
        Listener l = new Listener();
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setListeners(List.of(l)), w.freshPath("memtableinfo"))) {
            Triggers.flush(db);
        }
        return require(firstInfo(l, io.panrocks.MemTableInfo.class), "MemTableInfo");
    }

    static io.panrocks.ExternalFileIngestionInfo externalFileIngestionInfo(World w) throws Exception {
        Listener l = new Listener();
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setListeners(List.of(l)), w.freshPath("ingestioninfo"))) {
            Triggers.ingestion(db);
        }
        return require(firstInfo(l, io.panrocks.ExternalFileIngestionInfo.class), "ExternalFileIngestionInfo");
    }

    static io.panrocks.FileOperationInfo fileOperationInfo(World w) throws RocksDBException {
        Listener l = new Listener(true);
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setListeners(List.of(l)), w.freshPath("fileinfo"))) {
            Triggers.flush(db);
        }
        return require(firstInfo(l, io.panrocks.FileOperationInfo.class), "FileOperationInfo");
    }

    private static <T> T require(T t, String what) {
        if (t == null) throw new IllegalStateException("no " + what + " reached the listener");
        return t;
    }

    /** A merge's result object, kept past the merge. */
    static NewValue keptNewValue(World w) throws RocksDBException {
        AtomicReference<NewValue> kept = new AtomicReference<>();
        keep(w, (operands, result) -> kept.set(result));
        return kept.get();
    }

    static MergeOperands keptOperands(World w) throws RocksDBException {
        AtomicReference<MergeOperands> kept = new AtomicReference<>();
        keep(w, (operands, result) -> kept.set(operands));
        return kept.get();
    }

    private interface Keeper {
        void keep(MergeOperands operands, NewValue result);
    }

    private static void keep(World w, Keeper keeper) throws RocksDBException {
        AbstractMergeOperator op = new AbstractMergeOperator() {
            @Override
            public String name() {
                return "matrix.Keeper";
            }

            @Override
            public boolean fullMerge(MemorySegment key, MemorySegment existingValue, MergeOperands operands, NewValue result) {
                keeper.keep(operands, result);
                result.set(operands.get(0));
                return true;
            }
        };
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setMergeOperator(op), w.freshPath("keeper"))) {
            db.merge(bytes("k"), bytes("operand"));
            byte[] v = db.get(bytes("k"));
            if (v == null || v.length == 0) throw new IllegalStateException("the merge gave nothing");
        }
    }

    static Options withSmallBlocks(Options o) {
        return o.setTableFormatConfig(new BlockBasedTableConfig().setBlockSize(256)
                .setIndexShortening(io.panrocks.IndexShorteningMode.kShortenSeparatorsAndSuccessor));
    }
}
