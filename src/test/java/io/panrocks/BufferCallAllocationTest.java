package io.panrocks;

import io.panrocks.fork.BufferCallAllocations;
import io.panrocks.testkit.ForkedJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reads and writes through the caller's arrays and buffers allocate nothing
 * once the JIT has settled, whatever C2 inlines: each child JVM inlines none
 * of panrocks' own methods, the far end of the compile orders a JVM reaches
 * by chance (C2 compiles a method on its own first, then finds it too big to
 * inline into its callers). A segment panrocks made of a caller's buffer or
 * array and handed on to another method was allocated on every call then:
 * before the paths kept each such segment in the method that made it, these
 * shapes allocated 72-288 B per call in such a JVM (a direct
 * {@code get(ByteBuffer)} 144-207 B in some JMH forks and 0 in others).
 * Heap and direct buffers go through the same call sites in one JVM, as in
 * an application that uses both.
 */
class BufferCallAllocationTest {
    /** None of panrocks' methods inlined anywhere. */
    private static final List<String> OUT_OF_LINE = List.of(
            "-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline,io.panrocks.*::*");

    /** The target of issue 39 for a read into a caller's buffer. */
    private static final long MOST_BYTES_PER_CALL = 16;

    @Test
    void bufferAndArrayCallsAllocateNothingWithNothingInlined(@TempDir Path dir) throws Exception {
        Map<String, Long> bytes = run(dir.resolve("db"), false, OUT_OF_LINE);
        assertEquals(20, bytes.size(), bytes::toString);
        bytes.forEach((shape, b) -> assertTrue(b < MOST_BYTES_PER_CALL, shape + " allocates " + b + " B per call"));
    }

    /** The same shapes under the JIT's own choices, where the paths inline into one another and into the caller. */
    @Test
    void bufferAndArrayCallsAllocateNothingAsTheJitChooses(@TempDir Path dir) throws Exception {
        Map<String, Long> bytes = run(dir.resolve("db"), false, List.of());
        assertEquals(20, bytes.size(), bytes::toString);
        bytes.forEach((shape, b) -> assertTrue(b < MOST_BYTES_PER_CALL, shape + " allocates " + b + " B per call"));
    }

    /** The opt-in critical read hands the arrays themselves to the engine; their segments too stay in one method. */
    @Test
    void theCriticalArrayReadAllocatesNothingWithNothingInlined(@TempDir Path dir) throws Exception {
        Map<String, Long> bytes = run(dir.resolve("db"), true, OUT_OF_LINE, "get(byte[],byte[])-16B",
                "get(byte[],byte[])-16KiB");
        assertEquals(2, bytes.size(), bytes::toString);
        bytes.forEach((shape, b) -> assertTrue(b < MOST_BYTES_PER_CALL, shape + " (critical) allocates " + b + " B per call"));
    }

    private static Map<String, Long> run(Path db, boolean critical, List<String> jvmFlags, String... shapes)
            throws Exception {
        ForkedJvm child = ForkedJvm.main(BufferCallAllocations.class, db.toString()).args(shapes).jvmFlags(jvmFlags)
                .heap("512m");
        if (critical) child.systemProperty("panrocks.critical", "true");
        ForkedJvm.Result r = child.run().assertSuccess();
        Map<String, Long> bytes = new LinkedHashMap<>();
        for (String line : r.stdoutLines()) {
            int space = line.lastIndexOf(' ');
            bytes.put(line.substring(0, space), Long.parseLong(line.substring(space + 1)));
        }
        System.out.println("BufferCallAllocationTest" + (critical ? " (critical)" : "") + " " + jvmFlags + ": B per call "
                + bytes);
        return bytes;
    }
}
