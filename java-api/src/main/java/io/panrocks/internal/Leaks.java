package io.panrocks.internal;

import java.lang.ref.Cleaner;
import java.util.stream.Collectors;

/**
 * The safety net for native objects their users never closed: one Cleaner
 * for all of panrocks, and where each object was created.
 *
 * <p>Recording a creation site costs a stack walk, so by default only the
 * cheap part is kept (the thread's name); {@code -Dpanrocks.leaks=track}
 * records the calling frames of every tracked object, to find a leak.
 */
public final class Leaks {
    public static final Cleaner CLEANER = Cleaner.create(r -> {
        Thread t = new Thread(r, "panrocks-cleaner");
        t.setDaemon(true);
        return t;
    });

    static final boolean TRACK = "track".equals(System.getProperty("panrocks.leaks"));

    private Leaks() {
    }

    private static final int MAX_WARNINGS = 100;
    private static final java.util.concurrent.atomic.AtomicInteger warnings = new java.util.concurrent.atomic.AtomicInteger();

    /** Logs one forgotten object; after MAX_WARNINGS, once more to say the rest are quiet. */
    static void warn(System.Logger log, String kind, Object site) {
        warn(log, kind, describe(site));
    }

    static void warn(System.Logger log, String kind, String created) {
        warnSentence(log, "a " + kind + " was never closed; released by the Cleaner. " + created);
    }

    /** One warning line (counted against the cap) after "panrocks: ". */
    static void warnSentence(System.Logger log, String sentence) {
        int n = warnings.incrementAndGet();
        if (n <= MAX_WARNINGS) {
            log.log(System.Logger.Level.WARNING, "panrocks: " + sentence);
        } else if (n == MAX_WARNINGS + 1) {
            log.log(System.Logger.Level.WARNING, "panrocks: more objects were never closed; further warnings suppressed");
        }
    }

    /** For Cleaner actions outside this package. */
    public static void warnForgotten(String kind, Object site) {
        warn(System.getLogger("io.panrocks"), kind, site);
    }

    /** How many forgotten objects the Cleaner has released (for tests and monitoring). */
    public static int releasedByCleaner() {
        return warnings.get();
    }

    /**
     * Where an object is being created, cheaply: the thread's name (no
     * string is built), or the calling frames with -Dpanrocks.leaks=track.
     * {@link #describe} turns it into text when a warning needs it.
     */
    public static Object captureSite() {
        return TRACK ? creationSite() : Thread.currentThread().getName();
    }

    /** Text for a site from {@link #captureSite()}. */
    public static String describe(Object site) {
        return TRACK || !(site instanceof String name) ? String.valueOf(site)
                : "Created on thread \"" + name + "\"; run with -Dpanrocks.leaks=track to see where.";
    }

    /** The calling frames, even without -Dpanrocks.leaks=track (for rare objects). */
    public static String creationSite() {
        return "Created at:" + StackWalker.getInstance().walk(frames -> frames
                .filter(f -> !f.getClassName().startsWith("io.panrocks.internal."))
                .limit(12)
                .map(f -> "\n\tat " + f)
                .collect(Collectors.joining()));
    }
}
