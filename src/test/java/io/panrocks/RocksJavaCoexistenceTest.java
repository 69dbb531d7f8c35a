package io.panrocks;

import io.panrocks.fork.MixedEngines;
import io.panrocks.testkit.ForkedJvm;
import io.panrocks.testkit.RocksJavaJars;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * RocksJava and panrocks in one JVM, each with its own copy of RocksDB. The
 * engine inside libpanrocks.so is linked statically with every symbol local
 * and without STB_GNU_UNIQUE symbols, so neither copy can bind to the other's
 * registries or caches (they used to, when panrocks linked a shared
 * librocksdb: a SIGSEGV). Checked in child JVMs, both load orders, with the
 * RocksJava of the same engine version and with others (7.8.3, and 9.11.2 or 11.8.1),
 * under a mixed workload with evicting block caches (see {@link MixedEngines}).
 */
class RocksJavaCoexistenceTest {
    static final long SECONDS = Long.getLong("panrocks.coexistence.seconds", 8);

    private static ForkedJvm.Result run(Path rocksJavaJar, String order) throws Exception {
        return ForkedJvm.main(MixedEngines.class, order, Long.toString(SECONDS)).addToClassPath(rocksJavaJar)
                .heap("512m").timeout(Duration.ofMinutes(4)).run();
    }

    private static void assertCoexists(Path jar, String expectedVersionPrefix) throws Exception {
        assumeTrue(!EngineLinkageTest.sharedEngineBuild(),
                "built against a shared RocksDB: panrocks refuses RocksJava (NativeLoadingTest)");
        for (String order : List.of("rocksjava-first", "panrocks-first")) {
            ForkedJvm.Result r = run(jar, order);
            assertEquals(0, r.exitCode(), order + ": " + r);
            assertTrue(r.stdout().startsWith("ok rocksjava " + expectedVersionPrefix), order + ": " + r);
            assertTrue(r.stdout().contains(" panrocks " + RocksDB.engineVersion()), order + ": " + r);
            System.out.println("[coexistence] " + order + ": " + r.stdout().strip());
        }
    }

    @Test
    void runsBesideRocksJavaOfTheSameEngineVersion() throws Exception {
        assertCoexists(OnDiskInteropTest.sameVersionRocksJava(), RocksDB.engineVersion());
    }

    /**
     * The oldest release, and the one the other engine build has (9.11.2
     * beside the 11.8.1 engine, 11.8.1 beside the 9.11.2 one); 10.1.3 is
     * left out for time.
     */
    @ParameterizedTest(name = "RocksJava {0}.x")
    @ValueSource(ints = {7, 9, 11})
    void runsBesideAnotherRocksJavaRelease(int major) throws Exception {
        Path jar = RocksJavaJars.release(major);
        String version = RocksJavaJars.versionOf(jar);
        assumeFalse(version.equals(RocksDB.engineVersion()), "the same version: runsBesideRocksJavaOfTheSameEngineVersion");
        assertCoexists(jar, version);
    }
}
