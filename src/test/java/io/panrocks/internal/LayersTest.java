package io.panrocks.internal;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * java-api's layers, read from its sources (docs/architecture.md): the public types of
 * {@code io.panrocks} above the implementation in {@code io.panrocks.internal}, which names public
 * types only below it. A public type the implementation imports must not reach the
 * implementation again, by an import or by a same-package type it names in code (comments
 * and strings aside): otherwise an import runs back up and {@code internal}, drawn as one room,
 * stands in a circle with the public package. The generated bindings ({@code internal.ffi}, in
 * their own module) are below both.
 */
class LayersTest {
    private static final Pattern COMMENT_OR_STRING =
            Pattern.compile("/\\*.*?\\*/|//[^\\n]*|\"(?:\\\\.|[^\"\\\\])*\"|'(?:\\\\.|[^'\\\\])'", Pattern.DOTALL);
    private static final Pattern TYPE_NAME = Pattern.compile("\\b[A-Z][A-Za-z0-9_]*\\b");
    private static final Pattern USES_IMPLEMENTATION = Pattern.compile("\\bio\\.panrocks\\.internal\\.(?!ffi\\.)");
    private static final Pattern PUBLIC_TYPE_NAMED = Pattern.compile("\\bio\\.panrocks\\.([A-Z][A-Za-z0-9_]*)");
    private static final Pattern TOP_LEVEL_TYPE = Pattern.compile(
            "^((?:public |abstract |final |sealed |non-sealed |strictfp )*)(?:class|interface|enum|record|@interface) ",
            Pattern.MULTILINE);
    private static final String IMPLEMENTATION = "io.panrocks.internal";
    /** how a class written from a table begins: its XFields base is the public X's fields, not implementation */
    private static final String VALUE_CLASS_HEADER = "// Written by java-api/src/build/ValueClasses.java";

    /** the public package's top-level types: what each names in code (IMPLEMENTATION for the implementation) */
    private static final Map<String, Set<String>> PUBLIC_NAMES = new TreeMap<>();
    /** the public types the implementation names, and the implementation files that name each */
    private static final Map<String, Set<String>> NAMED_BY_IMPLEMENTATION = new TreeMap<>();
    private static final Map<String, String> PUBLIC_SOURCES = new HashMap<>();

    @BeforeAll
    static void readSources() throws IOException {
        String sources = System.getProperty("panrocks.test.javaApiSource");
        assertNotNull(sources, "panrocks.test.javaApiSource is not set (src/test/pom.xml)");
        Path root = Path.of(sources, "io", "panrocks");
        String generated = System.getProperty("panrocks.test.javaApiGeneratedSource");
        assertNotNull(generated, "panrocks.test.javaApiGeneratedSource is not set (src/test/pom.xml)");
        // the value classes written from their tables count as what they are: public types and their bases
        for (Path folder : List.of(root, Path.of(generated, "io", "panrocks"))) {
            try (Stream<Path> files = Files.list(folder)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    PUBLIC_SOURCES.put(typeName(f), Files.readString(f));
                }
            }
        }
        PUBLIC_SOURCES.forEach((type, source) -> {
            String code = codeOf(source);
            Set<String> names = new TreeSet<>();
            if (USES_IMPLEMENTATION.matcher(source).find()) names.add(IMPLEMENTATION);
            Matcher m = TYPE_NAME.matcher(code);
            while (m.find()) {
                if (PUBLIC_SOURCES.containsKey(m.group()) && !m.group().equals(type)) names.add(m.group());
            }
            PUBLIC_NAMES.put(type, names);
        });
        try (Stream<Path> files = Files.walk(root.resolve("internal"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                Matcher m = PUBLIC_TYPE_NAMED.matcher(codeOf(Files.readString(f)));
                while (m.find()) {
                    NAMED_BY_IMPLEMENTATION.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(typeName(f));
                }
            }
        }
        assertTrue(PUBLIC_SOURCES.size() > 100 && NAMED_BY_IMPLEMENTATION.size() > 10,
                "read too little of " + root + ": the source path is wrong");
    }

    @Test
    void theImplementationNamesNoPublicTypeThatReachesItAgain() {
        List<String> upward = new ArrayList<>();
        NAMED_BY_IMPLEMENTATION.forEach((type, namedBy) -> {
            List<String> path = pathToImplementation(type);
            if (path != null) upward.add(namedBy + " -> " + String.join(" -> ", path));
        });
        assertEquals(List.of(), upward, "imports that run back up from io.panrocks.internal (importer -> the public "
                + "type -> ... -> the implementation again): give the implementation an internal type (a spec, a "
                + "port, its native side) instead, or keep the public type free of internal helpers");
    }

    @Test
    void thePublicPackageHoldsPublicTypesAndTheBridgeOnly() {
        List<String> hidden = new ArrayList<>();
        PUBLIC_SOURCES.forEach((type, source) -> {
            Matcher m = TOP_LEVEL_TYPE.matcher(codeOf(source));
            boolean valueBase = source.startsWith(VALUE_CLASS_HEADER) && type.endsWith("Fields");
            if (m.find() && !m.group(1).contains("public") && !type.equals("Bridge") && !valueBase) hidden.add(type);
        });
        assertEquals(List.of(), hidden, "implementation classes in io.panrocks: move them into io.panrocks.internal");
    }

    /** type, ..., IMPLEMENTATION by the names in code; null if the type stays below the implementation */
    private static List<String> pathToImplementation(String from) {
        Map<String, String> reachedFrom = new HashMap<>();
        Deque<String> queue = new ArrayDeque<>(List.of(from));
        reachedFrom.put(from, null);
        while (!queue.isEmpty()) {
            String type = queue.removeFirst();
            for (String next : PUBLIC_NAMES.getOrDefault(type, Set.of())) {
                if (reachedFrom.containsKey(next)) continue;
                reachedFrom.put(next, type);
                if (next.equals(IMPLEMENTATION)) {
                    List<String> path = new ArrayList<>();
                    for (String t = next; t != null; t = reachedFrom.get(t)) path.addFirst(t);
                    return path;
                }
                queue.addLast(next);
            }
        }
        return null;
    }

    private static String typeName(Path file) {
        String name = file.getFileName().toString();
        return name.substring(0, name.length() - ".java".length());
    }

    private static String codeOf(String source) {
        return COMMENT_OR_STRING.matcher(source).replaceAll(" ");
    }
}
