package io.panrocks.matrix;

import io.panrocks.AbstractCompactionFilter;
import io.panrocks.AbstractCompactionFilterFactory;
import io.panrocks.AbstractEventListener;
import io.panrocks.AssociativeMergeOperator;
import io.panrocks.BackupEngineOptions;
import io.panrocks.BlockBasedTableConfig;
import io.panrocks.BloomFilter;
import io.panrocks.Cache;
import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.ColumnFamilyOptions;
import io.panrocks.CompactRangeOptions;
import io.panrocks.CompressionType;
import io.panrocks.DBOptions;
import io.panrocks.Env;
import io.panrocks.EnvOptions;
import io.panrocks.Filter;
import io.panrocks.FlushOptions;
import io.panrocks.Holder;
import io.panrocks.IngestExternalFileOptions;
import io.panrocks.LRUCache;
import io.panrocks.MergeOperator;
import io.panrocks.NewValue;
import io.panrocks.OptimisticTransactionDB;
import io.panrocks.OptimisticTransactionDBOptions;
import io.panrocks.OptimisticTransactionOptions;
import io.panrocks.Options;
import io.panrocks.Range;
import io.panrocks.RateLimiter;
import io.panrocks.ReadOptions;
import io.panrocks.RecordBatch;
import io.panrocks.RestoreOptions;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;
import io.panrocks.Snapshot;
import io.panrocks.SstFileManager;
import io.panrocks.Statistics;
import io.panrocks.Status;
import io.panrocks.Transaction;
import io.panrocks.TransactionDB;
import io.panrocks.TransactionDBOptions;
import io.panrocks.TransactionOptions;
import io.panrocks.WideColumn;
import io.panrocks.WriteBatch;
import io.panrocks.WriteBatchWithIndex;
import io.panrocks.WriteBufferManager;
import io.panrocks.WriteOptions;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

import static io.panrocks.matrix.World.KEY;
import static io.panrocks.matrix.World.VALUE;
import static io.panrocks.testkit.TestBytes.bytes;

/**
 * Valid arguments, by parameter type: one rule per type of parameter the
 * API takes (and, where one type means different things, by the method:
 * a path to open vs. a path of a DB that exists). A parameter type without
 * a rule fails the matrix with a message that says to add one here.
 *
 * <p>Arguments are made fresh for every call (a call may consume one: an
 * iterator handed over, a snapshot closed), from the world of the object
 * called, and objects of a DB come from the same DB as the receiver.
 * Segments are of an automatic (shared) arena, so that a call from another
 * thread is refused for what the receiver is, not for its arguments.
 * Callbacks handed in record the segments and buffers they receive
 * ({@link #captured}), so that the matrix can read them after the call.
 */
final class Values {
    private Values() {
    }

    /** What an argument is made for: the receiver's world and DB (null: the world's plain DB). */
    record At(World world, RocksDB db) {
        RocksDB dbOrDefault() {
            return db != null ? db : world.db();
        }
    }

    /** A segment or buffer a callback received, and its bytes at that moment. */
    record Captured(Object view, byte[] bytes) {
    }

    /** What callbacks received during the last calls. */
    static final List<Captured> captured = new CopyOnWriteArrayList<>();

    static void capture(MemorySegment s) {
        captured.add(new Captured(s, s.toArray(ValueLayout.JAVA_BYTE)));
    }

    static void capture(ByteBuffer b) {
        // a duplicate keeps the window the callback was handed (the channel then moves the original's position)
        ByteBuffer window = b.duplicate();
        byte[] bytes = new byte[window.remaining()];
        window.duplicate().get(bytes);
        captured.add(new Captured(window, bytes));
    }

    /** The arguments of a call of member with every parameter valid. */
    static Object[] valid(Executable member, At at) {
        Object[] args = new Object[member.getParameterCount()];
        for (int i = 0; i < args.length; i++) args[i] = of(member, i, at);
        return args;
    }

    /** Parameter types are "reference" when null can be passed. */
    static boolean isReference(Executable member, int i) {
        return !member.getParameterTypes()[i].isPrimitive();
    }

