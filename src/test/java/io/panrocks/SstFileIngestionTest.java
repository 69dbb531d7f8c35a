package io.panrocks;

import io.panrocks.testkit.EngineVersion;
import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * SstFileWriter and ingestExternalFile on the real engine: keys in order
 * (and RocksDB's error when not), what finish reports, ingestion into the
 * default family and others, overlapping files, a dropped family, readers
 * running through an ingestion.
 */
class SstFileIngestionTest {
    @RegisterExtension
    final OpenDbExtension fixture = OpenDbExtension.withColumnFamilies(new DBOptions(),
            List.of(new ColumnFamilyDescriptor(bytes("default")), new ColumnFamilyDescriptor(bytes("bulk"),
                    new ColumnFamilyOptions().setMergeOperator(new MergeOperator.StringAppendOperator(',')))));

    @TempDir
    Path files;
    private RocksDB db;

    @BeforeEach
    void open() {
        db = fixture.db();
    }

    private static String key(int i) {
        return String.format("k%06d", i);
    }

    /** An SST file of keys [from, to) -> "tag:i". */
    private Path sst(String name, int from, int to, String tag) throws RocksDBException {
        Path file = files.resolve(name);
        try (SstFileWriter writer = new SstFileWriter(new EnvOptions(), new Options())) {
            writer.open(file);
            for (int i = from; i < to; i++) writer.put(bytes(key(i)), bytes(tag + ":" + i));
            ExternalSstFileInfo info = writer.finish();
            assertEquals(to - from, info.numEntries());
        }
        return file;
    }

    @Test
    void writerTakesKeysInOrderAndReportsTheFile() throws Exception {
        Path file = files.resolve("a.sst");
        try (SstFileWriter writer = new SstFileWriter(new EnvOptions().setBytesPerSync(1 << 20),
                new Options().setCompressionType(CompressionType.NO_COMPRESSION))) {
            RocksDBException notOpen = assertThrows(RocksDBException.class, () -> writer.put(bytes("a"), bytes("1")));
            assertEquals(Status.Code.InvalidArgument, notOpen.code(), notOpen.getMessage());
            writer.open(file);
            assertEquals(Status.Code.InvalidArgument, assertThrows(RocksDBException.class, writer::finish).code(),
                    "a file with no entries");
            writer.put(bytes("b"), bytes("2"));
            RocksDBException order = assertThrows(RocksDBException.class, () -> writer.put(bytes("a"), bytes("1")));
            assertEquals(Status.Code.InvalidArgument, order.code());
            assertTrue(order.getMessage().contains("order"), order.getMessage());
            assertEquals(Status.Code.InvalidArgument,
                    assertThrows(RocksDBException.class, () -> writer.put(bytes("b"), bytes("again"))).code(), "strictly");
            // the refused key changed nothing: the writer goes on
            try (Arena arena = Arena.ofConfined()) {
                writer.put(arena.allocateFrom(ValueLayout.JAVA_BYTE, bytes("c")), arena.allocateFrom(ValueLayout.JAVA_BYTE, bytes("3")));
            }
            writer.put(ByteBuffer.wrap(bytes("d")).asReadOnlyBuffer(), ByteBuffer.allocateDirect(1).put(0, (byte) '4'));
            writer.merge(bytes("e"), bytes("5"));
            writer.delete(bytes("f"));
            writer.deleteRange(bytes("x"), bytes("z"));
            writer.deleteRange(bytes("m"), bytes("n")); // range deletions in any order
            assertTrue(writer.fileSize() >= 0);
            ExternalSstFileInfo info = writer.finish();
            assertEquals(file.toAbsolutePath(), info.filePath());
            assertEquals("b", string(info.smallestKey()));
            assertEquals("f", string(info.largestKey()));
            assertEquals("m", string(info.smallestRangeDelKey()));
            assertEquals("z", string(info.largestRangeDelKey()));
            assertEquals(5, info.numEntries());
            assertEquals(2, info.numRangeDelEntries());
            assertEquals(Files.size(file), info.fileSize());
            assertEquals(Status.Code.InvalidArgument, assertThrows(RocksDBException.class, writer::finish).code(),
                    "finished: no file open");
        }
        db.put(bytes("y"), bytes("deleted by the file's range deletion"));
        db.ingestExternalFile(List.of(file.toString()), new IngestExternalFileOptions());
        assertEquals("2", string(db.get(bytes("b"))));
        assertEquals("3", string(db.get(bytes("c"))));
        assertEquals("4", string(db.get(bytes("d"))));
        assertNull(db.get(bytes("y")));
    }

    @Test
    void closedWriterAndBadInput() throws Exception {
        SstFileWriter writer = new SstFileWriter(new Options());
        assertThrows(NullPointerException.class, () -> writer.put((byte[]) null, bytes("v")));
        assertThrows(NullPointerException.class, () -> writer.open((Path) null));
        writer.close();
        writer.close();
        assertThrows(IllegalStateException.class, () -> writer.open(files.resolve("x.sst")));
        assertThrows(IllegalStateException.class, () -> writer.put(bytes("a"), bytes("b")));
        assertThrows(IllegalStateException.class, writer::finish);
        assertThrows(IllegalArgumentException.class,
                () -> new SstFileWriter(new Options().setRawColumnFamilyOption("no_such_option", "1")));
        assertThrows(IllegalArgumentException.class, () -> new EnvOptions().setWritableFileMaxBufferSize(-1));
        assertThrows(IllegalArgumentException.class, () -> new IngestExternalFileOptions().setVerifyChecksumsReadaheadSize(-1));
        assertThrows(IllegalArgumentException.class, () -> db.ingestExternalFile(List.of(), new IngestExternalFileOptions()));
        assertThrows(NullPointerException.class, () -> db.ingestExternalFile(null, new IngestExternalFileOptions()));
        RocksDBException missing = assertThrows(RocksDBException.class,
                () -> db.ingestExternalFile(List.of(files.resolve("none.sst").toString()), new IngestExternalFileOptions()));
        assertNotEquals(Status.Code.Ok, missing.code());
    }

    @Test
    void ingestionIsAtomicAcrossFilesAndFamilies() throws Exception {
        Path a = sst("a.sst", 0, 500, "a"), b = sst("b.sst", 500, 1000, "b");
        db.ingestExternalFile(List.of(a.toString(), b.toString()), new IngestExternalFileOptions());
        assertEquals("a:0", string(db.get(bytes(key(0)))));
        assertEquals("b:999", string(db.get(bytes(key(999)))));
        assertTrue(Files.exists(a), "copied, not moved");

        // a merge-operand file into a family with a merge operator
        ColumnFamilyHandle bulk = fixture.family("bulk");
        db.put(bulk, bytes("m"), bytes("x"));
        Path merges = files.resolve("m.sst");
        try (SstFileWriter writer = new SstFileWriter(new Options().setMergeOperator(new MergeOperator.StringAppendOperator(',')))) {
            writer.open(merges);
            writer.merge(bytes("m"), bytes("y"));
            writer.finish();
        }
        db.ingestExternalFile(bulk, List.of(merges.toString()), new IngestExternalFileOptions().setMoveFiles(true));
        assertEquals("x,y", string(db.get(bulk, bytes("m"))));
        assertFalse(Files.exists(merges), "moved");
        assertNull(db.get(bytes("m")), "the default family did not get it");
    }

    @Test
    void overlappingFilesAndData() throws Exception {
        db.put(bytes(key(5)), bytes("db"));
        Path a = sst("a.sst", 0, 10, "a");
        // overlapping the DB's data needs a global sequence number
        RocksDBException refused = assertThrows(RocksDBException.class, () -> db.ingestExternalFile(List.of(a.toString()),
                new IngestExternalFileOptions().setAllowGlobalSeqNo(false)));
        assertEquals(Status.Code.InvalidArgument, refused.code(), refused.getMessage());
        assertEquals("db", string(db.get(bytes(key(5)))), "nothing ingested");
        assertNull(db.get(bytes(key(0))));
        db.ingestExternalFile(List.of(a.toString()), new IngestExternalFileOptions());
        assertEquals("a:5", string(db.get(bytes(key(5)))), "ingested after the DB's write: newer");

        // two files overlapping each other in one call
        Path b = sst("b.sst", 20, 30, "b"), c = sst("c.sst", 25, 35, "c");
        IngestExternalFileOptions noSeqno = new IngestExternalFileOptions().setAllowGlobalSeqNo(false);
        RocksDBException overlap = assertThrows(RocksDBException.class,
                () -> db.ingestExternalFile(List.of(b.toString(), c.toString()), noSeqno));
        assertNotEquals(Status.Code.Ok, overlap.code());
        assertNull(db.get(bytes(key(20))), "none of the files was added");
        assertNull(db.get(bytes(key(34))));
        try {
            db.ingestExternalFile(List.of(b.toString(), c.toString()), new IngestExternalFileOptions());
            // RocksDB 8+ ingests overlapping files in order: the later one wins
            assertEquals("c:27", string(db.get(bytes(key(27)))));
            assertEquals("b:22", string(db.get(bytes(key(22)))));
        } catch (RocksDBException older) {
            // earlier engines refuse overlapping files in one call, all of them
            assertEquals(Status.Code.NotSupported, older.code(), older.getMessage());
            assertNull(db.get(bytes(key(22))));
        }

        // behind the existing data: only in a DB opened for it
        Path d = sst("d.sst", 40, 50, "d");
        RocksDBException behind = assertThrows(RocksDBException.class, () -> db.ingestExternalFile(List.of(d.toString()),
                new IngestExternalFileOptions().setIngestBehind(true)));
        assertEquals(Status.Code.InvalidArgument, behind.code(), behind.getMessage());
    }

    @Test
    void ingestIntoADroppedOrClosedFamily() throws Exception {
        ColumnFamilyHandle doomed = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("doomed")));
        Path a = sst("a.sst", 0, 10, "a");
        db.dropColumnFamily(doomed);
        RocksDBException dropped = assertThrows(RocksDBException.class,
                () -> db.ingestExternalFile(doomed, List.of(a.toString()), new IngestExternalFileOptions()));
        assertNotEquals(Status.Code.Ok, dropped.code());
        assertTrue(dropped.getMessage().toLowerCase().contains("drop"), dropped.getMessage());
        doomed.close();
        assertThrows(IllegalStateException.class,
                () -> db.ingestExternalFile(doomed, List.of(a.toString()), new IngestExternalFileOptions()));
        RocksDB other = fixture.other();
        assertThrows(IllegalArgumentException.class,
                () -> other.ingestExternalFile(fixture.family("bulk"), List.of(a.toString()), new IngestExternalFileOptions()));
        db.close();
        assertThrows(IllegalStateException.class,
                () -> db.ingestExternalFile(List.of(a.toString()), new IngestExternalFileOptions()));
    }

    /**
     * Readers run through ingestions: every read sees all keys of a file or
     * none, and an iterator created before an ingestion never sees it.
     */
    @Test
    void readersRunThroughIngestion() throws Exception {
        int files = 20, perFile = 200;
        List<Path> made = new ArrayList<>();
        for (int f = 0; f < files; f++) made.add(sst("f" + f + ".sst", f * perFile, (f + 1) * perFile, "f" + f));
        AtomicBoolean done = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch ready = new CountDownLatch(3);
        List<Thread> readers = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            int seed = r;
            Thread t = new Thread(() -> {
                try {
                    ready.countDown();
                    java.util.Random random = new java.util.Random(seed);
                    while (!done.get()) {
                        int f = random.nextInt(files);
                        // the first and last key of a file: both or neither
                        byte[] first = db.get(bytes(key(f * perFile)));
                        try (RocksIterator it = db.newIterator()) {
                            it.seekToFirst();
                            int before = 0;
                            for (; it.isValid(); it.next()) before++;
                            if (before % perFile != 0) throw new AssertionError(before + " keys: a file half seen");
                        }
                        byte[] last = db.get(bytes(key((f + 1) * perFile - 1)));
                        if (first != null && last == null) throw new AssertionError("file " + f + " lost keys");
                    }
                } catch (Throwable x) {
                    failure.compareAndSet(null, x);
                }
            });
            t.start();
            readers.add(t);
        }
        ready.await();
        try (RocksIterator early = db.newIterator()) {
            for (Path p : made) db.ingestExternalFile(List.of(p.toString()), new IngestExternalFileOptions());
            early.seekToFirst();
            assertFalse(early.isValid(), "an iterator created before sees none of it");
        }
        done.set(true);
        for (Thread t : readers) t.join();
        assertNull(failure.get());
        try (RocksIterator it = db.newIterator()) {
            int n = 0;
            for (it.seekToFirst(); it.isValid(); it.next()) n++;
            assertEquals(files * perFile, n);
        }
    }

    @Test
    void ingestOptionsReportTheEnginesDefaults() {
        IngestExternalFileOptions o = new IngestExternalFileOptions();
        assertFalse(o.moveFiles());
        assertTrue(o.snapshotConsistency());
        assertTrue(o.allowGlobalSeqNo());
        assertTrue(o.allowBlockingFlush());
        assertFalse(o.ingestBehind());
        assertTrue(o.failedMoveFallBackToCopy());
        assertFalse(o.failIfNotBottommostLevel());
        assertEquals(!EngineVersion.atLeast(9, 0), o.writeGlobalSeqno(), "RocksDB 9 stopped writing the sequence number into files by default");
        IngestExternalFileOptions r = new IngestExternalFileOptions(true, false, false, false);
        assertTrue(r.moveFiles());
        assertFalse(r.snapshotConsistency());
        assertFalse(r.allowGlobalSeqNo());
        assertFalse(r.allowBlockingFlush());
        assertTrue(r.setWriteGlobalSeqno(true).writeGlobalSeqno());
    }

    @Test
    void aWriterIsSafeToHandBetweenThreads() throws Exception {
        Path file = files.resolve("t.sst");
        try (SstFileWriter writer = new SstFileWriter(new Options())) {
            writer.open(file);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread t = new Thread(() -> {
                try {
                    for (int i = 0; i < 100; i++) writer.put(bytes(key(i)), MemorySegment.ofArray(new byte[10]).toArray(ValueLayout.JAVA_BYTE));
                } catch (Throwable x) {
                    failure.set(x);
                }
            });
            t.start();
            t.join();
            assertNull(failure.get());
            for (int i = 100; i < 200; i++) writer.put(bytes(key(i)), new byte[10]);
            assertEquals(200, writer.finish().numEntries());
        }
    }
}
