package io.panrocks;

import io.panrocks.testkit.ForkedJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The compatibility claim, checked the way a user would: realistic RocksJava
 * code (families opened by a String path, options with getters, a
 * statistics object, flush and compact-range options, a write batch with
 * log data walked by a {@code WriteBatch.Handler}, an iterator with refresh,
 * caches, a write buffer manager, a rate limiter, an SST file manager,
 * multiGetByteBuffers) is compiled with javax.tools against RocksJava
 * (proving it is RocksJava code), then, with only {@code org.rocksdb}
 * renamed to {@code io.panrocks}, against panrocks, and run against
 * panrocks' engine with its results checked.
 */
class RocksJavaSourceTest {
    @TempDir
    Path dir;

    static final String KV_STORE = """
            import org.rocksdb.*;

            import java.nio.ByteBuffer;
            import java.nio.charset.StandardCharsets;
            import java.util.ArrayList;
            import java.util.Arrays;
            import java.util.List;

            /** A small event store, written the way RocksJava users write one. */
            public class KvStore {
                static {
                    RocksDB.loadLibrary();
                }

                static final class CountingHandler extends WriteBatch.Handler {
                    int puts, deletes, logs;

                    @Override public void put(int cf, byte[] key, byte[] value) throws RocksDBException { puts++; }
                    @Override public void put(byte[] key, byte[] value) { puts++; }
                    @Override public void merge(int cf, byte[] key, byte[] value) throws RocksDBException { }
                    @Override public void merge(byte[] key, byte[] value) { }
                    @Override public void delete(int cf, byte[] key) throws RocksDBException { deletes++; }
                    @Override public void delete(byte[] key) { deletes++; }
                    @Override public void singleDelete(int cf, byte[] key) throws RocksDBException { }
                    @Override public void singleDelete(byte[] key) { }
                    @Override public void deleteRange(int cf, byte[] begin, byte[] end) throws RocksDBException { }
                    @Override public void deleteRange(byte[] begin, byte[] end) { }
                    @Override public void logData(byte[] blob) { logs++; }
                    @Override public void putBlobIndex(int cf, byte[] key, byte[] value) throws RocksDBException { }
                    @Override public void markBeginPrepare() throws RocksDBException { }
                    @Override public void markEndPrepare(byte[] xid) throws RocksDBException { }
                    @Override public void markNoop(boolean emptyBatch) throws RocksDBException { }
                    @Override public void markRollback(byte[] xid) throws RocksDBException { }
                    @Override public void markCommit(byte[] xid) throws RocksDBException { }
                    @Override public void markCommitWithTimestamp(byte[] xid, byte[] ts) throws RocksDBException { }
                }

                public static String run(String path) throws RocksDBException {
                    StringBuilder out = new StringBuilder();
                    final List<ColumnFamilyHandle> handles = new ArrayList<>();
                    try (Statistics stats = new Statistics();
                         LRUCache cache = new LRUCache(8 * 1024 * 1024);
                         DBOptions dbOptions = new DBOptions()
                                 .setCreateIfMissing(true)
                                 .setCreateMissingColumnFamilies(true)
                                 .setStatistics(stats)
                                 .setMaxBackgroundJobs(3)
                                 .setBytesPerSync(1024 * 1024);
                         ColumnFamilyOptions cfOptions = new ColumnFamilyOptions()
                                 .setWriteBufferSize(4 * 1024 * 1024)
                                 .setMaxWriteBufferNumber(3)
                                 .setCompressionType(CompressionType.LZ4_COMPRESSION)
                                 .setLevelCompactionDynamicLevelBytes(false)) {
                        cfOptions.setCompactionStyle(CompactionStyle.LEVEL);
                        cfOptions.setTableFormatConfig(new BlockBasedTableConfig()
                                .setBlockCache(cache)
                                .setFilterPolicy(new BloomFilter(10))
                                .setBlockSize(16 * 1024));
                        stats.setStatsLevel(StatsLevel.EXCEPT_DETAILED_TIMERS);
                        List<ColumnFamilyDescriptor> descriptors = Arrays.asList(
                                new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, cfOptions),
                                new ColumnFamilyDescriptor("events".getBytes(StandardCharsets.UTF_8), cfOptions));
                        try (RocksDB db = RocksDB.open(dbOptions, path, descriptors, handles)) {
                            ColumnFamilyHandle events = handles.get(1);
                            try (WriteOptions writeOptions = new WriteOptions().setSync(false);
                                 WriteBatch batch = new WriteBatch()) {
                                for (int i = 0; i < 100; i++) {
                                    batch.put(events, ("key" + i).getBytes(StandardCharsets.UTF_8),
                                            ("value" + i).getBytes(StandardCharsets.UTF_8));
                                }
                                batch.delete(events, "key5".getBytes(StandardCharsets.UTF_8));
                                batch.putLogData("audit".getBytes(StandardCharsets.UTF_8));
                                CountingHandler handler = new CountingHandler();
                                batch.iterate(handler);
                                out.append("batch=").append(handler.puts).append('/').append(handler.deletes).append('/')
                                        .append(handler.logs).append(' ');
                                db.write(writeOptions, batch);
                            }
                            try (FlushOptions flushOptions = new FlushOptions().setWaitForFlush(true)) {
                                db.flush(flushOptions, events);
                            }
                            try (CompactRangeOptions compact = new CompactRangeOptions()
                                    .setChangeLevel(true)
                                    .setTargetLevel(1)
                                    .setBottommostLevelCompaction(CompactRangeOptions.BottommostLevelCompaction.kForce)) {
                                db.compactRange(events, null, null, compact);
                            }
                            int count = 0;
                            ByteBuffer key = ByteBuffer.allocateDirect(64);
                            try (ReadOptions readOptions = new ReadOptions().setFillCache(true);
                                 RocksIterator it = db.newIterator(events, readOptions)) {
                                for (it.seekToFirst(); it.isValid(); it.next()) {
                                    key.clear();
                                    it.key(key);
                                    count++;
                                }
                                it.status();
                                db.put(events, "zzz".getBytes(StandardCharsets.UTF_8), "last".getBytes(StandardCharsets.UTF_8));
                                it.refresh();
                                it.seekToLast();
                                key.clear();
                                int length = it.key(key);
                                byte[] last = new byte[length];
                                key.get(last);
                                out.append("last=").append(new String(last, StandardCharsets.UTF_8)).append(' ');
                            }
                            out.append("keys=").append(count)
                                    .append(" written=").append(stats.getTickerCount(TickerType.NUMBER_KEYS_WRITTEN))
                                    .append(" writeBuffer=").append(cfOptions.writeBufferSize())
                                    .append(" style=").append(cfOptions.compactionStyle())
                                    .append(" jobs=").append(dbOptions.maxBackgroundJobs())
                                    .append(" bytesPerSync=").append(dbOptions.bytesPerSync())
                                    .append(" level1=").append(db.getProperty(events, "rocksdb.num-files-at-level1"))
                                    .append(" value=").append(new String(db.get(events, "key7".getBytes(StandardCharsets.UTF_8)),
                                            StandardCharsets.UTF_8));
                            for (ColumnFamilyHandle handle : handles) handle.close();
                        }
                    }
                    return out.toString();
                }
            }
            """;

