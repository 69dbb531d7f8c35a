package io.panrocks;

import io.panrocks.fork.OpsMisuse;
import io.panrocks.testkit.ForkedJvm;
import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.*;

/**
 * RocksJava's {@code compactFiles} and {@code CompactionOptions} on the real
 * engine: the chosen files go to the level asked for, the job's description
 * reaches the caller, and every wrong input ends in RocksDB's error or a
 * Java exception, never a crash (the ones that could crash run in a child JVM).
 */
class CompactFilesTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();

    /** No automatic compaction: the test chooses what is compacted. */
    static Options manualOnly() {
        return new Options().setCreateIfMissing(true).setDisableAutoCompactions(true)
                .setCompressionType(CompressionType.NO_COMPRESSION);
    }

    /** Three flushes of 100 keys each into family (null: default): three level-0 files. */
    static void threeLevel0Files(RocksDB db, ColumnFamilyHandle family) throws RocksDBException {
        for (int flush = 0; flush < 3; flush++) {
            for (int i = 0; i < 100; i++) {
                db.put(family, bytes(String.format("key-%03d", i)), bytes("value-" + flush + "-" + i));
            }
            db.flush(family);
        }
    }

    /** The SST file names of a family at a level, as getLiveFilesMetaData spells them ("/000012.sst"). */
    static List<String> filesAt(RocksDB db, String family, int level) {
        List<String> names = new ArrayList<>();
        for (LiveFileMetaData f : db.getLiveFilesMetaData()) {
            if (new String(f.columnFamilyName()).equals(family) && f.level() == level) names.add(f.fileName());
        }
        return names;
    }

    @Test
    void compactsTheChosenFilesIntoTheLevelAskedFor() throws Exception {
        try (RocksDB db = fixture.open(manualOnly());
             CompactionOptions options = new CompactionOptions();
             CompactionJobInfo info = new CompactionJobInfo()) {
            threeLevel0Files(db, null);
            List<String> inputs = filesAt(db, "default", 0);
            assertEquals(3, inputs.size(), inputs::toString);
            List<String> outputs = db.compactFiles(options, inputs, 2, -1, info);
            assertEquals(1, outputs.size(), outputs::toString); // no size limit: one file
            assertTrue(Files.exists(Path.of(outputs.get(0))), outputs.get(0));
            assertEquals(List.of(), filesAt(db, "default", 0));
            List<String> atTwo = filesAt(db, "default", 2);
            assertEquals(1, atTwo.size());
            assertTrue(outputs.get(0).endsWith(atTwo.get(0)), outputs + " vs " + atTwo);
            // the newest version of every key survived
            for (int i = 0; i < 100; i++) {
                assertArrayEquals(bytes("value-2-" + i), db.get(bytes(String.format("key-%03d", i))));
            }
            // the job, as RocksDB described it
            assertTrue(info.status().getCode() == Status.Code.Ok, info.status()::toString);
            assertEquals("default", info.getColumnFamilyName());
            assertEquals(0, info.baseInputLevel());
            assertEquals(2, info.outputLevel());
            assertEquals(3, info.inputFiles().size(), info.inputFiles()::toString);
            assertEquals(outputs, info.outputFiles());
            assertEquals(300, info.getInputRecords());
            assertEquals(100, info.getOutputRecords());
            assertEquals(CompactionReason.MANUAL_COMPACTION, info.compactionReason());
            assertTrue(info.stats().isManualCompaction());
        }
    }

    @Test
    void namesWithOrWithoutADirectoryAndASizeLimitSplittingTheOutput() throws Exception {
        try (RocksDB db = fixture.open(manualOnly())) {
            byte[] value = new byte[10_000];
            for (int i = 0; i < 200; i++) db.put(bytes(String.format("key-%03d", i)), value);
            db.flush();
            for (int i = 0; i < 200; i++) db.put(bytes(String.format("key-%03d", i)), value);
            db.flush();
            List<String> inputs = filesAt(db, "default", 0);
            // a bare name and a full path name the same kind of file
            List<String> spelled = List.of(inputs.get(0).substring(1), fixture.dir().resolve(inputs.get(1).substring(1)).toString());
            CompactionOptions options = new CompactionOptions().setOutputFileSizeLimit(512 << 10)
                    .setMaxSubcompactions(1).setCompression(CompressionType.DISABLE_COMPRESSION_OPTION);
            List<String> outputs = db.compactFiles(options, null, spelled, 1, 0, null);
            assertTrue(outputs.size() >= 3, "2 MB over 512 KiB files: " + outputs);
            assertEquals(outputs.size(), filesAt(db, "default", 1).size());
            assertArrayEquals(value, db.get(bytes("key-199")));
        }
    }

    @Test
    void compactionOptionsDefaultsAndChecks() {
        try (CompactionOptions o = new CompactionOptions()) {
            assertEquals(CompressionType.DISABLE_COMPRESSION_OPTION, o.compression());
            assertEquals(-1, o.outputFileSizeLimit());
            assertEquals(0, o.maxSubcompactions());
            assertSame(o, o.setCompression(CompressionType.SNAPPY_COMPRESSION).setOutputFileSizeLimit(250L << 20)
                    .setMaxSubcompactions(9));
            assertEquals(CompressionType.SNAPPY_COMPRESSION, o.compression());
            assertEquals(250L << 20, o.outputFileSizeLimit());
            assertEquals(9, o.maxSubcompactions());
            assertEquals("maxSubcompactions must be >= 0, was -1",
                    assertThrows(IllegalArgumentException.class, () -> o.setMaxSubcompactions(-1)).getMessage());
            assertThrows(IllegalArgumentException.class, () -> o.setOutputFileSizeLimit(0));
            assertThrows(NullPointerException.class, () -> o.setCompression(null));
            o.close();
            assertEquals(9, o.maxSubcompactions(), "a plain value: close() releases nothing");
        }
    }

    @Test
    void wrongInputsGetRocksDBsErrorsOrAJavaException() throws Exception {
        try (RocksDB db = fixture.open(manualOnly()); CompactionOptions options = new CompactionOptions()) {
            threeLevel0Files(db, null);
            List<String> inputs = filesAt(db, "default", 0);
            RocksDBException e = assertThrows(RocksDBException.class,
                    () -> db.compactFiles(options, List.of("/999999.sst"), 1, -1, null));
            assertEquals(Status.Code.InvalidArgument, e.getStatus().getCode());
            assertTrue(e.getMessage().contains("999999"), e.getMessage());
            e = assertThrows(RocksDBException.class, () -> db.compactFiles(options, List.of("not a file"), 1, -1, null));
            assertEquals(Status.Code.InvalidArgument, e.getStatus().getCode(), e.getMessage());
            e = assertThrows(RocksDBException.class, () -> db.compactFiles(options, List.of(), 1, -1, null));
            assertEquals(Status.Code.InvalidArgument, e.getStatus().getCode(), e.getMessage());
            e = assertThrows(RocksDBException.class, () -> db.compactFiles(options, inputs, 7, -1, null));
            assertEquals(Status.Code.InvalidArgument, e.getStatus().getCode(), e.getMessage());
            assertTrue(e.getMessage().contains("must between [0, 6]"), e.getMessage());
            e = assertThrows(RocksDBException.class, () -> db.compactFiles(options, inputs, -2, -1, null));
            assertEquals(Status.Code.InvalidArgument, e.getStatus().getCode(), e.getMessage());
            // an output path the family does not have: RocksDB would index past its list
            e = assertThrows(RocksDBException.class, () -> db.compactFiles(options, inputs, 1, 1, null));
            assertEquals(Status.Code.InvalidArgument, e.getStatus().getCode(), e.getMessage());
            assertTrue(e.getMessage().contains("output path id 1"), e.getMessage());
            // caught in Java, before the engine
            assertThrows(NullPointerException.class, () -> db.compactFiles(null, inputs, 1, -1, null));
            assertThrows(NullPointerException.class, () -> db.compactFiles(options, null, 1, -1, null));
            List<String> withNull = new ArrayList<>(inputs);
            withNull.add(null);
            assertThrows(NullPointerException.class, () -> db.compactFiles(options, withNull, 1, -1, null));
            assertThrows(IllegalArgumentException.class,
                    () -> db.compactFiles(options, List.of(inputs.get(0) + "\0x"), 1, -1, null));
            // nothing moved; a later compaction up from level 1 to level 0 is refused
            assertEquals(3, filesAt(db, "default", 0).size());
            CompactionJobInfo info = new CompactionJobInfo();
            db.compactFiles(options, inputs, 1, -1, info);
            List<String> atOne = filesAt(db, "default", 1);
            e = assertThrows(RocksDBException.class, () -> db.compactFiles(options, atOne, 0, -1, null));
            assertEquals(Status.Code.InvalidArgument, e.getStatus().getCode(), e.getMessage());
            assertEquals(1, info.outputLevel());
        }
    }

    @Test
    void closedObjectsDroppedFamiliesAndReadOnlyDBs() throws Exception {
        try (RocksDB db = fixture.open(manualOnly()); CompactionOptions options = new CompactionOptions()) {
            ColumnFamilyHandle family = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("family"),
                    new ColumnFamilyOptions().setDisableAutoCompactions(true)));
            threeLevel0Files(db, family);
            List<String> inputs = filesAt(db, "family", 0);
            // another family's files are not this one's
            RocksDBException e = assertThrows(RocksDBException.class,
                    () -> db.compactFiles(options, null, inputs, 1, -1, null));
            assertEquals(Status.Code.InvalidArgument, e.getStatus().getCode(), e.getMessage());
            db.dropColumnFamily(family);
            String dropped = OpsMisuse.describe(() -> db.compactFiles(options, family, inputs, 1, -1, null));
            assertEquals(OpsMisuse.DROPPED_FAMILY_OUTCOME, dropped);
            family.close();
            IllegalStateException closed = assertThrows(IllegalStateException.class,
                    () -> db.compactFiles(options, family, inputs, 1, -1, null));
            assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
        }
        try (RocksDB readOnly = RocksDB.openReadOnly(fixture.dir())) {
            RocksDBException e = assertThrows(RocksDBException.class,
                    () -> readOnly.compactFiles(new CompactionOptions(), filesAt(readOnly, "default", 0), 1, -1, null));
            assertEquals(Status.Code.NotSupported, e.getStatus().getCode(), e.getMessage());
        }
        RocksDB db = fixture.open(manualOnly());
        db.close();
        assertThrows(IllegalStateException.class, () -> db.compactFiles(new CompactionOptions(), List.of("/1.sst"), 1, -1, null));
    }

    static Stream<String> childScenarios() {
        return OpsMisuse.SCENARIOS.keySet().stream().sorted();
    }

    /** The misuses that could crash a careless binding, each in a JVM of its own. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("childScenarios")
    void misuseInAChildJvmIsAJavaExceptionNotACrash(String scenario) throws Exception {
        ForkedJvm.Result r = ForkedJvm.main(OpsMisuse.class, scenario).heap("256m").run().assertSuccess();
        assertTrue(r.stdout().startsWith("OK "), r::toString);
        System.out.println(scenario + ": " + r.stdout().strip());
    }
}
