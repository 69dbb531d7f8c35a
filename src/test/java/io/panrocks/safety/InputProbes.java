package io.panrocks.safety;

import io.panrocks.BlockBasedTableConfig;
import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.ColumnFamilyOptions;
import io.panrocks.DBOptions;
import io.panrocks.LRUCache;
import io.panrocks.LogConsumer;
import io.panrocks.MultiGet;
import io.panrocks.Options;
import io.panrocks.PinnedValue;
import io.panrocks.ReadOptions;
import io.panrocks.RecordBatch;
import io.panrocks.RecordLog;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;
import io.panrocks.SstFileWriter;
import io.panrocks.Transaction;
import io.panrocks.TransactionDB;
import io.panrocks.WriteBatch;
import io.panrocks.WriteBatchWithIndex;
import io.panrocks.WriteOptions;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import java.util.function.Supplier;

import static io.panrocks.safety.ProbeSupport.*;
import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;

/**
 * Issue 11, class 6: inputs must be checked before anything native runs,
 * and refused with the named exception while the JVM lives on: null
 * arrays (NullPointerException), bad ranges (IndexOutOfBoundsException),
 * option values the engine cannot take (IllegalArgumentException naming
 * the option), segments and buffers of a closed arena
 * (IllegalStateException) or confined to another thread
 * (WrongThreadException), read-only output buffers
 * (IllegalArgumentException or ReadOnlyBufferException, never written),
 * raw option values that smuggle in other options. Huge requests size
 * themselves to what exists; read-only heap buffers work as keys.
 *
 * <p>The sweeps find the overloads by reflection, so an overload added
 * later is probed too; each prints the call it is about to make, so a
 * crash names it.
 */
final class InputProbes {
    private InputProbes() {
    }

    static final Probe.Catalog PROBES = new Probe.Catalog()
            // At b64ec9b (before the fix): SIGSEGV (the engine reads 64 bytes at address 0).
            .add("put-offset-overload-null-value-with-length", InputProbes::putNullValueWithLength)
            // At b64ec9b (before the fix): the put and merge offset overloads accept a null value array
            // with length 0 and write an empty value.
            .add("null-arrays-to-every-overload", InputProbes::nullSweep)
            // At b64ec9b (before the fix): passes.
            .add("bad-ranges-to-every-offset-overload", InputProbes::rangeSweep)
            // At b64ec9b (before the fix): the setters accept them; opening with writeBufferSize aborts the
            // JVM (std::bad_alloc, or a 64 GiB WAL preallocation that fills the disk
            // first), readaheadSize aborts at the first iterator move (bad_alloc
            // outside the stub's guard), maxBackgroundJobs fails the open with
            // "Internal error: Resource temporarily unavailable" after spawning
            // threads, blockSize >= 4 GiB fails the open with InvalidArgument, and a
            // multiplier of Double.MIN_VALUE is formatted so that RocksDB cannot parse it.
            .add("option-values-the-engine-cannot-take", InputProbes::engineCannotTake)
            // At b64ec9b (before the fix): passes (the typed setters check their lower bounds).
            .add("negative-and-zero-option-values", InputProbes::negativeAndZero)
            // At b64ec9b (before the fix): the value of Integer.MAX_VALUE records sizes the batch's memory by
            // maxRecords, not by what exists: a 171 GB malloc (OutOfMemoryError, or a
            // 171 GB mapping where the kernel overcommits).
            .add(Probe.of("huge-max-records-poll", dir -> hugeMaxRecords(dir, true)).withJvmFlags("-Xmx64m"))
            .add(Probe.of("huge-max-records-cursor", dir -> hugeMaxRecords(dir, false)).withJvmFlags("-Xmx64m"))
            // At b64ec9b (before the fix): a read-only heap ByteBuffer is refused as a key by get (ReadOnlyBufferException from array()).
            .add("read-only-heap-bytebuffer-as-key", InputProbes::readOnlyKey)
            // At b64ec9b (before the fix): the ByteBuffer overloads pass direct buffers of a closed (or
            // another thread's) arena to the linker, whose exception the generated
            // binding wraps: AssertionError "should not reach here".
            .add("segments-and-buffers-of-a-closed-arena", dir -> arenaSweep(dir, false))
            .add("segments-and-buffers-confined-to-another-thread", dir -> arenaSweep(dir, true))
            // Added after the fact (the sweep above covered RocksDB, WriteBatch, RocksIterator and MultiGet only):
            // the same bad memory to the buffer and segment overloads of transactions, indexed batches and SST
            // file writers, which stage caller buffers through the same checks.
            .add("segments-and-buffers-of-a-closed-arena-to-writers", dir -> writerArenaSweep(dir, false))
            .add("segments-and-buffers-confined-to-another-thread-to-writers", dir -> writerArenaSweep(dir, true))
            // At b64ec9b (before the fix): passes.
            .add("read-only-output-buffers", InputProbes::readOnlyOutputs)
            // At b64ec9b (before the fix): a value starting with "{id=" and ending with "}" skips the check
            // for ';', so other options ride along.
            .add("raw-option-value-smuggling-options", InputProbes::smuggling);

