package io.panrocks.safety;

import io.panrocks.BackupEngine;
import io.panrocks.BackupEngineOptions;
import io.panrocks.Checkpoint;
import io.panrocks.IngestExternalFileOptions;
import io.panrocks.Options;
import io.panrocks.RestoreOptions;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.SstFileWriter;
import io.panrocks.Status;
import io.panrocks.WriteOptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static io.panrocks.safety.ProbeSupport.*;
import static io.panrocks.testkit.TestBytes.bytes;

/**
 * Issue 21: operations that delete, move or rewrite files, aimed at the
 * files an open DB of this process uses, under every spelling of their path
 * (the same path, a symbolic link, {@code ..}, a trailing slash, a relative
 * path, {@code /proc/self/cwd}, a bind mount of the folder, a hard link of
 * the file). A generic misuse matrix cannot guess these: each needs a DB
 * holding acknowledged data and a second operation aimed at its files.
 *
 * <p>Every probe ends in the promised refusal (its exception type and code,
 * a message naming both the path as given and the DB), and then checks
 * every acknowledged write of every DB involved, while open and after a
 * reopen. The victims' writes are synced and never flushed unless a probe
 * needs SST files, so a WAL file deleted from under them loses all of them.
 */
final class OpenDbFilesProbes {
    private OpenDbFilesProbes() {
    }

