package io.panrocks.matrix;

import io.panrocks.RocksDB;
import io.panrocks.testkit.ForkedJvm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReader;
import java.lang.module.ModuleReference;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The public API as reflection finds it: every public type of the exported
 * package {@code io.panrocks} (nested public types included), and each
 * type's public members (instance methods, inherited ones included; its own
 * static methods; its constructors). Read from the module's class files,
 * so a type added to the package is found without anyone listing it.
 */
final class Surface {
    static final String PACKAGE = "io.panrocks";

    private Surface() {
    }

    /** Every public type of the package, by name. */
    static List<Class<?>> publicTypes() {
        Path location = ForkedJvm.location(RocksDB.class);
        ModuleReference module = ModuleFinder.of(location).find(PACKAGE)
                .orElseThrow(() -> new IllegalStateException("no module io.panrocks at " + location));
        if (module.descriptor().exports().stream().noneMatch(e -> e.source().equals(PACKAGE) && !e.isQualified())) {
            throw new IllegalStateException("module io.panrocks does not export " + PACKAGE);
        }
        List<Class<?>> types = new ArrayList<>();
        try (ModuleReader reader = module.open(); Stream<String> names = reader.list()) {
            for (String name : names.toList()) {
                if (!name.startsWith("io/panrocks/") || !name.endsWith(".class") || name.indexOf('/', 12) >= 0
                        || name.equals("io/panrocks/module-info.class")) {
                    continue;
                }
                Class<?> c = Class.forName(name.substring(0, name.length() - 6).replace('/', '.'), false,
                        Surface.class.getClassLoader());
                if (isPublicApi(c)) types.add(c);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
        types.sort(Comparator.comparing(Surface::name));
        return types;
    }

    private static boolean isPublicApi(Class<?> c) {
        if (c.isAnonymousClass() || c.isLocalClass() || c.isSynthetic()) return false;
        for (Class<?> t = c; t != null; t = t.getEnclosingClass()) {
            if (!Modifier.isPublic(t.getModifiers())) return false;
        }
        return true;
    }

    /** The type's name as the table spells it: "RocksDB", "Status.Code". */
    static String name(Class<?> c) {
        return c.getEnclosingClass() == null ? c.getSimpleName() : name(c.getEnclosingClass()) + "." + c.getSimpleName();
    }

    /**
     * The type's public members: instance methods declared by io.panrocks
     * types (so also those a subclass inherits, and none of Object's or
     * Enum's unless panrocks overrides them), its own static methods, and
     * its public constructors (none for an abstract class), each once, by
     * signature.
     */
    static List<Executable> members(Class<?> type) {
        Map<String, Executable> bySignature = new LinkedHashMap<>();
        for (Method m : type.getMethods()) {
            if (m.isBridge() || m.isSynthetic()) continue;
            if (!m.getDeclaringClass().getName().startsWith(PACKAGE + ".")) continue;
            if (Modifier.isStatic(m.getModifiers()) && m.getDeclaringClass() != type) continue;
            bySignature.putIfAbsent(signature(m), m);
        }
        if (!Modifier.isAbstract(type.getModifiers()) && !type.isInterface()) {
            for (Constructor<?> c : type.getConstructors()) bySignature.putIfAbsent(signature(c), c);
        }
        List<Executable> members = new ArrayList<>(bySignature.values());
        members.sort(Comparator.comparing(Surface::signature));
        return members;
    }

    /** The member's instance methods only (what a closed or foreign-held object is asked). */
    static List<Method> instanceMethods(Class<?> type) {
        List<Method> out = new ArrayList<>();
        for (Executable e : members(type)) {
            if (e instanceof Method m && !Modifier.isStatic(m.getModifiers())) out.add(m);
        }
        return out;
    }

    static boolean isStatic(Executable e) {
        return e instanceof Constructor<?> || Modifier.isStatic(e.getModifiers());
    }

    /** "name(A,B)" for a method, "new(A,B)" for a constructor, "static name(A)" for a static method. */
    static String signature(Executable e) {
        StringBuilder s = new StringBuilder();
        if (e instanceof Constructor<?>) s.append("new");
        else if (Modifier.isStatic(e.getModifiers())) s.append("static ").append(e.getName());
        else s.append(e.getName());
        s.append('(');
        Class<?>[] types = e.getParameterTypes();
        for (int i = 0; i < types.length; i++) {
            if (i > 0) s.append(',');
            s.append(types[i].isArray() ? name(types[i].getComponentType()) + "[]" : name(types[i]));
        }
        return s.append(')').toString();
    }

    /** The member of type with this signature. */
    static Executable member(Class<?> type, String signature) {
        for (Executable e : members(type)) {
            if (signature(e).equals(signature)) return e;
        }
        throw new IllegalArgumentException("no member " + signature + " in " + name(type));
    }

    private static List<Class<?>> types;

    /** The public type with this name. */
    static synchronized Class<?> type(String name) {
        if (types == null) types = publicTypes();
        for (Class<?> c : types) {
            if (name(c).equals(name)) return c;
        }
        throw new IllegalArgumentException("no public type " + name);
    }

    /** The classes the user extends to have the engine call Java: comparators, merge operators, filters, listeners. */
    static boolean isEngineCallbackBase(Class<?> type) {
        return java.util.Set.of(io.panrocks.AbstractComparator.class, io.panrocks.AbstractMergeOperator.class,
                io.panrocks.AssociativeMergeOperator.class, io.panrocks.AbstractCompactionFilter.class,
                io.panrocks.AbstractCompactionFilterFactory.class, io.panrocks.AbstractEventListener.class,
                io.panrocks.AbstractWalFilter.class,
                io.panrocks.AbstractTableFilter.class).contains(type);
    }
}
