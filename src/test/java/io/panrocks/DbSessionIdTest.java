package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code getDbSessionId}: the ID of one opening of a DB, new at every open,
 * where {@code getDbIdentity} stays; the one in RocksDB's {@code LOG}.
 */
class DbSessionIdTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();

    @Test
    void isTwentyCharactersStableWhileOpenAndNewAtEveryOpen() throws RocksDBException {
        RocksDB db = fixture.db();
        String session = db.getDbSessionId();
        assertTrue(session.matches("[0-9A-Z]{20}"), "RocksDB's session IDs: 20 digits and upper-case letters: " + session);
        db.put("k".getBytes(StandardCharsets.UTF_8), "v".getBytes(StandardCharsets.UTF_8));
        assertEquals(session, db.getDbSessionId(), "one session while the DB is open");
        String identity = db.getDbIdentity();

        RocksDB reopened = fixture.reopen();
        assertNotEquals(session, reopened.getDbSessionId(), "a reopen is a new session");
        assertEquals(identity, reopened.getDbIdentity(), "of the same DB");
        assertNotEquals(reopened.getDbSessionId(), fixture.other().getDbSessionId(), "two DBs, two sessions");
    }

    @Test
    void aReadOnlyInstanceOfTheSameDirectoryHasItsOwn() throws RocksDBException {
        RocksDB db = fixture.db();
        try (RocksDB readOnly = RocksDB.openReadOnly(fixture.dir())) {
            assertNotEquals(db.getDbSessionId(), readOnly.getDbSessionId());
            assertEquals(db.getDbIdentity(), readOnly.getDbIdentity());
        }
    }

    @Test
    void isTheOneRocksDBWritesInItsLog() throws RocksDBException, IOException {
        String session = fixture.db().getDbSessionId();
        String log = Files.readString(fixture.dir().resolve("LOG"), StandardCharsets.ISO_8859_1);
        assertTrue(log.lines().anyMatch(line -> line.contains("DB Session ID") && line.contains(session)),
                "the LOG names the session " + session);
    }

    @Test
    void aClosedDbIsRefused() {
        RocksDB db = fixture.db();
        db.close();
        IllegalStateException closed = assertThrows(IllegalStateException.class, db::getDbSessionId);
        assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
    }
}
