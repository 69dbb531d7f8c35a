package io.panrocks.faults;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What the operating system is asked to do to the files under a cell: mounts
 * (a small tmpfs, a read-only bind mount), the immutable attribute, the
 * descriptor limit (setrlimit through FFM), and the failing disk of
 * {@code src/test/native/disk_faults.c} when the child JVM has it preloaded.
 */
final class Host {
    private Host() {
    }

    static final boolean ROOT = "root".equals(System.getProperty("user.name"));

    /** Runs a command; its failure is an IOException naming the command and its output. */
    static void run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", command) + " did not end in 60 s");
        }
        if (p.exitValue() != 0) throw new IOException(String.join(" ", command) + " failed (" + p.exitValue() + "): " + out.strip());
    }

    // ---- the descriptor limit ----------------------------------------------------------------

    private static final int RLIMIT_NOFILE = 7; // Linux, every architecture panrocks runs on
    private static final MethodHandle GETRLIMIT, SETRLIMIT;

    static {
        Linker linker = Linker.nativeLinker();
        SymbolLookup libc = linker.defaultLookup();
        FunctionDescriptor d = FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS);
        GETRLIMIT = linker.downcallHandle(libc.find("getrlimit").orElseThrow(), d);
        SETRLIMIT = linker.downcallHandle(libc.find("setrlimit").orElseThrow(), d);
    }

    /** {soft, hard} of RLIMIT_NOFILE. */
    static long[] descriptorLimit() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment r = arena.allocate(16);
            if ((int) GETRLIMIT.invokeExact(RLIMIT_NOFILE, r) != 0) throw new IllegalStateException("getrlimit failed");
            return new long[]{r.get(ValueLayout.JAVA_LONG, 0), r.get(ValueLayout.JAVA_LONG, 8)};
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    static void setDescriptorLimit(long soft, long hard) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment r = arena.allocate(16);
            r.set(ValueLayout.JAVA_LONG, 0, soft);
            r.set(ValueLayout.JAVA_LONG, 8, hard);
            if ((int) SETRLIMIT.invokeExact(RLIMIT_NOFILE, r) != 0) throw new IllegalStateException("setrlimit failed");
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** The highest descriptor number this process has open. */
    static int highestOpenDescriptor() throws IOException {
        int max = 2;
        try (var fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path p : (Iterable<Path>) fds::iterator) max = Math.max(max, Integer.parseInt(p.getFileName().toString()));
        }
        return max;
    }

    /** Opens /dev/null until the process has no descriptor left; the holders close them again. */
    static List<java.nio.channels.FileChannel> takeEveryFreeDescriptor() {
        List<java.nio.channels.FileChannel> held = new ArrayList<>();
        while (true) {
            try {
                held.add(java.nio.channels.FileChannel.open(Path.of("/dev/null")));
            } catch (IOException e) {
                return held; // "Too many open files"
            }
            if (held.size() > 100_000) throw new IllegalStateException("the descriptor limit did not hold");
        }
    }

    // ---- the failing disk (LD_PRELOAD) -------------------------------------------------------

    static final int READS = 1, WRITES = 2, SYNCS = 3;
    private static MethodHandle arm, disarm, hits;

    /** The preloaded disk_faults library of this JVM, or null when the child runs without it. */
    static synchronized boolean failingDiskLoaded() {
        if (arm != null) return true;
        String preload = System.getenv("LD_PRELOAD");
        if (preload == null || !preload.contains("disk_faults")) return false;
        // the library is loaded already: looking it up by its path finds that copy
        SymbolLookup lib = SymbolLookup.libraryLookup(Path.of(preload), Arena.global());
        Linker linker = Linker.nativeLinker();
        arm = linker.downcallHandle(lib.find("faults_arm").orElseThrow(), FunctionDescriptor.ofVoid(ValueLayout.ADDRESS,
                ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));
        disarm = linker.downcallHandle(lib.find("faults_disarm").orElseThrow(), FunctionDescriptor.ofVoid());
        hits = linker.downcallHandle(lib.find("faults_hits").orElseThrow(), FunctionDescriptor.of(ValueLayout.JAVA_LONG));
        return true;
    }

    /** From now on every call of the kind on a file under dir fails with EIO, until {@link #disarm()}. */
    static void failEvery(Path dir, int kind) {
        if (!failingDiskLoaded()) throw new IllegalStateException("the child JVM runs without disk_faults preloaded");
        try (Arena arena = Arena.ofConfined()) {
            arm.invokeExact(arena.allocateFrom(dir.toAbsolutePath().toString()), kind, 1L, 1);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    static long disarm() {
        if (arm == null) return 0;
        try {
            disarm.invokeExact();
            return (long) hits.invokeExact();
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
