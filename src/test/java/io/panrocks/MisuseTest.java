package io.panrocks;

import io.panrocks.fork.Misuse;
import io.panrocks.testkit.ForkedJvm;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Each misuse that crashes a careless binding runs in its own JVM, which
 * must exit normally, report the expected Java exception, and leave no
 * hs_err crash file.
 */
class MisuseTest {
    static Stream<String> scenarios() {
        return Misuse.SCENARIOS.keySet().stream().sorted();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void misuseIsAJavaExceptionNotACrash(String scenario) throws Exception {
        ForkedJvm.Result r = ForkedJvm.main(Misuse.class, scenario).heap("256m").run().assertSuccess();
        assertTrue(r.stdout().startsWith("OK "), r::toString);
        System.out.println(scenario + ": " + r.stdout().strip());
    }
}