    /** A valid value for parameter i of member. */
    static Object of(Executable member, int i, At at) {
        Class<?> t = member.getParameterTypes()[i];
        Type generic = member.getGenericParameterTypes()[i];
        String name = member instanceof Constructor<?> ? "<init>" : member.getName();
        String owner = Surface.name(member.getDeclaringClass());
        try {
            Object v = make(member, i, t, generic, name, owner, at);
            if (v == NO_RULE) {
                throw new IllegalStateException("no valid value for parameter " + i + " (" + generic.getTypeName() + ") of "
                        + owner + "." + Surface.signature(member) + ": add a rule to io.panrocks.matrix.Values");
            }
            return v;
        } catch (RocksDBException e) {
            throw new IllegalStateException("making parameter " + i + " of " + owner + "." + Surface.signature(member), e);
        }
    }

    private static final Object NO_RULE = new Object();

    private static int ordinal(Executable member, int i, Class<?> type) {
        int n = 0;
        for (int j = 0; j < i; j++) if (member.getParameterTypes()[j] == type) n++;
        return n;
    }

    private static boolean opens(String name) {
        return name.startsWith("open") || name.equals("listColumnFamilies");
    }

    @SuppressWarnings("unchecked")
    private static Object make(Executable member, int i, Class<?> t, Type generic, String name, String owner, At at)
            throws RocksDBException {
        Class<?>[] types = member.getParameterTypes();
        World w = at.world();
        // ---- primitives
        if (t == boolean.class) return false;
        if (t == char.class) return ',';
        if (t == double.class) return 0.5;
        if (t == int.class || t == long.class) {
            long v = integer(member, i, name, owner);
            return t == int.class ? (Object) (int) v : (Object) v;
        }
        // ---- bytes
        if (t == byte[].class) {
            if (owner.equals("WriteBatch") && name.equals("<init>")) return new WriteBatch().put(KEY, VALUE).data();
            if (owner.equals("ColumnFamilyDescriptor") || name.equals("createColumnFamilyWithTtl")) {
                return bytes(w.freshName("cf"));
            }
            if (owner.equals("PinnedEntity") || owner.equals("PinnedEntities")) return bytes("c1");
            return ordinal(member, i, byte[].class) == 0 ? KEY.clone() : VALUE.clone();
        }
        if (t == byte[][].class) { // key parts, value parts, or a multiGet's keys
            return new byte[][]{ordinal(member, i, byte[][].class) == 0 ? KEY.clone() : VALUE.clone()};
        }
        if (t == int[].class) return new int[]{1, 1, 1};
        if (t == String.class) return string(member, i, name, owner, at);
        if (t == Path.class) return path(member, i, name, owner, at);
        if (t == MemorySegment.class) {
            int n = ordinal(member, i, MemorySegment.class);
            if (n == 0 && !Set.of("execute", "getAdaptive").contains(name)) return segment(KEY);
            if (Set.of("get", "execute", "getAdaptive").contains(name)) return Arena.ofAuto().allocate(4096);
            return segment(VALUE);
        }
        if (t == ByteBuffer.class) {
            int n = ordinal(member, i, ByteBuffer.class);
            boolean output = n == 1 && name.equals("get") || owner.equals("RocksIterator");
            if (output) return ByteBuffer.allocateDirect(4096);
            return ByteBuffer.allocateDirect(16).put(n == 0 ? KEY : VALUE).flip();
        }
        if (t == Duration.class) return Duration.ofSeconds(1);
        if (t == Object.class) return "an object";
        if (t == Throwable.class) return new RuntimeException("a cause");
        if (t == io.panrocks.RocksDBException.class) return new io.panrocks.RocksDBException("a failure");
        if (t.isArray() && t.getComponentType().isEnum()) {
            Object array = java.lang.reflect.Array.newInstance(t.getComponentType(), 1);
            java.lang.reflect.Array.set(array, 0, t.getComponentType().getEnumConstants()[0]);
            return array;
        }
        if (t.isEnum()) {
            if (t == CompressionType.class) return CompressionType.NO_COMPRESSION;
            // the engine's default: a probe changes no thread's level ("UNINITIALIZED" is not a level)
            if (t == io.panrocks.PerfLevel.class) return io.panrocks.PerfLevel.ENABLE_COUNT;
            return t.getEnumConstants()[0];
        }
        if (t == List.class || t == java.util.Collection.class) return list(member, i, element(generic), name, owner, at);
        if (t == Set.class && element(generic) == Cache.class) return new java.util.HashSet<>(Set.of(new LRUCache(1 << 20)));
        if (t == io.panrocks.StatisticsCollectorCallback.class) return new Stubs.QuietStatisticsCallback();
        // ---- callbacks handed in: they record what they receive
        if (t == Function.class) return (Function<MemorySegment, Object>) s -> {
            capture(s);
            return s.byteSize();
        };
        if (t == io.panrocks.RocksIterator.EntryVisitor.class) return (io.panrocks.RocksIterator.EntryVisitor) (k, v) -> {
            capture(k);
            capture(v);
            return true;
        };
        if (t == RecordBatch.RecordVisitor.class) return (RecordBatch.RecordVisitor) (k, v) -> {
            capture(k);
            capture(v);
        };
        if (t == WriteBatch.RecordVisitor.class) return (WriteBatch.RecordVisitor) (type, cf, k, v) -> {
            capture(k);
            capture(v);
            return true;
        };
        if (t == WriteBatch.Handler.class) return new Stubs.QuietHandler();
        if (t == WritableByteChannel.class) return new Stubs.CapturingChannel();
        if (t == AssociativeMergeOperator.Step.class) return (AssociativeMergeOperator.Step) (k, l, r, result) -> {
            result.set(r);
            return true;
        };
        // ---- options and plain values
        if (t == ReadOptions.class) return new ReadOptions();
        if (t == WriteOptions.class) return new WriteOptions();
        if (t == Options.class) return World.options();
        if (t == DBOptions.class) return new DBOptions(World.options());
        if (t == ColumnFamilyOptions.class) return new ColumnFamilyOptions(World.options());
        if (t == FlushOptions.class) return new FlushOptions();
        if (t == CompactRangeOptions.class) return new CompactRangeOptions();
        if (t == IngestExternalFileOptions.class) return new IngestExternalFileOptions();
        if (t == TransactionOptions.class) return new TransactionOptions();
        if (t == TransactionDBOptions.class) return new TransactionDBOptions();
        if (t == OptimisticTransactionOptions.class) return new OptimisticTransactionOptions();
        if (t == OptimisticTransactionDBOptions.class) return new OptimisticTransactionDBOptions();
        if (t == RestoreOptions.class) return new RestoreOptions();
        if (t == EnvOptions.class) return new EnvOptions();
        if (t == BackupEngineOptions.class) return new BackupEngineOptions(w.freshDir("backup-options"));
        if (t == BlockBasedTableConfig.class) return new BlockBasedTableConfig();
        if (t == io.panrocks.TableFormatConfig.class) return new BlockBasedTableConfig();
        if (t == io.panrocks.PlainTableConfig.class) return new io.panrocks.PlainTableConfig();
        if (t == io.panrocks.LoggerInterface.class || t == io.panrocks.Logger.class) return new Stubs.QuietLogger();
        if (t == io.panrocks.MutableColumnFamilyOptions.class) {
            return io.panrocks.MutableColumnFamilyOptions.builder().setWriteBufferSize(64 << 20).build();
        }
        if (t == java.util.Properties.class) {
            java.util.Properties p = new java.util.Properties();
            if (owner.equals("DBOptions")) p.setProperty("max_open_files", "100");
            else p.setProperty("write_buffer_size", "1048576");
            return p;
        }
        if (t == io.panrocks.MemTableConfig.class) return new io.panrocks.SkipListMemTableConfig();
        if (t == io.panrocks.CompactionOptionsUniversal.class) return new io.panrocks.CompactionOptionsUniversal();
        if (t == io.panrocks.CompactionOptionsFIFO.class) return new io.panrocks.CompactionOptionsFIFO();
        if (t == io.panrocks.CompressionOptions.class) return new io.panrocks.CompressionOptions();
        if (t == io.panrocks.CacheUsageOptions.class) return io.panrocks.CacheUsageOptions.chargeTableMemory();
        if (t == io.panrocks.ComparatorOptions.class) return new io.panrocks.ComparatorOptions();
        if (t == io.panrocks.ConfigOptions.class) return new io.panrocks.ConfigOptions();
        if (t == io.panrocks.MutableDBOptions.class) return io.panrocks.MutableDBOptions.builder().setBytesPerSync(0).build();
        if (t == Filter.class) return new BloomFilter(10);
        if (t == Holder.class) return new Holder<>();
        if (t == Range.class) return new Range(KEY, VALUE);
        if (t == WideColumn.class) return WideColumn.of("c1", VALUE);
        if (t == ColumnFamilyDescriptor.class) return new ColumnFamilyDescriptor(bytes(w.freshName("cf")));
        if (t == io.panrocks.CompactionJobStats.class) return new io.panrocks.CompactionJobStats();
        if (t == io.panrocks.CompactionJobInfo.class) return new io.panrocks.CompactionJobInfo();
        if (t == io.panrocks.CompactionOptions.class) return new io.panrocks.CompactionOptions();
        if (t == io.panrocks.ImportColumnFamilyOptions.class) return new io.panrocks.ImportColumnFamilyOptions();
        if (t == io.panrocks.SstPartitionerFactory.class) return new io.panrocks.SstPartitionerFixedPrefixFactory(4);
        if (t == io.panrocks.ConcurrentTaskLimiter.class) return new io.panrocks.ConcurrentTaskLimiterImpl("limiter", 2);
        if (t == io.panrocks.ExportImportFilesMetaData.class) return export(w, at.dbOrDefault());
        if (t == io.panrocks.AbstractSlice.class) {
            return new io.panrocks.Slice(ordinal(member, i, io.panrocks.AbstractSlice.class) == 0 ? KEY : VALUE);
        }
        if (t == Status.class) return new Status(Status.Code.Ok, Status.SubCode.None, Status.Severity.NoError, "ok");
        if (t == Env.class) return Env.getDefault();
        if (t == MergeOperator.class) return new MergeOperator.UInt64AddOperator();
        if (t == io.panrocks.AbstractComparator.class) return new World.JavaBytewise();
        if (t == AbstractCompactionFilter.class) return new Stubs.KeepAll();
        if (t == AbstractCompactionFilterFactory.class) return new Stubs.KeepAllFactory();
        if (t == AbstractEventListener.class) return new Stubs.QuietListener();
        if (t == io.panrocks.AbstractWalFilter.class || t == io.panrocks.WalFilter.class) return new Stubs.ContinueWalFilter();
        if (t == io.panrocks.CompactionService.class) return new Stubs.LocalCompactionService();
        if (t == io.panrocks.OpenAndCompactOptions.class) return new io.panrocks.OpenAndCompactOptions();
        // a program's arguments (CompactionWorker.main): no directory, refused before anything runs
        if (t == String[].class) return new String[0];
        if (t == io.panrocks.CompactionServiceJobStatus.class) return io.panrocks.CompactionServiceJobStatus.USE_LOCAL;
        if (t == io.panrocks.WalProcessingOption.class) return io.panrocks.WalProcessingOption.CONTINUE_PROCESSING;
        if (t == io.panrocks.AbstractTableFilter.class) return new Stubs.ReadAllTables();
        if (t == AbstractCompactionFilter.Context.class) return new AbstractCompactionFilter.Context(false, true, 0);
        // ---- shared native objects (each its own)
        if (t == Statistics.class) return new Statistics();
        if (t == Cache.class) return new LRUCache(1 << 20);
        if (t == RateLimiter.class) return new RateLimiter(1 << 20);
        if (t == SstFileManager.class) return new SstFileManager(Env.getDefault());
        if (t == WriteBufferManager.class) return new WriteBufferManager(1 << 20, new LRUCache(1 << 20));
        // ---- objects of the receiver's DB
        if (t == RocksDB.class) return at.dbOrDefault();
        if (t == ColumnFamilyHandle.class) {
            RocksDB db = at.dbOrDefault();
            if (name.startsWith("drop") || name.startsWith("destroy")) {
                return db.createColumnFamily(new ColumnFamilyDescriptor(bytes(w.freshName("dropped"))));
            }
            // the default family, so that null (documented: the default family) names the same one as the base
            if (name.equals("newIteratorWithBase")) return db.getDefaultColumnFamily();
            return w.cf(db);
        }
        if (t == Snapshot.class) return at.dbOrDefault().getSnapshot();
        if (t == RocksIterator.class) {
            // a base iterator over the family the call names
            boolean family = Arrays.asList(member.getParameterTypes()).contains(ColumnFamilyHandle.class)
                    && !name.equals("newIteratorWithBase");
            RocksDB db = at.dbOrDefault();
            return family ? db.newIterator(w.cf(db)) : db.newIterator();
        }
        if (t == WriteBatch.class) return new WriteBatch().put(bytes(w.freshName("batched")), VALUE);
        if (t == WriteBatchWithIndex.class) {
            WriteBatchWithIndex batch = new WriteBatchWithIndex();
            batch.put(bytes(w.freshName("indexed")), VALUE);
            return batch;
        }
        if (t == Transaction.class) return endedTransaction(at);
        // callback arguments exist only inside a callback: the matrix never passes them
        if (t == NewValue.class || t == io.panrocks.MergeOperands.class) return null;
        return NO_RULE;
    }

