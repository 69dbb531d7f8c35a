package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import io.panrocks.testkit.TestBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Mutable options changed on a running DB and read back from the engine
 * (RocksDB's SetOptions/GetOptions, SetDBOptions/GetDBOptions, and the OPTIONS
 * file each change writes), the builders' validation, and their text form.
 */
class RunningOptionsTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    @TempDir
    Path dir;

    @Test
    void setOptionsReachesTheEngineAndTheOptionsFile() throws Exception {
        try (Options o = new Options().setCreateIfMissing(true); RocksDB db = fixture.open(o)) {
            assertEquals(64L << 20, db.getOptions().writeBufferSize());
            assertFalse(db.getOptions().disableAutoCompactions());
            db.setOptions(MutableColumnFamilyOptions.builder().setWriteBufferSize(4L << 20)
                    .setDisableAutoCompactions(true).setLevel0FileNumCompactionTrigger(9)
                    .setMaxBytesForLevelMultiplierAdditional(new int[]{2, 3, 5}).setCompressionType(CompressionType.NO_COMPRESSION)
                    .build());
            MutableColumnFamilyOptions.MutableColumnFamilyOptionsBuilder now = db.getOptions();
            assertEquals(4L << 20, now.writeBufferSize());
            assertTrue(now.disableAutoCompactions());
            assertEquals(9, now.level0FileNumCompactionTrigger());
            assertArrayEquals(new int[]{2, 3, 5}, now.maxBytesForLevelMultiplierAdditional());
            assertEquals(CompressionType.NO_COMPRESSION, now.compressionType());
            // RocksDB persisted the change
            var cf = OptionGettersAndSettersTest.optionsFile(fixture.dir()).get(OptionGettersAndSettersTest.CF);
            assertEquals("4194304", cf.get("write_buffer_size"));
            assertEquals("true", cf.get("disable_auto_compactions"));
            assertEquals("9", cf.get("level0_file_num_compaction_trigger"));
        }
    }

    @Test
    void setOptionsOnAnotherFamilyLeavesTheDefaultOne() throws Exception {
        List<ColumnFamilyDescriptor> descriptors = List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY),
                new ColumnFamilyDescriptor(TestBytes.bytes("second")));
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (DBOptions o = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
             RocksDB db = RocksDB.open(o, dir.toString(), descriptors, handles)) {
            db.setOptions(handles.get(1), MutableColumnFamilyOptions.builder().setMaxWriteBufferNumber(5).build());
            assertEquals(5, db.getOptions(handles.get(1)).maxWriteBufferNumber());
            assertEquals(2, db.getOptions(handles.get(0)).maxWriteBufferNumber());
            assertEquals(2, db.getOptions().maxWriteBufferNumber());
            handles.get(1).close();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> db.getOptions(handles.get(1)));
            assertTrue(e.getMessage().contains("closed"), e.getMessage());
        }
    }

    @Test
    void setDbOptionsReachesTheEngine() throws Exception {
        try (Options o = new Options().setCreateIfMissing(true).setDailyOffpeakTimeUTC("23:00-05:30");
             RocksDB db = fixture.open(o)) {
            MutableDBOptions.MutableDBOptionsBuilder before = db.getDBOptions();
            assertEquals(-1, before.maxOpenFiles());
            assertFalse(before.avoidFlushDuringShutdown());
            assertEquals("23:00-05:30", before.dailyOffpeakTimeUTC());
            // RocksDB's -1 ("from maxBackgroundJobs"), which DBOptions' setter refuses, is read back as written
            assertEquals(-1, before.maxBackgroundFlushes());
            assertEquals("-1", before.build().getValues()[java.util.Arrays.asList(before.build().getKeys())
                    .indexOf("max_background_flushes")]);
            db.setDBOptions(MutableDBOptions.builder().setMaxBackgroundJobs(3).setBytesPerSync(7L << 20)
                    .setDailyOffpeakTimeUTC("01:15-02:45").build());
            MutableDBOptions.MutableDBOptionsBuilder after = db.getDBOptions();
            assertEquals(3, after.maxBackgroundJobs());
            assertEquals(7L << 20, after.bytesPerSync());
            assertEquals("01:15-02:45", after.dailyOffpeakTimeUTC());
            var file = OptionGettersAndSettersTest.optionsFile(fixture.dir()).get(OptionGettersAndSettersTest.DB);
            assertEquals("3", file.get("max_background_jobs"));
        }
    }

    @Test
    void theEngineKeepsItsErrorsAndRefusalsChangeNothing() throws Exception {
        try (Options o = new Options().setCreateIfMissing(true); RocksDB db = fixture.open(o)) {
            RocksDBException empty = assertThrows(RocksDBException.class,
                    () -> db.setOptions(MutableColumnFamilyOptions.builder().build()));
            assertEquals(Status.Code.InvalidArgument, empty.getStatus().getCode());
            assertEquals("empty input", empty.getStatus().getState());
            assertThrows(NullPointerException.class, () -> db.setOptions((MutableColumnFamilyOptions) null));
            assertThrows(NullPointerException.class, () -> db.setDBOptions(null));
        }
    }

    @Test
    void theEngineChecksTheSetAsAWholeAndARefusalChangesNothing() throws Exception {
        try (Options o = new Options().setCreateIfMissing(true).setCompactionStyle(CompactionStyle.FIFO).setMaxOpenFiles(100)
                .setTtl(0);
             RocksDB db = fixture.open(o)) {
            // RocksDB: FIFO compaction with a TTL needs max_open_files = -1
            RocksDBException e = assertThrows(RocksDBException.class, () -> db.setOptions(MutableColumnFamilyOptions
                    .builder().setWriteBufferSize(1L << 20).setTtl(60).build()));
            assertEquals(Status.Code.NotSupported, e.getStatus().getCode(), e.getMessage());
            assertTrue(e.getMessage().contains("max_open_files = -1"), e.getMessage());
            assertEquals(64L << 20, db.getOptions().writeBufferSize());
        }
    }

    @Test
    void aReadOnlyDbRefusesChanges() throws Exception {
        try (Options o = new Options().setCreateIfMissing(true); RocksDB db = fixture.open(o)) {
            db.put(TestBytes.bytes("k"), TestBytes.bytes("v"));
        }
        try (Options o = new Options(); RocksDB db = RocksDB.openReadOnly(o, fixture.dir().toString())) {
            RocksDBException e = assertThrows(RocksDBException.class,
                    () -> db.setOptions(MutableColumnFamilyOptions.builder().setWriteBufferSize(1L << 20).build()));
            assertEquals(Status.Code.NotSupported, e.getStatus().getCode());
            e = assertThrows(RocksDBException.class,
                    () -> db.setDBOptions(MutableDBOptions.builder().setMaxBackgroundJobs(3).build()));
            assertEquals(Status.Code.NotSupported, e.getStatus().getCode());
            assertEquals(64L << 20, db.getOptions().writeBufferSize());
        }
    }

    @Test
    void aClosedDbRefusesEveryCall() throws Exception {
        RocksDB db;
        try (Options o = new Options().setCreateIfMissing(true)) {
            db = RocksDB.open(o, dir.toString());
        }
        db.close();
        MutableColumnFamilyOptions cf = MutableColumnFamilyOptions.builder().setWriteBufferSize(1L << 20).build();
        assertThrows(IllegalStateException.class, () -> db.setOptions(cf));
        assertThrows(IllegalStateException.class, db::getOptions);
        assertThrows(IllegalStateException.class, db::getDBOptions);
        assertThrows(IllegalStateException.class,
                () -> db.setDBOptions(MutableDBOptions.builder().setMaxBackgroundJobs(2).build()));
    }

    @Test
    void buildersValidateAsTheOptionSettersDo() {
        var b = MutableColumnFamilyOptions.builder();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.setMaxWriteBufferNumber(0));
        assertEquals("maxWriteBufferNumber must be >= 1, was 0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> b.setWriteBufferSize(0));
        assertTrue(e.getMessage().startsWith("writeBufferSize (write_buffer_size) must be in [1, "), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> b.setMaxBytesForLevelMultiplier(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> b.setCompressionType(null));
        assertThrows(NoSuchElementException.class, b::writeBufferSize);
        assertEquals(0, b.build().getKeys().length);

        var d = MutableDBOptions.builder();
        e = assertThrows(IllegalArgumentException.class, () -> d.setMaxBackgroundJobs(100_000));
        assertTrue(e.getMessage().startsWith("maxBackgroundJobs (max_background_jobs) must be in [1, 1024]"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> d.setDailyOffpeakTimeUTC("25:00-01:00"));
        assertEquals("dailyOffpeakTimeUTC must be empty or HH:mm-HH:mm (UTC), was 25:00-01:00", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> d.setDailyOffpeakTimeUTC("01:00-02:00;max_open_files=1"));
        assertThrows(NoSuchElementException.class, d::bytesPerSync);
    }

    @Test
    void textFormRoundTrips() {
        MutableColumnFamilyOptions o = MutableColumnFamilyOptions.builder().setWriteBufferSize(10).setInplaceUpdateNumLocks(5)
                .setDisableAutoCompactions(true).setParanoidFileChecks(true)
                .setMaxBytesForLevelMultiplierAdditional(new int[]{2, 3, 5, 7, 11, 13}).build();
        assertEquals("write_buffer_size=10;inplace_update_num_locks=5;disable_auto_compactions=true;"
                + "paranoid_file_checks=true;max_bytes_for_level_multiplier_additional=2:3:5:7:11:13", o.toString());
        assertArrayEquals(new String[]{"write_buffer_size", "inplace_update_num_locks", "disable_auto_compactions",
                "paranoid_file_checks", "max_bytes_for_level_multiplier_additional"}, o.getKeys());
        var parsed = MutableColumnFamilyOptions.parse("write_buffer_size=10; max_bytes_for_level_multiplier_additional="
                + "2:{3}:{5};compression=kLZ4HCCompression;ttl=18446744073709551614");
        assertEquals(10, parsed.writeBufferSize());
        assertArrayEquals(new int[]{2, 3, 5}, parsed.maxBytesForLevelMultiplierAdditional());
        assertEquals(CompressionType.LZ4HC_COMPRESSION, parsed.compressionType());
        assertEquals(-2, parsed.ttl()); // RocksDB's unsigned marker, as RocksJava reads it

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MutableColumnFamilyOptions.parse("num_levels=3"));
        assertEquals("MutableColumnFamilyOptions: num_levels is not a mutable option", e.getMessage());
        assertEquals(0, MutableColumnFamilyOptions.parse("num_levels=3", true).build().getKeys().length);
        e = assertThrows(IllegalArgumentException.class, () -> MutableColumnFamilyOptions.parse("max_write_buffer_number=0"));
        assertEquals("maxWriteBufferNumber must be >= 1, was 0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MutableColumnFamilyOptions.parse("write_buffer_size=big"));
        assertEquals("write_buffer_size must be a number, was big", e.getMessage());
        assertThrows(NullPointerException.class, () -> MutableColumnFamilyOptions.parse(null));

        var db = MutableDBOptions.parse("max_open_files=99;delayed_write_rate=789;avoid_flush_during_shutdown=true;"
                + "daily_offpeak_time_utc=02\\:20-19\\:50");
        assertEquals(99, db.maxOpenFiles());
        assertEquals("02:20-19:50", db.dailyOffpeakTimeUTC());
        assertEquals("max_open_files=99;delayed_write_rate=789;avoid_flush_during_shutdown=true;"
                + "daily_offpeak_time_utc=02:20-19:50", db.build().toString());
    }
}
