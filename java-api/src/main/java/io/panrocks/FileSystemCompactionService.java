package io.panrocks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * A {@link CompactionService} over a directory shared with a
 * {@link CompactionWorker} (another process, or another machine over a shared
 * file system), for RocksDB's {@code CompactionService}.
 *
 * <p>Layout under the root: {@code jobs/<id>.db} (the DB's path) and
 * {@code jobs/<id>.input} (the job's input), each written atomically (a
 * temporary file, then a rename), {@code output/<id>/}
 * (where the worker writes the job's files and its saved progress),
 * {@code results/<id>.result} (the worker's result, written atomically) or
 * {@code results/<id>.failed} (why the worker could not run it).
 *
 * <p>{@link #waitForResult} polls for the result until the timeout. What it
 * answers when there is none in time, or the worker reports a failure, or the
 * DB closes meanwhile ({@link #cancelAwaitingJobs}), is the fallback set at
 * construction: {@link CompactionServiceJobStatus#USE_LOCAL} (the DB compacts
 * locally; the default, and never loses the DB's writability) or
 * {@link CompactionServiceJobStatus#FAILURE} (the compaction fails; RocksDB
 * then refuses writes until the DB is reopened). A result that does not parse
 * makes RocksDB compact locally whatever the fallback. A job given up is
 * withdrawn (its input deleted), so a worker that has not started it never
 * will; one already running finishes into an output directory nobody
 * installs: its files and result stay behind (disk space, never part of the
 * DB) until removed by hand.
 *
 * <p>Thread-safe; owns no native memory.
 */
public class FileSystemCompactionService extends CompactionService {
    private static final long POLL_MILLIS = 10;

    private final Path root;
    private final Duration timeout;
    private final CompactionServiceJobStatus fallback;
    private final AtomicLong scheduled = new AtomicLong();
    private final AtomicLong remote = new AtomicLong();
    private final AtomicLong fellBack = new AtomicLong();
    private volatile long cancelEpoch;

    /**
     * A service over root (its folders are created if missing).
     *
     * @param root the shared directory; not null
     * @param timeout how long a wait lasts at most; positive
     * @param fallback the answer without a result in time: USE_LOCAL or FAILURE
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if the timeout is not positive or the fallback is SUCCESS or ABORTED
     * @throws UncheckedIOException if the folders cannot be created
     */
    public FileSystemCompactionService(Path root, Duration timeout, CompactionServiceJobStatus fallback) {
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(fallback, "fallback");
        if (timeout.isNegative() || timeout.isZero()) throw new IllegalArgumentException("timeout must be positive: " + timeout);
        if (fallback != CompactionServiceJobStatus.USE_LOCAL && fallback != CompactionServiceJobStatus.FAILURE) {
            throw new IllegalArgumentException("fallback must be USE_LOCAL or FAILURE, not " + fallback);
        }
        this.root = root.toAbsolutePath();
        this.timeout = timeout;
        this.fallback = fallback;
        try {
            Files.createDirectories(jobs(this.root));
            Files.createDirectories(results(this.root));
            Files.createDirectories(outputs(this.root));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the compaction service's folders under " + root, e);
        }
    }

    static Path jobs(Path root) {
        return root.resolve("jobs");
    }

    static Path results(Path root) {
        return root.resolve("results");
    }

    static Path outputs(Path root) {
        return root.resolve("output");
    }

    /**
     * The shared directory.
     *
     * @return its absolute path
     */
    public Path root() {
        return root;
    }

    /**
     * How many jobs were handed to the worker.
     *
     * @return the count
     */
    public long scheduledJobs() {
        return scheduled.get();
    }

    /**
     * How many jobs the worker answered with a result.
     *
     * @return the count
     */
    public long remoteResults() {
        return remote.get();
    }

    /**
     * How many waits answered the fallback (no result in time, a failure reported, a close).
     *
     * @return the count
     */
    public long fallbacks() {
        return fellBack.get();
    }

    /** Writes the job's input for the worker. */
    @Override
    public CompactionServiceScheduleResponse schedule(CompactionServiceJobInfo info, byte[] input) {
        Objects.requireNonNull(info, "info");
        Objects.requireNonNull(input, "input");
        String id = info.jobId() + "-" + UUID.randomUUID();
        try {
            // the DB's path first: the input's arrival is what the worker looks for
            writeAtomically(jobs(root).resolve(id + ".db"), info.dbName().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            writeAtomically(jobs(root).resolve(id + ".input"), input);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the input of compaction job " + id, e);
        }
        scheduled.incrementAndGet();
        return CompactionServiceScheduleResponse.scheduled(id);
    }

    /** Polls for the worker's result until the timeout; see the class comment for the answers. */
    @Override
    public CompactionServiceResult waitForResult(String scheduledJobId) {
        checkId(scheduledJobId);
        Path result = results(root).resolve(scheduledJobId + ".result");
        Path failed = results(root).resolve(scheduledJobId + ".failed");
        long epoch = cancelEpoch;
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (true) {
                if (Files.exists(result)) {
                    // the job is withdrawn before its result goes: a worker that sees neither never runs it again
                    // (a second run would rewrite the output directory the primary is about to take files from)
                    Files.deleteIfExists(jobs(root).resolve(scheduledJobId + ".input"));
                    Files.deleteIfExists(jobs(root).resolve(scheduledJobId + ".db"));
                    byte[] bytes = Files.readAllBytes(result);
                    Files.deleteIfExists(result);
                    remote.incrementAndGet();
                    return CompactionServiceResult.success(bytes);
                }
                if (Files.exists(failed) || cancelEpoch != epoch || System.nanoTime() - deadline > 0) {
                    return giveUp(scheduledJobId);
                }
                Thread.sleep(POLL_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return giveUp(scheduledJobId);
        } catch (IOException e) {
            return giveUp(scheduledJobId);
        }
    }

    private CompactionServiceResult giveUp(String id) {
        fellBack.incrementAndGet();
        try {
            Files.deleteIfExists(jobs(root).resolve(id + ".input"));
            Files.deleteIfExists(jobs(root).resolve(id + ".db"));
            Files.deleteIfExists(results(root).resolve(id + ".failed"));
        } catch (IOException ignored) {
            // a leftover file: the worker skips jobs without input
        }
        return CompactionServiceResult.of(fallback);
    }

    /** Ends the waits in progress with the fallback. */
    @Override
    public void cancelAwaitingJobs() {
        cancelEpoch++;
    }

    /** Deletes the job's input and what is left of its output directory. */
    @Override
    public void onInstallation(String scheduledJobId, CompactionServiceJobStatus status) {
        checkId(scheduledJobId);
        Objects.requireNonNull(status, "status");
        try {
            Files.deleteIfExists(jobs(root).resolve(scheduledJobId + ".input"));
            Files.deleteIfExists(jobs(root).resolve(scheduledJobId + ".db"));
            deleteTree(outputs(root).resolve(scheduledJobId));
        } catch (IOException ignored) {
            // leftovers cost space, not correctness
        }
    }

    /** An ID this service could have made: no path can be smuggled in. */
    private static void checkId(String id) {
        Objects.requireNonNull(id, "scheduledJobId");
        if (id.isEmpty() || id.indexOf('/') >= 0 || id.indexOf('\\') >= 0 || id.indexOf('\0') >= 0 || id.startsWith(".")) {
            throw new IllegalArgumentException("not a job ID of this service: " + id);
        }
    }

    static void writeAtomically(Path target, byte[] bytes) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Files.write(tmp, bytes);
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                try {
                    Files.deleteIfExists(p);
                } catch (NoSuchFileException ignored) {
                    // gone already
                }
            }
        }
    }

    @Override
    public String toString() {
        return "FileSystemCompactionService[" + root + ", timeout " + timeout + ", fallback " + fallback + "]";
    }
}