    /** A transaction of the receiver's DB that has ended (what beginTransaction may reuse). */
    private static Transaction endedTransaction(At at) throws RocksDBException {
        RocksDB db = at.db();
        Transaction t;
        if (db instanceof OptimisticTransactionDB o) t = o.beginTransaction(new WriteOptions());
        else if (db instanceof TransactionDB p) t = p.beginTransaction(new WriteOptions());
        else t = at.world().transactionDb().beginTransaction(new WriteOptions());
        t.commit();
        return t;
    }

    static MemorySegment segment(byte[] bytes) {
        return Arena.ofAuto().allocateFrom(ValueLayout.JAVA_BYTE, bytes);
    }

    private static long integer(Executable member, int i, String name, String owner) {
        Class<?>[] types = member.getParameterTypes();
        // (byte[] array, int offset, int length): the whole 3-byte array
        if (i >= 1 && types[i - 1] == byte[].class && types[i] == int.class) return 0;
        if (i >= 2 && types[i - 2] == byte[].class && types[i - 1] == int.class && types[i] == int.class) return 3;
        if (Set.of("MultiGet", "RecordBatch", "MergeOperands", "PinnedEntities").contains(owner)) return 0;  // an index
        if (owner.equals("NewValue")) return 0;
        if (name.equals("compactFiles")) return types[i - 1] == int.class ? 0 : 1;  // output level 1, output path 0
        // one slice serves every probe of a kind, and clear() empties it: prefixes and lengths of 0 fit any
        if (owner.equals("Slice") || owner.equals("DirectSlice") || owner.equals("AbstractSlice")) return 0;
        if (name.equals("poll") || name.equals("next")) return types[i] == int.class ? 10 : 1 << 20;  // records, bytes
        if (owner.equals("LogConsumer") || owner.equals("RecordLog")) return 0;             // an offset
        if (owner.equals("BackupEngine")) return name.equals("purgeOldBackups") ? 5 : 1;    // backup 1 exists
        if (name.equals("<init>") && (owner.equals("WriteBatch") || owner.equals("WriteBatchWithIndex"))) return 64;
        if (types[i] == long.class) return 4096;
        return 1;
    }

