import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes the Java of panrocks' value classes (options and the infos the engine reports) from their tables,
 * {@code java-api/src/main/values/*.values}: one entry a setting, with its type, default, checks and the
 * javadoc of its accessors, so that an option is written once and the accessors all have one shape. Maven
 * runs it at generate-sources ({@code java ValueClasses.java <tables> <output>}, no dependencies).
 *
 * <p>A table:
 *
 * <pre>
 * # a comment
 * options FlushOptions         (or: options X extends Y; values X [extends Y]; info X)
 * import java.util.Objects     (any number; for the checks)
 * toString                     (write toString(): Name{a=1, b='text'})
 * equals                       (info: write equals() and hashCode() over every field)
 *   The class's javadoc (info only), indented by two.
 *
 * field boolean waitForFlush = true
 *   check if (x &lt; 0) throw ...;   (any number: statements before the assignment)
 *   store clamp(waitForFlush)      (the value assigned; the parameter if absent)
 *   set setWaitForFlush            (optionally setX(parameterName))
 *     The setter's javadoc, indented by four.
 *   get waitForFlush               (add " copy" to return a clone of an array)
 *     The getter's javadoc.
 * </pre>
 *
 * <p>{@code options X} writes {@code XFields}, a package-private sealed superclass of the hand-written
 * {@code X} holding the fields (package-private, so X's own code reads them) and accessors; setters return X.
 * {@code info X} writes all of X: a final class of final fields, its package-private constructor taking them
 * in table order, and its getters.
 */
public final class ValueClasses {
    private static final Pattern FIELD = Pattern.compile("field (.+?) (\\w+)(?: = (.+))?");
    private static final Pattern SETTER = Pattern.compile("set (\\w+)(?:\\((\\w+)\\))?");
    private static final Pattern GETTER = Pattern.compile("get (\\w+)( copy)?");

    private ValueClasses() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: java ValueClasses.java <tables folder> <output folder>");
        }
        Path tables = Path.of(args[0]);
        Path out = Path.of(args[1]).resolve("io/panrocks");
        Files.createDirectories(out);
        Map<String, Table> all = new TreeMap<>();
        try (Stream<Path> files = Files.list(tables)) {
            for (Path table : files.filter(p -> p.toString().endsWith(".values")).toList()) {
                Table t = Table.read(table);
                all.put(t.name, t);
            }
        }
        for (Table t : all.values()) {
            switch (t.kind) {
                case "options" -> write(out.resolve(t.name + "Fields.java"), optionsBase(t));
                case "values" -> write(out.resolve(t.name + "Fields.java"), valuesBase(t, all));
                default -> write(out.resolve(t.name + ".java"), info(t));
            }
        }
    }

    /** Writes only when the text changed, so that an unchanged table does not recompile the module. */
    private static void write(Path file, String text) {
        try {
            if (!Files.exists(file) || !Files.readString(file).equals(text)) {
                Files.writeString(file, text);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One getter of a field: a field may have RocksJava's name and RocksDB's, each with its javadoc. */
    record Getter(String name, boolean copy, List<String> doc) {
    }

    /** One setting of a table. */
    static final class Field {
        final String type;
        final String name;
        final String initial;
        final List<String> checks = new ArrayList<>();
        String store;
        String setter;
        String parameter;
        final List<String> setterDoc = new ArrayList<>();
        final List<Getter> getters = new ArrayList<>();

        Field(String type, String name, String initial) {
            this.type = type;
            this.name = name;
            this.initial = initial;
        }

        boolean isArray() {
            return type.endsWith("[]");
        }

        boolean isPrimitive() {
            return Character.isLowerCase(type.charAt(0)) && !isArray();
        }
    }

    /** A parsed table. */
    static final class Table {
        String source;
        String kind;
        String name;
        String superclass;
        final List<String> imports = new ArrayList<>();
        final List<String> classDoc = new ArrayList<>();
        boolean toString;
        boolean equals;
        final List<Field> fields = new ArrayList<>();

        static Table read(Path file) throws IOException {
            Table t = new Table();
            t.source = file.getFileName().toString();
            Field field = null;
            List<String> doc = null;
            int number = 0;
            for (String line : Files.readAllLines(file)) {
                number++;
                String where = file + ":" + number + ": ";
                if (line.startsWith("#")) {
                    continue;
                }
                if (line.startsWith("    ")) {
                    if (doc == null) {
                        throw new IllegalArgumentException(where + "javadoc outside a set or get");
                    }
                    doc.add(line.substring(4));
                } else if (line.startsWith("  ")) {
                    String entry = line.substring(2);
                    if (field == null) {
                        t.classDoc.add(entry);
                        continue;
                    }
                    doc = null;
                    Matcher m;
                    if (entry.startsWith("check ")) {
                        field.checks.add(entry.substring(6));
                    } else if (entry.startsWith("store ")) {
                        field.store = entry.substring(6);
                    } else if ((m = SETTER.matcher(entry)).matches()) {
                        field.setter = m.group(1);
                        field.parameter = m.group(2) != null ? m.group(2) : field.name;
                        doc = field.setterDoc;
                    } else if ((m = GETTER.matcher(entry)).matches()) {
                        Getter getter = new Getter(m.group(1), m.group(2) != null, new ArrayList<>());
                        field.getters.add(getter);
                        doc = getter.doc();
                    } else {
                        throw new IllegalArgumentException(where + "not a check, store, set or get: " + entry);
                    }
                } else if (line.isBlank()) {
                    if (doc != null) {
                        doc.add("");
                    } else if (field == null && !t.classDoc.isEmpty()) {
                        t.classDoc.add("");
                    }
                } else {
                    doc = null;
                    Matcher m = FIELD.matcher(line);
                    if (m.matches()) {
                        field = new Field(m.group(1), m.group(2), m.group(3));
                        t.fields.add(field);
                    } else if (line.matches("(options|values|info) .*")) {
                        String[] words = line.split(" +");
                        t.kind = words[0];
                        t.name = words[1];
                        t.superclass = words.length == 4 && words[2].equals("extends") ? words[3] : null;
                    } else if (line.startsWith("import ")) {
                        t.imports.add(line.strip());
                    } else if (line.equals("toString")) {
                        t.toString = true;
                    } else if (line.equals("equals")) {
                        t.equals = true;
                    } else {
                        throw new IllegalArgumentException(where + "not a field, options, values, info, import, toString or equals: " + line);
                    }
                }
            }
            if (t.kind == null) {
                throw new IllegalArgumentException(file + ": no 'options X', 'values X' or 'info X' line");
            }
            for (Field f : t.fields) {
                if (f.getters.isEmpty()) {
                    throw new IllegalArgumentException(file + ": field " + f.name + " has no get");
                }
                if (f.setter != null && !t.kind.equals("options")) {
                    throw new IllegalArgumentException(file + ": field " + f.name + " of an " + t.kind + " has a set");
                }
            }
            return t;
        }
    }

    /** The file up to the body of XFields, the sealed superclass of the hand-written X. */
    private static StringBuilder baseHeader(Table t, String what, String accessors) {
        StringBuilder j = header(t);
        j.append("/**\n * The ").append(what).append(" of {@link ").append(t.name).append("} and their ").append(accessors)
                .append(", written by\n * {@code ValueClasses.java} from {@code ").append(t.source).append("}.\n */\n");
        j.append("abstract sealed class ").append(t.name).append("Fields ");
        if (t.superclass != null) {
            j.append("extends ").append(t.superclass).append(' ');
        }
        return j.append("permits ").append(t.name).append(" {\n");
    }

    private static String optionsBase(Table t) {
        StringBuilder j = baseHeader(t, "settings", "accessors");
        for (Field f : t.fields) {
            j.append("    ").append(f.type).append(' ').append(f.name);
            if (f.initial != null) {
                j.append(" = ").append(f.initial);
            }
            j.append(";\n");
        }
        for (Field f : t.fields) {
            if (f.setter == null) {
                getters(j, f);
                continue;
            }
            j.append('\n');
            javadoc(j, f.setterDoc);
            j.append("    public ").append(t.name).append(' ').append(f.setter).append('(').append(f.type).append(' ')
                    .append(f.parameter).append(") {\n");
            for (String check : f.checks) {
                j.append("        ").append(check).append('\n');
            }
            j.append("        this.").append(f.name).append(" = ").append(f.store != null ? f.store : f.parameter)
                    .append(";\n");
            j.append("        return (").append(t.name).append(") this;\n    }\n");
            getters(j, f);
        }
        if (t.toString) {
            toString(j, t);
        }
        return j.append("}\n").toString();
    }

    private static String valuesBase(Table t, Map<String, Table> all) {
        StringBuilder j = baseHeader(t, "fields", "getters");
        for (Field f : t.fields) {
            j.append("    final ").append(f.type).append(' ').append(f.name).append(";\n");
        }
        List<Field> parameters = constructorFields(t, all);
        constructor(j, t.name + "Fields", parameters.subList(0, parameters.size() - t.fields.size()), t.fields);
        for (Field f : t.fields) {
            getters(j, f);
        }
        return j.append("}\n").toString();
    }

    /** The parameters of a values class's constructor: its superclass's (when that has a table), then its own. */
    private static List<Field> constructorFields(Table t, Map<String, Table> all) {
        List<Field> fields = new ArrayList<>();
        if (t.superclass != null && all.containsKey(t.superclass)) {
            fields.addAll(constructorFields(all.get(t.superclass), all));
        }
        fields.addAll(t.fields);
        return fields;
    }

    /**
     * A package-private constructor taking the superclass's fields (passed to {@code super}) and then the
     * class's own, in table order.
     */
    private static void constructor(StringBuilder j, String name, List<Field> inherited, List<Field> own) {
        List<Field> parameters = new ArrayList<>(inherited);
        parameters.addAll(own);
        j.append("\n    ").append(name).append('(');
        for (int i = 0; i < parameters.size(); i++) {
            j.append(i == 0 ? "" : ", ").append(parameters.get(i).type).append(' ').append(parameters.get(i).name);
        }
        j.append(") {\n");
        if (!inherited.isEmpty()) {
            j.append("        super(").append(String.join(", ", inherited.stream().map(f -> f.name).toList()))
                    .append(");\n");
        }
        for (Field f : own) {
            j.append("        this.").append(f.name).append(" = ").append(f.name).append(";\n");
        }
        j.append("    }\n");
    }

    private static String info(Table t) {
        StringBuilder j = header(t);
        javadoc(j, t.classDoc, "");
        j.append("public final class ").append(t.name).append(" {\n");
        for (Field f : t.fields) {
            j.append("    private final ").append(f.type).append(' ').append(f.name).append(";\n");
        }
        constructor(j, t.name, List.of(), t.fields);
        for (Field f : t.fields) {
            getters(j, f);
        }
        if (t.equals) {
            equalsAndHashCode(j, t);
        }
        if (t.toString) {
            toString(j, t);
        }
        return j.append("}\n").toString();
    }

    private static StringBuilder header(Table t) {
        StringBuilder j = new StringBuilder();
        j.append("// Written by java-api/src/build/ValueClasses.java from java-api/src/main/values/").append(t.source)
                .append(": edit the table, not this file.\n");
        j.append("package io.panrocks;\n\n");
        List<String> imports = new ArrayList<>(t.imports);
        if (t.equals) {
            imports.add("import java.util.Objects");
            if (t.fields.stream().anyMatch(Field::isArray)) {
                imports.add("import java.util.Arrays");
            }
        }
        imports.stream().distinct().sorted().forEach(i -> j.append(i).append(";\n"));
        if (!imports.isEmpty()) {
            j.append('\n');
        }
        return j;
    }

    private static void getters(StringBuilder j, Field f) {
        for (Getter g : f.getters) {
            j.append('\n');
            javadoc(j, g.doc());
            j.append("    public ").append(f.type).append(' ').append(g.name()).append("() {\n");
            j.append("        return ").append(f.name).append(g.copy() ? ".clone()" : "").append(";\n    }\n");
        }
    }

    private static void javadoc(StringBuilder j, List<String> lines) {
        javadoc(j, lines, "    ");
    }

    private static void javadoc(StringBuilder j, List<String> lines, String indent) {
        List<String> doc = new ArrayList<>(lines);
        while (!doc.isEmpty() && doc.getLast().isBlank()) {
            doc.removeLast();
        }
        j.append(indent).append("/**\n");
        for (String line : doc) {
            j.append(indent).append(line.isBlank() ? " *\n" : " * " + line + "\n");
        }
        j.append(indent).append(" */\n");
    }

    private static void equalsAndHashCode(StringBuilder j, Table t) {
        j.append("\n    /** Equal when every field is. */\n    @Override\n    public boolean equals(Object o) {\n");
        j.append("        return o instanceof ").append(t.name).append(" that");
        for (Field f : t.fields) {
            j.append("\n                && ");
            if (f.isPrimitive()) {
                j.append(f.name).append(" == that.").append(f.name);
            } else if (f.isArray()) {
                j.append("Arrays.equals(").append(f.name).append(", that.").append(f.name).append(')');
            } else {
                j.append("Objects.equals(").append(f.name).append(", that.").append(f.name).append(')');
            }
        }
        j.append(";\n    }\n\n    @Override\n    public int hashCode() {\n        return Objects.hash(");
        for (int i = 0; i < t.fields.size(); i++) {
            Field f = t.fields.get(i);
            j.append(i == 0 ? "" : ", ").append(f.isArray() ? "Arrays.hashCode(" + f.name + ")" : f.name);
        }
        j.append(");\n    }\n");
    }

    /** Name{number=1, text='a', array=[1, 2]}. */
    private static void toString(StringBuilder j, Table t) {
        j.append("\n    @Override\n    public String toString() {\n        return \"").append(t.name).append("{\"");
        for (int i = 0; i < t.fields.size(); i++) {
            Field f = t.fields.get(i);
            String quote = f.type.equals("String") ? "'" : "";
            String value = f.isArray() ? "java.util.Arrays.toString(" + f.name + ")" : f.name;
            j.append("\n                + \"").append(i == 0 ? "" : ", ").append(f.name).append('=').append(quote)
                    .append("\" + ").append(value);
            if (!quote.isEmpty()) {
                j.append(" + \"'\"");
            }
        }
        j.append(" + \"}\";\n    }\n");
    }
}