    static final String TUNED_SERVICE = """
            import org.rocksdb.*;

            import java.nio.ByteBuffer;
            import java.nio.charset.StandardCharsets;
            import java.util.ArrayList;
            import java.util.List;

            /** Shared memory budgets and limits, and the byte-buffer MultiGet. */
            public class TunedService {
                public static String run(String path) throws RocksDBException {
                    try (Cache cache = new ClockCache(16 * 1024 * 1024);
                         WriteBufferManager writeBufferManager = new WriteBufferManager(8 * 1024 * 1024, cache);
                         RateLimiter rateLimiter = new RateLimiter(64 * 1024 * 1024);
                         SstFileManager sstFileManager = new SstFileManager(Env.getDefault());
                         Statistics statistics = new Statistics();
                         Options options = new Options()
                                 .setCreateIfMissing(true)
                                 .setWriteBufferManager(writeBufferManager)
                                 .setRateLimiter(rateLimiter)
                                 .setSstFileManager(sstFileManager)
                                 .setStatistics(statistics)
                                 .setMaxOpenFiles(256)
                                 .setCompactionPriority(CompactionPriority.MinOverlappingRatio)
                                 .setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(cache))) {
                        StringBuilder out = new StringBuilder();
                        try (RocksDB db = RocksDB.open(options, path)) {
                            db.put("alpha".getBytes(StandardCharsets.UTF_8), "first value".getBytes(StandardCharsets.UTF_8));
                            db.put("beta".getBytes(StandardCharsets.UTF_8), "second".getBytes(StandardCharsets.UTF_8));
                            db.flush(new FlushOptions().setWaitForFlush(true));
                            List<ByteBuffer> keys = new ArrayList<>();
                            List<ByteBuffer> values = new ArrayList<>();
                            for (String k : new String[]{"alpha", "missing", "beta"}) {
                                ByteBuffer key = ByteBuffer.allocateDirect(16);
                                key.put(k.getBytes(StandardCharsets.UTF_8)).flip();
                                keys.add(key);
                                values.add(ByteBuffer.allocateDirect(32));
                            }
                            List<ByteBufferGetStatus> results = db.multiGetByteBuffers(keys, values);
                            db.get("beta".getBytes(StandardCharsets.UTF_8));
                            for (ByteBufferGetStatus r : results) {
                                out.append(r.status.getCode()).append(':').append(r.requiredSize);
                                if (r.value != null) {
                                    byte[] v = new byte[r.value.remaining()];
                                    r.value.get(v);
                                    out.append(':').append(new String(v, StandardCharsets.UTF_8));
                                }
                                out.append(' ');
                            }
                            Holder<byte[]> holder = new Holder<>();
                            out.append("mayExist=").append(db.keyMayExist("alpha".getBytes(StandardCharsets.UTF_8), holder));
                            out.append(" sst=").append(sstFileManager.getTotalSize() > 0);
                            out.append(" limited=").append(rateLimiter.getTotalBytesThrough() > 0);
                            out.append(" budget=").append(writeBufferManager.allowStall());
                            out.append(" openFiles=").append(options.maxOpenFiles());
                            out.append(" priority=").append(options.compactionPriority());
                            out.append(" gets=").append(statistics.getHistogramData(HistogramType.DB_GET).getCount() > 0);
                            out.append(" cacheUsed=").append(cache.getUsage() > 0);
                        }
                        List<byte[]> families = RocksDB.listColumnFamilies(options, path);
                        try (RocksDB readOnly = RocksDB.openReadOnly(options, path)) {
                            out.append(" families=").append(families.size()).append(' ').append(
                                    new String(readOnly.get("beta".getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8));
                        }
                        return out.toString();
                    }
                }
            }
            """;

