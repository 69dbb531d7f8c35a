package io.panrocks.internal;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Large copies from engine memory into heap arrays through the C library's
 * {@code memcpy}, in one critical downcall that is handed the array itself.
 *
 * <p>Why: from 32 KiB on, glibc's {@code memcpy} (on an AMD CPU with fast
 * string moves, ERMS and FSRM) copied 1.05-1.37x faster than the JVM's copy stub
 * behind {@code MemorySegment.copy}, with one thread and with two, from
 * memory and from the caches (0.94-1.03x at 1 MiB); below 32 KiB the stub
 * was as fast or faster (0.74x for memcpy at 16 KiB from the caches). RocksJava copies its values
 * with {@code memmove} (JNI {@code SetByteArrayRegion}), which is where
 * panrocks lost two-thread reads of 256 KiB values to it (docs/benchmarks.md,
 * "Large values from two threads").
 *
 * <p>Safe for the GC: a critical call keeps the thread in Java state, so no
 * safepoint starts while it runs and the array cannot move, exactly like the
 * JVM's own copy (an intrinsic leaf call that cannot stop either); the time
 * to a safepoint is the copy's, shorter here. The source is memory the
 * engine keeps in place for the copy (a pinned block or memtable entry, a
 * positioned iterator's entry), so the call does no I/O, except on a DB that maps its files
 * ({@code allow_mmap_reads}), whose faults the engine's own reads take as
 * well (docs/guarantees.md).
 */
public final class LargeCopy {
    /** Copies of at least this many bytes go to memcpy. */
    public static final int THRESHOLD = 32 * 1024;

    // memcpy(void *dst, const void *src, size_t n): the source is an engine
    // pointer held as a long (passed in the same integer register as a
    // pointer on x86-64 and aarch64), so no segment is made for it, and the
    // returned dst is not needed (void: the register is ignored)
    private static final MethodHandle MEMCPY = Linker.nativeLinker().defaultLookup().find("memcpy")
            .map(memcpy -> Linker.nativeLinker().downcallHandle(memcpy,
                    FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG),
                    Linker.Option.critical(true)))
            .orElse(null);

    /** Whether the C library's memcpy was found (every Linux libc has it; else Java's copy does all copies). */
    public static final boolean AVAILABLE = MEMCPY != null;

    private LargeCopy() {
    }

    /**
     * Copies {@code n} bytes from a raw engine pointer into
     * {@code dst[offset, offset + n)}.
     *
     * @throws IndexOutOfBoundsException if that range lies outside dst (the
     *         slice checks it before the call)
     */
    public static void toArray(long address, byte[] dst, int offset, int n) {
        try {
            MEMCPY.invokeExact(MemorySegment.ofArray(dst).asSlice(offset, n), address, (long) n);
        } catch (Throwable t) {
            throw new AssertionError("memcpy (critical)", t);
        }
    }
}