    static final Probe.Catalog PROBES = new Probe.Catalog()
            // What each did at 5377ce7 (before the fix) is noted above it: first whether it was refused,
            // then, run on past the attack, what became of the data.
            //
            // Bug 5. Accepted; the restore deletes the DB's log files: 210 of 210 synced writes gone on reopen.
            .add("restore-into-the-wal-dir-same-path", dir -> restoreIntoWalDir(dir, "same"))
            .add("restore-into-the-wal-dir-through-a-symlink", dir -> restoreIntoWalDir(dir, "symlink"))
            .add("restore-into-the-wal-dir-through-dotdot", dir -> restoreIntoWalDir(dir, "dotdot"))
            .add("restore-into-the-wal-dir-with-a-trailing-slash", dir -> restoreIntoWalDir(dir, "trailing-slash"))
            .add("restore-into-the-wal-dir-through-a-relative-path", dir -> restoreIntoWalDir(dir, "relative"))
            .add("restore-into-the-wal-dir-through-proc-self-cwd", dir -> restoreIntoWalDir(dir, "proc"))
            .add("restore-into-the-wal-dir-through-a-bind-mount", dir -> restoreIntoWalDir(dir, "bind"))
            // Refused (the directory was claimed), without naming the spelling given.
            .add("restore-into-the-directory-of-a-db-with-a-wal-dir", OpenDbFilesProbes::restoreIntoDirOfDbWithWalDir)
            // Accepted; the read-only DB's log files are deleted under it: 200 of 200 writes gone.
            .add("restore-into-the-wal-dir-of-a-read-only-db", OpenDbFilesProbes::restoreIntoWalDirOfReadOnlyDb)
            // An existing DB reopened with its WAL in the first DB's folder: accepted; it takes the first
            // DB's log files for its own: 210 of 210 writes of the first DB gone on reopen.
            .add("open-with-the-wal-dir-in-another-open-dbs-directory", OpenDbFilesProbes::openWithWalInOtherDbsDir)
            .add("open-with-the-wal-dir-of-another-open-db", OpenDbFilesProbes::openWithOtherDbsWalDir)
            // Refused by RocksDB, because the folder happens to hold log files (Corruption, "While creating a
            // new Db, wal_dir contains existing log file").
            .add("open-in-the-wal-dir-of-another-open-db", OpenDbFilesProbes::openInOtherDbsWalDir)
            // Accepted; no data lost (the engine writes only its own folders there).
            .add("backup-engine-in-the-wal-dir-of-an-open-db", OpenDbFilesProbes::backupEngineInWalDir)
            // Accepted; its garbage collection deletes the DB's files: the DB no longer opens.
            .add("backup-engine-over-a-db-in-its-shared-folder", OpenDbFilesProbes::backupEngineOverDbInShared)
            // Accepted: the DB is made inside the engine's shared_checksum folder.
            .add("db-in-the-shared-folder-of-an-open-backup-engine", OpenDbFilesProbes::dbInSharedFolderOfEngine)
            // Bug 6. With a move: accepted; the live file is unlinked (the DB no longer opens, "MANIFEST may be
            // corrupted"). By copy, and through a symlink: accepted, no data lost. Through a hard link with
            // writeGlobalSeqno: accepted; the live file is rewritten in place and the DB no longer opens
            // (Corruption: global seqno property). A log file: refused by RocksDB (not an SST file). A backup
            // file: accepted and moved out of the backup, which no longer verifies (NotFound).
            .add("ingest-own-live-file-with-move", dir -> ingestLiveFile(dir, "own", true))
            .add("ingest-own-live-file-by-copy", dir -> ingestLiveFile(dir, "own", false))
            .add("ingest-another-open-dbs-live-file-with-move", dir -> ingestLiveFile(dir, "other", true))
            .add("ingest-another-open-dbs-live-file-by-copy", dir -> ingestLiveFile(dir, "other", false))
            .add("ingest-live-file-through-a-symlink-with-move", dir -> ingestLiveFile(dir, "symlink", true))
            .add("ingest-live-file-through-a-hard-link-with-move", dir -> ingestLiveFile(dir, "hardlink", true))
            .add("ingest-live-file-through-a-relative-path-with-move", dir -> ingestLiveFile(dir, "relative", true))
            .add("ingest-a-wal-file-of-an-open-db", OpenDbFilesProbes::ingestWalFile)
            .add("ingest-a-backup-file-with-move", OpenDbFilesProbes::ingestBackupFile)
            // An SST writer truncates the file it opens. Accepted: the live file is overwritten (directly and
            // through a hard link); CURRENT is overwritten and the DB no longer opens.
            .add("sst-writer-over-a-live-file", dir -> sstWriterOver(dir, "live"))
            .add("sst-writer-over-a-hard-link-of-a-live-file", dir -> sstWriterOver(dir, "hardlink"))
            .add("sst-writer-over-current-through-a-symlinked-folder", dir -> sstWriterOver(dir, "current"))
            // RocksDB builds a checkpoint in <target>.tmp and first deletes every file in it. Accepted: the
            // open DB's files are deleted (it cannot write its MANIFEST any more; through the symlink to the
            // WAL directory, 200 of 200 writes are gone on reopen).
            .add("checkpoint-staged-in-an-open-dbs-directory", OpenDbFilesProbes::checkpointStagedInDbDir)
            .add("checkpoint-staged-in-a-symlink-to-an-open-dbs-wal-dir", OpenDbFilesProbes::checkpointStagedInWalDir)
            // Refused by RocksDB (InvalidArgument, "Directory exists").
            .add("checkpoint-into-an-open-dbs-wal-dir-with-a-trailing-slash", OpenDbFilesProbes::checkpointIntoWalDir)
            // Passes: RocksDB's option strings take neither db_paths nor cf_paths, so an open DB writes
            // only its directory and its WAL directory, which it claims (guards that claim's completeness).
            .add("db-paths-and-cf-paths-cannot-be-set", OpenDbFilesProbes::dbPathsCannotBeSet);

    static final int WRITES = 200;

    // ---- the victim ------------------------------------------------------------------------

    /**
     * A DB holding acknowledged writes: synced puts (in the WAL only, until
     * a flush) and optionally ingested SST files; checks every one of them.
     */
    static final class Victim {
        final Path dir;
        /** its WAL directory, or null: its own directory */
        final Path wal;
        final List<String> keys = new ArrayList<>();
        RocksDB db;

        private Victim(Path dir, Path wal) {
            this.dir = dir.toAbsolutePath();
            this.wal = wal == null ? null : wal.toAbsolutePath();
        }

        static Victim open(Path dir, Path wal) throws RocksDBException {
            Victim v = new Victim(dir, wal);
            v.db = RocksDB.open(v.options(), v.dir);
            return v;
        }

        Options options() {
            Options o = new Options().setCreateIfMissing(true);
            if (wal != null) o.setWalDir(wal.toString());
            return o;
        }

