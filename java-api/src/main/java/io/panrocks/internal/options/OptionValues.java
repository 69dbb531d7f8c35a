package io.panrocks.internal.options;


import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Option values in RocksDB's option-string syntax ({@code name=value;...}),
 * the form in which options cross the C ABI and RocksDB parses them.
 */
public final class OptionValues {
    /** panrocks' own switch, not a RocksDB option: kept out of the option string */
    public static final String PANROCKS_STATISTICS = "panrocks.statistics";
    public static final String PANROCKS_ADAPTIVE_THRESHOLD = "panrocks.adaptive_read_threshold";

    private final Map<String, String> values = new LinkedHashMap<>();

    public OptionValues() {
    }

    public OptionValues(OptionValues other) {
        values.putAll(other.values);
    }

    public void put(String name, String value) {
        checkToken(name, "option name");
        if (name.isEmpty() || name.indexOf('=') >= 0) throw new IllegalArgumentException("bad option name: " + name);
        checkValue(value, name);
        if (value.contains("panrocks.callback")) {
            // callbacks: IDs of native callbacks are panrocks' own; one named here could outlive its DB
            throw new IllegalArgumentException(name + ": panrocks.callback IDs cannot be set as raw values; "
                    + "use the typed setter (setComparator, setMergeOperator, setCompactionFilter, setListeners)");
        }
        Bound bound = BOUNDS.get(name);
        if (bound != null) bound.check(value);
        values.put(name, value);
    }

    /**
     * The range an option's value must lie in: values outside it the engine
     * cannot take (it aborts, preallocates absurd files, starts threads it
     * never stops, or silently clamps them). Checked for typed and raw
     * setters alike, naming the option both ways.
     */
    public record Bound(String rocksdbName, String javaName, long min, long max, String why) {
        void check(String value) {
            long v;
            try {
                v = Long.parseLong(value.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(javaName + " (" + rocksdbName + ") must be a number, was " + value);
            }
            if (v < min || v > max) {
                throw new IllegalArgumentException(javaName + " (" + rocksdbName + ") must be in [" + min + ", " + max
                        + "], was " + v + (why.isEmpty() ? "" : ": " + why));
            }
        }
    }

    public static final long GiB = 1L << 30;

    private static final Map<String, Bound> BOUNDS = Map.ofEntries(
            bound("write_buffer_size", "writeBufferSize", 1, 64 * GiB,
                    "RocksDB clamps it to 64 GiB and preallocates each WAL file at 1.1 times it"),
            bound("arena_block_size", "arenaBlockSize", 0, 64 * GiB, "memtable arena blocks above a memtable's limit"),
            bound("db_write_buffer_size", "dbWriteBufferSize", 0, Long.MAX_VALUE / 2, ""),
            bound("max_background_jobs", "maxBackgroundJobs", 1, 1024,
                    "RocksDB starts that many threads for the whole process and never stops them"),
            bound("max_background_compactions", "maxBackgroundCompactions", -1, 1024, "threads, as maxBackgroundJobs"),
            bound("max_background_flushes", "maxBackgroundFlushes", -1, 1024, "threads, as maxBackgroundJobs"),
            bound("max_subcompactions", "maxSubcompactions", 1, 1024, "threads, as maxBackgroundJobs"),
            bound("max_file_opening_threads", "maxFileOpeningThreads", 1, 1024, "threads"),
            bound("block_size", "blockSize", 1, 0xFFFF_FFFFL, "RocksDB's block format limit (4 GiB)"),
            bound("compaction_readahead_size", "compactionReadaheadSize", 0, GiB, "one buffer that size per file read"),
            bound("writable_file_max_buffer_size", "writableFileMaxBufferSize", 0, GiB, "one buffer that size per file"),
            // options added for RocksJava's setters
            bound("table_cache_numshardbits", "tableCacheNumshardbits", -1, 19,
                    "RocksDB cannot make a table cache of more shards, and the open then crashes"),
            bound("manifest_preallocation_size", "manifestPreallocationSize", 0, GiB,
                    "each MANIFEST file is preallocated at this size"),
            bound("log_readahead_size", "logReadaheadSize", 0, GiB, "one buffer that size per log read"),
            bound("inplace_update_num_locks", "inplaceUpdateNumLocks", 0, 1_000_000,
                    "every memtable allocates them all (an allocation failure there ends the process)"),
            bound("memtable_huge_page_size", "memtableHugePageSize", 0, GiB, "memtables are allocated in pages of this size"),
            bound("blob_compaction_readahead_size", "blobCompactionReadaheadSize", 0, GiB,
                    "one buffer that size per blob file read"));

