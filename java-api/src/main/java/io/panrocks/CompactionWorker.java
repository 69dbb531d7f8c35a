package io.panrocks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The worker of a {@link FileSystemCompactionService}: polls its directory
 * for job inputs and runs each with {@link RocksDB#openAndCompact} (RocksDB's
 * {@code DB::OpenAndCompact}), writing the result atomically where the
 * service waits for it. One worker per directory.
 *
 * <p>With resumption on (the default), a worker that dies in the middle of a
 * job (a crash, a kill) and is started again runs the job again over the same
 * output directory, and RocksDB resumes from the progress saved there, output
 * file by output file. A job whose input the service withdrew (it gave up
 * waiting) is not started. Without resumption, a job starts from scratch:
 * what an interrupted run left in its output directory is deleted first
 * (RocksDB requires an empty directory then).
 *
 * <p>Run it as a program: {@code java io.panrocks.CompactionWorker <root>
 * [--no-resumption]}; or call {@link #runOnce} in a loop of one's own. The family options must be the primary's (see
 * {@link RocksDB#openAndCompact}); the program uses RocksDB's defaults.
 */
public final class CompactionWorker implements AutoCloseable {
    private final Path root;
    private final ColumnFamilyOptions familyOptions;
    private final OpenAndCompactOptions options;
    private final boolean allowResumption;
    private final Statistics statistics = new Statistics();
    private volatile boolean stopped;
    /** the jobs this worker finished: never run twice, whatever the directory shows meanwhile */
    private final java.util.Set<String> finished = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private long jobs;

    /**
     * A worker over root.
     *
     * @param root the directory the primary's {@link FileSystemCompactionService} uses; not null
     * @param familyOptions the column family's options as the primary has them; null: RocksDB's defaults
     * @param allowResumption whether a job resumes from the progress saved by an interrupted run
     * @throws NullPointerException if root is null
     */
    public CompactionWorker(Path root, ColumnFamilyOptions familyOptions, boolean allowResumption) {
        this.root = Objects.requireNonNull(root, "root").toAbsolutePath();
        this.familyOptions = familyOptions;
        this.allowResumption = allowResumption;
        this.options = new OpenAndCompactOptions().setAllowResumption(allowResumption).setStatistics(statistics);
    }

    /**
     * The worker's statistics: RocksDB's tickers of the compactions it ran
     * ({@code rocksdb.remote.compact.resumed.bytes} counts what a job took
     * over from an interrupted run).
     *
     * @return the statistics
     */
    public Statistics statistics() {
        return statistics;
    }

    /**
     * How many jobs this worker finished (with a result or a failure written).
     *
     * @return the count
     */
    public synchronized long jobs() {
        return jobs;
    }

    /**
     * Runs every job waiting now, oldest first.
     *
     * @return how many it ran
     * @throws UncheckedIOException if the directory cannot be read or a result cannot be written
     */
    public int runOnce() {
        int n = 0;
        for (Path input : waiting()) {
            if (stopped) break;
            String name = input.getFileName().toString();
            String id = name.substring(0, name.length() - ".input".length());
            Path result = FileSystemCompactionService.results(root).resolve(id + ".result");
            Path failed = FileSystemCompactionService.results(root).resolve(id + ".failed");
            if (finished.contains(id) || Files.exists(result) || Files.exists(failed)) continue;
            byte[] in;
            try {
                in = Files.readAllBytes(input);
            } catch (NoSuchFileException e) {
                continue; // withdrawn meanwhile
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Path output = FileSystemCompactionService.outputs(root).resolve(id);
            long resumedBefore = statistics.getTickerCount(TickerType.REMOTE_COMPACT_RESUMED_BYTES);
            try {
                // without resumption RocksDB needs an empty output directory: an interrupted run's files go
                if (!allowResumption) FileSystemCompactionService.deleteTree(output);
                Files.createDirectories(output);
                byte[] out = RocksDB.openAndCompact(options, familyOptions, dbPathOf(input), output.toString(), in);
                FileSystemCompactionService.writeAtomically(result, out);
                long resumed = statistics.getTickerCount(TickerType.REMOTE_COMPACT_RESUMED_BYTES) - resumedBefore;
                System.out.println("panrocks compaction worker: job " + id + " done, " + out.length
                        + " result bytes, resumed " + resumed + " bytes");
            } catch (RocksDBException e) {
                if (stopped) break; // canceled by close: the job stays for the next run
                try {
                    FileSystemCompactionService.writeAtomically(failed, String.valueOf(e.getMessage())
                            .getBytes(StandardCharsets.UTF_8));
                } catch (IOException io) {
                    throw new UncheckedIOException(io);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            finished.add(id);
            synchronized (this) {
                jobs++;
            }
            n++;
        }
        return n;
    }

    /** Where the job's DB is: the input's sibling file {@code <id>.db}, else the worker's default. */
    private String dbPathOf(Path input) throws IOException {
        Path db = input.resolveSibling(input.getFileName().toString().replace(".input", ".db"));
        if (Files.exists(db)) return Files.readString(db).trim();
        throw new IOException("compaction job " + input + " names no DB (" + db + " is missing)");
    }

    private List<Path> waiting() {
        try (Stream<Path> s = Files.list(FileSystemCompactionService.jobs(root))) {
            List<Path> l = new ArrayList<>(s.filter(p -> p.getFileName().toString().endsWith(".input")).toList());
            l.sort((a, b) -> {
                try {
                    return Files.getLastModifiedTime(a).compareTo(Files.getLastModifiedTime(b));
                } catch (IOException e) {
                    return 0;
                }
            });
            return l;
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs jobs as they come until {@link #close()}, sleeping poll milliseconds when there is nothing to do. */
    private void runUntilClosed(long poll) {
        while (!stopped) {
            if (runOnce() == 0) {
                try {
                    Thread.sleep(poll);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** Stops, once: a running job is canceled (its progress stays for the next run); later {@link #runOnce} calls do nothing. */
    @Override
    public synchronized void close() {
        if (stopped) return;
        stopped = true;
        options.setCanceled(true);
        options.close(); // released when a running job returns
    }

    /**
     * Runs a worker until the process ends.
     *
     * @param args the directory, then optionally {@code --no-resumption}
     * @throws NullPointerException if args is null
     * @throws IllegalArgumentException if no directory is given
     */
    public static void main(String[] args) {
        Objects.requireNonNull(args, "args");
        if (args.length < 1 || args[0] == null) {
            throw new IllegalArgumentException("usage: CompactionWorker <root> [--no-resumption]");
        }
        boolean resume = !(args.length > 1 && args[1].equals("--no-resumption"));
        CompactionWorker w = new CompactionWorker(Path.of(args[0]), null, resume);
        System.out.println("panrocks compaction worker: ready over " + w.root + ", resumption " + (resume ? "on" : "off"));
        w.runUntilClosed(10);
    }
}
