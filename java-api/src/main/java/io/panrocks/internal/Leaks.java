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

    /** A description of the caller, for leak warnings. */
    public static String creationSite() {
        if (!TRACK) {
            return "Created on thread \"" + Thread.currentThread().getName()
                    + "\"; run with -Dpanrocks.leaks=track to see where.";
        }
        return "Created at:" + StackWalker.getInstance().walk(frames -> frames
                .filter(f -> !f.getClassName().startsWith("io.panrocks.internal."))
                .limit(12)
                .map(f -> "\n\tat " + f)
                .collect(Collectors.joining()));
    }
}
