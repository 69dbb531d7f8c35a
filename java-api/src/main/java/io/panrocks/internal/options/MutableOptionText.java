package io.panrocks.internal.options;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.ObjDoubleConsumer;
import java.util.function.ObjIntConsumer;
import java.util.function.ObjLongConsumer;

/**
 * The text form shared by {@code MutableColumnFamilyOptions} and
 * {@code MutableDBOptions}: parsing {@code name=value;...} (what
 * {@code RocksDB.getOptions} reads from the engine, or a caller's string)
 * into typed values for the builders' validating setters.
 */
public final class MutableOptionText {
    private MutableOptionText() {
    }

    /** Applies one option's text to a builder: converts it and calls the typed setter. */
    @FunctionalInterface
    public interface Applier<B> {
        void apply(B builder, String name, String value);
    }

    /** Keeps an option's text as written (through the raw setter, which checks only panrocks' hard bounds). */
    @FunctionalInterface
    public interface RawSetter<B> {
        void set(B builder, String name, String value);
    }

    /** The applier of an int option: its text converted ({@link #intValue}), then the typed setter. */
    public static <B> Applier<B> integer(ObjIntConsumer<B> setter) {
        return (b, n, v) -> setter.accept(b, intValue(n, v));
    }

    /** The applier of a floating-point option: its text converted ({@link #doubleValue}), then the typed setter. */
    public static <B> Applier<B> decimal(ObjDoubleConsumer<B> setter) {
        return (b, n, v) -> setter.accept(b, doubleValue(n, v));
    }

    /** The applier of a boolean option: its text converted ({@link #booleanValue}), then the typed setter. */
    public static <B> Applier<B> bool(BiConsumer<B, Boolean> setter) {
        return (b, n, v) -> setter.accept(b, booleanValue(n, v));
    }

    /**
     * The applier of an unsigned 64-bit option: a value past {@code Long.MAX_VALUE} in one of
     * RocksDB's spellings is kept as text (through raw), any other goes through the typed setter.
     */
    public static <B> Applier<B> unsigned(ObjLongConsumer<B> setter, RawSetter<B> raw) {
        return (b, n, v) -> {
            if (isUnsignedSpecial(v)) raw.set(b, n, v.trim());
            else setter.accept(b, longValue(n, v));
        };
    }

    /**
     * Applies every {@code name=value} of {@code text} that {@code appliers}
     * knows; an unknown name is skipped when {@code ignoreUnknown}, else refused.
     * With {@code engineValues} (text RocksDB wrote: {@code RocksDB.getOptions}),
     * a value the typed setter refuses, being stricter than RocksDB (a -1
     * meaning "automatic"), is kept as written instead.
     */
    public static <B> B parse(String text, boolean ignoreUnknown, Map<String, Applier<B>> appliers, B builder, String kind,
                              RawSetter<B> engineValues) {
        if (text == null) throw new NullPointerException("str");
        for (String entry : OptionDefaults.split(text, ';')) {
            int eq = entry.indexOf('=');
            if (eq <= 0) throw new IllegalArgumentException(kind + ": not name=value: " + entry);
            String name = entry.substring(0, eq).trim();
            String value = unescape(entry.substring(eq + 1).trim());
            Applier<B> applier = appliers.get(name);
            if (applier == null) {
                if (ignoreUnknown) continue;
                throw new IllegalArgumentException(kind + ": " + name + " is not a mutable option");
            }
            if (engineValues == null) {
                applier.apply(builder, name, value);
                continue;
            }
            try {
                applier.apply(builder, name, value);
            } catch (IllegalArgumentException stricterThanRocksDB) {
                engineValues.set(builder, name, value);
            }
        }
        return builder;
    }

    /** RocksDB escapes {@code :} and {@code \} in the option strings it writes ({@code 02\:20-19\:50}). */
    public static String unescape(String value) {
        if (value.indexOf('\\') < 0) return value;
        StringBuilder b = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\\' && i + 1 < value.length()) c = value.charAt(++i);
            b.append(c);
        }
        return b.toString();
    }

    public static long longValue(String name, String value) {
        try {
            return OptionDefaults.number(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a number, was " + value);
        }
    }

    /**
     * A value RocksDB writes unsigned above {@code Long.MAX_VALUE} (its
     * "automatic" markers, such as {@code ttl=18446744073709551614}): kept as
     * written rather than refused as negative by a typed setter.
     */
    public static boolean isUnsignedSpecial(String value) {
        String v = value.trim();
        return !v.startsWith("-") && longValueOrZero(v) < 0;
    }

    private static long longValueOrZero(String v) {
        try {
            return Long.parseUnsignedLong(v);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    public static int intValue(String name, String value) {
        long v = longValue(name, value);
        if (v != (int) v) throw new IllegalArgumentException(name + " must be an int, was " + value);
        return (int) v;
    }

    public static double doubleValue(String name, String value) {
        try {
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a number, was " + value);
        }
    }

    public static boolean booleanValue(String name, String value) {
        return switch (value) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw new IllegalArgumentException(name + " must be true or false, was " + value);
        };
    }

    /** {@code 2:3:5}, or RocksDB's {@code 2:{3}:{5}}. */
    public static int[] intArray(String name, String value) {
        List<Integer> out = new ArrayList<>();
        for (String part : OptionDefaults.split(value, ':')) {
            String p = part.startsWith("{") && part.endsWith("}") ? part.substring(1, part.length() - 1) : part;
            out.add(intValue(name, p.trim()));
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }
}