    /** A source file in memory. */
    static final class Source extends SimpleJavaFileObject {
        private final String code;

        Source(String className, String code) {
            super(URI.create("string:///" + className + ".java"), Kind.SOURCE);
            this.code = code;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return code;
        }
    }

    /** Compiles the sources against classPath into out; fails with the compiler's messages. */
    static void compile(List<Source> sources, Path classPath, Path out, String against) throws Exception {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        assertNotNull(compiler, "the test runs on a JDK");
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, Locale.ROOT,
                StandardCharsets.UTF_8)) {
            Files.createDirectories(out);
            files.setLocationFromPaths(StandardLocation.CLASS_OUTPUT, List.of(out));
            files.setLocationFromPaths(StandardLocation.CLASS_PATH, List.of(classPath));
            boolean ok = compiler.getTask(null, files, diagnostics, List.of("-proc:none", "-Xlint:none"), null, sources)
                    .call();
            if (!ok) {
                StringBuilder sb = new StringBuilder("does not compile against " + against + ":\n");
                for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                    if (d.getKind() == Diagnostic.Kind.ERROR) {
                        sb.append(d.getSource() == null ? "" : d.getSource().getName()).append(':')
                                .append(d.getLineNumber()).append(": ").append(d.getMessage(Locale.ROOT)).append('\n');
                    }
                }
                fail(sb.toString());
            }
        }
    }

    static List<Source> sources(boolean renamed) {
        List<Source> sources = new ArrayList<>();
        for (String[] s : new String[][]{{"KvStore", KV_STORE}, {"TunedService", TUNED_SERVICE}}) {
            sources.add(new Source(s[0], renamed ? s[1].replace("org.rocksdb", "io.panrocks") : s[1]));
        }
        return sources;
    }

    @Test
    void rocksJavaCodeCompilesAgainstRocksJava() throws Exception {
        Path rocksJava = ForkedJvm.location(Class.forName("org.rocksdb.RocksDB", false, getClass().getClassLoader()));
        compile(sources(false), rocksJava, dir.resolve("rocksjava-classes"), "RocksJava " + rocksJava.getFileName());
    }

    @Test
    void theSameCodeRenamedCompilesAndRunsAgainstPanrocks() throws Exception {
        Path classes = dir.resolve("panrocks-classes");
        compile(sources(true), ForkedJvm.panrocksLocation(), classes, "panrocks");
        try (URLClassLoader loader = new URLClassLoader(new URL[]{classes.toUri().toURL()}, getClass().getClassLoader())) {
            String kv = (String) loader.loadClass("KvStore").getMethod("run", String.class)
                    .invoke(null, dir.resolve("kv").toString());
            assertEquals("batch=100/1/1 last=zzz keys=99 written=102 writeBuffer=4194304 style=LEVEL jobs=3 "
                    + "bytesPerSync=1048576 level1=1 value=value7", kv);
            String tuned = (String) loader.loadClass("TunedService").getMethod("run", String.class)
                    .invoke(null, dir.resolve("tuned").toString());
            assertEquals("Ok:11:first value NotFound:0 Ok:6:second mayExist=true sst=true limited=true budget=false "
                    + "openFiles=256 priority=MinOverlappingRatio gets=true cacheUsed=true families=1 second", tuned);
        }
    }

    /** RocksJava's per-thread perf counters, used as its users do. */
    static final String PERF_PROBE = """
            import org.rocksdb.*;

            import java.nio.charset.StandardCharsets;

            /** Measures one get of a compacted key. */
            public class PerfProbe {
                public static String run(String path) throws RocksDBException {
                    try (Options options = new Options().setCreateIfMissing(true);
                         RocksDB db = RocksDB.open(options, path)) {
                        db.put("k".getBytes(StandardCharsets.UTF_8), "value".getBytes(StandardCharsets.UTF_8));
                        db.compactRange();
                        db.setPerfLevel(PerfLevel.ENABLE_TIME_AND_CPU_TIME_EXCEPT_FOR_MUTEX);
                        PerfContext ctx = db.getPerfContext();
                        ctx.reset();
                        db.get("k".getBytes(StandardCharsets.UTF_8));
                        String out = "level=" + db.getPerfLevel() + " read=" + ctx.getReadBytes()
                                + " blocks=" + (ctx.getBlockReadCount() + ctx.getBlockCacheHitCount() > 0)
                                + " cpu=" + (ctx.getGetCpuNanos() > 0)
                                + " text=" + ctx.toString(false).startsWith("user_key_comparison_count = ");
                        db.setPerfLevel(PerfLevel.ENABLE_COUNT);
                        return out;
                    }
                }
            }
            """;

    @Test
    void perfContextCodeCompilesAgainstRocksJavaAndRunsRenamedOnPanrocks() throws Exception {
        Path rocksJava = ForkedJvm.location(Class.forName("org.rocksdb.RocksDB", false, getClass().getClassLoader()));
        compile(List.of(new Source("PerfProbe", PERF_PROBE)), rocksJava, dir.resolve("perf-rocksjava"), "RocksJava");
        Path classes = dir.resolve("perf-panrocks");
        compile(List.of(new Source("PerfProbe", PERF_PROBE.replace("org.rocksdb", "io.panrocks"))),
                ForkedJvm.panrocksLocation(), classes, "panrocks");
        try (URLClassLoader loader = new URLClassLoader(new URL[]{classes.toUri().toURL()}, getClass().getClassLoader())) {
            assertEquals("level=ENABLE_TIME_AND_CPU_TIME_EXCEPT_FOR_MUTEX read=5 blocks=true cpu=true text=true",
                    loader.loadClass("PerfProbe").getMethod("run", String.class).invoke(null, dir.resolve("perf").toString()));
        }
    }
}
