package io.panrocks.fork;


import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Child JVM of the memory-over-cycles measurement: {@code MemoryCycles
 * <cycles> <sample every> [trim]} runs CycleLoop's open/close cycle (writes,
 * a snapshot and an iterator reading with it, a write batch, a record
 * batch, a pinned value, close) and prints, every so many cycles,
 * {@code SAMPLE <cycle> <rss> <arena> <mmapped> <in use> <free> <threads>}:
 * resident memory and glibc's mallinfo2 (bytes the arenas hold from the
 * kernel, bytes in mmapped chunks, bytes in use, bytes free inside the
 * arenas). With {@code trim}, glibc's malloc_trim(0) runs before each
 * sample, so the samples show what the arenas kept only because nobody
 * asked them to give it back.
 */
public final class MemoryCycles {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final MemoryLayout MALLINFO2 = MemoryLayout.structLayout(MemoryLayout.sequenceLayout(10, ValueLayout.JAVA_LONG));
    private static final MethodHandle MALLINFO = LINKER.downcallHandle(LINKER.defaultLookup().find("mallinfo2").orElseThrow(),
            FunctionDescriptor.of(MALLINFO2));
    private static final MethodHandle MALLOC_TRIM = LINKER.downcallHandle(LINKER.defaultLookup().find("malloc_trim").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG));

    public static void main(String[] args) throws Throwable {
        int cycles = Integer.parseInt(args[0]);
        int every = Integer.parseInt(args[1]);
        boolean trim = args.length > 2 && args[2].equals("trim");
        Path dir = Files.createTempDirectory("panrocks-memory");
        sample(0, trim);
        for (int c = 1; c <= cycles; c++) {
            CycleLoop.cycle(dir); // the cycle of LeakTest's open/close check
            if (c % every == 0) sample(c, trim);
        }
    }

    /** Has glibc give the free pages of its malloc arenas back to the system (malloc_trim(0)). */
    static void trim() throws Throwable {
        int released = (int) MALLOC_TRIM.invokeExact(0L);
    }

    static void sample(int cycle, boolean trim) throws Throwable {
        System.gc();
        Thread.sleep(100);
        if (trim) {
            int released = (int) MALLOC_TRIM.invokeExact(0L);
            if (released < 0) throw new AssertionError();
        }
        MemorySegment m = (MemorySegment) MALLINFO.invokeExact((SegmentAllocator) Arena.ofAuto());
        long arena = m.get(ValueLayout.JAVA_LONG, 0), mmapped = m.get(ValueLayout.JAVA_LONG, 4 * 8);
        long inUse = m.get(ValueLayout.JAVA_LONG, 7 * 8), free = m.get(ValueLayout.JAVA_LONG, 8 * 8);
        System.out.println("SAMPLE " + cycle + " " + LeakLoop.residentBytes() + " " + arena + " " + mmapped + " " + inUse + " "
                + free + " " + Thread.activeCount());
    }
}