    private static Map.Entry<String, Bound> bound(String rocksdbName, String javaName, long min, long max, String why) {
        return Map.entry(rocksdbName, new Bound(rocksdbName, javaName, min, max, why));
    }

    /**
     * A value is a plain token (no {@code ;}, {@code {} or {@code }}), or
     * one brace group spanning the whole value (RocksDB's syntax for nested
     * options, {@code {id=stringappend;delimiter=,}}): braces balanced and
     * never closed before the end, so that no {@code ;} can reach the top
     * level and set another option.
     */
    public static void checkValue(String value, String option) {
        if (value == null) throw new IllegalArgumentException(option + " must not be null");
        if (!value.startsWith("{")) {
            checkToken(value, option);
            return;
        }
        int depth = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\0') throw new IllegalArgumentException(option + " must not contain a zero character");
            if (c == '{') {
                depth++;
            } else if (c == '}') {
                depth--;
                if (depth == 0 && i != value.length() - 1) {
                    throw new IllegalArgumentException(option + ": a nested value must be one {...} group: " + value);
                }
            }
        }
        if (depth != 0) throw new IllegalArgumentException(option + ": unbalanced braces in " + value);
    }

    public String get(String name) {
        return values.get(name);
    }

    /** The values in the order they were first set, panrocks' own switches left out. */
    public Map<String, String> entries() {
        Map<String, String> out = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            if (!k.startsWith("panrocks.")) out.put(k, v);
        });
        return out;
    }

    /** Forgets a value (a Java callback set by its own setter replaces it). */
    public void remove(String name) {
        values.remove(name);
    }

    public boolean getBoolean(String name, boolean defaultValue) {
        String v = values.get(name);
        return v == null ? defaultValue : Boolean.parseBoolean(v);
    }

    public long getLong(String name, long defaultValue) {
        String v = values.get(name);
        return v == null ? defaultValue : Long.parseLong(v);
    }

    public static void checkToken(String s, String option) {
        if (s == null) throw new IllegalArgumentException(option + " must not be null");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ';' || c == '{' || c == '}' || c == '\0') {
                throw new IllegalArgumentException(option + " must not contain ';', '{', '}' or a zero character: "
                        + s.replace("\0", "\\0"));
            }
        }
    }

    @Override
    public String toString() {
        StringJoiner j = new StringJoiner(";");
        values.forEach((k, v) -> {
            if (!k.startsWith("panrocks.")) j.add(k + "=" + v);
        });
        return j.toString();
    }

    /**
     * A positive, finite, normal double of at most {@code max}: RocksDB parses
     * option doubles with {@code std::stod}, which refuses subnormal values
     * (so the open would fail), and NaN or infinity mean nothing here.
     */
    public static double requireNormal(double value, double max, String option) {
        if (!(value >= Double.MIN_NORMAL && value <= max)) {
            throw new IllegalArgumentException(option + " must be a normal number in (0, " + max + "], was " + value);
        }
        return value;
    }

    private static final java.util.regex.Pattern OFFPEAK_WINDOW =
            java.util.regex.Pattern.compile("([01][0-9]|2[0-3]):[0-5][0-9]-([01][0-9]|2[0-3]):[0-5][0-9]");

    /** RocksDB's {@code daily_offpeak_time_utc}: empty, or {@code HH:mm-HH:mm}; anything else it refuses at open. */
    public static String requireOffpeakWindow(String window) {
        if (window == null) throw new IllegalArgumentException("dailyOffpeakTimeUTC must not be null");
        if (!window.isEmpty() && !OFFPEAK_WINDOW.matcher(window).matches()) {
            throw new IllegalArgumentException("dailyOffpeakTimeUTC must be empty or HH:mm-HH:mm (UTC), was " + window);
        }
        return window;
    }

    public static long requireAtLeast(long value, long min, String option) {
        if (value < min) throw new IllegalArgumentException(option + " must be >= " + min + ", was " + value);
        return value;
    }

    /**
     * 0, or a normal number up to {@code max}: RocksDB parses option
     * doubles with {@code std::stod}, which refuses subnormal values.
     */
    public static double requireFraction(double value, double max, String option) {
        if (!(value == 0 || (value >= Double.MIN_NORMAL && value <= max))) {
            throw new IllegalArgumentException(option + " must be 0 or a normal number in (0, " + max + "], was " + value);
        }
        return value;
    }
}
