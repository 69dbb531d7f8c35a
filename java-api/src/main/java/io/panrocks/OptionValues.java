package io.panrocks;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Option values in RocksDB's option-string syntax ({@code name=value;...}),
 * the form in which options cross the C ABI and RocksDB parses them.
 */
final class OptionValues {
    /** panrocks' own switch, not a RocksDB option: kept out of the option string */
    static final String PANROCKS_STATISTICS = "panrocks.statistics";
    static final String PANROCKS_ADAPTIVE_THRESHOLD = "panrocks.adaptive_read_threshold";

    private final Map<String, String> values = new LinkedHashMap<>();

    OptionValues() {
    }

    OptionValues(OptionValues other) {
        values.putAll(other.values);
    }

    void put(String name, String value) {
        checkToken(name, "option name");
        if (name.isEmpty() || name.indexOf('=') >= 0) throw new IllegalArgumentException("bad option name: " + name);
        // nested values ({...}) are composed by panrocks' own setters
        if (!(value != null && value.startsWith("{id=") && value.endsWith("}"))) checkToken(value, name);
        values.put(name, value);
    }

    String get(String name) {
        return values.get(name);
    }

    boolean getBoolean(String name, boolean defaultValue) {
        String v = values.get(name);
        return v == null ? defaultValue : Boolean.parseBoolean(v);
    }

    long getLong(String name, long defaultValue) {
        String v = values.get(name);
        return v == null ? defaultValue : Long.parseLong(v);
    }

    static void checkToken(String s, String option) {
        if (s == null) throw new IllegalArgumentException(option + " must not be null");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ';' || c == '{' || c == '}') {
                throw new IllegalArgumentException(option + " must not contain ';', '{' or '}': " + s);
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

    static long requireAtLeast(long value, long min, String option) {
        if (value < min) throw new IllegalArgumentException(option + " must be >= " + min + ", was " + value);
        return value;
    }
}
