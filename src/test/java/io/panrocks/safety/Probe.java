package io.panrocks.safety;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One adversarial probe: runs in a child JVM of its own (see
 * {@link ProbeMain}), in a fresh working folder {@code dir}, and returns a
 * line saying what happened when panrocks behaved; anything else (an
 * exception, a wrong byte, a hang, a crash) fails it.
 */
public record Probe(String name, Body body, List<String> jvmFlags, Duration timeout) {
    @FunctionalInterface
    public interface Body {
        String run(Path dir) throws Exception;
    }

    /** Child JVM time limit unless a probe says otherwise (the probe's own watchdogs fire earlier). */
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(Math.max(90, io.panrocks.testkit.Seeds.scaled(90)));

    public static Probe of(String name, Body body) {
        return new Probe(name, body, List.of("-Xmx256m"), DEFAULT_TIMEOUT);
    }

    /** Replaces the child's JVM flags (default {@code -Xmx256m}). */
    public Probe withJvmFlags(String... flags) {
        return new Probe(name, body, List.of(flags), timeout);
    }

    public Probe withTimeout(Duration t) {
        return new Probe(name, body, jvmFlags, t);
    }

    /** A catalog of probes, each with a unique name. */
    public static final class Catalog {
        private final List<Probe> probes = new ArrayList<>();

        public Catalog add(Probe p) {
            for (Probe q : probes) {
                if (q.name.equals(p.name)) throw new IllegalArgumentException("duplicate probe " + p.name);
            }
            probes.add(p);
            return this;
        }

        public Catalog add(String name, Body body) {
            return add(of(name, body));
        }

        public List<Probe> all() {
            return List.copyOf(probes);
        }

        public Probe get(String name) {
            for (Probe p : probes) if (p.name.equals(name)) return p;
            throw new IllegalArgumentException("no probe named " + name);
        }
    }
}
