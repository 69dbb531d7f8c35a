package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.randomBytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/** Checkpoints, live files, WAL files, file deletions and sequence numbers on the real engine. */
class CheckpointAndLiveFilesTest {
    @RegisterExtension
    final OpenDbExtension fixture = OpenDbExtension.withColumnFamilies("second");

    @TempDir
    Path out;
    private RocksDB db;

    @BeforeEach
    void open() {
        db = fixture.db();
    }

    @Test
    void aCheckpointIsAnOpenableCopyAsOfItsMoment() throws Exception {
        db.put(bytes("a"), bytes("1"));
        db.put(fixture.family("second"), bytes("b"), bytes("2"));
        Path target = out.resolve("cp");
        try (Checkpoint checkpoint = Checkpoint.create(db)) {
            checkpoint.createCheckpoint(target);
            db.put(bytes("a"), bytes("after"));
            // RocksDB's refusal of a directory that exists
            RocksDBException exists = assertThrows(RocksDBException.class, () -> checkpoint.createCheckpoint(target.toString()));
            assertEquals(Status.Code.InvalidArgument, exists.code(), exists.getMessage());
            // without a flush below the WAL size: the WAL goes along
            long sequence = checkpoint.createCheckpoint(out.resolve("cp-wal"), Long.MAX_VALUE);
            assertEquals(db.getLatestSequenceNumber(), sequence);
            assertThrows(IllegalArgumentException.class, () -> checkpoint.createCheckpoint(out.resolve("x"), -1));
        }
        List<ColumnFamilyHandle> copied = new ArrayList<>();
        try (RocksDB copy = RocksDB.open(new DBOptions(), target, List.of(new ColumnFamilyDescriptor(bytes("default")),
                new ColumnFamilyDescriptor(bytes("second"))), copied)) {
            assertEquals("1", string(copy.get(bytes("a"))));
            assertEquals("2", string(copy.get(copied.get(1), bytes("b"))));
        }
        List<ColumnFamilyHandle> walCopy = new ArrayList<>();
        try (RocksDB copy = RocksDB.openReadOnly(new DBOptions(), out.resolve("cp-wal"),
                List.of(new ColumnFamilyDescriptor(bytes("default")), new ColumnFamilyDescriptor(bytes("second"))), walCopy)) {
            assertEquals("after", string(copy.get(bytes("a"))));
        }
    }

    @Test
    void checkpointMisuse() throws Exception {
        Checkpoint checkpoint = Checkpoint.create(db);
        checkpoint.close();
        assertThrows(IllegalStateException.class, () -> checkpoint.createCheckpoint(out.resolve("a")));
        assertThrows(NullPointerException.class, () -> Checkpoint.create(null));
        Checkpoint open = Checkpoint.create(db);
        db.close();
        assertThrows(IllegalStateException.class, () -> open.createCheckpoint(out.resolve("b")));
        assertThrows(IllegalStateException.class, () -> Checkpoint.create(db));
        assertFalse(Files.exists(out.resolve("b")));
    }

    @Test
    void liveFilesListTheDbAndStayWhileDeletionsAreDisabled() throws Exception {
        for (int i = 0; i < 100; i++) db.put(bytes("k" + i), randomBytes(i, 1000));
        db.disableFileDeletions();
        RocksDB.LiveFiles live = db.getLiveFiles(); // flushes first
        assertTrue(live.files.contains("/CURRENT"), live.toString());
        assertTrue(live.files.stream().anyMatch(f -> f.startsWith("/MANIFEST-")), live.toString());
        assertTrue(live.files.stream().anyMatch(f -> f.startsWith("/OPTIONS-")), live.toString());
        List<String> ssts = live.files.stream().filter(f -> f.endsWith(".sst")).toList();
        assertEquals(1, ssts.size(), live.toString());
        Path manifest = fixture.dir().resolve(live.files.stream().filter(f -> f.startsWith("/MANIFEST-")).findFirst()
                .orElseThrow().substring(1));
        assertTrue(live.manifestFileSize > 0 && live.manifestFileSize <= Files.size(manifest));
        assertThrows(UnsupportedOperationException.class, () -> live.files.add("x"));

        // a compaction makes the SST obsolete, but deletions are off
        for (int i = 0; i < 100; i++) db.put(bytes("k" + i), randomBytes(i + 1, 1000));
        db.flush();
        db.compactRange();
        Path sst = fixture.dir().resolve(ssts.get(0).substring(1));
        assertTrue(Files.exists(sst), "kept while deletions are disabled");
        db.enableFileDeletions();
        // the next obsolete-file sweep removes it
        db.put(bytes("x"), bytes("y"));
        db.flush();
        db.compactRange();
        assertFalse(Files.exists(sst), "deleted once enabled");

        RocksDB.LiveFiles noFlush = db.getLiveFiles(false);
        assertFalse(noFlush.files.isEmpty());
    }