        /** n synced puts */
        Victim write(String tag, int n) throws RocksDBException {
            try (WriteOptions sync = new WriteOptions().setSync(true)) {
                for (int i = 0; i < n; i++) {
                    String k = tag + "-" + i;
                    db.put(sync, bytes(k), valueOf(k, 100));
                    keys.add(k);
                }
            }
            return this;
        }

        /** n keys written into an SST file in staging and moved into the DB: a live SST file of the DB */
        Victim ingest(Path staging, String tag, int n) throws Exception {
            Files.createDirectories(staging);
            Path file = staging.resolve(tag + ".sst");
            List<String> sorted = new ArrayList<>();
            for (int i = 0; i < n; i++) sorted.add(String.format("%s-%05d", tag, i));
            try (SstFileWriter writer = new SstFileWriter(new Options())) {
                writer.open(file);
                for (String k : sorted) writer.put(bytes(k), valueOf(k, 100));
                writer.finish();
            }
            db.ingestExternalFile(List.of(file.toString()), new IngestExternalFileOptions().setMoveFiles(true));
            keys.addAll(sorted);
            return this;
        }

        /** Every acknowledged write reads back as written. */
        void check(String when) throws RocksDBException {
            int missing = 0, wrong = 0;
            for (String k : keys) {
                byte[] v = db.get(bytes(k));
                if (v == null) missing++;
                else if (!java.util.Arrays.equals(valueOf(k, 100), v)) wrong++;
            }
            int m = missing, w = wrong;
            check(m == 0 && w == 0, () -> "DB " + dir + " " + when + ": " + m + " of " + keys.size()
                    + " acknowledged writes missing, " + w + " with wrong bytes");
        }

        private static void check(boolean ok, java.util.function.Supplier<String> failure) {
            ProbeSupport.check(ok, failure);
        }

        /** Closes, reopens with the same options, checks every write; returns how many. */
        String closeAndReopen() throws RocksDBException {
            check("while open");
            db.close();
            return reopen();
        }

        /** Opens the closed DB with the same options, checks every write, closes it; returns how many. */
        String reopen() throws RocksDBException {
            try {
                db = RocksDB.open(options(), dir);
            } catch (RocksDBException e) {
                throw new WrongResult("DB " + dir + " no longer opens: " + e);
            }
            check("after a reopen");
            db.close();
            return keys.size() + " writes of " + dir.getFileName() + " intact after a reopen";
        }

        /** The DB's live SST files (it must have one). */
        Path liveSst() throws IOException {
            try (Stream<Path> files = Files.list(dir)) {
                return files.filter(p -> p.toString().endsWith(".sst")).sorted().findFirst()
                        .orElseThrow(() -> new WrongResult("DB " + dir + " has no SST file"));
            }
        }

        /** The DB's live WAL file (it must have one). */
        Path liveLog() throws IOException {
            try (Stream<Path> files = Files.list(wal == null ? dir : wal)) {
                return files.filter(p -> p.toString().endsWith(".log")).sorted().findFirst()
                        .orElseThrow(() -> new WrongResult("DB " + dir + " has no log file"));
            }
        }
    }

    // ---- spellings ---------------------------------------------------------------------------

    /** A path to folder through a spelling of the given kind; null if the machine cannot make it (bind mounts). */
    static Path alias(Path dir, Path folder, String kind, List<Path> mounts) throws Exception {
        Path real = folder.toAbsolutePath();
        return switch (kind) {
            case "same", "trailing-slash" -> real;
            case "symlink" -> Files.createSymbolicLink(dir.resolve("link-to-" + real.getFileName()), real);
            case "dotdot" -> real.resolve("..").resolve(real.getFileName());
            case "relative" -> Path.of("").toAbsolutePath().relativize(real);
            case "proc" -> Path.of("/proc/self/cwd").resolve(Path.of("").toAbsolutePath().relativize(real));
            case "bind" -> bindMount(dir, real, mounts);
            default -> throw new IllegalArgumentException(kind);
        };
    }

    /** The spelling passed to the string overloads: with a trailing slash when asked. */
    static String spelled(Path alias, String kind) {
        return kind.equals("trailing-slash") ? alias + "/" : alias.toString();
    }

