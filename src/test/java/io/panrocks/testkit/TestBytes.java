package io.panrocks.testkit;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;

/**
 * The suite's byte helpers, one copy for every test and child program
 * (import them statically: {@code import static io.panrocks.testkit.TestBytes.bytes;}).
 */
public final class TestBytes {
    private TestBytes() {
    }

    /** The UTF-8 bytes of s. */
    public static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** b decoded as UTF-8; null for null (a missing value). */
    public static String string(byte[] b) {
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }

    /** The bytes of s (a key or value the engine lent) decoded as UTF-8. */
    public static String string(MemorySegment s) {
        return new String(s.toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
    }

    /** b in lower-case hex, two digits a byte. */
    public static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    /** Deterministic pseudo-random bytes, zero bytes included. */
    public static byte[] randomBytes(long seed, int size) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }
}