    @Test
    void fileDeletionsAreCountedUnlessForced() throws Exception {
        db.disableFileDeletions();
        db.disableFileDeletions();
        db.enableFileDeletions();
        assertEquals(0, db.getLongProperty("rocksdb.is-file-deletions-enabled"), "one disable left");
        db.enableFileDeletions();
        assertEquals(1, db.getLongProperty("rocksdb.is-file-deletions-enabled"));
        for (int i = 0; i < 3; i++) db.disableFileDeletions();
        db.enableFileDeletions(true);
        assertEquals(1, db.getLongProperty("rocksdb.is-file-deletions-enabled"), "forced: all undone");
        db.enableFileDeletions(false); // more enables than disables: harmless
        assertEquals(1, db.getLongProperty("rocksdb.is-file-deletions-enabled"));
    }

    @Test
    void metadataDescribesEverySstFile() throws Exception {
        for (int i = 0; i < 50; i++) db.put(bytes(String.format("a%03d", i)), bytes("v"));
        db.delete(bytes("a007"));
        db.flush();
        db.put(fixture.family("second"), bytes("m"), bytes("1"));
        db.put(fixture.family("second"), bytes("z"), bytes("2"));
        db.flush(fixture.family("second"));
        List<LiveFileMetaData> files = db.getLiveFilesMetaData();
        assertEquals(2, files.size(), files.toString());
        LiveFileMetaData first = files.stream().filter(f -> string(f.columnFamilyName()).equals("default")).findFirst().orElseThrow();
        LiveFileMetaData second = files.stream().filter(f -> string(f.columnFamilyName()).equals("second")).findFirst().orElseThrow();
        assertEquals("a000", string(first.smallestKey()));
        assertEquals("a049", string(first.largestKey()));
        assertEquals(50, first.numEntries(), "49 puts and the tombstone that hid the 50th in the same memtable");
        assertEquals(1, first.numDeletions());
        assertEquals(0, first.level());
        assertTrue(first.fileName().endsWith(".sst") && first.fileName().startsWith("/"), first.fileName());
        assertEquals(fixture.dir().toRealPath().toString(), first.path());
        assertTrue(Files.exists(Path.of(first.path() + first.fileName())));
        assertEquals(Files.size(Path.of(first.path() + first.fileName())), first.size());
        assertTrue(first.smallestSeqno() <= first.largestSeqno());
        assertEquals("m", string(second.smallestKey()));
        assertEquals("z", string(second.largestKey()));
        db.compactRange();
        assertTrue(db.getLiveFilesMetaData().stream().anyMatch(f -> f.level() > 0), "compacted down");
    }

    @Test
    void walFilesAndSequenceNumbers() throws Exception {
        long start = db.getLatestSequenceNumber();
        db.put(bytes("a"), bytes("1"));
        try (WriteBatch batch = new WriteBatch()) {
            batch.put(bytes("b"), bytes("2")).put(bytes("c"), bytes("3")).delete(bytes("a"));
            db.write(WriteOptions.DEFAULT, batch);
        }
        assertEquals(start + 4, db.getLatestSequenceNumber(), "one per update");
        List<LogFile> wals = db.getSortedWalFiles();
        assertFalse(wals.isEmpty());
        LogFile current = wals.get(wals.size() - 1);
        assertEquals(WalFileType.kAliveLogFile, current.type());
        assertTrue(current.pathName().endsWith(".log"), current.pathName());
        assertTrue(current.sizeFileBytes() > 0);
        assertTrue(current.logNumber() > 0);
        db.flush();
        db.flush(fixture.family("second"));
        db.put(bytes("d"), bytes("4"));
        List<LogFile> after = db.getSortedWalFiles();
        assertTrue(after.get(after.size() - 1).logNumber() > current.logNumber(), "a flush switches to a new WAL");
        for (int i = 1; i < after.size(); i++) assertTrue(after.get(i - 1).logNumber() < after.get(i).logNumber());
    }

    @Test
    void closedDbRefusesTheLot() throws Exception {
        db.close();
        assertThrows(IllegalStateException.class, () -> db.getLiveFiles());
        assertThrows(IllegalStateException.class, () -> db.getLiveFilesMetaData());
        assertThrows(IllegalStateException.class, () -> db.getSortedWalFiles());
        assertThrows(IllegalStateException.class, () -> db.getLatestSequenceNumber());
        assertThrows(IllegalStateException.class, () -> db.disableFileDeletions());
        assertThrows(IllegalStateException.class, () -> db.enableFileDeletions(true));
        assertThrows(IllegalStateException.class, () -> db.tryCatchUpWithPrimary());
    }

    @Test
    void aReadOnlyDbListsItsFilesWithoutFlushing() throws Exception {
        db.put(bytes("a"), bytes("1"));
        db.flush();
        try (RocksDB readOnly = RocksDB.openReadOnly(fixture.dir())) {
            RocksDB.LiveFiles live = readOnly.getLiveFiles(true); // read-only: no flush, no error
            assertTrue(live.files.stream().anyMatch(f -> f.endsWith(".sst")), live.toString());
            assertEquals(1, readOnly.getLiveFilesMetaData().size());
            assertEquals(db.getLatestSequenceNumber(), readOnly.getLatestSequenceNumber());
        }
    }
}
