package io.panrocks.fork;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What every no-argument getter of a freshly made option object returns, for
 * the option classes RocksJava and panrocks share by name: one line
 * {@code Class.getter=value} each. Used in-process for panrocks and as a child
 * JVM's main for RocksJava (args[0] = "org.rocksdb"), whose library the test
 * JVM never loads; the two listings must agree (RocksJavaDefaultsTest).
 */
public final class OptionGetterDump {
    private OptionGetterDump() {
    }

    /** The option classes with a public no-argument constructor in both APIs. */
    public static final List<String> CLASSES = List.of("Options", "DBOptions", "ColumnFamilyOptions",
            "BlockBasedTableConfig", "PlainTableConfig", "ReadOptions", "WriteOptions", "FlushOptions",
            "CompactRangeOptions", "CompactionOptions", "CompactionOptionsFIFO", "CompactionOptionsUniversal",
            "CompressionOptions", "IngestExternalFileOptions", "TransactionDBOptions", "TransactionOptions",
            "OptimisticTransactionOptions", "OptimisticTransactionDBOptions", "EnvOptions", "ComparatorOptions",
            "ImportColumnFamilyOptions", "ConfigOptions", "SkipListMemTableConfig", "HashSkipListMemTableConfig",
            "HashLinkedListMemTableConfig", "VectorMemTableConfig");

    /** Getters that describe the object rather than an option, or that make something. */
    private static final java.util.Set<String> NOT_OPTIONS = java.util.Set.of("hashCode", "toString", "getClass",
            "isOwningHandle", "getNativeHandle", "close", "clone", "copy", "newIterator", "getEnv",
            "statistics", "memTableConfig", "tableFormatConfig", "rateLimiter", "sstFileManager", "writeBufferManager",
            "comparator", "mergeOperator", "compactionFilter", "blockCache", "filterPolicy", "snapshot",
            "iterateUpperBound", "iterateLowerBound", "timestamp", "iterStartTs", "tableFilter", "bottommostCompressionOptions",
            "compressionOptions", "compactionOptionsFIFO", "compactionOptionsUniversal", "dbPaths", "cfPaths",
            "compressionPerLevel", "maxBytesForLevelMultiplierAdditional", "listeners", "walFilter", "sstPartitionerFactory",
            "compactionThreadLimiter",
            "persistentCache");

    /** Class.getter to value, for the classes of {@code pkg} ("io.panrocks" or "org.rocksdb"). */
    public static Map<String, String> dump(String pkg) throws Exception {
        Map<String, String> out = new TreeMap<>();
        for (String name : CLASSES) {
            Class<?> c;
            try {
                c = Class.forName(pkg + "." + name);
            } catch (ClassNotFoundException e) {
                continue;
            }
            Constructor<?> ctor;
            try {
                ctor = c.getConstructor();
            } catch (NoSuchMethodException e) {
                continue;
            }
            Object o = ctor.newInstance();
            for (Method m : c.getMethods()) {
                if (m.getParameterCount() != 0 || Modifier.isStatic(m.getModifiers())) continue;
                if (NOT_OPTIONS.contains(m.getName()) || !reportable(m.getReturnType())) continue;
                if (m.getDeclaringClass() == Object.class) continue;
                String value;
                try {
                    value = text(m.invoke(o));
                } catch (InvocationTargetException e) {
                    value = "threw " + e.getCause().getClass().getSimpleName();
                }
                out.put(name + "." + m.getName(), value);
            }
            if (o instanceof AutoCloseable a) a.close();
        }
        return out;
    }

    private static boolean reportable(Class<?> t) {
        return t.isPrimitive() && t != void.class || t == String.class || t.isEnum() || t == Boolean.class
                || t == Integer.class || t == Long.class || t == Double.class;
    }

    private static String text(Object v) {
        if (v instanceof Enum<?> e) return e.name();
        return String.valueOf(v);
    }

    /** The enums whose constants RocksJava code names: Enum.CONSTANT, one line each. */
    public static List<String> constants(String pkg, String... enums) throws ClassNotFoundException {
        List<String> out = new java.util.ArrayList<>();
        for (String name : enums) {
            for (Object c : Class.forName(pkg + "." + name).getEnumConstants()) out.add(name + "." + ((Enum<?>) c).name());
        }
        return out;
    }

    /**
     * Child: RocksJava's listing, args[0] the package ("org.rocksdb"), args[1]
     * "getters" (Class.getter=value) or "constants" followed by enum names.
     */
    public static void main(String[] args) throws Exception {
        if (args[0].equals("org.rocksdb")) Class.forName("org.rocksdb.RocksDB").getMethod("loadLibrary").invoke(null);
        if (args[1].equals("constants")) {
            for (String c : constants(args[0], java.util.Arrays.copyOfRange(args, 2, args.length))) System.out.println(c);
        } else {
            for (Map.Entry<String, String> e : dump(args[0]).entrySet()) System.out.println(e.getKey() + "=" + e.getValue());
        }
    }
}