    private static String string(Executable member, int i, String name, String owner, At at) {
        World w = at.world();
        switch (name) {
            case "getProperty", "getLongProperty", "getAggregatedLongProperty" :
                return "rocksdb.estimate-num-keys";
            case "getTickerCount", "getAndResetTickerCount" :
                return "rocksdb.block.cache.miss";
            case "getHistogramData", "getHistogramString" :
                return "rocksdb.db.get.micros";
            case "setRawDBOption", "rawDBOption" :
                return i == 0 ? "max_open_files" : "100";
            case "setRawColumnFamilyOption", "rawColumnFamilyOption" :
                return i == 0 ? "max_write_buffer_number" : "3";
            case "setName", "getTransactionByName" :
                return w.freshName("txn");
            case "setMergeOperatorName" :
                return "stringappend";
            case "consumer", "columnFamilies" :
                return w.freshName("log");
            case "setWalDir", "setDbLogDir" :
                return w.freshDir("dir").toString();
            case "loadLatestOptions", "getLatestOptionsFileName" :
                return w.closedDbPath().toString();
            case "loadOptionsFromFile" :
                try (var files = java.nio.file.Files.list(w.closedDbPath())) {
                    return files.filter(f -> f.getFileName().toString().startsWith("OPTIONS-")).findFirst().orElseThrow()
                            .toString();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            case "setDailyOffpeakTimeUTC" :
                return "01:00-02:00";
            case "parse" :
                return owner.equals("MutableDBOptions") ? "max_open_files=100" : "write_buffer_size=1048576";
            case "of" :
                return w.freshName("name");
            default :
                break;
        }
        if (owner.equals("RocksDBException") || owner.equals("Status")) return "text";
        if (name.equals("createNewBackupWithMetadata")) return "metadata";
        // a path given as a string: the same rules as a Path
        return path(member, i, name, owner, at).toString();
    }

    private static Path path(Executable member, int i, String name, String owner, At at) {
        World w = at.world();
        int n = 0;
        for (int j = 0; j < i; j++) {
            Class<?> p = member.getParameterTypes()[j];
            if (p == Path.class || p == String.class) n++;
        }
        if (name.startsWith("openReadOnly") || name.equals("listColumnFamilies")) return w.closedDbPath();
        if (name.equals("openAsSecondary")) return n == 0 ? w.closedDbPath() : w.freshPath("secondary");
        if (name.startsWith("restoreDb")) return w.freshPath("restored");    // the WAL folder: its own fresh one
        if (owner.equals("SstFileWriter")) return w.freshPath("file").resolveSibling(w.freshName("written") + ".sst");
        if (owner.equals("SstFileReader")) {
            try {
                return Path.of(Table.sstFile(w)); // a file to read
            } catch (io.panrocks.RocksDBException e) {
                throw new IllegalStateException(e);
            }
        }
        if (owner.equals("BackupEngineOptions")) return w.freshDir("backups");
        return w.freshPath(opens(name) ? "opened" : "path");
    }

    private static Type element(Type generic) {
        if (generic instanceof ParameterizedType p) {
            Type e = p.getActualTypeArguments()[0];
            if (e instanceof WildcardType wild) e = wild.getUpperBounds()[0];
            return e;
        }
        return Object.class;
    }

    private static Object list(Executable member, int i, Type element, String name, String owner, At at)
            throws RocksDBException {
        World w = at.world();
        List<Object> out = new ArrayList<>();
        if (element == byte[].class) {
            out.add(name.equals("createColumnFamilies") ? bytes(w.freshName("cf")) : KEY.clone());
        } else if (element == ColumnFamilyHandle.class) {
            if (opens(name)) return new ArrayList<>();    // receives the handles
            RocksDB db = at.dbOrDefault();
            out.add(name.startsWith("drop")
                    ? db.createColumnFamily(new ColumnFamilyDescriptor(bytes(w.freshName("dropped"))))
                    : db.getDefaultColumnFamily());
        } else if (element == ColumnFamilyDescriptor.class) {
            out.add(opens(name) ? new ColumnFamilyDescriptor(bytes("default")) : new ColumnFamilyDescriptor(bytes(w.freshName("cf"))));
        } else if (element == ByteBuffer.class) {
            // multiGetByteBuffers(..., keys, values): the last list receives the values
            boolean values = listOrdinal(member, i) == countLists(member) - 1 && listOrdinal(member, i) > 0
                    && member.getParameterTypes()[i - 1] == List.class;
            out.add(values ? ByteBuffer.allocateDirect(4096) : ByteBuffer.allocateDirect(16).put(KEY).flip());
        } else if (element == WideColumn.class) {
            out.add(WideColumn.of("c1", VALUE));
        } else if (element == Range.class) {
            out.add(new Range(KEY, VALUE));
        } else if (element == String.class && name.equals("compactFiles")) {
            // the DB's level-0 files: the compaction runs
            RocksDB db = at.dbOrDefault();
            db.flush();
            for (io.panrocks.LiveFileMetaData f : db.getLiveFilesMetaData()) {
                if (f.level() == 0 && new String(f.columnFamilyName()).equals("default")) out.add(f.fileName());
            }
        } else if (element == io.panrocks.ExportImportFilesMetaData.class) {
            out.add(export(w, at.dbOrDefault()));
        } else if (element == String.class) {
            out.add(w.sstFile().toString());
        } else if (element == Integer.class) {
            out.add(100_000);
        } else if (element == CompressionType.class) {
            out.add(CompressionType.NO_COMPRESSION);
        } else if (element == io.panrocks.DbPath.class) {
            out.add(new io.panrocks.DbPath(w.freshDir("data"), 1L << 30));
        } else if (element == AbstractEventListener.class) {
            out.add(new Stubs.QuietListener());
        } else if (element == RocksDB.class) {
            out.add(at.dbOrDefault());
        } else if (element == io.panrocks.StatsCollectorInput.class) {
            out.add(new io.panrocks.StatsCollectorInput(new Statistics(), new Stubs.QuietStatisticsCallback()));
        } else {
            return NO_RULE;
        }
        return out;
    }

    /** An export of a DB's default family, for an import. */
    private static io.panrocks.ExportImportFilesMetaData export(World w, RocksDB db) throws RocksDBException {
        return io.panrocks.Checkpoint.create(db).exportColumnFamily(db.getDefaultColumnFamily(), w.freshPath("export"));
    }

    private static int countLists(Executable member) {
        int n = 0;
        for (Class<?> p : member.getParameterTypes()) if (p == List.class) n++;
        return n;
    }

    private static int listOrdinal(Executable member, int i) {
        return ordinal(member, i, List.class);
    }

    /** A list of one null element, for parameter i (a List): what the element probes pass. */
    static List<Object> listWithNull() {
        List<Object> l = new ArrayList<>();
        l.add(null);
        return l;
    }
}
