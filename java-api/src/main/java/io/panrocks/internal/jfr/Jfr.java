package io.panrocks.internal.jfr;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The switches and fast checks behind panrocks' JFR events. Whether an
 * event is on is the recording's business ({@code isEnabled()} of an
 * instance, which JFR's bytecode turns into a read of its settings: false
 * until a recording enables the event). The checks ask a shared instance
 * that is never committed, so that a check allocates nothing.
 */
public final class Jfr {
    /**
     * System property: {@code false} leaves the listener behind the
     * background events out of every DB opened afterwards (no upcall at
     * all, recording or not). Default {@code true}.
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

    private static final FlushEvent FLUSH = new FlushEvent();
    private static final CompactionEvent COMPACTION = new CompactionEvent();
    private static final WriteStallEvent STALL = new WriteStallEvent();
    private static final BackgroundErrorEvent BACKGROUND_ERROR = new BackgroundErrorEvent();
    private static final FileIngestionEvent INGESTION = new FileIngestionEvent();
    private static final SlowReadEvent SLOW_READ = new SlowReadEvent();

    private Jfr() {
    }

    /** @return whether DBs opened now get the listener of the background events */
    public static boolean listenerWanted() {
        return Boolean.parseBoolean(System.getProperty(EVENTS_PROPERTY, "true"));
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
        return FLUSH.isEnabled();
    }

    /** @return whether a recording has io.panrocks.Compaction on */
    public static boolean compaction() {
        return COMPACTION.isEnabled();
    }

    /** @return whether a recording has io.panrocks.WriteStall on */
    public static boolean stall() {
        return STALL.isEnabled();
    }

    /** @return whether a recording has io.panrocks.BackgroundError on */
    public static boolean backgroundError() {
        return BACKGROUND_ERROR.isEnabled();
    }

    /** @return whether a recording has io.panrocks.FileIngestion on */
    public static boolean ingestion() {
        return INGESTION.isEnabled();
    }

    /**
     * The start of a point read: a begun event if a recording has
     * io.panrocks.SlowRead on and this read is sampled, else null (the
     * common case, one read of JFR's setting). Small, so that it inlines
     * into every get.
     *
     * @param sampling one read in this many is timed
     * @return the event to pass to {@link #endRead}, or null
     */
    public static SlowReadEvent beginRead(int sampling) {
        return SLOW_READ.isEnabled() ? sampled(sampling) : null;
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
     * @param e what {@link #beginRead} returned (not null)
     * @param dbPath the DB's path
     * @param family the family's name, or null for the default family
     * @param keyLength the key's length
     * @param valueLength the value's length, or -1 if absent
     * @param sampling the DB's sampling
     */
    public static void endRead(SlowReadEvent e, String dbPath, byte[] family, long keyLength, long valueLength,
                               int sampling) {
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
