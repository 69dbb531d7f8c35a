package io.panrocks.jmh;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * xorshift64*, the native floor's key generator: a few cycles per draw and
 * one per thread, so key choice neither blurs the numbers nor shares state.
 */
public final class Rng {
    private static final AtomicInteger STREAMS = new AtomicInteger();
    private long state;

    /** A generator on the next stream of this JVM (stream 0 first, as the native floor's thread 0). */
    public Rng() {
        this(STREAMS.getAndIncrement());
    }

    public Rng(int stream) {
        state = 0x9E3779B97F4A7C15L * (stream + 1);
    }

    private long next() {
        state ^= state >>> 12;
        state ^= state << 25;
        state ^= state >>> 27;
        return state * 0x2545F4914F6CDD1DL;
    }

    /** Uniform in [0, bound), by multiply-high (bound &lt; 2^31). */
    public int below(int bound) {
        return (int) (((next() >>> 32) * bound) >>> 32);
    }
}
