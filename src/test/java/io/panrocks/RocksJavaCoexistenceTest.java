package io.panrocks;

import io.panrocks.fork.MixedEngines;
import io.panrocks.testkit.ForkedJvm;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * RocksJava and panrocks in one JVM, each with its own copy of RocksDB. The
 * engine inside libpanrocks.so is linked statically with every symbol local
 * and without STB_GNU_UNIQUE symbols, so neither copy can bind to the other's
 * registries or caches (they used to, when panrocks linked a shared
 * librocksdb: a SIGSEGV). Checked in child JVMs, both load orders, with the
 * RocksJava of the same engine version and with an older and a newer one,
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

    @Test
    void runsBesideOlderAndNewerRocksJava() throws Exception {
        assertCoexists(OnDiskInteropTest.rocksJava("panrocks.test.rocksjava.old"), "7.8.3");
        assertCoexists(OnDiskInteropTest.rocksJava("panrocks.test.rocksjava.newest"), "11.");
    }
}
