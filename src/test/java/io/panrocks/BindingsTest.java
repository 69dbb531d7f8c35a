package io.panrocks;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The committed jextract bindings must match the C ABI's headers (panrocks.h
 * and its feature headers, panrocks_*.h), so header and bindings cannot
 * drift apart: every function has a binding with the same parameter and
 * return types, every constant a binding with the same value.
 */
class BindingsTest {
    /** A prototype: return type, name, parameter list (comments already removed). */
    private static final Pattern PROTOTYPE = Pattern.compile(
            "(?m)^\\s*((?:const\\s+)?[A-Za-z_][A-Za-z0-9_]*(?:\\s*\\*)*)\\s*\\b(panrocks_[a-z0-9_]+)\\s*\\(([^;{]*?)\\)\\s*;");
    private static final Pattern MACRO = Pattern.compile(
            "(?m)^#define\\s+(PANROCKS_[A-Z0-9_]+)\\s+(-?[0-9]+)[uUlL]*\\s*$");

    /** Every header of the ABI, comments removed. */
    private static String headersWithoutComments() throws IOException {
        Path dir = TestSupport.repositoryRoot().resolve("native/include");
        StringBuilder text = new StringBuilder();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path h : files.filter(f -> f.getFileName().toString().matches("panrocks(_[a-z0-9_]+)?\\.h")).sorted().toList()) {
                text.append(Files.readString(h)).append('\n');
            }
        }
        return text.toString().replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\n]*", " ");
    }

    private static Class<?> bindings() throws ClassNotFoundException {
        return Class.forName("io.panrocks.internal.ffi.panrocks_h");
    }

    /** The binding method of a function (the static one named after it, not its $handle/$address accessors). */
    private static Map<String, Method> bindingMethods() throws ClassNotFoundException {
        Map<String, Method> methods = new LinkedHashMap<>();
        for (Method m : bindings().getMethods()) {
            if (Modifier.isStatic(m.getModifiers()) && m.getName().startsWith("panrocks_") && !m.getName().contains("$")) {
                methods.put(m.getName(), m);
            }
        }
        return methods;
    }

    record Prototype(String name, String returnType, List<String> parameterTypes) {
    }

    private static List<Prototype> prototypes() throws IOException {
        List<Prototype> result = new ArrayList<>();
        Matcher m = PROTOTYPE.matcher(headersWithoutComments());
        while (m.find()) {
            String params = m.group(3).replaceAll("\\s+", " ").trim();
            List<String> types = new ArrayList<>();
            if (!params.isEmpty() && !params.equals("void")) {
                for (String p : params.split(",")) types.add(p.trim());
            }
            result.add(new Prototype(m.group(2), m.group(1).replaceAll("\\s+", " ").trim(), types));
        }
        return result;
    }

    /** The Java type jextract gives a C declaration ("const char *key" -> MemorySegment). */
    private static Class<?> javaTypeOf(String declaration) {
        String d = declaration.replaceAll("\\bconst\\b", " ").trim();
        if (d.contains("*")) return MemorySegment.class;
        String type = d.split("\\s+")[0];
        return switch (type) {
            case "void" -> void.class;
            case "int32_t", "uint32_t", "int" -> int.class;
            case "int64_t", "uint64_t", "size_t" -> long.class;
            case "double" -> double.class;
            case "uint8_t", "int8_t", "char" -> byte.class;
            default -> type.startsWith("panrocks_") ? MemorySegment.class : Object.class; // a struct by value
        };
    }

    @Test
    void everyFunctionInTheHeadersHasABindingWithTheSameSignature() throws Exception {
        List<Prototype> declared = prototypes();
        assertTrue(declared.size() > 40, "parsed too few functions: " + declared.size());
        Map<String, Method> generated = bindingMethods();
        List<String> problems = new ArrayList<>();
        Set<String> names = new TreeSet<>();
        for (Prototype p : declared) {
            names.add(p.name());
            Method m = generated.get(p.name());
            if (m == null) {
                problems.add(p.name() + ": declared without a binding (run scripts/generate-bindings.sh)");
                continue;
            }
            Class<?> expectedReturn = javaTypeOf(p.returnType());
            if (m.getReturnType() != expectedReturn) {
                problems.add(p.name() + ": returns " + m.getReturnType().getSimpleName() + " in the binding, "
                        + p.returnType() + " in the header");
            }
            // a struct returned by value takes a SegmentAllocator first
            List<Class<?>> actual = new ArrayList<>(Arrays.asList(m.getParameterTypes()));
            if (expectedReturn == MemorySegment.class && !p.returnType().contains("*") && !actual.isEmpty()) actual.remove(0);
            List<Class<?>> expected = p.parameterTypes().stream().<Class<?>>map(BindingsTest::javaTypeOf).toList();
            if (!actual.equals(expected)) {
                problems.add(p.name() + ": parameters " + expected.stream().map(Class::getSimpleName).toList()
                        + " in the header, " + actual.stream().map(Class::getSimpleName).toList() + " in the binding");
            }
        }
        Set<String> stale = generated.keySet().stream().filter(n -> !names.contains(n))
                .collect(Collectors.toCollection(TreeSet::new));
        if (!stale.isEmpty()) problems.add("bindings for functions no longer in the headers: " + stale);
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void everyConstantInTheHeadersHasABindingWithTheSameValue() throws Exception {
        Matcher m = MACRO.matcher(headersWithoutComments());
        List<String> problems = new ArrayList<>();
        Class<?> b = bindings();
        int checked = 0;
        while (m.find()) {
            String name = m.group(1);
            long value = Long.parseLong(m.group(2));
            try {
                Object bound = b.getMethod(name).invoke(null);
                if (((Number) bound).longValue() != value) problems.add(name + " = " + value + " in the header, " + bound + " bound");
            } catch (NoSuchMethodException e) {
                problems.add(name + ": no binding");
            }
            checked++;
        }
        assertTrue(checked > 25, "parsed too few constants: " + checked);
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /** The Java side takes its numbers from the bindings, so a renumbered status cannot go unnoticed. */
    @Test
    void javaConstantsComeFromTheBindings() throws Exception {
        Class<?> b = bindings();
        for (Status.Code code : Status.Code.values()) {
            if (code == Status.Code.Undefined) continue;
            String constant = switch (code) {
                case Ok -> "PANROCKS_OK";
                case IOError -> "PANROCKS_IO_ERROR";
                default -> "PANROCKS_" + code.name().replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase();
            };
            assertEquals(((Number) b.getMethod(constant).invoke(null)).intValue(), code.value(), code + " vs " + constant);
        }
    }

    @Test
    void abiVersionOfHeaderAndLibraryAgree() throws Exception {
        Matcher m = Pattern.compile("#define PANROCKS_ABI_VERSION (\\d+)").matcher(headersWithoutComments());
        assertTrue(m.find());
        int header = Integer.parseInt(m.group(1));
        assertEquals(header, (int) bindings().getMethod("PANROCKS_ABI_VERSION").invoke(null));
        RocksDB.engineVersion(); // loads the library, which checks its ABI version
        assertEquals(header, (int) bindings().getMethod("panrocks_abi_version").invoke(null));
    }

    @Test
    void committedBindingsAreJextractOutput() throws IOException {
        Path dir = TestSupport.repositoryRoot().resolve("jextract-bindings/src/main/java/io/panrocks/internal/ffi");
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".java")).toList();
        }
        assertFalse(files.isEmpty());
        for (Path f : files) {
            assertTrue(Files.readString(f).startsWith("// Generated by jextract"), f + " lacks jextract's marker");
        }
    }
}
