package io.panrocks.faults;

import io.panrocks.testkit.ForkedJvm;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Runs a fault matrix: the failing disk compiled once, the cells of one fault
 * in child JVMs ({@link FaultCellMain}), each verdict printed and counted. The
 * main matrix ({@link FaultMatrixTest}) and the Kafka stores' (in the Kafka
 * module) both run through it, so a cell means the same in each.
 */
final class FaultRuns {
    /** Cells that do not end as documented for a reason outside panrocks, by "fault/operation", each with that reason. */
    private final Map<String, String> known;
    /** JVM flags of every child (another module's operations, by -Dpanrocks.faults.operations) */
    private final List<String> childFlags;
    private final int operations;
    /** the children's class path: the default (this module's tests and panrocks), or this JVM's whole one */
    private final boolean wholeClassPath;
    private Path shim;
    private int cells, passed, knownFailed, failed, skipped;

    FaultRuns(int operations, Map<String, String> known, boolean wholeClassPath, String... childFlags) {
        this.operations = operations;
        this.wholeClassPath = wholeClassPath;
        this.known = known;
        this.childFlags = List.of(childFlags);
    }

    /** Compiles src/test/native/disk_faults.c, the failing disk the children preload; from any module's folder. */
    void compileTheFailingDisk() throws Exception {
        Path source = null;
        for (Path candidate : List.of(Path.of(System.getProperty("panrocks.root", "..")).resolve("src/test/native/disk_faults.c"),
                Path.of("src/test/native/disk_faults.c"), Path.of("native/disk_faults.c"))) {
            if (Files.exists(candidate)) {
                source = candidate;
                break;
            }
        }
        assertTrue(source != null, "src/test/native/disk_faults.c not found from " + Path.of("").toAbsolutePath());
        Path out = Files.createDirectories(Path.of("target", "faults")).resolve("libdisk_faults.so").toAbsolutePath();
        Process cc = new ProcessBuilder("cc", "-shared", "-fPIC", "-O2", "-Wall", "-o", out.toString(), source.toString(), "-ldl")
                .redirectErrorStream(true).start();
        String log = new String(cc.getInputStream().readAllBytes());
        assertEquals(0, cc.waitFor(), () -> "cc could not build the failing disk:\n" + log);
        shim = out;
    }

    /** The counts line, as the misuse matrix prints its own. */
    synchronized String totals(String matrix) {
        return String.format("[%s] %d faults x %d operations: %d cells, %d as documented, %d known, %d not as documented, %d skipped",
                matrix, Fault.values().length, operations, cells, passed, knownFailed, failed, skipped);
    }

    /**
     * Runs every operation under the fault, each cell in a child JVM (a child
     * that crashed or hung in a cell is reported by that cell's name, and the
     * rest of the fault runs on in a new child), prints every verdict, and
     * fails on a cell that did not end as documented and is not known.
     */
    void run(Fault fault, List<String> operationNames, String matrix) throws Exception {
        String only = System.getProperty("panrocks.faults.only", "");
        org.junit.jupiter.api.Assumptions.assumeTrue(only.isEmpty() || List.of(only.split(",")).contains(fault.id()));
        if (fault.needsRoot && !Host.ROOT) {
            synchronized (this) {
                skipped += operationNames.size();
            }
            System.out.println("[" + matrix + "] " + fault.id() + ": SKIPPED, mounts need root");
            org.junit.jupiter.api.Assumptions.abort(fault.id() + " needs root");
        }
        Path root = Files.createTempDirectory("panrocks-faults-");
        List<String> pending = new ArrayList<>(operationNames);
        Map<String, String> verdicts = new LinkedHashMap<>();
        while (!pending.isEmpty()) {
            List<String> args = new ArrayList<>(List.of(root.toString(), fault.name()));
            args.addAll(pending);
            ForkedJvm child = ForkedJvm.main(FaultCellMain.class, args.toArray(String[]::new));
            if (wholeClassPath) {
                child.classPath(java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                        .map(Path::of).toArray(Path[]::new));
            }
            ForkedJvm.Result r = child
                    .env("LD_PRELOAD", shim.toString())
                    .jvmFlags("-Xmx256m")
                    .jvmFlags(childFlags)
                    .forwardSystemProperties("panrocks.")
                    .timeout(Duration.ofMinutes(10))
                    .run();
            String begun = null;
            for (String line : r.stdoutLines()) {
                if (line.startsWith("BEGIN ")) begun = line.substring(6).split(" ")[1];
                if (line.startsWith("CELL ")) {
                    String[] parts = line.substring(5).split(" ", 3);
                    verdicts.put(parts[1], parts[2].substring(2));
                    pending.remove(parts[1]);
                    begun = null;
                }
            }
            if (begun != null) { // the child died in this cell: a crash or a hang, named; the others run on
                String how = r.exitCode() == FaultCellMain.EXIT_HUNG ? "HANG" : r.crashed() ? "CRASH (signal " + r.signal() + ")" : "DIED (exit " + r
                        .exitCode() + ")";
                String detail = r.stdout().lines().filter(l -> l.startsWith("HANG") || l.contains("at ")).limit(40)
                        .reduce("", (a, b) -> a + "\n    " + b);
                verdicts.put(begun, "- | - | FAIL " + how + detail + (r.stderr().isBlank() ? "" : "\n    stderr: " + r.stderr().strip().lines().limit(
                        10).toList()));
                pending.remove(begun);
            } else if (!pending.isEmpty()) {
                fail("the child ended (exit " + r.exitCode() + ") before " + pending + ":\n" + r);
            }
        }
        try {
            Cell.deleteTree(root);
        } catch (java.io.IOException e) {
            System.out.println("[" + matrix + "] could not remove " + root + ": " + e);
        }
        List<String> unexpected = new ArrayList<>();
        for (var v : verdicts.entrySet()) {
            String id = fault.id() + "/" + v.getKey();
            boolean pass = v.getValue().endsWith("| PASS");
            String reason = known.get(id);
            synchronized (this) {
                cells++;
                if (pass) passed++;
                else if (reason != null) knownFailed++;
                else failed++;
            }
            if (pass && reason != null) System.out.println("[" + matrix + "] NOW PASSES (drop it from KNOWN): " + id);
            String tag = pass ? "ok   " : reason != null ? "KNOWN" : "FAIL ";
            System.out.println("[" + matrix + "] " + tag + " " + id + ": " + v.getValue() + (reason != null && !pass ? " (" + reason + ")" : ""));
            if (!pass && reason == null) unexpected.add(id + ": " + v.getValue());
        }
        assertTrue(unexpected.isEmpty(), () -> unexpected.size() + " cells of " + fault.id() + " did not end as documented:\n"
                + String.join("\n", unexpected));
    }
}
