package io.panrocks.internal;

import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

/**
 * The one lookup behind the public enums' {@code of(int)}, {@code getXxx(byte)} and
 * {@code fromRocksName(String)}: the constant whose number (RocksJava's or the engine's) or
 * engine name is the one asked for. Generic, so that it names no public type; a linear walk
 * of {@code values()}, as the enums are small and the lookups are not on a read or write path.
 */
public final class EnumCodes {
    private EnumCodes() {
    }

    /**
     * The first of {@code values} whose code is {@code wanted}, or {@code otherwise} if none is.
     *
     * @param <E> the enum
     * @param values the enum's constants
     * @param code the number of a constant
     * @param wanted the number asked for
     * @param otherwise what an unknown number means
     * @return the constant
     */
    public static <E> E find(E[] values, ToIntFunction<? super E> code, int wanted, E otherwise) {
        for (E e : values) {
            if (code.applyAsInt(e) == wanted) return e;
        }
        return otherwise;
    }

    /**
     * The first of {@code values} whose code is {@code wanted}.
     *
     * @param <E> the enum
     * @param values the enum's constants
     * @param code the number of a constant
     * @param wanted the number asked for
     * @param unknown the exception to throw if no constant has it
     * @return the constant
     */
    public static <E> E require(E[] values, ToIntFunction<? super E> code, int wanted,
                                Supplier<? extends RuntimeException> unknown) {
        E e = find(values, code, wanted, null);
        if (e == null) throw unknown.get();
        return e;
    }

    /**
     * The first of {@code values} whose name is {@code wanted} (compared with {@code equals}).
     *
     * @param <E> the enum
     * @param values the enum's constants
     * @param name the name of a constant
     * @param wanted the name asked for
     * @param unknown the exception to throw if no constant has it
     * @return the constant
     */
    public static <E> E require(E[] values, Function<? super E, String> name, String wanted,
                                Supplier<? extends RuntimeException> unknown) {
        for (E e : values) {
            if (name.apply(e).equals(wanted)) return e;
        }
        throw unknown.get();
    }

    /**
     * As {@link #require(Object[], ToIntFunction, int, Supplier)}, failing as RocksJava's getters do:
     * {@code IllegalArgumentException("no <Enum> has the value <wanted>")}.
     *
     * @param <E> the enum
     * @param values the enum's constants, not empty
     * @param code the number of a constant
     * @param wanted the number asked for
     * @return the constant
     */
    public static <E extends Enum<E>> E ofValue(E[] values, ToIntFunction<? super E> code, int wanted) {
        return require(values, code, wanted,
                () -> new IllegalArgumentException("no " + enumName(values) + " has the value " + wanted));
    }

    /**
     * The constant the engine writes as {@code wanted} in its options, failing with
     * {@code IllegalStateException("<Enum>: the engine reports <wanted>, which panrocks does not know")}
     * (an engine newer than panrocks).
     *
     * @param <E> the enum
     * @param values the enum's constants, not empty
     * @param rocksName the engine's name of a constant
     * @param wanted the name the engine reports
     * @return the constant
     */
    public static <E extends Enum<E>> E ofRocksName(E[] values, Function<? super E, String> rocksName, String wanted) {
        return require(values, rocksName, wanted, () -> new IllegalStateException(
                enumName(values) + ": the engine reports " + wanted + ", which panrocks does not know"));
    }

    /**
     * The constant RocksDB writes under the constant's own name (the option enums whose names are RocksDB's,
     * {@code IndexType.kHashSearch}); IllegalStateException if none (an engine newer than panrocks).
     */
    public static <E extends Enum<E>> E ofOwnName(E[] values, String wanted) {
        return ofRocksName(values, Enum::name, wanted);
    }

    private static String enumName(Enum<?>[] values) {
        return values[0].getDeclaringClass().getSimpleName();
    }
}
