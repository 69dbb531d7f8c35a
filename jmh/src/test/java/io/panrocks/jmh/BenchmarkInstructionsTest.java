package io.panrocks.jmh;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The harness that scripts/bench.sh instructions runs under callgrind: JMH's lifecycle done by hand
 * (parameters, setups in dependency order, teardowns) and exactly COUNT calls between the marks.
 */
class BenchmarkInstructionsTest {
    /** what the states and the benchmark did, in order */
    static final List<String> EVENTS = new ArrayList<>();
    static long calls;

    @State(Scope.Benchmark)
    public static class Data {
        @Param({"16", "1024"})
        public int valueSize;

        @Param("flushed")
        public String dataset;

        boolean open;

        @Setup(Level.Trial)
        public void open() {
            open = true;
            EVENTS.add("open " + valueSize + " " + dataset);
        }

        @TearDown(Level.Trial)
        public void close() {
            open = false;
            EVENTS.add("close");
        }
    }

    @State(Scope.Thread)
    public static class PerThread {
        int size;

        @Setup(Level.Trial)
        public void setUp(Data d) {
            if (!d.open) throw new IllegalStateException("Data was not set up before the state that needs it");
            size = d.valueSize;
            EVENTS.add("thread " + size);
        }

        @Setup(Level.Iteration)
        public void iteration() {
            EVENTS.add("iteration");
        }
    }

    public static class Fake {
        @Benchmark
        public void read(Data d, PerThread t, Blackhole bh) {
            calls++;
            bh.consume(t.size);
        }
    }

    /** Standard input that answers each mark with a line and notes how many calls had been made by then. */
    static final class Marks extends InputStream {
        final List<Long> callsAtMarks = new ArrayList<>();

        @Override
        public int read() {
            callsAtMarks.add(calls);
            return '\n';
        }
    }

    private final InputStream stdin = System.in;
    private final PrintStream stdout = System.out;

    @AfterEach
    void restore() {
        System.setIn(stdin);
        System.setOut(stdout);
        EVENTS.clear();
        calls = 0;
    }

    private String run(Marks marks, String... args) throws Throwable {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setIn(marks);
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            BenchmarkInstructions.main(args);
        } finally {
            System.setOut(stdout);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theWindowHoldsExactlyCountCallsOfTheMethodInItsOwnTrial() throws Throwable {
        Marks marks = new Marks();
        String out = run(marks, Fake.class.getName(), "valueSize=1024", "37", "read");

        assertEquals(List.of("READY baseline", "DONE baseline", "READY read", "DONE read"), out.lines().toList());
        // four marks: the baseline's two (no call of read yet), then read's window
        assertEquals(4, marks.callsAtMarks.size());
        assertEquals(0, marks.callsAtMarks.get(0));
        assertEquals(0, marks.callsAtMarks.get(1));
        long warmUp = marks.callsAtMarks.get(2);
        assertTrue(warmUp >= BenchmarkInstructions.WARMUP_CALLS, "warmed up with " + warmUp + " calls");
        assertEquals(37, marks.callsAtMarks.get(3) - warmUp, "calls inside the window");
        assertEquals(marks.callsAtMarks.get(3), calls, "no call after the window");
        // the parameter given, the single-valued one's default; setups in dependency order, teardown after
        assertEquals(List.of("open 1024 flushed", "thread 1024", "iteration", "close"), EVENTS);
    }

    @Test
    void aParameterWithSeveralValuesAndNoneGivenIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> run(new Marks(), Fake.class.getName(), "-", "5", "read"));
        assertTrue(e.getMessage().contains("valueSize"), e.getMessage());
        assertEquals(0, calls);
    }

    @Test
    void anUnknownMethodIsRefusedBeforeAnyCall() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> run(new Marks(), Fake.class.getName(), "valueSize=16", "5", "write"));
        assertTrue(e.getMessage().contains("no @Benchmark method write"), e.getMessage());
        assertEquals(0, calls);
    }

    @Test
    void forkPropertiesAreTheDefinesOfTheClassesFork() throws Throwable {
        String out = run(new Marks(), "--fork-properties", PanrocksCriticalGet.class.getName());
        assertEquals(List.of("-Dpanrocks.critical=true"), out.lines().toList());
    }
}