    // ---- helpers -------------------------------------------------------------------

    static RocksDB open(Path dir) throws RocksDBException {
        RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setMergeOperatorName("stringappend"),
                dir.resolve("db"));
        for (int i = 0; i < 20; i++) db.put(bytes("key" + i), valueOf("key" + i, 100));
        db.put(bytes("key"), bytes("val"));
        return db;
    }

    /** Collects the failures of a sweep, so that one run reports them all. */
    static final class Findings {
        final List<String> failures = new ArrayList<>();
        int calls;

        void expect(Class<? extends Throwable> type, String call, Action action) {
            calls++;
            System.out.println("call: " + call);
            System.out.flush();
            try {
                action.run();
                failures.add(call + ": returned normally, expected " + type.getSimpleName());
            } catch (Throwable t) {
                Throwable e = t instanceof InvocationTargetException ite ? ite.getCause() : t;
                if (!type.isInstance(e)) failures.add(call + ": " + e + ", expected " + type.getSimpleName());
            }
        }

        String verdict(String what) {
            if (!failures.isEmpty()) {
                throw new WrongResult(failures.size() + " of " + calls + " " + what + ":\n  " + String.join("\n  ", failures));
            }
            return calls + " " + what + ": all refused as promised";
        }
    }

    static List<Method> publicMethods(Class<?> c, Set<String> names) {
        return publicMethods(c, m -> names.contains(m.getName()));
    }

    /** The public instance methods c declares that pass {@code which}, in a stable order. */
    static List<Method> publicMethods(Class<?> c, java.util.function.Predicate<Method> which) {
        List<Method> methods = new ArrayList<>();
        for (Method m : c.getMethods()) {
            if (m.getDeclaringClass() == c && !Modifier.isStatic(m.getModifiers()) && which.test(m)) methods.add(m);
        }
        methods.sort(Comparator.comparing(Method::toString));
        return methods;
    }

    /** A parameter type that carries caller memory: a segment or a buffer. */
    static boolean memory(Class<?> t) {
        return t == MemorySegment.class || t == ByteBuffer.class;
    }

    static String describe(Method m, Object[] args) {
        return describe(m, args, -1);
    }

    /** The call as text; the argument at index bad is marked. */
    static String describe(Method m, Object[] args, int bad) {
        StringBuilder s = new StringBuilder(m.getDeclaringClass().getSimpleName()).append('.').append(m.getName()).append('(');
        Class<?>[] types = m.getParameterTypes();
        for (int i = 0; i < types.length; i++) {
            if (i > 0) s.append(", ");
            if (i == bad) {
                s.append("<bad ").append(types[i].getSimpleName()).append('>');
                continue;
            }
            Object a = args[i];
            s.append(a == null ? "null" : a instanceof byte[] bytes ? "byte[" + bytes.length + "]"
                    : a instanceof Integer ? a.toString() : types[i].getSimpleName());
        }
        return s.append(')').toString();
    }

    // ---- nulls and ranges ---------------------------------------------------------------

    static String putNullValueWithLength(Path dir) throws Exception {
        RocksDB db = open(dir);
        String r = expect(NullPointerException.class, "put(cf, wo, key, 0, 3, null, 0, 64)",
                () -> db.put(db.getDefaultColumnFamily(), new WriteOptions(), bytes("key"), 0, 3, null, 0, 64));
        check(java.util.Arrays.equals(bytes("val"), db.get(bytes("key"))), () -> "the refused put changed the value");
        db.close();
        return r;
    }

    static final Set<String> WRITE_NAMES = Set.of("put", "merge", "delete", "singleDelete", "deleteRange");
    static final Set<String> READ_NAMES = Set.of("get", "getPinned", "getAdaptive", "exists", "keyMayExist");

    /** Arguments for m that are all valid: arrays of 3 bytes with offset 0 and length 3. */
    static Object[] validArgs(Method m, Arena arena) {
        Class<?>[] types = m.getParameterTypes();
        Object[] args = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            Class<?> t = types[i];
            if (t == byte[].class) args[i] = bytes(i % 2 == 0 ? "key" : "val");
            else if (t == int.class) args[i] = types[i - 1] == byte[].class ? 0 : 3;
            else if (t == long.class) args[i] = 7L; // a timestamp (user-defined timestamps)
            else if (t == boolean.class) args[i] = false; // assumeTracked, exclusive, doValidate: the plain case
            else if (t == MemorySegment.class) args[i] = arena.allocateFrom(ValueLayout.JAVA_BYTE, bytes("key1"));
            else if (t == ByteBuffer.class) args[i] = ByteBuffer.allocateDirect(64).put(bytes("key1")).flip();
            else if (t == WriteOptions.class) args[i] = new WriteOptions();
            else if (t == ReadOptions.class) args[i] = new ReadOptions();
            else if (t == ColumnFamilyHandle.class) args[i] = null; // the default family
            else if (t == Function.class) args[i] = (Function<MemorySegment, Object>) s -> null;
            else if (t == io.panrocks.Holder.class) args[i] = null;
            else throw new IllegalArgumentException("no valid argument of " + t + " for " + m);
        }
        return args;
    }

    static boolean nullable(Class<?> t) {
        return t == byte[].class || memory(t) || t == Function.class;
    }

    static String nullSweep(Path dir) throws Exception {
        RocksDB db = open(dir);
        Findings f = new Findings();
        try (Arena arena = Arena.ofConfined(); WriteBatch batch = new WriteBatch()) {
            List<Object[]> targets = new ArrayList<>();
            for (Method m : publicMethods(RocksDB.class, union(WRITE_NAMES, READ_NAMES))) targets.add(new Object[]{db, m});
            for (Method m : publicMethods(WriteBatch.class, WRITE_NAMES)) targets.add(new Object[]{batch, m});
            for (Object[] target : targets) {
                Method m = (Method) target[1];
                Class<?>[] types = m.getParameterTypes();
                for (int i = 0; i < types.length; i++) {
                    if (!nullable(types[i])) continue;
                    Object[] args = validArgs(m, arena);
                    args[i] = null;
                    // a null array keeps a length of 0: nothing to read, so a missing
                    // check shows as a normal return rather than a crash
                    if (types[i] == byte[].class && i + 2 < types.length && types[i + 1] == int.class) args[i + 2] = 0;
                    f.expect(NullPointerException.class, describe(m, args), () -> m.invoke(target[0], args));
                }
            }
        }
        db.close();
        return f.verdict("calls with a null array, buffer, segment or reader");
    }

    static Set<String> union(Set<String> a, Set<String> b) {
        java.util.HashSet<String> u = new java.util.HashSet<>(a);
        u.addAll(b);
        return u;
    }

    static String rangeSweep(Path dir) throws Exception {
        RocksDB db = open(dir);
        Findings f = new Findings();
        int[][] bad = {{-1, 1}, {0, -1}, {2, 2}, {0, 4}, {1, Integer.MAX_VALUE}, {Integer.MAX_VALUE, 1},
                {Integer.MIN_VALUE, 0}, {4, 0}};
        try (Arena arena = Arena.ofConfined(); MultiGet multiGet = db.newMultiGet()) {
            List<Object[]> targets = new ArrayList<>();
            for (Method m : publicMethods(RocksDB.class, union(WRITE_NAMES, READ_NAMES))) targets.add(new Object[]{db, m});
            for (Method m : publicMethods(MultiGet.class, Set.of("add"))) targets.add(new Object[]{multiGet, m});
            for (Object[] target : targets) {
                Method m = (Method) target[1];
                Class<?>[] types = m.getParameterTypes();
                for (int i = 0; i + 2 < types.length; i++) {
                    if (types[i] != byte[].class || types[i + 1] != int.class || types[i + 2] != int.class) continue;
                    for (int[] range : bad) {
                        Object[] args = validArgs(m, arena);
                        args[i + 1] = range[0];
                        args[i + 2] = range[1];
                        f.expect(IndexOutOfBoundsException.class, describe(m, args), () -> m.invoke(target[0], args));
                    }
                }
            }
        }
        check(java.util.Arrays.equals(bytes("val"), db.get(bytes("key"))), () -> "a refused write changed the DB");
        db.close();
        return f.verdict("calls with an offset or length out of range");
    }

    // ---- options ----------------------------------------------------------------------

    /** An option setting that must be refused at once. */
    record Setting(String option, String rocksName, Runnable apply) {
    }

    static void expectOptionRefused(Findings f, Setting s) {
        f.calls++;
        System.out.println("setting: " + s.option);
        try {
            s.apply.run();
            f.failures.add(s.option + ": the setter accepted a value the engine cannot take");
        } catch (IllegalArgumentException e) {
            String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
            String camel = s.option.replaceAll("\\(.*", "").replaceFirst("^(set|use)", "").toLowerCase(Locale.ROOT);
            if (!m.contains(camel) && !m.contains(s.rocksName)) {
                f.failures.add(s.option + ": IllegalArgumentException without the option's name: " + e.getMessage());
            }
        } catch (Throwable t) {
            f.failures.add(s.option + ": " + t + ", expected IllegalArgumentException");
        }
    }

    static String engineCannotTake(Path dir) {
        Findings f = new Findings();
        List<Setting> settings = List.of(
                new Setting("setWriteBufferSize(Long.MAX_VALUE)", "write_buffer_size",
                        () -> new Options().setWriteBufferSize(Long.MAX_VALUE)),
                new Setting("setWriteBufferSize(1 TiB)", "write_buffer_size",
                        () -> new ColumnFamilyOptions().setWriteBufferSize(1L << 40)),
                new Setting("setMaxBackgroundJobs(Integer.MAX_VALUE)", "max_background_jobs",
                        () -> new DBOptions().setMaxBackgroundJobs(Integer.MAX_VALUE)),
                new Setting("setMaxBackgroundJobs(1000000)", "max_background_jobs",
                        () -> new Options().setMaxBackgroundJobs(1_000_000)),
                new Setting("setBlockSize(Long.MAX_VALUE)", "block_size",
                        () -> new BlockBasedTableConfig().setBlockSize(Long.MAX_VALUE)),
                new Setting("setBlockSize(4 GiB)", "block_size",
                        () -> new BlockBasedTableConfig().setBlockSize(4L << 30)),
                new Setting("setReadaheadSize(Long.MAX_VALUE)", "readahead_size",
                        () -> new ReadOptions().setReadaheadSize(Long.MAX_VALUE)),
                new Setting("setReadaheadSize(1 TiB)", "readahead_size",
                        () -> new ReadOptions().setReadaheadSize(1L << 40)));
        for (Setting s : settings) expectOptionRefused(f, s);
        // a legal value the engine cannot parse as panrocks writes it: refused, or written so that it opens
        f.calls++;
        try {
            Options o = new Options().setCreateIfMissing(true).setMaxBytesForLevelMultiplier(Double.MIN_VALUE);
            try (RocksDB db = RocksDB.open(o, dir.resolve("multiplier"))) {
                db.put(bytes("k"), bytes("v"));
            } catch (RocksDBException e) {
                f.failures.add("setMaxBytesForLevelMultiplier(Double.MIN_VALUE): accepted, then the open failed: " + e.getMessage());
            }
        } catch (IllegalArgumentException e) {
            if (!e.getMessage().toLowerCase(Locale.ROOT).contains("maxbytesforlevelmultiplier")
                    && !e.getMessage().contains("max_bytes_for_level_multiplier")) {
                f.failures.add("setMaxBytesForLevelMultiplier(Double.MIN_VALUE): " + e.getMessage());
            }
        }
        return f.verdict("option values the engine cannot take");
    }

    static String negativeAndZero(Path dir) {
        Findings f = new Findings();
        List<Object> targets = List.of(new Options(), new DBOptions(), new ColumnFamilyOptions(),
                new BlockBasedTableConfig(), new ReadOptions());
        // setters whose RocksDB option has no meaning at zero either
        Set<String> zeroInvalid = Set.of("setWriteBufferSize", "setMaxWriteBufferNumber", "setMinWriteBufferNumberToMerge",
                "setLevel0FileNumCompactionTrigger", "setLevel0SlowdownWritesTrigger", "setLevel0StopWritesTrigger",
                "setMaxBytesForLevelBase", "setTargetFileSizeBase", "setTargetFileSizeMultiplier", "setNumLevels",
                "setMaxBackgroundJobs", "setMaxSubcompactions", "setKeepLogFileNum", "setBlockSize",
                "setBlockRestartInterval", "setMaxBytesForLevelMultiplier", "useFixedLengthPrefixExtractor",
                "useCappedPrefixExtractor");
        for (Object target : targets) {
            for (Method m : target.getClass().getMethods()) {
                if (!(m.getName().startsWith("set") || m.getName().startsWith("use")) || m.getParameterCount() != 1) continue;
                Class<?> t = m.getParameterTypes()[0];
                List<Object> values = new ArrayList<>();
                if (t == int.class) values.addAll(List.of(m.getName().equals("setMaxOpenFiles") ? -2 : -1, Integer.MIN_VALUE));
                else if (t == long.class) values.addAll(List.of(-1L, Long.MIN_VALUE));
                else if (t == double.class) values.addAll(List.of(-1.0, Double.NaN, Double.NEGATIVE_INFINITY));
                else if (t == Duration.class) values.add(Duration.ofNanos(-1));
                else continue;
                if (zeroInvalid.contains(m.getName())) {
                    if (t == int.class) values.add(0);
                    else if (t == long.class) values.add(0L);
                    else if (t == double.class) values.add(0.0);
                }
                for (Object v : values) {
                    String option = m.getName();
                    String name = option.replaceFirst("^(set|use)", "").toLowerCase(Locale.ROOT);
                    f.calls++;
                    try {
                        m.invoke(target, v);
                        f.failures.add(target.getClass().getSimpleName() + "." + option + "(" + v + "): accepted");
                    } catch (InvocationTargetException e) {
                        Throwable c = e.getCause();
                        if (!(c instanceof IllegalArgumentException)) {
                            f.failures.add(target.getClass().getSimpleName() + "." + option + "(" + v + "): " + c);
                        } else
                            if (!c.getMessage().toLowerCase(Locale.ROOT).replace("_", "").contains(
                                    name.replace("extractor", ""))
                                    && !c.getMessage().toLowerCase(Locale.ROOT).contains("prefix")) {
                                        f.failures.add(target.getClass().getSimpleName() + "." + option + "(" + v
                                                + "): the message does not name the option: " + c.getMessage());
                                    }
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
        }
        f.calls++;
        try {
            new LRUCache(-1);
            f.failures.add("new LRUCache(-1): accepted");
        } catch (IllegalArgumentException expected) {
            // refused
        }
        return f.verdict("negative, NaN or zero option values");
    }

    static String smuggling(Path dir) throws Exception {
        Findings f = new Findings();
        List<String> values = List.of(
                "{id=uint64add};disable_auto_compactions=true;x={y}",
                "{id=a};paranoid_checks=false;b={c}",
                "{id=x}}",
                "{id=x};{",
                "{id=x}\u0000;create_if_missing=true}");
        for (String v : values) {
            f.expect(IllegalArgumentException.class, "Options.setRawColumnFamilyOption(merge_operator, " + v + ")",
                    () -> new Options().setRawColumnFamilyOption("merge_operator", v));
            f.expect(IllegalArgumentException.class, "ColumnFamilyOptions.setRawColumnFamilyOption(comparator, " + v + ")",
                    () -> new ColumnFamilyOptions().setRawColumnFamilyOption("comparator", v));
            f.expect(IllegalArgumentException.class, "Options.setRawDBOption(wal_dir, " + v + ")",
                    () -> new Options().setRawDBOption("wal_dir", v));
            f.expect(IllegalArgumentException.class, "DBOptions.setRawDBOption(db_log_dir, " + v + ")",
                    () -> new DBOptions().setRawDBOption("db_log_dir", v));
        }
        // the nested values panrocks' own setters compose still work
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true).setMergeOperatorName("uint64add"),
                dir.resolve("nested"))) {
            db.merge(bytes("n"), new byte[]{1, 0, 0, 0, 0, 0, 0, 0});
            db.merge(bytes("n"), new byte[]{2, 0, 0, 0, 0, 0, 0, 0});
            check(db.get(bytes("n"))[0] == 3, () -> "the uint64add merge operator, set through its nested value");
        }
        return f.verdict("raw option values smuggling other options");
    }

    // ---- sizes --------------------------------------------------------------------------

    static long vmPeak() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmPeak:")) return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
        throw new IllegalStateException("no VmPeak");
    }

    static String hugeMaxRecords(Path dir, boolean poll) throws Exception {
        List<ColumnFamilyDescriptor> families = new ArrayList<>(List.of(new ColumnFamilyDescriptor(bytes("default"))));
        families.addAll(RecordLog.columnFamilies("events"));
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        int records = 1000;
        try (RocksDB db = RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true),
                dir.resolve("db"), families, handles)) {
            RecordLog log = new RecordLog(db, handles.get(1), handles.get(2));
            for (int i = 0; i < records; i++) log.append(valueOf("r" + i, 200));
            long before = vmPeak();
            long start = System.nanoTime();
            int got;
            try (LogConsumer consumer = log.consumer("huge");
                 RecordBatch batch = poll ? consumer.poll(Integer.MAX_VALUE, Long.MAX_VALUE)
                         : db.newRecordCursor(handles.get(1), new ReadOptions()).next(Integer.MAX_VALUE, Long.MAX_VALUE)) {
                got = batch.size();
                for (int i = 0; i < got; i++) checkSame(valueOf("r" + i, 200), batch.value(i).toArray(ValueLayout.JAVA_BYTE), "record " + i);
            } catch (OutOfMemoryError e) {
                throw new WrongResult("asking for Integer.MAX_VALUE records (" + records + " exist) ran out of memory: " + e);
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            long grown = vmPeak() - before;
            int all = got;
            check(all == records, () -> "returned " + all + " of " + records + " records");
            check(grown < (1L << 30), () -> "asking for Integer.MAX_VALUE records (" + records + " exist) mapped "
                    + (grown >> 20) + " MiB");
            check(millis < 10_000, () -> "took " + millis + " ms");
            return "all " + records + " records in " + millis + " ms, peak virtual memory +" + (grown >> 20) + " MiB";
        }
    }

    // ---- buffers -------------------------------------------------------------------------

    static String readOnlyKey(Path dir) throws Exception {
        RocksDB db = open(dir);
        Findings f = new Findings();
        Supplier<ByteBuffer> key = () -> ByteBuffer.wrap(bytes("rokey")).asReadOnlyBuffer();
        Supplier<ByteBuffer> value = () -> ByteBuffer.wrap(bytes("rovalue")).asReadOnlyBuffer();
        List<String> worked = new ArrayList<>();
        attempt(f, worked, "put(wo, read-only key, read-only value)", () -> db.put(new WriteOptions(), key.get(), value.get()));
        attempt(f, worked, "get(read-only key, value)", () -> {
            ByteBuffer out = ByteBuffer.allocate(32);
            check(db.get(key.get(), out) == 7, () -> "size");
            check(string(Arrays.copyOf(out.array(), 7)).equals("rovalue"), () -> "value read with a read-only key");
        });
        attempt(f, worked, "get(read-only direct key, value)", () -> {
            ByteBuffer direct = ByteBuffer.allocateDirect(8).put(bytes("rokey")).flip().asReadOnlyBuffer();
            check(db.get(direct, ByteBuffer.allocate(32)) == 7, () -> "size");
        });
        attempt(f, worked, "merge(wo, read-only key, read-only value)", () -> db.merge(new WriteOptions(),
                ByteBuffer.wrap(bytes("mkey")).asReadOnlyBuffer(), value.get()));
        attempt(f, worked, "seek(read-only key)", () -> {
            try (RocksIterator it = db.newIterator()) {
                it.seek(key.get());
                check(it.isValid() && string(it.keyBytes()).equals("rokey"), () -> "seek with a read-only key");
            }
        });
        attempt(f, worked, "WriteBatch.put(read-only key, read-only value)", () -> {
            try (WriteBatch batch = new WriteBatch()) {
                batch.put(ByteBuffer.wrap(bytes("bkey")).asReadOnlyBuffer(), value.get());
                db.write(new WriteOptions(), batch);
            }
            check(db.get(bytes("bkey")) != null, () -> "batch put with a read-only key");
        });
        attempt(f, worked, "delete(cf, wo, read-only key)", () -> {
            db.delete(null, new WriteOptions(), key.get());
            check(db.get(bytes("rokey")) == null, () -> "deleted with a read-only key");
        });
        attempt(f, worked, "singleDelete(cf, wo, read-only key)", () -> db.singleDelete(null, new WriteOptions(),
                ByteBuffer.wrap(bytes("bkey")).asReadOnlyBuffer()));
        db.close();
        if (!f.failures.isEmpty()) throw new WrongResult("read-only heap ByteBuffers as keys: " + f.failures);
        return "read-only ByteBuffers worked as keys in " + worked;
    }

    static void attempt(Findings f, List<String> worked, String what, Action action) {
        try {
            action.run();
            worked.add(what);
        } catch (Throwable t) {
            f.failures.add(what + ": " + t);
        }
    }

    /** Direct buffers and native segments that are closed, or confined to a thread that is not this one. */
    static final class BadMemory implements AutoCloseable {
        final boolean foreign;
        private final CountDownLatch done = new CountDownLatch(1);

        BadMemory(boolean foreign) {
            this.foreign = foreign;
        }

        Class<? extends Throwable> expected() {
            return foreign ? WrongThreadException.class : IllegalStateException.class;
        }

        /** A segment (or ByteBuffer) holding "key1", unusable from this thread. */
        Object make(boolean buffer) throws InterruptedException {
            if (!foreign) {
                Arena arena = Arena.ofShared();
                MemorySegment s = arena.allocate(64);
                s.copyFrom(MemorySegment.ofArray(bytes("key1")));
                Object r = buffer ? s.asSlice(0, 4).asByteBuffer() : s.asSlice(0, 4);
                arena.close();
                return r;
            }
            Object[] out = new Object[1];
            CountDownLatch ready = new CountDownLatch(1);
            Thread t = new Thread(() -> {
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment s = arena.allocate(64);
                    s.copyFrom(MemorySegment.ofArray(bytes("key1")));
                    out[0] = buffer ? s.asSlice(0, 4).asByteBuffer() : s.asSlice(0, 4);
                    ready.countDown();
                    done.await();
                } catch (InterruptedException ignored) {
                    // done
                }
            }, "arena-owner");
            t.setDaemon(true);
            t.start();
            ready.await();
            return out[0];
        }

        @Override
        public void close() {
            done.countDown();
        }
    }

    static String arenaSweep(Path dir, boolean foreign) throws Exception {
        RocksDB db = open(dir);
        Findings f = new Findings();
        Set<String> iteratorNames = Set.of("seek", "seekForPrev", "key", "value");
        try (Arena arena = Arena.ofConfined(); BadMemory bad = new BadMemory(foreign); WriteBatch batch = new WriteBatch();
             RocksIterator it = db.newIterator(); MultiGet multiGet = db.newMultiGet()) {
            it.seekToFirst();
            multiGet.add(bytes("key1"));
            List<Object[]> targets = new ArrayList<>();
            for (Method m : publicMethods(RocksDB.class, union(WRITE_NAMES, READ_NAMES))) targets.add(new Object[]{db, m});
            for (Method m : publicMethods(WriteBatch.class, WRITE_NAMES)) targets.add(new Object[]{batch, m});
            for (Method m : publicMethods(RocksIterator.class, iteratorNames)) targets.add(new Object[]{it, m});
            for (Method m : publicMethods(MultiGet.class, Set.of("add", "execute"))) targets.add(new Object[]{multiGet, m});
            sweep(f, targets, arena, bad, m -> {
                if (m.getName().equals("seek") || m.getName().equals("seekForPrev")) it.seekToFirst();
            });
        }
        db.close();
        return f.verdict("calls with a segment or buffer " + (foreign ? "confined to another thread" : "of a closed arena"));
    }

    /** What a sweep does after each call (put an iterator back, say). */
    interface AfterCall {
        void after(Method m) throws Exception;
    }

    /**
     * Calls each target (receiver, method) once per segment or buffer
     * parameter, that argument bad and the others valid, expecting the bad
     * memory's exception.
     */
    static void sweep(Findings f, List<Object[]> targets, Arena arena, BadMemory bad, AfterCall afterCall)
            throws Exception {
        for (Object[] target : targets) {
            Method m = (Method) target[1];
            Class<?>[] types = m.getParameterTypes();
            for (int i = 0; i < types.length; i++) {
                if (!memory(types[i])) continue;
                Object[] args = validArgs(m, arena);
                args[i] = bad.make(types[i] == ByteBuffer.class);
                String call = describe(m, args, i);
                f.expect(bad.expected(), call + (bad.foreign ? " [bad: confined to another thread]" : " [bad: arena closed]"),
                        () -> m.invoke(target[0], args));
                afterCall.after(m);
            }
        }
    }

    /** The public methods of c taking a segment or a buffer, whatever their name. */
    static List<Method> memoryMethods(Class<?> c) {
        return publicMethods(c, m -> Arrays.stream(m.getParameterTypes()).anyMatch(InputProbes::memory));
    }

    /**
     * As {@link #arenaSweep}, on every segment and buffer overload of a
     * transaction, an indexed batch and an SST file writer; then each shows
     * that no refused call wrote anything (a refused put whose key went in
     * would leave a key in the batch, or make the writer's next key out of order).
     */
    static String writerArenaSweep(Path dir, boolean foreign) throws Exception {
        Findings f = new Findings();
        try (Options options = new Options().setCreateIfMissing(true).setMergeOperatorName("stringappend");
             TransactionDB db = TransactionDB.open(options, dir.resolve("txn"));
             WriteOptions wo = new WriteOptions();
             Transaction txn = db.beginTransaction(wo);
             WriteBatchWithIndex indexed = new WriteBatchWithIndex(true);
             SstFileWriter writer = new SstFileWriter(options);
             Arena arena = Arena.ofConfined(); BadMemory bad = new BadMemory(foreign)) {
            db.put(bytes("key1"), bytes("v1"));
            writer.open(dir.resolve("probe.sst").toString());
            List<Object[]> targets = new ArrayList<>();
            for (Method m : memoryMethods(Transaction.class)) targets.add(new Object[]{txn, m});
            for (Method m : memoryMethods(WriteBatchWithIndex.class)) targets.add(new Object[]{indexed, m});
            for (Method m : memoryMethods(SstFileWriter.class)) targets.add(new Object[]{writer, m});
            check(targets.size() >= 15, () -> "found only " + targets.size() + " overloads to probe");
            sweep(f, targets, arena, bad, m -> {});
            long puts = txn.getNumPuts(), keys = txn.getNumKeys();
            if (puts != 0 || keys != 0) f.failures.add("the transaction holds " + puts + " puts, " + keys + " keys after refused calls");
            if (indexed.count() != 0) f.failures.add("the indexed batch holds " + indexed.count() + " updates after refused calls");
            try (ReadOptions ro = new ReadOptions()) {
                byte[] v = txn.get(ro, bytes("key1"));
                if (!Arrays.equals(bytes("v1"), v)) f.failures.add("the transaction reads key1 as " + (v == null ? "null" : string(v)));
            }
            // the writer took no key: the first one in order still goes in
            attempt(f, new ArrayList<>(), "SstFileWriter.put(\"a\") after the refused calls",
                    () -> writer.put(bytes("a"), bytes("b")));
        }
        return f.verdict("segment and buffer arguments to transactions, indexed batches and SST writers "
                + (foreign ? "confined to another thread" : "of a closed arena"));
    }

    static String readOnlyOutputs(Path dir) throws Exception {
        RocksDB db = open(dir);
        Findings f = new Findings();
        byte[] pattern = new byte[64];
        Arrays.fill(pattern, (byte) 0x77);
        try (Arena arena = Arena.ofConfined(); RocksIterator it = db.newIterator(); MultiGet m = db.newMultiGet()) {
            it.seekToFirst();
            m.add(bytes("key1"));
            MemorySegment native64 = arena.allocateFrom(ValueLayout.JAVA_BYTE, pattern);
            byte[] heap = pattern.clone();
            ByteBuffer direct = ByteBuffer.allocateDirect(64).put(pattern).flip();
            List<Object> outs = List.of(native64.asReadOnly(), MemorySegment.ofArray(heap).asReadOnly(),
                    direct.asReadOnlyBuffer(), ByteBuffer.wrap(heap).asReadOnlyBuffer());
            for (Object out : outs) {
                String kind = (out instanceof MemorySegment s ? (s.isNative() ? "native" : "heap") + " segment"
                        : (((ByteBuffer) out).isDirect() ? "direct" : "heap") + " ByteBuffer") + " (read-only)";
                if (out instanceof MemorySegment s) {
                    readOnlyOut(f, "get(key, " + kind + ")", () -> db.get(MemorySegment.ofArray(bytes("key1")), s));
                    readOnlyOut(f, "getAdaptive(ro, key, " + kind + ")", () -> {
                        try (PinnedValue v = db.getAdaptive(new ReadOptions(), bytes("key1"), s)) {
                            check(v == null, () -> "wrote into it");
                        }
                    });
                    readOnlyOut(f, "MultiGet.execute(" + kind + ")", () -> m.execute(s));
                } else {
                    ByteBuffer bb = (ByteBuffer) out;
                    readOnlyOut(f, "get(key, " + kind + ")", () -> db.get(ByteBuffer.wrap(bytes("key1")), bb.duplicate()));
                    readOnlyOut(f, "RocksIterator.key(" + kind + ")", () -> it.key(bb.duplicate()));
                    readOnlyOut(f, "RocksIterator.value(" + kind + ")", () -> it.value(bb.duplicate()));
                }
            }
            check(Arrays.equals(pattern, native64.toArray(ValueLayout.JAVA_BYTE)), () -> "a read-only native segment was written");
            check(Arrays.equals(pattern, heap), () -> "a read-only heap segment or buffer was written");
            byte[] d = new byte[64];
            direct.duplicate().get(d);
            check(Arrays.equals(pattern, d), () -> "a read-only direct buffer was written");
        }
        db.close();
        return f.verdict("reads into a read-only output");
    }

    static void readOnlyOut(Findings f, String call, Action action) {
        f.calls++;
        System.out.println("call: " + call);
        try {
            action.run();
            f.failures.add(call + ": returned normally");
        } catch (IllegalArgumentException | ReadOnlyBufferException expected) {
            // refused
        } catch (Throwable t) {
            f.failures.add(call + ": " + t);
        }
    }
}
