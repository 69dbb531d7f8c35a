package io.panrocks.testkit;

import java.util.Random;

/**
 * Seeds and round counts of the randomized tests, in one place.
 *
 * <p>{@code Seeds.of("CrashRecoveryTest", "panrocks.crash", 20)} takes its
 * base seed from {@code -Dpanrocks.crash.seed} (else the clock) and prints
 * it with the line that replays it; round {@code i} uses seed
 * {@code base + i}, so {@code -Dpanrocks.crash.seed=<a round's seed>
 * -Dpanrocks.crash.rounds=1} replays exactly that round. The number of
 * rounds is {@code -Dpanrocks.crash.rounds} if given, else the default
 * scaled by {@code -Dpanrocks.test.scale} (a factor, default 1: 0.1 for a
 * quick look, 10 for a soak).
 */
public final class Seeds {
    /** Scales every default round count of the suite. */
    public static final String SCALE_PROPERTY = "panrocks.test.scale";

    private final String name;
    private final String prefix;
    private final long base;
    private final int rounds;

    private Seeds(String name, String prefix, long base, int rounds) {
        this.name = name;
        this.prefix = prefix;
        this.base = base;
        this.rounds = rounds;
    }

    /** Reads {@code <prefix>.seed} and {@code <prefix>.rounds}, and prints the seed. */
    public static Seeds of(String name, String prefix, int defaultRounds) {
        Seeds s = new Seeds(name, prefix, Long.getLong(prefix + ".seed", System.nanoTime()),
                rounds(prefix + ".rounds", defaultRounds));
        System.out.println(name + " seed=" + s.base + " rounds=" + s.rounds + " (replay: -D" + prefix + ".seed="
                + s.base + ")");
        return s;
    }

    /** {@code -D<property>} if given, else {@code defaultRounds} times the suite's scale (at least 1). */
    public static int rounds(String property, int defaultRounds) {
        Integer explicit = Integer.getInteger(property);
        if (explicit != null) return explicit;
        return scaled(defaultRounds);
    }

    /** {@code count} times the suite's scale ({@code -Dpanrocks.test.scale}), at least 1. */
    public static int scaled(int count) {
        double scale = Double.parseDouble(System.getProperty(SCALE_PROPERTY, "1"));
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.round(count * scale)));
    }

    public long base() {
        return base;
    }

    public int rounds() {
        return rounds;
    }

    /** The seed of round i. */
    public long seed(int round) {
        return base + round;
    }

    public Random random(int round) {
        return new Random(seed(round));
    }

    /** How to rerun round i alone, for failure messages. */
    public String replay(int round) {
        return name + " round " + round + " seed " + seed(round) + " (replay: -D" + prefix + ".seed=" + seed(round)
                + " -D" + prefix + ".rounds=1)";
    }
}
