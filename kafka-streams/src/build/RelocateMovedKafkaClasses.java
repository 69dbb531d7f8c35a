import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Makes Kafka's test jars of one release link against the kafka-clients of
 * another (issue 22 part 1/4): Maven Central has no kafka-streams or
 * kafka-clients test jar for Kafka 4.4.0, so Kafka's store suites come from
 * 4.3.1's; Kafka 4.4 moved classes out of {@code org.apache.kafka.common.utils}
 * into {@code org.apache.kafka.common.utils.internals} (LogContext, Exit, ...),
 * which 4.3.1's test classes name. Every class of the given test jars that
 * names such a class is written, with the new name, under the output
 * directory (the test classes directory, which comes first on the test class
 * path); the other classes stay as they are in the jars. Only a class that is
 * missing from the kafka-clients jar in use and present under
 * {@code internals} there is renamed: with the kafka-clients of the test jars'
 * own release, nothing is written.
 *
 * <p>The files written are listed in {@value #WRITTEN_LIST} in the output
 * directory and removed at the next run first, so that a build on another
 * Kafka release (e.g. {@code -Dkafka.version=4.3.1} after 4.4.0) never sees
 * classes renamed for the previous one.
 *
 * <p>The renaming is in the class files' constant pools only (class names and
 * descriptors are UTF-8 constants there), so nothing else in a class changes.
 *
 * <p>Usage: {@code java RelocateMovedKafkaClasses.java <kafka-clients jar>
 * <output dir> <test jar>...}
 */
public class RelocateMovedKafkaClasses {
    private static final String OLD = "org/apache/kafka/common/utils/";
    private static final String NEW = "org/apache/kafka/common/utils/internals/";
    private static final String WRITTEN_LIST = ".kafka-classes-renamed";

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[1]);
        Path list = out.resolve(WRITTEN_LIST);
        if (Files.exists(list)) {
            for (String previous : Files.readAllLines(list)) Files.deleteIfExists(out.resolve(previous));
            Files.delete(list);
        }
        Set<String> moved = movedClasses(Path.of(args[0]));
        List<String> written = new ArrayList<>();
        for (int i = 2; i < args.length; i++) {
            try (JarFile jar = new JarFile(args[i])) {
                for (JarEntry e : java.util.Collections.list(jar.entries())) {
                    if (moved.isEmpty() || !e.getName().endsWith(".class")) continue;
                    byte[] original;
                    try (InputStream in = jar.getInputStream(e)) {
                        original = in.readAllBytes();
                    }
                    byte[] renamed = rename(original, moved);
                    if (renamed == null) continue;
                    Path target = out.resolve(e.getName());
                    Files.createDirectories(target.getParent());
                    Files.write(target, renamed);
                    written.add(e.getName());
                }
            }
        }
        if (!written.isEmpty()) Files.write(list, written);
        System.out.println("[relocate] " + moved.size() + " classes moved to " + NEW + " in this kafka-clients; "
                + written.size() + " test classes renamed into " + out);
    }

    /** Simple names of the classes that are under internals/ and no longer directly under utils/. */
    private static Set<String> movedClasses(Path clientsJar) throws IOException {
        Set<String> direct = new TreeSet<>();
        Set<String> internal = new TreeSet<>();
        try (JarFile jar = new JarFile(clientsJar.toFile())) {
            for (JarEntry e : java.util.Collections.list(jar.entries())) {
                String n = e.getName();
                if (!n.endsWith(".class")) continue;
                if (n.startsWith(NEW) && n.indexOf('/', NEW.length()) < 0) {
                    internal.add(n.substring(NEW.length(), n.length() - 6));
                } else if (n.startsWith(OLD) && n.indexOf('/', OLD.length()) < 0) {
                    direct.add(n.substring(OLD.length(), n.length() - 6));
                }
            }
        }
        internal.removeAll(direct);
        return internal;
    }

    /** The class with moved names rewritten, or null if it names none. */
    private static byte[] rename(byte[] classFile, Set<String> moved) throws IOException {
        DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(classFile));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(classFile.length + 256);
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(in.readInt()); // magic
        out.writeShort(in.readUnsignedShort()); // minor
        out.writeShort(in.readUnsignedShort()); // major
        int count = in.readUnsignedShort();
        out.writeShort(count);
        boolean changed = false;
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            out.writeByte(tag);
            switch (tag) {
                case 1 -> { // UTF8
                    String s = in.readUTF();
                    String r = renameIn(s, moved);
                    if (!r.equals(s)) changed = true;
                    out.writeUTF(r);
                }
                case 3, 4 -> out.writeInt(in.readInt()); // Integer, Float
                case 5, 6 -> { // Long, Double: two slots
                    out.writeLong(in.readLong());
                    i++;
                }
                case 7, 8, 16, 19, 20 -> out.writeShort(in.readUnsignedShort()); // Class, String, MethodType, Module, Package
                case 9, 10, 11, 12, 17, 18 -> out.writeInt(in.readInt()); // refs, NameAndType, Dynamic, InvokeDynamic
                case 15 -> { // MethodHandle
                    out.writeByte(in.readUnsignedByte());
                    out.writeShort(in.readUnsignedShort());
                }
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        if (!changed) return null;
        in.transferTo(out);
        out.flush();
        return bytes.toByteArray();
    }

    /** Every "org/apache/kafka/common/utils/X" whose X (up to ; $ < or the end) moved gets internals/. */
    private static String renameIn(String s, Set<String> moved) {
        if (!s.contains(OLD)) return s;
        StringBuilder b = new StringBuilder(s.length() + 16);
        int from = 0;
        int at;
        while ((at = s.indexOf(OLD, from)) >= 0) {
            int nameStart = at + OLD.length();
            int end = nameStart;
            while (end < s.length() && Character.isJavaIdentifierPart(s.charAt(end)) && s.charAt(end) != '$') end++;
            String simple = s.substring(nameStart, end);
            b.append(s, from, at);
            b.append(moved.contains(simple) ? NEW : OLD);
            from = nameStart;
        }
        b.append(s.substring(from));
        return b.toString();
    }
}
