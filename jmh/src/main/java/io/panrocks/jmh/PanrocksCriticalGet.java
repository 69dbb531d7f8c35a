package io.panrocks.jmh;

import io.panrocks.RocksDBException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.util.concurrent.TimeUnit;

/**
 * {@code get(key, byte[] value)} into a reused array with
 * {@code -Dpanrocks.critical=true}: heap arrays passed straight to a
 * critical downcall (memory-only read tier, normal downcall on Incomplete).
 * Compare with {@link PanrocksGet#getPreallocated}, the same call without
 * the property.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g", "-Xmn128m",
        "-Dpanrocks.critical=true"})
public class PanrocksCriticalGet {

    /** Fails the fork if the property did not reach it (e.g. -jvmArgsAppend on the command line replaced it). */
    @State(Scope.Benchmark)
    public static class CriticalOn {
        @Setup(Level.Trial)
        public void check() {
            if (!Boolean.getBoolean("panrocks.critical")) {
                throw new IllegalStateException("-Dpanrocks.critical=true is missing in this fork");
            }
        }
    }

    @Benchmark
    public void getPreallocatedCritical(CriticalOn on, PanrocksDb s, PanrocksGet.ThreadState t, Blackhole bh)
            throws RocksDBException {
        bh.consume(s.db.get(t.key(), t.value));
    }
}
