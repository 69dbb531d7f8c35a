package io.panrocks.internal.options;

import io.panrocks.internal.Errors;
import io.panrocks.internal.NativeLibrary;
import io.panrocks.internal.ffi.panrocks_error;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an option getter returns: the value set on the object, or else the
 * default of the engine panrocks runs on, as RocksDB itself writes it
 * ({@code GetStringFromDBOptions} & co., read once per kind). A getter thus
 * answers what RocksJava's would (it reads the same defaults from its native
 * object), on every engine version.
 */
public final class OptionDefaults {
    private OptionDefaults() {
    }

    private static volatile Map<String, String> db, columnFamily, table;

    public static Map<String, String> db() {
        Map<String, String> m = db;
        if (m == null) db = m = load(panrocks_h.PANROCKS_OPTIONS_DB());
        return m;
    }

    public static Map<String, String> columnFamily() {
        Map<String, String> m = columnFamily;
        if (m == null) columnFamily = m = load(panrocks_h.PANROCKS_OPTIONS_COLUMN_FAMILY());
        return m;
    }

    public static Map<String, String> table() {
        Map<String, String> m = table;
        if (m == null) table = m = load(panrocks_h.PANROCKS_OPTIONS_BLOCK_BASED_TABLE());
        return m;
    }

    private static Map<String, String> load(int kind) {
        NativeLibrary.ensureLoaded();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment size = arena.allocate(ValueLayout.JAVA_LONG);
            MemorySegment error = panrocks_error.allocate(arena);
            int rc = panrocks_h.panrocks_default_options(kind, MemorySegment.NULL, 0, size, error);
            if (rc != 0) throw new IllegalStateException("option defaults: " + Errors.toException(rc, error).getMessage());
            MemorySegment buffer = arena.allocate(Math.max(1, size.get(ValueLayout.JAVA_LONG, 0)));
            rc = panrocks_h.panrocks_default_options(kind, buffer, buffer.byteSize(), size, error);
            if (rc != 0) throw new IllegalStateException("option defaults: " + Errors.toException(rc, error).getMessage());
            long n = Math.min(size.get(ValueLayout.JAVA_LONG, 0), buffer.byteSize());
            return Collections.unmodifiableMap(parse(new String(buffer.asSlice(0, n).toArray(ValueLayout.JAVA_BYTE),
                    StandardCharsets.UTF_8)));
        }
    }

    /** Splits {@code name=value;name={nested;...};...} at the top level. */
    public static Map<String, String> parse(String options) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String entry : split(options, ';')) {
            int eq = entry.indexOf('=');
            if (eq > 0) out.put(entry.substring(0, eq).trim(), entry.substring(eq + 1).trim());
        }
        return out;
    }

    /** Splits at {@code separator} outside braces; empty parts are dropped. */
    public static List<String> split(String s, char separator) {
        List<String> parts = new ArrayList<>();
        int depth = 0, start = 0;
        for (int i = 0; i <= s.length(); i++) {
            char c = i < s.length() ? s.charAt(i) : separator;
            if (c == '{') depth++;
            else if (c == '}') depth--;
            else if (c == separator && depth == 0) {
                String part = s.substring(start, i).trim();
                if (!part.isEmpty()) parts.add(part);
                start = i + 1;
            }
        }
        return parts;
    }

    // ---- the value a getter reports --------------------------------------------------

    /** The value set ({@code set}, may be null), else the engine's default of {@code name} in {@code defaults}. */
    public static String value(String set, Map<String, String> defaults, String name) {
        if (set != null) return set;
        String d = defaults.get(name);
        if (d == null) {
            throw new UnsupportedOperationException(name + " is not an option of RocksDB " + NativeLibrary.engineVersion());
        }
        return d;
    }

    /**
     * The value of an option a newer RocksDB retired (it still accepts the
     * name and ignores the value, and no longer reports it): the value set,
     * else the engine's default where the engine still has one, else
     * {@code lastDefault}, the default of the last RocksDB that used it.
     */
    public static String retired(String set, Map<String, String> defaults, String name, String lastDefault) {
        if (set != null) return set;
        return defaults.getOrDefault(name, lastDefault);
    }

    /**
     * Refuses, before anything opens, an option the running engine does not
     * have (one a newer RocksDB added: panrocks may run on the older engine
     * of {@code -Drocksdb.engine.version}); the engine would refuse it at open.
     */
    public static void requireKnown(Map<String, String> defaults, String name, String setter) {
        if (!defaults.containsKey(name)) {
            throw new UnsupportedOperationException(setter + ": " + name + " is not an option of RocksDB "
                    + NativeLibrary.engineVersion());
        }
    }

    public static boolean bool(String value) {
        return value.equals("true") || value.equals("1");
    }

    public static long number(String value) {
        String v = value.trim();
        // RocksDB writes uint64_t options unsigned (ttl=18446744073709551614); RocksJava returns them cast to long
        return v.startsWith("-") ? Long.parseLong(v) : Long.parseUnsignedLong(v);
    }

    public static int integer(String value) {
        return (int) number(value);
    }

    public static double decimal(String value) {
        return Double.parseDouble(value.trim());
    }
}
