package io.panrocks.testkit;

import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.MergeOperator;
import io.panrocks.Options;
import io.panrocks.RocksDB;
import io.panrocks.TransactionDB;
import io.panrocks.TransactionDBOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/** The fixture itself: what each factory opens, open/reopen/close in a test, and that everything is closed and deleted after it. */
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

    @Test
    void openWithATestsOwnOptionsReplacesTheDbInTheSameFolderAndReopenGoesBackToTheFixturesOptions() throws Exception {
        OpenDbExtension own = new OpenDbExtension();
        RocksDB first = own.db();
        first.put(bytes("k"), bytes("a"));
        RocksDB merging = own.open(new Options().setMergeOperator(new MergeOperator.StringAppendOperator(',')));
        assertFalse(first.isOpen(), "the fixture's DB is closed first");
        assertSame(merging, own.db());
        assertEquals("a", string(merging.get(bytes("k"))), "the same folder");
        merging.put(bytes("k2"), bytes("c"));
        RocksDB again = own.reopen();
        assertFalse(merging.isOpen());
        assertEquals(own.dir().toAbsolutePath(), Path.of(again.getName()).toAbsolutePath());
        own.close();
        assertFalse(again.isOpen());
        RocksDB reopened = own.db();
        assertNotSame(again, reopened, "db() after close opens the folder again");
        assertEquals("c", string(reopened.get(bytes("k2"))), "the same folder throughout");
        Path dir = own.dir();
        own.afterEach(null);
        assertFalse(reopened.isOpen());
        assertFalse(Files.exists(dir));
    }

    @Test
    void columnFamiliesAndOtherKindsOfDb() throws Exception {
        OpenDbExtension families = OpenDbExtension.withColumnFamilies("a", "b");
        assertEquals(3, families.families().size());
        assertTrue(families.family("default").isDefaultColumnFamily());
        families.db().put(families.family("b"), bytes("k"), bytes("v"));
        assertNull(families.db().get(families.family("a"), bytes("k")));
        assertEquals(List.of("default", "a", "b"), families.families().stream().map(h -> string(h.getName())).toList());
        assertThrows(IllegalArgumentException.class, () -> families.family("c"));
        families.reopen();
        assertEquals("v", string(families.db().get(families.family("b"), bytes("k"))), "the handles of the reopened DB");
        families.afterEach(null);

        OpenDbExtension transactions = OpenDbExtension.transactionDb(new Options().setCreateIfMissing(true), new TransactionDBOptions());
        assertInstanceOf(TransactionDB.class, transactions.db());
        assertSame(transactions.db(), transactions.db(TransactionDB.class));
        transactions.db().createColumnFamily(new ColumnFamilyDescriptor(bytes("x"))).close();
        transactions.afterEach(null);

        OpenDbExtension plain = new OpenDbExtension();
        assertThrows(IllegalStateException.class, () -> plain.db(TransactionDB.class));
        plain.afterEach(null);
    }
}
