package io.panrocks;

import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.options.OptionDefaults;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Reads the options a DB was run with from its OPTIONS file, as RocksJava's
 * {@code OptionsUtil} (RocksDB's {@code LoadLatestOptions},
 * {@code LoadOptionsFromFile}). RocksDB parses the file; what it found
 * crosses back as option strings holding the options whose values differ
 * from RocksDB's defaults, and each is set on panrocks' options objects
 * through their raw setters (so the same checks apply). Options that name an
 * object are not carried: the comparator, merge operator, compaction filter
 * (factory), table factory and its block cache and filter, blob cache,
 * prefix extractors of the insert hint, partitioner, listeners, statistics,
 * rate limiter, SST file manager, write buffer manager, row cache, Env and
 * info log; set those again with their typed setters.
 */
public final class OptionsUtil {
    private OptionsUtil() {
    }

    /**
     * Reads the newest OPTIONS file of the DB in {@code dbPath}: sets the
     * DB-wide options on {@code dbOptions} and adds one descriptor per
     * column family, in the file's order, to {@code cfDescs}.
     *
     * @param configOptions how the file is read; not null
     * @param dbPath the DB's directory; not null
     * @param dbOptions receives the DB-wide options; not null
     * @param cfDescs receives the column families; not null
     * @throws RocksDBException RocksDB's status: {@link Status.Code#NotFound}
     *         if the directory has no OPTIONS file, {@link Status.Code#InvalidArgument}
     *         for an option it does not know (unless ignored) ...
     * @throws NullPointerException if an argument is null, or cfDescs holds null
     * @throws IllegalArgumentException if a value the file holds is one
     *         panrocks' setters refuse (then neither argument is changed)
     */
    public static void loadLatestOptions(ConfigOptions configOptions, String dbPath, DBOptions dbOptions,
                                         List<ColumnFamilyDescriptor> cfDescs) throws RocksDBException {
        load(configOptions, dbPath, true, dbOptions, cfDescs);
    }

    /**
     * As {@link #loadLatestOptions}, from the OPTIONS file {@code optionsFileName}.
     *
     * @param configOptions how the file is read; not null
     * @param optionsFileName the file's path; not null
     * @param dbOptions receives the DB-wide options; not null
     * @param cfDescs receives the column families; not null
     * @throws RocksDBException RocksDB's status ({@link Status.Code#IOError} if
     *         the file cannot be read, ...)
     */
    public static void loadOptionsFromFile(ConfigOptions configOptions, String optionsFileName, DBOptions dbOptions,
                                           List<ColumnFamilyDescriptor> cfDescs) throws RocksDBException {
        load(configOptions, optionsFileName, false, dbOptions, cfDescs);
    }

    /**
     * The name (not the path) of the newest OPTIONS file in {@code dbPath}.
     *
     * @param dbPath the DB's directory; not null
     * @param env {@link Env#getDefault()}
     * @return a name such as {@code OPTIONS-000007}
     * @throws RocksDBException {@link Status.Code#NotFound} if there is none, ...
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if env is not the default environment
     */
    public static String getLatestOptionsFileName(String dbPath, Env env) throws RocksDBException {
        checkPath(dbPath, "dbPath");
        requireDefaultEnv(Objects.requireNonNull(env, "env"));
        return new String(call(a -> a.allocateFrom(dbPath), (p, buffer, capacity, size, error) -> panrocks_h.panrocks_latest_options_file_name(p,
                buffer, capacity, size, error)), StandardCharsets.UTF_8);
    }

    static void requireDefaultEnv(Env env) {
        if (env != Env.getDefault()) {
            throw new IllegalArgumentException("env: only Env.getDefault() is supported (OPTIONS files are read from the"
                    + " file system), was " + env);
        }
    }

    private static void checkPath(String path, String name) {
        Objects.requireNonNull(path, name);
        if (path.indexOf('\0') >= 0) throw new IllegalArgumentException(name + " must not contain a zero character");
    }

