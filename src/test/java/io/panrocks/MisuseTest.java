package io.panrocks;

import io.panrocks.fork.Misuse;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Each misuse that crashes a careless binding runs in its own JVM, which
 * must exit normally, report the expected Java exception, and leave no
 * hs_err crash file.
 */
class MisuseTest {
    @TempDir
    Path workingDir;

    static Stream<String> scenarios() {
        return Misuse.SCENARIOS.keySet().stream().sorted();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void misuseIsAJavaExceptionNotACrash(String scenario) throws Exception {
        List<String> cmd = List.of(ForkedJvm.javaBinary().toString(), "--enable-native-access=ALL-UNNAMED",
                "-Xmx256m", "-XX:ErrorFile=" + workingDir.resolve("hs_err_pid%p.log"),
                "-cp", ForkedJvm.testClasses() + File.pathSeparator + ForkedJvm.panrocksLocation(),
                Misuse.class.getName(), scenario);
        ForkedJvm.Result r = ForkedJvm.run(cmd, 120);
        try (Stream<Path> files = Files.list(workingDir)) {
            List<Path> crashes = files.filter(p -> p.getFileName().toString().startsWith("hs_err")).toList();
            assertTrue(crashes.isEmpty(), "the JVM crashed: " + crashes + "\n" + r);
        }
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().startsWith("OK "), r::toString);
        System.out.println(scenario + ": " + r.stdout().strip());
    }
}
