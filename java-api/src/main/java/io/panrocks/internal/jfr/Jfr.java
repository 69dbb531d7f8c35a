package io.panrocks.internal.jfr;

import jdk.jfr.FlightRecorder;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The switches and fast checks behind panrocks' JFR events. Whether an
 * event is on is the recording's business ({@code isEnabled()} of an
 * instance, which JFR's bytecode turns into a read of its settings: false
 * until a recording enables the event). The checks ask a shared instance
 * that is never committed, so that a check allocates nothing, and only
 * once JFR is up. This class refers to the event classes only in code
 * that runs once JFR is up, so loading it loads none.
 */
public final class Jfr {
    /**
     * System property: whether DBs opened afterwards get the listener behind
     * the background events. {@code auto} (the default): if JFR is up when
     * the DB opens (a recording on, or one before); {@code true}: always, for
     * recordings started later ({@code jcmd JFR.start}); {@code false}: never.
     * The listener costs a JVM's first DB open its first upcall stub (tens of
     * milliseconds), which a JVM that never records should not pay.
     */
    public static final String EVENTS_PROPERTY = "panrocks.jfr.events";
    /**
     * System property: one point read in this many (at random, per thread)
     * is timed for {@code io.panrocks.SlowRead} while a recording has it
     * on; read when a DB opens. Default {@value #DEFAULT_SAMPLING}; 1 times
     * every read.
     */
    public static final String SAMPLING_PROPERTY = "panrocks.jfr.slowReadSampling";
    /** One read in 16: the timing of a sampled read costs what a read from the memtable costs. */
    public static final int DEFAULT_SAMPLING = 16;

    private Jfr() {
    }

    /**
     * The shared instances the checks ask, in a holder of their own: the
     * first event class a JVM loads costs it about 0.4 s (JFR instruments it
     * as it loads, with machinery it loads first), so no event class is
     * loaded until JFR is up ({@link #up()}): a JVM that never records
     * never loads one.
     */
    private static final class Probes {
        static final FlushEvent FLUSH = new FlushEvent();
        static final CompactionEvent COMPACTION = new CompactionEvent();
        static final WriteStallEvent STALL = new WriteStallEvent();
        static final BackgroundErrorEvent BACKGROUND_ERROR = new BackgroundErrorEvent();
        static final FileIngestionEvent INGESTION = new FileIngestionEvent();
        static final SlowReadEvent SLOW_READ = new SlowReadEvent();

        private Probes() {
        }
    }

    /**
     * Whether JFR was started in this JVM (a recording, now or before): a
     * read of one static field of the JDK's, and false for good in a JVM
     * that never records.
     */
    private static boolean up() {
        return FlightRecorder.isInitialized();
    }

    /**
     * Whether a DB opening now gets the listener of the background events
     * ({@link #EVENTS_PROPERTY}).
     *
     * @return true to install it
     * @throws IllegalArgumentException if the property is not auto, true or false
     */
    public static boolean listenerWanted() {
        String v = System.getProperty(EVENTS_PROPERTY, "auto").trim();
        return switch (v) {
            case "auto" -> up();
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(
                    "-D" + EVENTS_PROPERTY + " must be auto, true or false, not '" + v + "'");
        };
    }

    /**
     * The sampling of slow reads for a DB opening now.
     *
     * @return one read in this many is timed (at least 1)
     * @throws IllegalArgumentException if the property is not a positive integer
     */
    public static int sampling() {
        String s = System.getProperty(SAMPLING_PROPERTY);
        if (s == null) return DEFAULT_SAMPLING;
        try {
            int n = Integer.parseInt(s.trim());
            if (n >= 1) return n;
        } catch (NumberFormatException e) {
            // the message below says what is expected
        }
        throw new IllegalArgumentException("-D" + SAMPLING_PROPERTY + " must be a positive integer, not '" + s + "'");
    }

    /** @return whether a recording has io.panrocks.Flush on */
    public static boolean flush() {
        return up() && Probes.FLUSH.isEnabled();
    }

    /** @return whether a recording has io.panrocks.Compaction on */
    public static boolean compaction() {
        return up() && Probes.COMPACTION.isEnabled();
    }

    /** @return whether a recording has io.panrocks.WriteStall on */
    public static boolean stall() {
        return up() && Probes.STALL.isEnabled();
    }

    /** @return whether a recording has io.panrocks.BackgroundError on */
    public static boolean backgroundError() {
        return up() && Probes.BACKGROUND_ERROR.isEnabled();
    }

    /** @return whether a recording has io.panrocks.FileIngestion on */
    public static boolean ingestion() {
        return up() && Probes.INGESTION.isEnabled();
    }

    /**
     * The start of a point read: a begun event if a recording has
     * io.panrocks.SlowRead on and this read is sampled, else null (the
     * common case: with no recording ever, one read of a static field;
     * with one, also JFR's setting). Small, so that it inlines into every get.
     *
     * @param sampling one read in this many is timed
     * @return the event to pass to {@link #endRead}, or null (typed Object
     *         so that no caller's signature names an event class: reflection
     *         over the caller would load it)
     */
    public static Object beginRead(int sampling) {
        return up() && Probes.SLOW_READ.isEnabled() ? sampled(sampling) : null;
    }

    private static SlowReadEvent sampled(int sampling) {
        if (sampling > 1 && ThreadLocalRandom.current().nextInt(sampling) != 0) return null;
        SlowReadEvent e = new SlowReadEvent();
        e.begin();
        return e;
    }

    /**
     * The end of a sampled read: committed if it took the recording's
     * threshold or longer.
     *
     * @param timed what {@link #beginRead} returned (not null)
     * @param dbPath the DB's path
     * @param family the family's name, or null for the default family
     * @param keyLength the key's length
     * @param valueLength the value's length, or -1 if absent
     * @param sampling the DB's sampling
     */
    public static void endRead(Object timed, String dbPath, byte[] family, long keyLength, long valueLength,
                               int sampling) {
        SlowReadEvent e = (SlowReadEvent) timed;
        e.end();
        if (!e.shouldCommit()) return;
        e.dbPath = dbPath;
        e.columnFamily = family == null ? "default" : new String(family, StandardCharsets.UTF_8);
        e.keyLength = keyLength;
        e.valueLength = valueLength;
        e.sampling = sampling;
        e.commit();
    }
}
