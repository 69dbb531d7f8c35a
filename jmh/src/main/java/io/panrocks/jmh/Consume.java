package io.panrocks.jmh;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** What a zero-copy benchmark reads from a value it did not copy. */
final class Consume {
    private Consume() {
    }

    /**
     * Size plus first and last byte: touches the value's memory at both ends,
     * so neither the read nor the access check can be skipped. Blackholed by
     * the caller. (The native floor consumes pointer and size through an
     * asm escape instead; reading two bytes is the Java side's extra.)
     */
    static long digest(MemorySegment v) {
        long n = v.byteSize();
        return n + v.get(ValueLayout.JAVA_BYTE, 0) + v.get(ValueLayout.JAVA_BYTE, n - 1);
    }
}
