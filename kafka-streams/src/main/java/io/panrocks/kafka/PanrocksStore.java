package io.panrocks.kafka;

import io.panrocks.BlockBasedTableConfig;
import io.panrocks.BloomFilter;
import io.panrocks.CacheUsageOptions;
import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.ColumnFamilyOptions;
import io.panrocks.CompressionType;
import io.panrocks.DBOptions;
import io.panrocks.InfoLogLevel;
import io.panrocks.LRUCache;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;
import io.panrocks.WriteBatch;
import io.panrocks.WriteOptions;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.errors.ProcessorStateException;
import org.apache.kafka.streams.errors.StreamsException;
import org.apache.kafka.streams.errors.TaskCorruptedException;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.StateStoreContext;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.processor.internals.RecordBatchingStateRestoreCallback;
import org.apache.kafka.streams.query.Position;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What every panrocks state store shares: one panrocks DB per store, its
 * options (Kafka's defaults, then the {@link PanrocksConfigSetter}), a data
 * column family and an {@code offsets} family holding the store's status,
 * its committed changelog offsets and its IQ position (KIP-1035: the store
 * manages its own offsets, flushed atomically with the data), writes with
 * the WAL off (the changelog is the durability), batch restores, the
 * iterators it must close when it closes, its metrics.
 *
 * <p>Threads: the stream thread (or the state updater) writes; interactive
 * queries read from any thread at the same time. Reads take no lock;
 * writes and the position change together under the position's monitor.
 */
abstract class PanrocksStore implements StateStore {
    private static final Logger LOG = LoggerFactory.getLogger(PanrocksStore.class);

    /** Stores live in {@code <task state dir>/panrocks/<store name>}; Kafka's own use {@code rocksdb/}. */
    static final String PARENT_DIR = "panrocks";
    static final byte[] OFFSETS_FAMILY = "offsets".getBytes(StandardCharsets.UTF_8);
    static final byte[] STATUS_KEY = "status".getBytes(StandardCharsets.UTF_8);
    static final byte[] POSITION_KEY = "position".getBytes(StandardCharsets.UTF_8);
    /** the store's kind and value format, written at creation and checked at every open */
    static final byte[] FORMAT_KEY = "panrocks.format".getBytes(StandardCharsets.UTF_8);
    static final long OPEN = 1L;
    static final long CLOSED = 0L;

    static final long WRITE_BUFFER_SIZE = 16 * 1024 * 1024L;
    static final long BLOCK_CACHE_SIZE = 50 * 1024 * 1024L;
    static final long BLOCK_SIZE = 4096L;
    static final int MAX_WRITE_BUFFERS = 3;
    /**
     * Memtable arena blocks under a memory budget. The engine's default
     * (1 MiB for 16 MiB write buffers) makes every written memtable count at
     * least 1 MiB against the budget: 50 stores would hold 50 MiB of nearly
     * empty memtables and, under a small budget, flush on every few writes.
     */
    static final long BUDGET_ARENA_BLOCK_SIZE = 128 * 1024L;
    /** a reusable batch that grew past this is dropped after use, so one big putAll does not pin its memory */
    private static final long BATCH_KEEP_LIMIT = 16L << 20;

    final String name;
    final String metricsScope;
    /** what is stored, e.g. "key-value/TIMESTAMPED": a store refuses to open data written as another format */
    final String format;

    volatile boolean open;
    /**
     * The open DB, or null: not created yet (a segmented store creates it at
     * its first write), or closed. Published after the family handles and
     * write options, so a reader that sees it sees them.
     */
    volatile RocksDB db;
    /** how many times the DB has closed: an iterator made before a close ends (or throws) after it */
    volatile long closes;
    ColumnFamilyHandle data;
    ColumnFamilyHandle offsets;
    WriteOptions writeOptions;
    /** the block cache of this store alone, when the application has no memory budget */
    private LRUCache ownCache;
    /** the application's shared cache and write buffer manager, counted while this store holds them */
    private MemoryBudget memoryBudget;
    private Options options;
    private PanrocksConfigSetter configSetter;
    StoreMetrics metrics;
    StateStoreContext context;
    /** where the store stands in its input topics, for IQv2; guards writes together with their position */
    Position position = Position.emptyPosition();
    private boolean consistencyEnabled;
    private WriteBatch batch;
    /** what {@link #init} was given, for a DB opened after it */
    private Map<String, Object> initConfigs;
    private Path initStateDir;
    final Set<StoreIterator> openIterators = ConcurrentHashMap.newKeySet();

    PanrocksStore(String name, String metricsScope, String format) {
        this.name = name;
        this.metricsScope = metricsScope;
        this.format = format;
    }

    // ---- lifecycle ----------------------------------------------------------------------

    @Override
    public void init(StateStoreContext stateStoreContext, StateStore root) {
        if (open) throw new IllegalStateException("Store " + name + " is already open");
        Map<String, Object> configs = stateStoreContext.appConfigs();
        Path stateDir = stateStoreContext.stateDir().toPath();
        if (db != null) {
            // the data a restore reopened after close() (see restoreBatch): closed as close() closes it
            closes++;
            closeOpenIterators();
            closeQuietly();
        }
        if (!opensLazily() || Files.exists(stateDir.resolve(PARENT_DIR).resolve(name).resolve("CURRENT"))) {
            openDb(configs, stateDir, stateStoreContext);
        } else {
            PanrocksMemoryConfig.from(configs); // a bad memory configuration fails at init all the same
        }
        this.context = stateStoreContext;
        this.initConfigs = configs;
        this.initStateDir = stateDir;
        open = true;
        try {
            metrics = StoreMetrics.register(this, stateStoreContext, configs);
            stateStoreContext.register(root, (RecordBatchingStateRestoreCallback) this::restoreBatch, this::writePosition);
        } catch (RuntimeException e) {
            open = false;
            closeQuietly();
            throw e;
        }
        consistencyEnabled = StreamsConfig.InternalConfig.getBoolean(configs,
                StreamsConfig.InternalConfig.IQ_CONSISTENCY_OFFSET_VECTOR_ENABLED, false);
    }

    /**
     * Whether {@link #init} leaves a DB that does not exist yet to the first
     * write (Kafka's segmented stores create a segment at its first write);
     * a DB that exists opens at init either way.
     */
    boolean opensLazily() {
        return false;
    }

    /**
     * Opens the DB {@link #init} deferred, for a write (call under the
     * position's monitor). A store closed since is reopened only for what
     * Kafka's segmented stores reopen a segment for (a restore); the caller
     * checks that.
     */
    final void ensureDb() {
        if (db != null) return;
        if (initConfigs == null) throw new InvalidStateStoreException("Store " + name + " is currently closed");
        openDb(initConfigs, initStateDir, context);
        StoreMetrics m = metrics;
        if (m != null) m.dbOpened();
    }

    /** Opens the DB under {@code stateDir}; {@code context} gives the task (for EOS corruption) and may be null in tests. */
    final void openDb(Map<String, Object> configs, Path stateDir, StateStoreContext context) {
        boolean eos = StreamsConfig.EXACTLY_ONCE_V2.equals(String.valueOf(configs.get(StreamsConfig.PROCESSING_GUARANTEE_CONFIG)));
        // a bad memory configuration fails here, before any file or native object is created
        PanrocksMemoryConfig memory = PanrocksMemoryConfig.from(configs);
        Path dir = stateDir.resolve(PARENT_DIR).resolve(name);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new ProcessorStateException("Cannot create the directory of store " + name + ": " + dir, e);
        }
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        RocksDB opening;
        try {
            options = defaultOptions(memory, configs, stateDir, context);
            configSetter = newConfigSetter(configs.get(PanrocksConfigSetter.CONFIG));
            if (configSetter != null) configSetter.setConfig(name, options, configs);
            // what the store's correctness rests on, whatever the setter did
            options.setCreateIfMissing(true).setCreateMissingColumnFamilies(true).setAtomicFlush(true);
            if (StoreMetrics.debugLevel(configs) && !options.statisticsEnabled()) options.setStatisticsEnabled(true);
            ColumnFamilyOptions offsetsOptions = new ColumnFamilyOptions()
                    .setCompressionType(CompressionType.NO_COMPRESSION)
                    .setWriteBufferSize(1024 * 1024L);
            // the offsets family reads through the data's cache, not an engine-made one of its own outside the budget
            BlockBasedTableConfig dataTable = options.tableFormatConfig();
            if (dataTable != null && dataTable.blockCache() != null) {
                offsetsOptions.setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(dataTable.blockCache())
                        .setCacheIndexAndFilterBlocks(dataTable.cacheIndexAndFilterBlocks()));
            }
            opening = RocksDB.open(new DBOptions(options), dir, List.of(
                    new ColumnFamilyDescriptor("default".getBytes(StandardCharsets.UTF_8), new ColumnFamilyOptions(options)),
                    new ColumnFamilyDescriptor(OFFSETS_FAMILY, offsetsOptions)), handles);
        } catch (StreamsException e) {
            closeOptions();
            throw e;
        } catch (RocksDBException | RuntimeException e) {
            closeOptions();
            throw new ProcessorStateException("Error opening store " + name + " at location " + dir, e);
        }
        data = handles.get(0);
        offsets = handles.get(1);
        writeOptions = new WriteOptions().setDisableWAL(true);
        db = opening;
        try {
            checkFormat();
            byte[] status = db.get(offsets, STATUS_KEY);
            if (eos && status != null && decodeLong(status) == OPEN) {
                // the last run did not close the store: under EOS its data may hold uncommitted writes
                String message = "State store " + name + " didn't find a valid state, since under EOS it has the risk"
                        + " of getting uncommitted data in stores";
                ProcessorStateException cause = new ProcessorStateException(message);
                throw context != null ? new TaskCorruptedException(Set.of(context.taskId()), cause) : cause;
            }
            db.put(offsets, writeOptions, STATUS_KEY, encodeLong(OPEN));
            byte[] stored = db.get(offsets, POSITION_KEY);
            position = stored == null ? Position.emptyPosition() : Positions.deserialize(ByteBuffer.wrap(stored));
            opened();
        } catch (RocksDBException e) {
            closeQuietly();
            throw new ProcessorStateException("Error opening store " + name + " at location " + dir, e);
        } catch (RuntimeException e) {
            closeQuietly();
            throw e;
        }
    }

    /** A subclass's hook after the DB opened (segments are found here). */
    void opened() throws RocksDBException {
    }

    /**
     * Kafka's built-in store's options, on the application's memory budget
     * (shared cache with index and filter blocks in it, memtables counted by
     * the shared write buffer manager) unless it is switched off; then with a
     * block cache of the store's own, as Kafka's.
     */
    private Options defaultOptions(PanrocksMemoryConfig memory, Map<String, Object> configs, Path stateDir,
                                   StateStoreContext context) {
        BlockBasedTableConfig table = new BlockBasedTableConfig()
                .setBlockSize(BLOCK_SIZE)
                .setFilterPolicy(new BloomFilter());
        Options o = new Options();
        if (memory.enabled) {
            String applicationId = context != null ? context.applicationId()
                    : String.valueOf(configs.get(StreamsConfig.APPLICATION_ID_CONFIG));
            memoryBudget = MemoryBudget.acquire(applicationId, stateDir, memory, context != null ? context.metrics() : null);
            table.setBlockCache(memoryBudget.cache)
                    .setCacheIndexAndFilterBlocks(true)
                    .setCacheIndexAndFilterBlocksWithHighPriority(true);
            // the data family's table memory in the budget too, if asked (the offsets family's is a few KiB)
            if (memory.chargeTableMemory) table.setCacheUsageOptions(CacheUsageOptions.chargeTableMemory());
            o.setWriteBufferManager(memoryBudget.writeBufferManager)
                    .setArenaBlockSize(BUDGET_ARENA_BLOCK_SIZE);
        } else {
            ownCache = new LRUCache(BLOCK_CACHE_SIZE);
            table.setBlockCache(ownCache);
        }
        return o.setTableFormatConfig(table)
                .setRawColumnFamilyOption("optimize_filters_for_hits", "true")
                .setWriteBufferSize(WRITE_BUFFER_SIZE)
                .setCompressionType(CompressionType.NO_COMPRESSION)
                .setRawColumnFamilyOption("compaction_style", "kCompactionStyleUniversal")
                .setMaxWriteBufferNumber(MAX_WRITE_BUFFERS)
                .setErrorIfExists(false)
                .setInfoLogLevel(InfoLogLevel.ERROR_LEVEL)
                .setMaxBackgroundJobs(Math.max(Runtime.getRuntime().availableProcessors(), 2));
    }

    private static PanrocksConfigSetter newConfigSetter(Object configured) {
        if (configured == null) return null;
        Class<?> type;
        try {
            type = configured instanceof Class<?> c ? c
                    : Class.forName(configured.toString().trim(), true, Thread.currentThread().getContextClassLoader() != null
                            ? Thread.currentThread().getContextClassLoader() : PanrocksStore.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new StreamsException(PanrocksConfigSetter.CONFIG + ": no class " + configured, e);
        }
        if (!PanrocksConfigSetter.class.isAssignableFrom(type)) {
            throw new StreamsException(PanrocksConfigSetter.CONFIG + ": " + type.getName() + " is not a "
                    + PanrocksConfigSetter.class.getName());
        }
        try {
            return (PanrocksConfigSetter) type.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new StreamsException(PanrocksConfigSetter.CONFIG + ": cannot instantiate " + type.getName()
                    + " (it needs a public no-argument constructor)", e);
        }
    }

    /**
     * Refuses a DB holding data written as another kind or format of store;
     * records the format in a new one. A DB with no data takes the new format,
     * as Kafka's stores open whatever they find (e.g. a window store reopened
     * with {@code retainDuplicates} changed): there is nothing to misread.
     */
    private void checkFormat() throws RocksDBException {
        byte[] stored = db.get(offsets, FORMAT_KEY);
        byte[] mine = format.getBytes(StandardCharsets.UTF_8);
        if (stored == null || !Arrays.equals(stored, mine) && holdsNoData()) {
            db.put(offsets, writeOptions, FORMAT_KEY, mine);
        } else if (!Arrays.equals(stored, mine)) {
            throw new ProcessorStateException("Store " + name + " holds a " + new String(stored, StandardCharsets.UTF_8)
                    + " store and cannot be opened as a " + format + " store. To change a store's type, delete its"
                    + " local state (the store's directory under the task's state directory) and let Kafka Streams"
                    + " restore it from the changelog.");
        }
    }

    private boolean holdsNoData() throws RocksDBException {
        try (RocksIterator it = db.newIterator(data)) {
            it.seekToFirst();
            boolean empty = !it.isValid();
            it.status();
            return empty;
        }
    }

    @Override
    public void close() {
        // a closed store may hold a DB still: one a restore reopened (see restoreBatch)
        if (!open && db == null) return;
        synchronized (position) {
            if (!open && db == null) return;
            open = false;
            closes++;
        }
        closeOpenIterators();
        if (metrics != null) {
            metrics.close();
            metrics = null;
        }
        RocksDB d = db;
        if (d != null) {
            try {
                d.put(offsets, writeOptions, STATUS_KEY, encodeLong(CLOSED));
            } catch (RocksDBException | RuntimeException e) {
                LOG.error("Error while marking store {} closed", name, e);
            }
        }
        closeQuietly();
    }

    /** Releases the DB and everything the store created; safe on a half-open store. Leaves {@link #open} alone. */
    private void closeQuietly() {
        closedDb();
        if (batch != null) {
            batch.close();
            batch = null;
        }
        RocksDB d = db;
        if (d != null) {
            db = null;
            try {
                d.close(); // releases the family handles too
            } catch (RuntimeException e) { // UncheckedRocksDBException: the engine's close error
                LOG.error("Error while closing store {}", name, e);
            }
        }
        closeOptions();
    }

    /** A subclass's hook as the DB closes (segmented stores forget their segments: nothing is open to read). */
    void closedDb() {
    }

    private void closeOptions() {
        if (configSetter != null) {
            try {
                configSetter.close(name, options);
            } catch (RuntimeException e) {
                LOG.error("{}.close failed for store {}", configSetter.getClass().getName(), name, e);
            }
            configSetter = null;
        }
        if (ownCache != null) {
            ownCache.close();
            ownCache = null;
        }
        if (memoryBudget != null) {
            memoryBudget.release();
            memoryBudget = null;
        }
    }

    /** For tests and metrics: the application's memory budget this store uses, or null. */
    final MemoryBudget memoryBudget() {
        return memoryBudget;
    }

    private void closeOpenIterators() {
        List<StoreIterator> iterators = new ArrayList<>(openIterators);
        if (!iterators.isEmpty()) {
            LOG.warn("Closing {} open iterators for store {}", iterators.size(), name);
            for (StoreIterator it : iterators) it.closeByStore();
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean persistent() {
        return true;
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    final void validateStoreOpen() {
        if (!open) throw new InvalidStateStoreException("Store " + name + " is currently closed");
    }

    /** A panrocks call that failed because the store closed under it is the store's closed state, as Kafka says it. */
    final RuntimeException closedOr(RuntimeException e) {
        return open ? e : new InvalidStateStoreException("Store " + name + " is currently closed", e);
    }

    // ---- offsets (KIP-1035) -------------------------------------------------------------

    @Override
    @SuppressWarnings("deprecation")
    public boolean managesOffsets() {
        return true;
    }

    @Override
    public Long committedOffset(TopicPartition partition) {
        validateStoreOpen();
        RocksDB d = db;
        if (d == null) return null; // not created yet: nothing committed
        try {
            byte[] v = d.get(offsets, offsetKey(partition));
            return v == null ? null : decodeLong(v);
        } catch (RocksDBException e) {
            throw new ProcessorStateException("Error while getting committed offset for partition " + partition, e);
        } catch (IllegalStateException e) {
            throw closedOr(e);
        }
    }

    /**
     * Records the changelog offsets the data written so far corresponds to. The
     * offsets go to the {@code offsets} family without the WAL; atomic flush
     * puts them on disk only together with every write before them, so after
     * any crash the offsets on disk never run ahead of the data on disk.
     */
    @Override
    public void commit(Map<TopicPartition, Long> changelogOffsets) {
        synchronized (position) {
            if (!open) return;
            if (db == null && changelogOffsets.isEmpty()) return; // not created yet: no offsets to wipe
            try {
                ensureDb();
                WriteBatch b = batch();
                if (changelogOffsets.isEmpty()) {
                    wipeOffsets(b);
                } else {
                    for (Map.Entry<TopicPartition, Long> e : changelogOffsets.entrySet()) {
                        byte[] key = offsetKey(e.getKey());
                        if (e.getValue() == null) b.delete(offsets, key);
                        else b.put(offsets, key, encodeLong(e.getValue()));
                    }
                }
                writeBatch();
            } catch (RocksDBException e) {
                throw new ProcessorStateException("Error while executing commit from store " + name, e);
            } catch (IllegalStateException e) {
                throw closedOr(e);
            }
        }
        StoreMetrics m = metrics;
        if (m != null) m.maybeRecord();
    }

    /** Every offset goes, and the position with them (as Kafka's store does); status and format stay. */
    private void wipeOffsets(WriteBatch b) {
        try (RocksIterator it = db.newIterator(offsets)) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                byte[] key = it.keyBytes();
                if (!Arrays.equals(key, STATUS_KEY) && !Arrays.equals(key, FORMAT_KEY)) b.delete(offsets, key);
            }
        }
    }

    /** The commit callback: the position goes to disk with the next flush of the data. */
    final void writePosition() {
        validateStoreOpen();
        synchronized (position) {
            if (db == null) return; // not created yet: the position has not moved (writes create the DB)
            try {
                db.put(offsets, writeOptions, POSITION_KEY, Positions.serialize(position));
            } catch (RocksDBException e) {
                LOG.warn("Error while committing position for store {}", name, e);
            }
        }
    }

    static byte[] offsetKey(TopicPartition partition) {
        return partition.toString().getBytes(StandardCharsets.UTF_8);
    }

    static byte[] encodeLong(long v) {
        return ByteBuffer.allocate(Long.BYTES).putLong(v).array();
    }

    static long decodeLong(byte[] v) {
        if (v.length != Long.BYTES) throw new ProcessorStateException("A long must be 8 bytes, was " + v.length);
        return ByteBuffer.wrap(v).getLong();
    }

    @Override
    public Position getPosition() {
        return position;
    }

    /** As Kafka's stores: the record being processed moves the position (call under the position's monitor). */
    final void updatePosition() {
        StateStoreContext c = context;
        if (c == null) return;
        Optional<RecordMetadata> meta = c.recordMetadata();
        if (meta.isPresent() && meta.get().topic() != null) {
            position.withComponent(meta.get().topic(), meta.get().partition(), meta.get().offset());
        }
    }

    // ---- writes -------------------------------------------------------------------------

    /** One put or delete (null value), WAL off. */
    final void write(byte[] key, byte[] value) throws RocksDBException {
        if (value == null) db.delete(data, writeOptions, key);
        else db.put(data, writeOptions, key, value);
    }

    /** The store's reusable batch, cleared; use and then {@link #writeBatch()} under the position's monitor. */
    final WriteBatch batch() {
        if (batch == null) batch = new WriteBatch(64 * 1024);
        else batch.clear();
        return batch;
    }

    /** Applies {@link #batch()} in one crossing, WAL off. */
    final void writeBatch() throws RocksDBException {
        try {
            if (batch.count() > 0) db.write(writeOptions, batch);
        } finally {
            if (batch.getDataSize() > BATCH_KEEP_LIMIT) {
                batch.close();
                batch = null;
            }
        }
    }

    // ---- restore ------------------------------------------------------------------------

    /** Restores a batch of changelog records in one write, WAL off (a versioned store replays them as puts). */
    void restoreBatch(Collection<ConsumerRecord<byte[], byte[]>> records) {
        synchronized (position) {
            if (!open && !restoresWhenClosed()) validateStoreOpen();
            try {
                ensureDb();
                WriteBatch b = batch();
                beforeRestore(records);
                for (ConsumerRecord<byte[], byte[]> record : records) {
                    if (addToRestoreBatch(b, record.key(), record.value())) applyChangelogPosition(record);
                }
                writeBatch();
            } catch (RocksDBException e) {
                throw new ProcessorStateException("Error restoring batch to store " + name, e);
            } catch (IllegalStateException e) {
                throw closedOr(e);
            }
        }
    }

    /**
     * Whether a restore into a closed store is taken (reopening its DB, which
     * the store's next close closes), as Kafka's segmented stores take it; if
     * not, it throws {@code InvalidStateStoreException}.
     */
    boolean restoresWhenClosed() {
        return false;
    }

    /**
     * Whether an iterator left open when its store closes throws
     * {@code InvalidStateStoreException} on its next use (Kafka's key-value
     * store) or ends ({@code hasNext() == false}, Kafka's segmented stores).
     */
    boolean iteratorsThrowAfterClose() {
        return true;
    }

    /** A subclass's look at a restore batch before its records are added (segmented stores advance stream time). */
    void beforeRestore(Collection<ConsumerRecord<byte[], byte[]>> records) throws RocksDBException {
    }

    /** Adds one changelog record to the batch; false if the store drops it (an expired window). */
    abstract boolean addToRestoreBatch(WriteBatch b, byte[] key, byte[] value) throws RocksDBException;

    /** As Kafka's stores: with IQ consistency on, changelog records carry the position that wrote them. */
    final void applyChangelogPosition(ConsumerRecord<byte[], byte[]> record) {
        if (!consistencyEnabled) return;
        Header version = record.headers().lastHeader(Positions.CHANGELOG_VERSION_HEADER);
        if (version == null) return;
        if (version.value()[0] == 0) {
            Header vector = record.headers().lastHeader(Positions.CHANGELOG_POSITION_HEADER);
            if (vector == null) {
                throw new StreamsException("This should not happen. Consistency is enabled but the changelog "
                        + "contains records without consistency information.");
            }
            position.merge(Positions.deserialize(ByteBuffer.wrap(vector.value())));
        } else {
            LOG.warn("Changelog records have been encoded using a larger version than this server understands. "
                    + "Please upgrade your server.");
        }
    }

    // ---- reads --------------------------------------------------------------------------

    /** {@code rocksdb.estimate-num-keys} of the data; an unsigned overflow reads as Long.MAX_VALUE. */
    long approximateNumEntries() {
        validateStoreOpen();
        RocksDB d = db;
        if (d == null) return 0; // not created yet
        long n;
        try {
            n = d.getLongProperty(data, "rocksdb.estimate-num-keys");
        } catch (RocksDBException e) {
            throw new ProcessorStateException("Error fetching property from store " + name, e);
        } catch (IllegalStateException e) {
            throw closedOr(e);
        }
        return n < 0 ? Long.MAX_VALUE : n;
    }

    /** For tests: the directory of a store of this name under a task's state directory. */
    static File storeDir(File stateDir, String storeName) {
        return new File(new File(stateDir, PARENT_DIR), storeName);
    }

    /** The sensor a subclass records dropped records with (expired windows); null without metrics. */
    Sensor droppedRecordsSensor() {
        StoreMetrics m = metrics;
        return m == null ? null : m.droppedRecords();
    }
}
