package io.panrocks.faults;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The fault matrix (issue 37): every operation that touches files
 * ({@link Operation#ALL}) run against every fault the operating system can
 * really produce here ({@link Fault}), each cell in a child JVM
 * ({@link FaultCellMain}) on the real engine. A cell passes when the
 * operation ended as documented (success, checked, or a RocksDBException
 * with RocksDB's code), nothing crashed or hung (a cell over 60 s is a
 * hang), and once the fault was gone the DB wrote again and reopened with
 * every acknowledged write, or, after a destructive fault, said why it
 * could not without a wrong answer. A cell whose child crashed or hung is
 * reported by name and the rest of its fault still runs.
 *
 * <p>Faults that need root (mounts) are skipped, and counted as such, when
 * the tests do not run as root. The failing disk is {@code src/test/native/disk_faults.c},
 * compiled here and preloaded into the children.
 * {@code -Dpanrocks.faults.only=disk-full} runs some faults only.
 */
@Timeout(value = 20, unit = TimeUnit.MINUTES)
class FaultMatrixTest {
    /** Cells that do not end as documented for a reason outside panrocks, each with that reason. */
    static final String SECONDARY_SKIPS_MISSING_FILES = "RocksDB's secondary follows a primary that deletes files, "
            + "so it opens without the table files it cannot read and answers without them: 'absent' for their keys";
    /** The same engine behaviour seen from a remote compaction worker, which opens the DB as a secondary. */
    static final String WORKER_SKIPS_MISSING_FILES = "RocksDB's OpenAndCompact opens the DB as a secondary, which leaves "
            + "out the table files it cannot read, and then refuses the job's inputs as InvalidArgument ('Cannot find "
            + "matched SST files'): a clear refusal, nothing installed, the primary compacts locally";
    static final Map<String, String> KNOWN = Map.of(
            "deleted-files/open-secondary", SECONDARY_SKIPS_MISSING_FILES,
            "truncated-files/open-secondary", SECONDARY_SKIPS_MISSING_FILES,
            "deleted-files/open-and-compact", WORKER_SKIPS_MISSING_FILES,
            "truncated-files/open-and-compact", WORKER_SKIPS_MISSING_FILES);

    private static final FaultRuns RUNS = new FaultRuns(Operation.ALL.size(), KNOWN, false);

    @BeforeAll
    static void compileTheFailingDisk() throws Exception {
        RUNS.compileTheFailingDisk();
    }

    @AfterAll
    static void totals() {
        System.out.println(RUNS.totals("faults"));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Fault.class)
    void everyOperationEndsAsDocumentedUnderTheFault(Fault fault) throws Exception {
        RUNS.run(fault, Operation.ALL.stream().map(Operation::name).toList(), "faults");
    }

    // ---- every operation that touches files has an entry ------------------------------------------

    /** Types whose every public instance method touches files (but those named in {@link #TOUCH_NO_FILE}). */
    static final List<Class<?>> FILE_TYPES = List.of(io.panrocks.Checkpoint.class, io.panrocks.BackupEngine.class,
            io.panrocks.SstFileWriter.class, io.panrocks.SstFileReader.class);
    /** The DB types' methods that touch files, by name; a new one that matches must have an entry. */
    static final Pattern DB_FILE_METHODS = Pattern.compile(
            "open\\w*|close\\w*|put|write|flush\\w*|syncWal|compact\\w*|ingest\\w*|createColumnFamilyWithImport|"
                    + "getUpdatesSince|tryCatchUpWithPrimary|promoteL0|suggestCompactRange|verifyChecksum|resume|"
                    + "checkpoint\\w*|backup\\w*|export\\w*|destroy\\w*|repair\\w*");
    static final List<Class<?>> DB_TYPES = List.of(io.panrocks.RocksDB.class, io.panrocks.TransactionDB.class,
            io.panrocks.OptimisticTransactionDB.class, io.panrocks.TtlDB.class);
    /** Methods of those types that touch no file, each with why. */
    static final Map<String, String> TOUCH_NO_FILE = Map.ofEntries(
            Map.entry("BackupEngine.getBackupInfo", "the backup engine's metadata, read at its open"),
            Map.entry("BackupEngine.stopBackup", "a flag the running backup reads"),
            Map.entry("BackupEngine.backupDir", "a path"),
            Map.entry("BackupEngine.close", "releases memory"),
            Map.entry("Checkpoint.close", "releases memory"),
            Map.entry("SstFileWriter.fileSize", "a counter"),
            Map.entry("SstFileWriter.close", "releases memory (an unfinished file stays as written)"),
            Map.entry("SstFileReader.close", "releases memory"),
            Map.entry("SstFileReader.isOwningHandle", "a flag"),
            Map.entry("RocksDB.resume", "the recovery step of every cell"),
            Map.entry("RocksDB.destroyColumnFamilyHandle", "releases a handle; the family stays"));

    @Test
    void everyOperationThatTouchesFilesHasAnEntry() {
        Set<String> covered = new LinkedHashSet<>();
        for (Operation o : Operation.ALL) covered.addAll(o.covers());
        Set<String> touching = new TreeSet<>();
        for (Class<?> t : FILE_TYPES) {
            for (Method m : t.getDeclaredMethods()) {
                if (!Modifier.isPublic(m.getModifiers()) || m.isSynthetic() || Set.of("toString", "equals", "hashCode").contains(m.getName()))
                    continue;
                touching.add(t.getSimpleName() + "." + m.getName());
            }
        }
        for (Class<?> t : DB_TYPES) {
            for (Method m : t.getDeclaredMethods()) {
                if (Modifier.isPublic(m.getModifiers()) && !m.isSynthetic() && DB_FILE_METHODS.matcher(m.getName()).matches()) {
                    touching.add(t.getSimpleName() + "." + m.getName());
                }
            }
        }
        List<String> missing = new ArrayList<>();
        for (String name : touching) {
            if (!covered.contains(name) && !TOUCH_NO_FILE.containsKey(name)) missing.add(name);
        }
        assertTrue(missing.isEmpty(), () -> "methods that touch files without an entry in the fault matrix (add them to an "
                + "Operation's covers, a new Operation, or TOUCH_NO_FILE with why): " + missing);
        // and no entry names a method that is not there
        List<String> stale = new ArrayList<>();
        for (String name : covered) {
            String type = name.substring(0, name.indexOf('.')), method = name.substring(name.indexOf('.') + 1);
            boolean found = false;
            for (Class<?> t : concat()) {
                if (!t.getSimpleName().equals(type)) continue;
                for (Method m : t.getMethods()) found |= m.getName().equals(method);
            }
            if (!found) stale.add(name);
        }
        assertTrue(stale.isEmpty(), () -> "operations cover methods that do not exist: " + stale);
    }

    private static List<Class<?>> concat() {
        List<Class<?>> all = new ArrayList<>(FILE_TYPES);
        all.addAll(DB_TYPES);
        return all;
    }
}