    /** Mounts folder again at a new path (root only); null when this machine does not allow it. */
    static Path bindMount(Path dir, Path folder, List<Path> mounts) throws Exception {
        Path target = Files.createDirectories(dir.resolve("bind-of-" + folder.getFileName()));
        Process p = new ProcessBuilder("mount", "--bind", folder.toString(), target.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            System.out.println("mount --bind failed: " + out.strip());
            return null;
        }
        mounts.add(target);
        check(Files.isSameFile(folder, target), () -> "the bind mount " + target + " does not show " + folder);
        return target;
    }

    static void unmountAll(List<Path> mounts) throws Exception {
        for (Path m : mounts) new ProcessBuilder("umount", "-l", m.toString()).inheritIO().start().waitFor(30, TimeUnit.SECONDS);
    }

    // ---- refusals ----------------------------------------------------------------------------

    /** Runs the attack, which must fail with a RocksDBException of code, naming every one of names. */
    static String refused(Status.Code code, String what, Action attack, Object... names) {
        try {
            attack.run();
        } catch (RocksDBException e) {
            check(e.code() == code, () -> what + ": expected " + code + " but got " + e.code() + ": " + e.getMessage());
            checkNames(what, e.getMessage(), names);
            return e.code() + ": " + e.getMessage();
        } catch (Throwable t) {
            WrongResult w = new WrongResult(what + ": expected RocksDBException " + code + " but got " + t);
            w.initCause(t);
            throw w;
        }
        throw new WrongResult(what + ": accepted (expected RocksDBException " + code + ")");
    }

    /** Runs the attack, which must fail with IllegalArgumentException, naming every one of names. */
    static String refusedArgument(String what, Action attack, Object... names) {
        String message = expect(IllegalArgumentException.class, what, attack);
        checkNames(what, message, names);
        return message;
    }

    static void checkNames(String what, String message, Object... names) {
        for (Object n : names) {
            check(message != null && message.contains(n.toString()),
                    () -> what + ": the refusal does not name " + n + ": " + message);
        }
    }

