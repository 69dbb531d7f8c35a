package io.panrocks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.*;

/**
 * RocksJava's getDBOptionsFromProps/getColumnFamilyOptionsFromProps: RocksDB
 * judges the names and values (null when it refuses one, as in RocksJava),
 * and the options reach the engine when a DB opens with them.
 */
class OptionsFromPropsTest {
    @TempDir
    Path dir;

    private static Properties props(String... nameValues) {
        Properties p = new Properties();
        for (int i = 0; i < nameValues.length; i += 2) p.setProperty(nameValues[i], nameValues[i + 1]);
        return p;
    }

    @Test
    void propertiesReachTheEngine() throws Exception {
        DBOptions db = DBOptions.getDBOptionsFromProps(props("max_open_files", "478", "create_if_missing", "true",
                "create_missing_column_families", "true"));
        ColumnFamilyOptions cf = ColumnFamilyOptions.getColumnFamilyOptionsFromProps(props("write_buffer_size", "1048576",
                "max_write_buffer_number", "5"));
        assertNotNull(db);
        assertNotNull(cf);
        assertEquals(478, db.maxOpenFiles());
        assertEquals(5, cf.maxWriteBufferNumber());
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB rocks = RocksDB.open(db, dir.toString(), List.of(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, cf)),
                handles)) {
            assertEquals(5, rocks.getOptions().maxWriteBufferNumber());
            assertEquals(1048576, rocks.getOptions().writeBufferSize());
        }
        var file = OptionGettersAndSettersTest.optionsFile(dir);
        assertEquals("478", file.get(OptionGettersAndSettersTest.DB).get("max_open_files"));
    }

    @Test
    void whatRocksDbOrPanrocksRefusesIsNull() {
        assertNull(DBOptions.getDBOptionsFromProps(props("no_such_option", "1")));
        assertNull(ColumnFamilyOptions.getColumnFamilyOptionsFromProps(props("write_buffer_size", "big")));
        assertNull(ColumnFamilyOptions.getColumnFamilyOptionsFromProps(props("max_open_files", "1")));  // a DB option
        assertNull(DBOptions.getDBOptionsFromProps(props("max_open_files", "1;create_if_missing=true")));  // smuggling
        assertNull(DBOptions.getDBOptionsFromProps(props("max_background_jobs", "100000")));  // panrocks' bound
        assertNotNull(DBOptions.getDBOptionsFromProps(new ConfigOptions().setIgnoreUnknownOptions(true),
                props("no_such_option", "1")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DBOptions.getDBOptionsFromProps(new Properties()));
        assertEquals("properties must not be null or empty", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ColumnFamilyOptions.getColumnFamilyOptionsFromProps(null));
        assertThrows(NullPointerException.class, () -> DBOptions.getDBOptionsFromProps(null, props("max_open_files", "1")));
    }
}
