package io.panrocks.testkit;

import io.panrocks.RocksDB;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/** The fixture itself: the other DB is a second DB, and both are closed and deleted after the test. */
class OpenDbExtensionTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();

    @Test
    void theOtherParameterIsASecondDbInAFolderOfItsOwn(RocksDB db, @OpenDbExtension.Other RocksDB other) throws Exception {
        assertSame(db, fixture.db());
        assertSame(other, fixture.other(), "one other DB per test");
        assertNotSame(db, other);
        assertNotEquals(Path.of(db.getName()), Path.of(other.getName()));
        assertEquals(fixture.dir().toAbsolutePath(), Path.of(db.getName()).toAbsolutePath());
        byte[] key = "k".getBytes(StandardCharsets.UTF_8);
        other.put(key, key);
        assertNull(db.get(key), "the two DBs share nothing");
    }

    @Test
    void afterTheTestBothDbsAreClosedAndTheirFoldersDeleted() throws Exception {
        OpenDbExtension own = new OpenDbExtension();
        RocksDB db = own.db();
        RocksDB other = own.other();
        Path dir = Path.of(db.getName()), otherDir = Path.of(other.getName());
        assertTrue(Files.isDirectory(dir) && Files.isDirectory(otherDir));
        own.afterEach(null);
        assertFalse(db.isOpen());
        assertFalse(other.isOpen());
        assertFalse(Files.exists(dir), dir + " deleted");
        assertFalse(Files.exists(otherDir), otherDir + " deleted");
    }
}
