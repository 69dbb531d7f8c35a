package io.panrocks.jmh;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The data-set parameters every comparison benchmark shares. Holds no engine
 * state and references no engine class: each fork loads exactly one engine
 * (panrocks or RocksJava), through the state class that extends this.
 *
 * <p>The defaults are the full matrix of the benchmark suite; scripts/bench.sh passes
 * {@code -p} lists to run the chosen points (data sets above
 * {@link DataSpec#MAX_DATA_BYTES} are refused).
 */
@State(Scope.Benchmark)
public abstract class BenchParams {
    /** Keys in the database. */
    @Param({"1000", "100000"})
    public int keyCount;

    /** Bytes per key: key i is i in decimal, zero-padded to this width. */
    @Param({"16", "128"})
    public int keySize;

    /** Bytes per value: byte j of value i is (i*31 + j) &amp; 0xff. */
    @Param({"16", "128", "1024", "4096", "16384", "65536", "1048576"})
    public int valueSize;

    /** "flushed" (SST files, all blocks cached) or "memtable" (nothing flushed). */
    @Param({"flushed", "memtable"})
    public String dataset;

    DataSpec spec() {
        return new DataSpec(keyCount, keySize, valueSize, dataset);
    }
}