    /** A backup engine at dir/backups holding one backup of a DB that is not open. */
    static BackupEngine backupOfAnotherDb(Path dir) throws Exception {
        Path donor = dir.resolve("donor");
        try (RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), donor)) {
            for (int i = 0; i < 20; i++) db.put(bytes("donor-" + i), bytes("d" + i));
            BackupEngine engine = BackupEngine.open(new BackupEngineOptions(dir.resolve("backups")));
            engine.createNewBackup(db, true);
            return engine;
        }
    }

    // ---- restores ----------------------------------------------------------------------------

    static String restoreIntoWalDir(Path dir, String kind) throws Exception {
        List<Path> mounts = new ArrayList<>();
        try {
            Victim v = Victim.open(dir.resolve("db"), dir.resolve("wal")).write("w", WRITES);
            Path alias = alias(dir, v.wal, kind, mounts);
            if (alias == null) {
                v.closeAndReopen();
                return "SKIPPED: this machine does not allow bind mounts";
            }
            String result;
            try (BackupEngine engine = backupOfAnotherDb(dir)) {
                String target = dir.resolve("restored").toString();
                String walSpelled = spelled(alias, kind);
                result = refused(Status.Code.Busy, "restore with walDir " + walSpelled,
                        () -> engine.restoreDbFromLatestBackup(target, walSpelled, new RestoreOptions()),
                        alias.toAbsolutePath(), v.dir);
                // keeping the logs changes nothing: the folder is still refused
                refused(Status.Code.Busy, "restore with walDir " + walSpelled + " keeping log files",
                        () -> engine.restoreDbFromLatestBackup(target, walSpelled, new RestoreOptions(true)),
                        v.dir);
            }
            v.write("after", 10);
            return result + "; " + v.closeAndReopen();
        } finally {
            unmountAll(mounts);
        }
    }

    static String restoreIntoDirOfDbWithWalDir(Path dir) throws Exception {
        Victim v = Victim.open(dir.resolve("db"), dir.resolve("wal")).write("w", WRITES);
        Path alias = alias(dir, v.dir, "symlink", List.of());
        String result;
        try (BackupEngine engine = backupOfAnotherDb(dir)) {
            result = refused(Status.Code.Busy, "restore into " + alias,
                    () -> engine.restoreDbFromLatestBackup(alias, dir.resolve("elsewhere"), new RestoreOptions()),
                    alias, v.dir);
        }
        return result + "; " + v.closeAndReopen();
    }

    static String restoreIntoWalDirOfReadOnlyDb(Path dir) throws Exception {
        Victim v = Victim.open(dir.resolve("db"), dir.resolve("wal")).write("w", WRITES);
        v.db.close();
        String result;
        try (RocksDB reader = RocksDB.openReadOnly(v.options(), v.dir);
             BackupEngine engine = backupOfAnotherDb(dir)) {
            Path alias = alias(dir, v.wal, "dotdot", List.of());
            result = refused(Status.Code.Busy, "restore with walDir " + alias + " of a read-only DB",
                    () -> engine.restoreDbFromLatestBackup(dir.resolve("restored"), alias, new RestoreOptions()),
                    alias, v.dir);
            checkSame(valueOf("w-7", 100), reader.get(bytes("w-7")), "the read-only DB after the refused restore");
        }
        v.db = RocksDB.open(v.options(), v.dir);
        return result + "; " + v.closeAndReopen();
    }

    // ---- opens -------------------------------------------------------------------------------

    static String openWithWalInOtherDbsDir(Path dir) throws Exception {
        Victim second = existingDb(dir.resolve("second"));
        Victim first = Victim.open(dir.resolve("first"), null).write("w", WRITES);
        Path alias = alias(dir, first.dir, "symlink", List.of());
        String result = refused(Status.Code.IOError, "DB " + second.dir + " with walDir " + alias,
                () -> RocksDB.open(new Options().setWalDir(alias.toString()), second.dir).close(),
                alias, first.dir);
        first.write("after", 10);
        return result + "; " + first.closeAndReopen() + "; " + second.reopen();
    }

    static String openWithOtherDbsWalDir(Path dir) throws Exception {
        Victim second = existingDb(dir.resolve("second"));
        Victim first = Victim.open(dir.resolve("first"), dir.resolve("wal")).write("w", WRITES);
        Path alias = alias(dir, first.wal, "dotdot", List.of());
        String result = refused(Status.Code.IOError, "DB " + second.dir + " with walDir " + alias + "/",
                () -> RocksDB.open(new Options().setWalDir(alias + "/"), second.dir).close(),
                alias.toAbsolutePath(), first.dir);
        first.write("after", 10);
        return result + "; " + first.closeAndReopen() + "; " + second.reopen();
    }

    /**
     * A DB made and closed before the attack, with writes in its own WAL:
     * reopened with another DB's folder as its WAL directory, RocksDB takes
     * the log files it finds there for its own (a new DB is refused by
     * RocksDB itself: "wal_dir contains existing log file").
     */
    static Victim existingDb(Path dir) throws Exception {
        Victim v = Victim.open(dir, null).write("s", 50);
        v.db.close();
        return v;
    }

    static String openInOtherDbsWalDir(Path dir) throws Exception {
        Victim first = Victim.open(dir.resolve("first"), dir.resolve("wal")).write("w", WRITES);
        Path alias = alias(dir, first.wal, "relative", List.of());
        String result = refused(Status.Code.IOError, "a DB in " + alias,
                () -> RocksDB.open(new Options().setCreateIfMissing(true), alias).close(),
                alias.toAbsolutePath(), first.dir);
        // read-only beside the writer stays allowed, in its WAL directory as in its directory
        try (RocksDB reader = RocksDB.openReadOnly(first.options(), first.dir)) {
            checkSame(valueOf("w-3", 100), reader.get(bytes("w-3")), "a read-only DB beside the writer");
        }
        first.write("after", 10);
        return result + "; " + first.closeAndReopen();
    }

    static String backupEngineInWalDir(Path dir) throws Exception {
        Victim v = Victim.open(dir.resolve("db"), dir.resolve("wal")).write("w", WRITES);
        Path alias = alias(dir, v.wal, "symlink", List.of());
        String result = refused(Status.Code.Busy, "a backup engine in " + alias,
                () -> BackupEngine.open(new BackupEngineOptions(alias)).close(), alias, v.dir);
        return result + "; " + v.closeAndReopen();
    }

    static String backupEngineOverDbInShared(Path dir) throws Exception {
        Path backups = Files.createDirectories(dir.resolve("backups"));
        Victim v = Victim.open(backups.resolve("shared"), null).write("w", WRITES);
        v.db.flush(); // SST files in shared/, which the engine would collect as garbage
        String result = refused(Status.Code.Busy, "a backup engine in " + backups,
                () -> {
                    try (BackupEngine engine = BackupEngine.open(new BackupEngineOptions(backups))) {
                        engine.garbageCollect();
                        engine.purgeOldBackups(0);
                    }
                }, backups, v.dir);
        return result + "; " + v.closeAndReopen();
    }

    static String dbInSharedFolderOfEngine(Path dir) throws Exception {
        Path backups = dir.resolve("backups");
        String result;
        try (BackupEngine engine = BackupEngine.open(new BackupEngineOptions(backups))) {
            Path inside = backups.resolve("shared_checksum").resolve("db");
            result = refused(Status.Code.Busy, "a DB in " + inside,
                    () -> RocksDB.open(new Options().setCreateIfMissing(true), inside).close(),
                    inside, backups);
            check(!Files.exists(inside), () -> "the refused open created " + inside);
        }
        return result;
    }

    // ---- ingestion ---------------------------------------------------------------------------

    static String ingestLiveFile(Path dir, String kind, boolean move) throws Exception {
        Victim target = Victim.open(dir.resolve("db"), null).ingest(dir.resolve("staging"), "bulk", 100)
                .write("w", WRITES);
        Victim owner = kind.equals("other")
                ? Victim.open(dir.resolve("other"), null).ingest(dir.resolve("staging"), "other", 100).write("o", 50)
                : target;
        Path live = owner.liveSst();
        Path attacked = switch (kind) {
            case "own", "other" -> live;
            case "symlink" -> Files.createSymbolicLink(dir.resolve("staging").resolve("link.sst"), live);
            case "hardlink" -> Files.createLink(dir.resolve("staging").resolve("hard.sst"), live);
            case "relative" -> Path.of("").toAbsolutePath().relativize(live);
            default -> throw new IllegalArgumentException(kind);
        };
        IngestExternalFileOptions options = new IngestExternalFileOptions().setMoveFiles(move);
        if (kind.equals("hardlink")) options.setWriteGlobalSeqno(true); // would rewrite the shared inode in place
        String result = refusedArgument("ingesting " + attacked + (move ? " with moveFiles" : " by copy"),
                () -> target.db.ingestExternalFile(List.of(attacked.toString()), options),
                attacked.toAbsolutePath(), owner.dir);
        check(Files.exists(live), () -> "the refused ingestion removed " + live);
        target.write("after", 10);
        String reopened = target.closeAndReopen();
        if (owner != target) reopened += "; " + owner.closeAndReopen();
        return result + "; " + reopened;
    }

    static String ingestWalFile(Path dir) throws Exception {
        Victim v = Victim.open(dir.resolve("db"), dir.resolve("wal")).write("w", WRITES);
        Victim other = Victim.open(dir.resolve("other"), null).write("o", 20);
        Path log = v.liveLog();
        String result = refusedArgument("ingesting the log file " + log,
                () -> other.db.ingestExternalFile(List.of(log.toString()),
                        new IngestExternalFileOptions().setMoveFiles(true)),
                log, v.dir);
        return result + "; " + v.closeAndReopen() + "; " + other.closeAndReopen();
    }

    static String ingestBackupFile(Path dir) throws Exception {
        Victim v = Victim.open(dir.resolve("db"), null).ingest(dir.resolve("staging"), "bulk", 100).write("w", 50);
        try (BackupEngine engine = BackupEngine.open(new BackupEngineOptions(dir.resolve("backups")))) {
            int id = engine.createNewBackup(v.db, true);
            Path backedUp;
            try (Stream<Path> files = Files.walk(dir.resolve("backups"))) {
                backedUp = files.filter(p -> p.toString().endsWith(".sst")).findFirst()
                        .orElseThrow(() -> new WrongResult("the backup holds no SST file"));
            }
            String result = refusedArgument("ingesting the backed-up file " + backedUp,
                    () -> v.db.ingestExternalFile(List.of(backedUp.toString()),
                            new IngestExternalFileOptions().setMoveFiles(true)),
                    backedUp, dir.resolve("backups"));
            engine.verifyBackup(id, true);
            return result + "; the backup verifies; " + v.closeAndReopen();
        }
    }

    // ---- SST writers -------------------------------------------------------------------------

    static String sstWriterOver(Path dir, String kind) throws Exception {
        Victim v = Victim.open(dir.resolve("db"), null).ingest(dir.resolve("staging"), "bulk", 100).write("w", WRITES);
        Path live = v.liveSst();
        Path attacked = switch (kind) {
            case "live" -> live;
            case "hardlink" -> Files.createLink(dir.resolve("staging").resolve("hard.sst"), live);
            case "current" -> Files.createSymbolicLink(dir.resolve("db-link"), v.dir).resolve("CURRENT");
            default -> throw new IllegalArgumentException(kind);
        };
        long sizeBefore = Files.size(live);
        String result;
        try (SstFileWriter writer = new SstFileWriter(new Options())) {
            result = refusedArgument("an SST writer opening " + attacked, () -> {
                writer.open(attacked);
                writer.put(bytes("x"), bytes("y"));
                writer.finish();
            }, attacked, v.dir);
        }
        check(Files.size(live) == sizeBefore, () -> "the refused writer changed " + live);
        return result + "; " + v.closeAndReopen();
    }

    // ---- checkpoints -------------------------------------------------------------------------

    static String checkpointStagedInDbDir(Path dir) throws Exception {
        // the DB's folder is named as RocksDB names the staging folder of a checkpoint at dir/cp
        Victim v = Victim.open(dir.resolve("cp.tmp"), null).write("w", WRITES);
        Path target = dir.resolve("cp");
        String result;
        try (Checkpoint checkpoint = Checkpoint.create(v.db)) {
            result = refused(Status.Code.Busy, "a checkpoint into " + target,
                    () -> checkpoint.createCheckpoint(target), v.dir, "DB " + v.dir);
        }
        check(!Files.exists(target), () -> "the refused checkpoint made " + target);
        return result + "; " + v.closeAndReopen();
    }

    static String checkpointStagedInWalDir(Path dir) throws Exception {
        Victim v = Victim.open(dir.resolve("db"), dir.resolve("wal")).write("w", WRITES);
        Victim source = Victim.open(dir.resolve("source"), null).write("s", 20);
        Files.createSymbolicLink(dir.resolve("snap.tmp"), v.wal);
        Path target = dir.resolve("snap");
        String result;
        try (Checkpoint checkpoint = Checkpoint.create(source.db)) {
            result = refused(Status.Code.Busy, "a checkpoint into " + target,
                    () -> checkpoint.createCheckpoint(target.toString()), dir.resolve("snap.tmp"), v.dir);
        }
        return result + "; " + v.closeAndReopen() + "; " + source.closeAndReopen();
    }

    static String checkpointIntoWalDir(Path dir) throws Exception {
        Victim v = Victim.open(dir.resolve("db"), dir.resolve("wal")).write("w", WRITES);
        String result;
        try (Checkpoint checkpoint = Checkpoint.create(v.db)) {
            result = refused(Status.Code.Busy, "a checkpoint into " + v.wal + "/",
                    () -> checkpoint.createCheckpoint(v.wal + "/"), v.wal, v.dir);
        }
        check(Files.exists(v.wal, LinkOption.NOFOLLOW_LINKS), () -> v.wal + " is gone");
        return result + "; " + v.closeAndReopen();
    }

    // ---- what an open DB writes -------------------------------------------------------------

    static String dbPathsCannotBeSet(Path dir) throws Exception {
        Path elsewhere = dir.resolve("elsewhere");
        String db = refused(Status.Code.InvalidArgument, "an open with db_paths",
                () -> RocksDB.open(new Options().setCreateIfMissing(true).setRawDBOption("db_paths", elsewhere.toString()),
                        dir.resolve("a")).close(), "db_paths");
        String cf = refused(Status.Code.InvalidArgument, "an open with cf_paths",
                () -> RocksDB.open(new Options().setCreateIfMissing(true)
                        .setRawColumnFamilyOption("cf_paths", elsewhere.toString()), dir.resolve("b")).close(), "cf_paths");
        check(!Files.exists(elsewhere), () -> "a refused open wrote " + elsewhere);
        return db + "; " + cf;
    }
}
