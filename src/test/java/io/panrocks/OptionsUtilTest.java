package io.panrocks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * OPTIONS files read back into panrocks' options (OptionsUtil): RocksDB
 * parses the file, the values reach DBOptions and the families'
 * ColumnFamilyOptions, and the DB opens with them; RocksDB's errors keep
 * their codes; bad arguments fail before any native call.
 */
class OptionsUtilTest {
    @TempDir
    Path dir;

    private void createDb() throws Exception {
        List<ColumnFamilyDescriptor> descriptors = List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY),
                new ColumnFamilyDescriptor(bytes("new_cf"), new ColumnFamilyOptions().setWriteBufferSize(70 * 1024)
                        .setMaxWriteBufferNumber(7).setMaxBytesForLevelBase(53 * 1024 * 1024)
                        .setLevel0FileNumCompactionTrigger(3).setBottommostCompressionType(CompressionType.ZSTD_COMPRESSION)));
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (DBOptions o = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true)
                .setMaxOpenFiles(478).setDelayedWriteRate(1234567L);
             RocksDB db = RocksDB.open(o, dir.toString(), descriptors, handles)) {
            db.put(handles.get(1), bytes("k"), bytes("v"));
        }
    }

    private void verify(DBOptions dbOptions, List<ColumnFamilyDescriptor> families) throws Exception {
        assertEquals(478, dbOptions.maxOpenFiles());
        assertEquals(1234567L, dbOptions.delayedWriteRate());
        assertTrue(dbOptions.createIfMissing());
        assertEquals(2, families.size());
        assertEquals("default", string(families.get(0).getName()));
        assertEquals("new_cf", string(families.get(1).getName()));
        ColumnFamilyOptions second = families.get(1).getOptions();
        assertEquals(70 * 1024, second.writeBufferSize());
        assertEquals(7, second.maxWriteBufferNumber());
        assertEquals(53 * 1024 * 1024, second.maxBytesForLevelBase());
        assertEquals(3, second.level0FileNumCompactionTrigger());
        assertEquals(CompressionType.ZSTD_COMPRESSION, second.bottommostCompressionType());
        assertEquals(64L << 20, families.get(0).getOptions().writeBufferSize());
        // the loaded options open the DB
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = RocksDB.open(dbOptions, dir.toString(), families, handles)) {
            assertEquals("v", string(db.get(handles.get(1), bytes("k"))));
            assertEquals(7, db.getOptions(handles.get(1)).maxWriteBufferNumber());
        }
    }

    @Test
    void loadsTheLatestOptionsFile() throws Exception {
        createDb();
        try (ConfigOptions c = new ConfigOptions().setIgnoreUnknownOptions(false).setInputStringsEscaped(true)
                .setEnv(Env.getDefault()); DBOptions dbOptions = new DBOptions()) {
            List<ColumnFamilyDescriptor> families = new ArrayList<>();
            OptionsUtil.loadLatestOptions(c, dir.toString(), dbOptions, families);
            verify(dbOptions, families);
        }
    }

    @Test
    void loadsANamedOptionsFile() throws Exception {
        createDb();
        String name = OptionsUtil.getLatestOptionsFileName(dir.toString(), Env.getDefault());
        assertTrue(name.startsWith("OPTIONS-"), name);
        assertTrue(Files.exists(dir.resolve(name)));
        DBOptions dbOptions = new DBOptions();
        List<ColumnFamilyDescriptor> families = new ArrayList<>();
        OptionsUtil.loadOptionsFromFile(new ConfigOptions(), dir.resolve(name).toString(), dbOptions, families);
        verify(dbOptions, families);
    }

    @Test
    void engineErrorsKeepTheirCodesAndChangeNothing() throws Exception {
        DBOptions dbOptions = new DBOptions();
        List<ColumnFamilyDescriptor> families = new ArrayList<>();
        RocksDBException e = assertThrows(RocksDBException.class,
                () -> OptionsUtil.loadLatestOptions(new ConfigOptions(), dir.toString(), dbOptions, families));
        assertEquals(Status.Code.NotFound, e.getStatus().getCode(), e.getMessage());
        e = assertThrows(RocksDBException.class, () -> OptionsUtil.loadOptionsFromFile(new ConfigOptions(),
                dir.resolve("OPTIONS-000404").toString(), dbOptions, families));
        assertEquals(Status.Code.IOError, e.getStatus().getCode(), e.getMessage());
        // a file that is not an OPTIONS file
        Path bogus = dir.resolve("OPTIONS-000001");
        Files.writeString(bogus, "[Version]\n  rocksdb_version=9.11.2\n  options_file_version=1.1\n[DBOptions]\n  no_such_option=1\n");
        e = assertThrows(RocksDBException.class,
                () -> OptionsUtil.loadOptionsFromFile(new ConfigOptions(), bogus.toString(), dbOptions, families));
        assertEquals(Status.Code.InvalidArgument, e.getStatus().getCode(), e.getMessage());
        assertEquals(0, families.size());
        assertNull(dbOptions.rawDBOption("max_open_files"));
        RocksDBException none = assertThrows(RocksDBException.class,
                () -> OptionsUtil.getLatestOptionsFileName(dir.resolve("missing").toString(), Env.getDefault()));
        assertEquals(Status.Code.NotFound, none.getStatus().getCode(), none.getMessage());
    }

    @Test
    void badArgumentsFailBeforeTheEngine() throws Exception {
        DBOptions dbOptions = new DBOptions();
        List<ColumnFamilyDescriptor> families = new ArrayList<>();
        ConfigOptions c = new ConfigOptions();
        assertThrows(NullPointerException.class, () -> OptionsUtil.loadLatestOptions(null, dir.toString(), dbOptions, families));
        assertThrows(NullPointerException.class, () -> OptionsUtil.loadLatestOptions(c, null, dbOptions, families));
        assertThrows(NullPointerException.class, () -> OptionsUtil.loadLatestOptions(c, dir.toString(), null, families));
        assertThrows(NullPointerException.class, () -> OptionsUtil.loadLatestOptions(c, dir.toString(), dbOptions, null));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> OptionsUtil.loadLatestOptions(c, dir + "\0/x", dbOptions, families));
        assertEquals("dbPath must not contain a zero character", e.getMessage());
        try (RocksMemEnv mem = new RocksMemEnv(Env.getDefault())) {
            e = assertThrows(IllegalArgumentException.class, () -> c.setEnv(mem));
            assertTrue(e.getMessage().startsWith("env: only Env.getDefault() is supported"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> OptionsUtil.getLatestOptionsFileName(dir.toString(), mem));
        }
        assertThrows(IllegalArgumentException.class, () -> c.setDelimiter(""));
    }
}
