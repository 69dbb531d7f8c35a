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
 * Reads and writes through the caller's buffers allocate nothing once the
 * JIT has settled, whatever C2 inlined: each child JVM keeps the generated
 * downcall wrappers and the read and write paths out of line, the compile
 * order a JVM reaches when C2 compiled them on their own first (too big to
 * inline again). Before the paths made the segments of a caller's buffer
 * where the downcall is made, a direct {@code get(ByteBuffer)} allocated
 * 144-207 B per call in such a JVM, a buffer put 144 B (and both did in some
 * JMH forks and not in others). Heap and direct buffers go through the same
 * call sites in one JVM, as in an application that uses both.
 */
class BufferCallAllocationTest {
    /** The downcall wrappers and the paths that hold downcalls, never inlined. */
    private static final List<String> OUT_OF_LINE = List.of(
            "-XX:CompileCommand=quiet",
            "-XX:CompileCommand=dontinline,io.panrocks.internal.ffi.panrocks_h::*",
            "-XX:CompileCommand=dontinline,io.panrocks.internal.data.Reads::*",
            "-XX:CompileCommand=dontinline,io.panrocks.internal.data.Writes::*");

    /** The target of issue 39 for a read into a caller's buffer. */
    private static final long MOST_BYTES_PER_CALL = 16;

    @Test
    void bufferReadsAndWritesAllocateNothingWithTheDowncallsOutOfLine(@TempDir Path dir) throws Exception {
        Map<String, Long> bytes = run(dir.resolve("db"), false);
        assertEquals(11, bytes.size(), bytes::toString);
        bytes.forEach((shape, b) -> assertTrue(b < MOST_BYTES_PER_CALL, shape + " allocates " + b + " B per call"));
    }

    /** The opt-in critical read hands the arrays themselves to the engine; their segments too stay in one method. */
    @Test
    void theCriticalArrayReadAllocatesNothingWithTheDowncallsOutOfLine(@TempDir Path dir) throws Exception {
        Map<String, Long> bytes = run(dir.resolve("db"), true, "get(byte[],byte[])-16B", "get(byte[],byte[])-16KiB");
        assertEquals(2, bytes.size(), bytes::toString);
        bytes.forEach((shape, b) -> assertTrue(b < MOST_BYTES_PER_CALL, shape + " (critical) allocates " + b + " B per call"));
    }

    private static Map<String, Long> run(Path db, boolean critical, String... shapes) throws Exception {
        ForkedJvm child = ForkedJvm.main(BufferCallAllocations.class, db.toString()).args(shapes).jvmFlags(OUT_OF_LINE)
                .heap("512m");
        if (critical) child.systemProperty("panrocks.critical", "true");
        ForkedJvm.Result r = child.run().assertSuccess();
        Map<String, Long> bytes = new LinkedHashMap<>();
        for (String line : r.stdoutLines()) {
            int space = line.lastIndexOf(' ');
            bytes.put(line.substring(0, space), Long.parseLong(line.substring(space + 1)));
        }
        System.out.println("BufferCallAllocationTest" + (critical ? " (critical)" : "") + ": B per call " + bytes);
        return bytes;
    }
}
