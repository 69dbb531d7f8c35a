package io.panrocks.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Threshold;

/**
 * A sampled point read ({@code RocksDB.get}, RocksDB's {@code DB::Get})
 * that took at least the recording's threshold: the event's duration is
 * the read's, from panrocks' entry to the value in the caller's hands.
 * Sampled: one read in {@code -Dpanrocks.jfr.slowReadSampling} (default
 * 16, at random) is timed, the others pay one read of JFR's setting
 * ({@link Jfr#beginRead}). The threshold is JFR's standard setting
 * ({@code io.panrocks.SlowRead#threshold=2 ms}), 10 ms unless set.
 */
@Name("io.panrocks.SlowRead")
@Category("panrocks")
@Label("Slow Read")
@Description("A sampled RocksDB point read (get) that took at least the threshold")
@Threshold("10 ms")
public final class SlowReadEvent extends DbEvent {
    @Label("Key Length")
    @DataAmount
    public long keyLength;

    @Label("Value Length")
    @Description("Size of the value read, or -1 if the key was absent")
    @DataAmount
    public long valueLength;

    @Label("Sampling")
    @Description("One read in this many was timed")
    public int sampling;
}
