package io.panrocks.internal;

import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Linker;
import java.lang.invoke.MethodHandle;

/**
 * Critical downcalls ({@link Linker.Option#critical(boolean) critical(true)}):
 * the JVM stays in Java state during the call, so heap arrays can be passed
 * to native code without copying, but the GC cannot run on any thread until
 * the call returns. A critical call must therefore never block: panrocks
 * only makes memory-only reads this way (read tier = block cache: no I/O),
 * and falls back to a normal downcall when the engine answers Incomplete.
 * (The other critical call, always on, copies large values out of memory
 * the engine holds: {@link LargeCopy}.)
 *
 * <p>Built from the jextract bindings' address and descriptor, so header,
 * bindings and these handles cannot disagree. Off unless
 * {@code -Dpanrocks.critical=true}, by decision: with heap reads copying
 * large values once from their pin, critical calls win beyond error only at
 * 16 KiB (1.13x), and a critical read cannot reach a safepoint, which put
 * 1.8 ms on the 99th-percentile time to safepoint of every collection at
 * 1 MiB (docs/benchmarks.md, "Critical downcalls and the GC").
 */
public final class CriticalCalls {
    public static final boolean ENABLED = Boolean.getBoolean("panrocks.critical");

    /**
     * panrocks_get_copy with heap segments allowed; options must be
     * memory-only. A handle, not a wrapper method: the caller invokes it in
     * the method that makes the heap segments of its arrays, so that they
     * reach nothing C2 may leave out of line (see {@code BufferSegments}).
     */
    public static final MethodHandle GET_COPY = Linker.nativeLinker().downcallHandle(
            panrocks_h.panrocks_get_copy$address(), panrocks_h.panrocks_get_copy$descriptor(),
            Linker.Option.critical(true));

    private CriticalCalls() {
    }
}
