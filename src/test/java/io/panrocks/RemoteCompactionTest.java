package io.panrocks;

import io.panrocks.testkit.ForkedJvm;
import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Remote compaction (RocksDB's CompactionService and DB::OpenAndCompact) on
 * the real engine: a worker in a child JVM over a shared directory, a worker
 * SIGKILLed in the middle of a job and restarted, and services that never
 * answer, answer garbage, fail or throw.
 */
class RemoteCompactionTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    @TempDir
    Path dir;

    private static byte[] key(int i) {
        return String.format("key%08d", i).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] value(int round, int i, int size) {
        byte[] v = new byte[size];
        byte[] head = (round + ":" + i + ":").getBytes(StandardCharsets.UTF_8);
        System.arraycopy(head, 0, v, 0, Math.min(head.length, size));
        for (int j = head.length; j < size; j++) v[j] = (byte) ((i * 31 + j * 7 + round) & 0x7f);
        return v;
    }

    private static Options options(CompactionService service, Statistics stats) {
        Options o = new Options().setCreateIfMissing(true).setDisableAutoCompactions(true).setCompactionService(service);
        if (stats != null) o.setStatistics(stats);
        return o;
    }

    /** rounds flushes of n keys each (each round overwrites the keys). */
    private static void fill(RocksDB db, int rounds, int n, int valueSize) throws RocksDBException {
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < n; i++) db.put(key(i), value(r, i, valueSize));
            db.flush(new FlushOptions().setWaitForFlush(true));
        }
    }

    private static void verify(RocksDB db, int rounds, int n, int valueSize) throws RocksDBException {
        for (int i = 0; i < n; i += Math.max(1, n / 500)) {
            assertArrayEquals(value(rounds - 1, i, valueSize), db.get(key(i)), "key " + i);
        }
        assertArrayEquals(value(rounds - 1, n - 1, valueSize), db.get(key(n - 1)));
    }

    private static long level0(RocksDB db) throws RocksDBException {
        return Long.parseLong(db.getProperty("rocksdb.num-files-at-level0"));
    }

    @Test
    void theCompactionsRunInAWorkerProcessAndTheirOutputIsInstalled() throws Exception {
        Path root = dir.resolve("service");
        Path path = fixture.dir();
        FileSystemCompactionService service = new FileSystemCompactionService(root, Duration.ofSeconds(60),
                CompactionServiceJobStatus.USE_LOCAL);
        List<String> lines = new CopyOnWriteArrayList<>();
        try (ForkedJvm.Running worker = ForkedJvm.main(CompactionWorker.class, root.toString()).onStdout(lines::add)
                .timeout(Duration.ofMinutes(3)).start();
             Statistics stats = new Statistics()) {
            assertNotNull(worker.awaitLine(l -> l.contains("ready"), Duration.ofSeconds(60)));
            try (RocksDB db = fixture.open(options(service, stats))) {
                fill(db, 4, 2000, 100);
                assertEquals(4, level0(db));
                db.compactRange();
                assertEquals(0, level0(db));
                assertTrue(service.remoteResults() >= 1, "remote results " + service.remoteResults());
                assertEquals(service.scheduledJobs(), service.remoteResults());
                assertEquals(0, service.fallbacks());
                assertTrue(stats.getTickerCount(TickerType.REMOTE_COMPACT_WRITE_BYTES) > 0);
                assertTrue(stats.getTickerCount(TickerType.REMOTE_COMPACT_READ_BYTES) > 0);
                // the DB did not compact by itself
                assertEquals(0, stats.getTickerCount(TickerType.COMPACT_WRITE_BYTES));
                verify(db, 4, 2000, 100);
            }
            // the worker prints its line after writing the result the DB installed: it may come later
            assertNotNull(worker.awaitLine(l -> l.contains(" done, "), Duration.ofSeconds(60)),
                    () -> "worker said " + lines);
            worker.kill();
        }
        // installed for good: a reopen without the service reads it all, from one level
        try (RocksDB db = fixture.open(new Options())) {
            assertEquals(0, level0(db));
            verify(db, 4, 2000, 100);
        }
        // the service cleaned up after each job
        try (Stream<Path> left = Files.list(root.resolve("jobs"))) {
            assertEquals(List.of(), left.toList());
        }
    }

    @Test
    void aWorkerKilledInTheMiddleOfAJobIsRestartedAndTheJobResumesFromItsProgress() throws Exception {
        long resumed = killAndRestart(true);
        assertTrue(resumed > 0, "nothing resumed");
    }

    @Test
    void withoutResumptionTheRestartedWorkerStartsTheJobFromScratch() throws Exception {
        assertEquals(0, killAndRestart(false));
    }

    /** Kills the worker in the middle of a job, restarts it; what the restarted one resumed (bytes). */
    private long killAndRestart(boolean resumption) throws Exception {
        String[] args = resumption ? new String[]{dir.resolve("service").toString()}
                : new String[]{dir.resolve("service").toString(), "--no-resumption"};
        Path root = dir.resolve("service");
        Path path = dir.resolve("db");
        long resumed;
        FileSystemCompactionService service = new FileSystemCompactionService(root, Duration.ofMinutes(3),
                CompactionServiceJobStatus.FAILURE); // a fallback would hide a failed resumption
        int rounds = 3, n = 40_000, size = 500; // ~60 MB of input, ~20 MB of output in 256 KB files
        Options options = options(service, null).setTargetFileSizeBase(256 * 1024)
                .setCompressionType(CompressionType.NO_COMPRESSION);
        try (RocksDB db = RocksDB.open(options, path.toString())) {
            fill(db, rounds, n, size);
            Thread compaction = new Thread(() -> {
                try {
                    db.compactRange();
                } catch (RocksDBException e) {
                    throw new AssertionError(e);
                }
            });
            List<Throwable> failed = new CopyOnWriteArrayList<>();
            compaction.setUncaughtExceptionHandler((t, e) -> failed.add(e));
            compaction.start();
            Path outputs = root.resolve("output");
            long keptBeforeKill;
            try (ForkedJvm.Running first = ForkedJvm.main(CompactionWorker.class, args)
                    .timeout(Duration.ofMinutes(3)).start()) {
                // progress: finished output files in the job's output directory
                long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
                while (sstFiles(outputs) < 8 && System.nanoTime() < deadline && first.isAlive()) Thread.sleep(5);
                first.kill(); // SIGKILL in the middle of the job
                first.await();
                keptBeforeKill = sstFiles(outputs);
                assertTrue(keptBeforeKill >= 8, "output files before the kill: " + keptBeforeKill);
                assertEquals(0, service.remoteResults(), "the job finished before the kill: make it bigger");
            }
            List<String> lines = new CopyOnWriteArrayList<>();
            try (ForkedJvm.Running second = ForkedJvm.main(CompactionWorker.class, args)
                    .onStdout(lines::add).timeout(Duration.ofMinutes(3)).start()) {
                String done = second.awaitLine(l -> l.contains(" done, "), Duration.ofMinutes(2));
                assertNotNull(done, () -> "the restarted worker said " + lines);
                compaction.join(120_000);
                // what the restarted worker took over from the killed one's progress (rocksdb.remote.compact.resumed.bytes)
                resumed = Long.parseLong(done.replaceAll(".*resumed (\\d+) bytes.*", "$1"));
                System.out.println("resumption " + (resumption ? "on" : "off") + ": " + keptBeforeKill
                        + " output files before the SIGKILL; the restarted "
                        + "worker resumed " + resumed + " bytes: " + done);
                second.kill();
            }
            assertEquals(List.of(), failed);
            assertEquals(1, service.remoteResults());
            assertEquals(0, service.fallbacks());
            assertEquals(0, level0(db));
            verify(db, rounds, n, size);
        }
        try (RocksDB db = RocksDB.open(new Options(), path.toString())) {
            verify(db, rounds, n, size);
        }
        return resumed;
    }

    /** Finished output files under outputs; the worker renames and deletes files meanwhile, so a vanished one is skipped. */
    private static long sstFiles(Path outputs) throws Exception {
        long[] count = {0};
        if (!Files.exists(outputs)) return 0;
        Files.walkFileTree(outputs, new java.nio.file.SimpleFileVisitor<>() {
            @Override
            public java.nio.file.FileVisitResult visitFile(Path file, java.nio.file.attribute.BasicFileAttributes attrs) {
                if (file.getFileName().toString().endsWith(".sst")) count[0]++;
                return java.nio.file.FileVisitResult.CONTINUE;
            }

            @Override
            public java.nio.file.FileVisitResult visitFileFailed(Path file, java.io.IOException e) {
                return java.nio.file.FileVisitResult.CONTINUE; // gone between the listing and the visit
            }
        });
        return count[0];
    }

    @Test
    void aWorkerThatNeverAnswersTimesOutToALocalCompaction() throws Exception {
        FileSystemCompactionService service = new FileSystemCompactionService(dir.resolve("service"),
                Duration.ofMillis(300), CompactionServiceJobStatus.USE_LOCAL);
        try (Statistics stats = new Statistics();
             RocksDB db = fixture.open(options(service, stats))) {
            fill(db, 3, 1000, 50);
            db.compactRange();
            assertEquals(0, level0(db));
            assertTrue(service.fallbacks() >= 1);
            assertEquals(0, service.remoteResults());
            assertTrue(stats.getTickerCount(TickerType.COMPACT_WRITE_BYTES) > 0);
            assertEquals(0, stats.getTickerCount(TickerType.REMOTE_COMPACT_WRITE_BYTES));
            db.put(key(1), value(9, 1, 50)); // still writable
            assertArrayEquals(value(9, 1, 50), db.get(key(1)));
        }
        // the job given up was withdrawn: a worker that comes late finds nothing to do
        try (Stream<Path> left = Files.list(dir.resolve("service").resolve("jobs"))) {
            assertEquals(List.of(), left.toList());
        }
    }

    @Test
    void closingWhileACompactionWaitsForAWorkerThatNeverAnswersEndsTheWait() throws Exception {
        FileSystemCompactionService service = new FileSystemCompactionService(dir.resolve("service"),
                Duration.ofMinutes(10), CompactionServiceJobStatus.USE_LOCAL);
        Path path = fixture.dir();
        RocksDB db = fixture.open(new Options().setCreateIfMissing(true).setLevel0FileNumCompactionTrigger(2)
                .setCompactionService(service));
        fill(db, 2, 1000, 50); // two L0 files: an automatic compaction, handed to nobody
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (service.scheduledJobs() == 0 && System.nanoTime() < deadline) Thread.sleep(5);
        assertEquals(1, service.scheduledJobs());
        long start = System.nanoTime();
        db.close(); // CancelAwaitingJobs ends the ten-minute wait
        long took = (System.nanoTime() - start) / 1_000_000;
        assertTrue(took < 20_000, "close took " + took + " ms");
        assertEquals(1, service.fallbacks());
        try (RocksDB again = fixture.open(new Options())) {
            verify(again, 2, 1000, 50);
        }
    }

    @Test
    void aTimeoutWithTheFailureFallbackFailsTheCompactionCleanlyAndLosesNothing() throws Exception {
        FileSystemCompactionService service = new FileSystemCompactionService(dir.resolve("service"),
                Duration.ofMillis(200), CompactionServiceJobStatus.FAILURE);
        Path path = fixture.dir();
        try (RocksDB db = fixture.open(options(service, null))) {
            fill(db, 3, 1000, 50);
            RocksDBException e = assertThrows(RocksDBException.class, db::compactRange);
            assertEquals(Status.Code.Incomplete, e.getStatus().getCode(), e.getMessage());
            assertEquals(3, level0(db));
            verify(db, 3, 1000, 50);
            // RocksDB took it for a fatal background error: writes wait for a reopen
            assertThrows(RocksDBException.class, () -> db.put(key(1), value(9, 1, 50)));
        }
        try (RocksDB db = fixture.open(new Options())) {
            verify(db, 3, 1000, 50);
            db.compactRange();
            verify(db, 3, 1000, 50);
        }
    }

    /** A service that schedules, then answers as told. */
    private static final class Scripted extends CompactionService {
        final AtomicInteger waits = new AtomicInteger();
        final List<CompactionServiceJobStatus> installations = new CopyOnWriteArrayList<>();
        final List<CompactionServiceJobInfo> infos = new CopyOnWriteArrayList<>();
        final java.util.function.Supplier<CompactionServiceResult> answer;
        final boolean throwOnSchedule;

        Scripted(java.util.function.Supplier<CompactionServiceResult> answer, boolean throwOnSchedule) {
            this.answer = answer;
            this.throwOnSchedule = throwOnSchedule;
        }

        @Override
        public CompactionServiceScheduleResponse schedule(CompactionServiceJobInfo info, byte[] input) {
            infos.add(info);
            if (throwOnSchedule) throw new IllegalStateException("schedule fails on purpose");
            assertTrue(input.length > 0);
            return CompactionServiceScheduleResponse.scheduled("job-" + info.jobId());
        }

        @Override
        public CompactionServiceResult waitForResult(String scheduledJobId) {
            waits.incrementAndGet();
            return answer.get();
        }

        @Override
        public void onInstallation(String scheduledJobId, CompactionServiceJobStatus status) {
            installations.add(status);
        }
    }

    /** A worker in this process: waitForResult runs openAndCompact on the job (canceled first if told). */
    private static final class InProcess extends CompactionService {
        final java.util.Map<String, byte[]> inputs = new java.util.concurrent.ConcurrentHashMap<>();
        final java.util.Map<String, String> dbs = new java.util.concurrent.ConcurrentHashMap<>();
        final List<RocksDBException> failures = new CopyOnWriteArrayList<>();
        final AtomicInteger ran = new AtomicInteger();
        final Path outputs;
        final boolean cancel;

        InProcess(Path outputs, boolean cancel) {
            this.outputs = outputs;
            this.cancel = cancel;
        }

        @Override
        public CompactionServiceScheduleResponse schedule(CompactionServiceJobInfo info, byte[] input) {
            String id = "job-" + info.jobId();
            inputs.put(id, input);
            dbs.put(id, info.dbName());
            return CompactionServiceScheduleResponse.scheduled(id);
        }

        @Override
        public CompactionServiceResult waitForResult(String id) {
            try (OpenAndCompactOptions o = new OpenAndCompactOptions().setAllowResumption(true)) {
                if (cancel) o.setCanceled(true);
                byte[] result = RocksDB.openAndCompact(o, null, dbs.get(id), outputs.resolve(id).toString(),
                        inputs.get(id));
                ran.incrementAndGet();
                return CompactionServiceResult.success(result);
            } catch (RocksDBException e) {
                failures.add(e);
                return CompactionServiceResult.useLocal();
            }
        }
    }

    @Test
    void anInProcessWorkerRunsTheJobAndACanceledOneStopsWithManualCompactionPaused() throws Exception {
        for (boolean cancel : new boolean[]{false, true}) {
            InProcess service = new InProcess(dir.resolve("out-" + cancel), cancel);
            try (Statistics stats = new Statistics();
                 RocksDB db = RocksDB.open(options(service, stats), dir.resolve("db-" + cancel).toString())) {
                fill(db, 3, 1000, 50);
                db.compactRange();
                assertEquals(0, level0(db));
                verify(db, 3, 1000, 50);
                if (!cancel) {
                    assertTrue(service.ran.get() >= 1, () -> "ran " + service.ran + ", scheduled " + service.inputs.keySet()
                            + ", failures " + service.failures + ", binding failures " + db.callbackFailureCount()
                            + " " + db.callbackFailure());
                    assertEquals(List.of(), service.failures);
                    assertTrue(stats.getTickerCount(TickerType.REMOTE_COMPACT_WRITE_BYTES) > 0);
                } else {
                    // the flag set before the call: RocksDB stops the job, the DB compacts locally
                    assertEquals(0, service.ran.get());
                    assertTrue(service.failures.size() >= 1);
                    Status st = service.failures.get(0).getStatus();
                    assertEquals(Status.Code.Incomplete, st.getCode(), st.toString());
                    assertEquals(Status.SubCode.ManualCompactionPaused, st.getSubCode(), st.toString());
                    assertEquals(0, stats.getTickerCount(TickerType.REMOTE_COMPACT_WRITE_BYTES));
                }
            }
        }
    }

    @Test
    void aResultThatDoesNotParseFallsBackToALocalCompaction() throws Exception {
        Scripted service = new Scripted(() -> CompactionServiceResult.success("garbage".getBytes()), false);
        try (RocksDB db = fixture.open(options(service, null))) {
            fill(db, 3, 1000, 50);
            db.compactRange();
            assertEquals(0, level0(db));
            assertTrue(service.waits.get() >= 1);
            assertEquals(service.waits.get(), service.installations.size());
            assertTrue(service.installations.stream().allMatch(s -> s == CompactionServiceJobStatus.USE_LOCAL));
            CompactionServiceJobInfo info = service.infos.get(0);
            assertEquals("default", info.columnFamilyName());
            assertTrue(info.isManualCompaction());
            assertEquals(CompactionReason.MANUAL_COMPACTION, info.compactionReason());
            assertEquals(fixture.dir().toRealPath().toString(), Path.of(info.dbName()).toRealPath().toString());
            verify(db, 3, 1000, 50);
        }
    }

    @Test
    void aServiceThatThrowsOrAnswersNullNeverReachesTheEngine() throws Exception {
        List<CompactionService> services = List.of(
                new Scripted(() -> CompactionServiceResult.useLocal(), true),
                new Scripted(() -> {
                    throw new OutOfMemoryError("wait fails on purpose");
                }, false),
                new Scripted(() -> null, false));
        for (CompactionService service : services) {
            Path path = dir.resolve("db-" + services.indexOf(service));
            try (RocksDB db = RocksDB.open(options(service, null), path.toString())) {
                fill(db, 3, 500, 50);
                db.compactRange(); // compacted locally
                assertEquals(0, level0(db));
                db.put(key(1), value(9, 1, 50));
                assertArrayEquals(value(9, 1, 50), db.get(key(1)));
                assertArrayEquals(value(2, 2, 50), db.get(key(2)));
            }
        }
    }

    @Test
    void openAndCompactRefusesBadInputBeforeTheEngineAndKeepsTheEnginesErrors() throws Exception {
        try (OpenAndCompactOptions o = new OpenAndCompactOptions()) {
            assertEquals(false, o.allowResumption());
            assertTrue(o.setAllowResumption(true).allowResumption());
            String p = dir.toString();
            assertThrows(NullPointerException.class, () -> RocksDB.openAndCompact(null, null, p, p, new byte[1]));
            assertThrows(NullPointerException.class, () -> RocksDB.openAndCompact(o, null, null, p, new byte[1]));
            assertThrows(NullPointerException.class, () -> RocksDB.openAndCompact(o, null, p, null, new byte[1]));
            assertThrows(NullPointerException.class, () -> RocksDB.openAndCompact(o, null, p, p, null));
            assertThrows(IllegalArgumentException.class, () -> RocksDB.openAndCompact(o, null, p, p, new byte[0]));
            assertThrows(IllegalArgumentException.class, () -> RocksDB.openAndCompact(o, null, "a\0b", p, new byte[1]));
            // an input that is no compaction input: RocksDB's own refusal
            RocksDBException e = assertThrows(RocksDBException.class,
                    () -> RocksDB.openAndCompact(o, null, p, dir.resolve("out").toString(), "garbage".getBytes()));
            assertTrue(e.getStatus().getCode() != Status.Code.Ok, e.getMessage());
            o.setCanceled(true);
            assertTrue(o.isCanceled());
        }
        OpenAndCompactOptions closed = new OpenAndCompactOptions();
        closed.close();
        closed.close();
        assertThrows(IllegalStateException.class, () -> closed.setCanceled(true));
        assertThrows(IllegalStateException.class,
                () -> RocksDB.openAndCompact(closed, null, dir.toString(), dir.toString(), new byte[1]));
        assertThrows(IllegalArgumentException.class, () -> CompactionServiceResult.of(CompactionServiceJobStatus.SUCCESS));
        assertThrows(IllegalArgumentException.class,
                () -> CompactionServiceScheduleResponse.of(CompactionServiceJobStatus.SUCCESS));
        assertThrows(IllegalArgumentException.class, () -> new FileSystemCompactionService(dir, Duration.ZERO,
                CompactionServiceJobStatus.USE_LOCAL));
        assertThrows(IllegalArgumentException.class, () -> new FileSystemCompactionService(dir, Duration.ofSeconds(1),
                CompactionServiceJobStatus.SUCCESS));
    }
}