    private static void load(ConfigOptions configOptions, String path, boolean latest, DBOptions dbOptions,
                             List<ColumnFamilyDescriptor> cfDescs) throws RocksDBException {
        Objects.requireNonNull(configOptions, "configOptions");
        checkPath(path, latest ? "dbPath" : "optionsFileName");
        Objects.requireNonNull(dbOptions, "dbOptions");
        Objects.requireNonNull(cfDescs, "cfDescs");
        if (cfDescs.contains(null)) throw new NullPointerException("cfDescs must not hold null");
        int flags = configOptions.flags();
        byte[] bytes = call(a -> a.allocateFrom(path), (p, buffer, capacity, size, error) -> panrocks_h.panrocks_load_options(p, latest ? 1 : 0,
                flags, buffer, capacity, size, error));
        List<String> records = records(bytes);
        // every value checked on fresh objects first, so that a refusal changes neither argument
        Map<String, String> db = OptionDefaults.parse(records.get(0));
        DBOptions check = new DBOptions();
        db.forEach(check::setRawDBOption);
        List<ColumnFamilyDescriptor> families = new ArrayList<>();
        for (int i = 1; i + 1 < records.size(); i += 2) {
            ColumnFamilyOptions options = new ColumnFamilyOptions();
            OptionDefaults.parse(records.get(i + 1)).forEach(options::setRawColumnFamilyOption);
            families.add(new ColumnFamilyDescriptor(records.get(i).getBytes(StandardCharsets.UTF_8), options));
        }
        db.forEach(dbOptions::setRawDBOption);
        cfDescs.addAll(families);
    }

    /**
     * Options from {@code name=value} properties, as RocksJava's
     * {@code get*OptionsFromProps}: each set through the raw setter of a
     * fresh object, then the whole string checked by RocksDB; null if
     * either refuses one (RocksJava's answer for values RocksDB does not take).
     */
    static <O> O fromProps(ConfigOptions config, java.util.Properties properties, java.util.function.Supplier<O> fresh,
                           java.util.function.BiConsumer<O, String[]> set, int kind) {
        if (properties == null || properties.isEmpty()) {
            throw new IllegalArgumentException("properties must not be null or empty");
        }
        Objects.requireNonNull(config, "configOptions");
        O options = fresh.get();
        StringBuilder text = new StringBuilder();
        for (String name : properties.stringPropertyNames()) {
            String value = properties.getProperty(name);
            try {
                set.accept(options, new String[]{name, value});
            } catch (IllegalArgumentException refused) {
                return null;
            }
            if (!text.isEmpty()) text.append(';');
            text.append(name).append('=').append(value);
        }
        NativeLibrary.ensureLoaded();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_check_options(kind, arena.allocateFrom(text.toString()), config.flags(), error);
            return rc == 0 ? options : null;
        }
    }

    /** The length-prefixed records of panrocks_load_options, as text. */
    private static List<String> records(byte[] bytes) {
        MemorySegment s = MemorySegment.ofArray(bytes);
        List<String> out = new ArrayList<>();
        long at = 0;
        while (at + 4 <= bytes.length) {
            int length = s.get(ValueLayout.JAVA_INT_UNALIGNED, at);
            out.add(new String(bytes, (int) at + 4, length, StandardCharsets.UTF_8));
            at += 4L + length;
        }
        return out;
    }

    private interface TextCall {
        int call(MemorySegment path, MemorySegment buffer, long capacity, MemorySegment size, MemorySegment error);
    }

    private interface PathArgument {
        MemorySegment make(Arena arena);
    }

    /** Asks for the size, then reads the bytes (again if they grew meanwhile). */
    private static byte[] call(PathArgument argument, TextCall call) throws RocksDBException {
        NativeLibrary.ensureLoaded();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment p = argument.make(arena);
            MemorySegment size = arena.allocate(ValueLayout.JAVA_LONG);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = call.call(p, MemorySegment.NULL, 0, size, error);
            if (rc != 0) throw Errors.toException(rc, error);
            while (true) {
                MemorySegment buffer = arena.allocate(Math.max(1, size.get(ValueLayout.JAVA_LONG, 0)));
                rc = call.call(p, buffer, buffer.byteSize(), size, error);
                if (rc != 0) throw Errors.toException(rc, error);
                long n = size.get(ValueLayout.JAVA_LONG, 0);
                // a DB may have written a newer, larger OPTIONS file in between: read again, whole
                if (n <= buffer.byteSize()) return buffer.asSlice(0, n).toArray(ValueLayout.JAVA_BYTE);
            }
        }
    }
}
