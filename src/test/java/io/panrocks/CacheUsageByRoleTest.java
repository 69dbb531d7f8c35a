package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import io.panrocks.testkit.TestBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Unified memory tracking: table readers, file metadata and filter
 * construction charged to one block cache by role
 * ({@link CacheUsageOptions}), memtables through a write buffer manager on
 * the same cache, and {@link Cache#getUsageByRole()} reporting each role,
 * across DBs sharing the cache.
 */
class CacheUsageByRoleTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();
    @TempDir
    Path dir;

    private static Options options(Cache cache, WriteBufferManager manager, CacheUsageOptions charges) {
        Options o = new Options().setCreateIfMissing(true).setWriteBufferManager(manager);
        // index and filter kept in the table readers, so that a charged reader is visible
        o.setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(cache).setFilterPolicy(new BloomFilter(10))
                .setCacheIndexAndFilterBlocks(false).setCacheUsageOptions(charges));
        return o;
    }

    private static void writeTables(RocksDB db, int tables) throws RocksDBException {
        byte[] value = new byte[1000];
        Arrays.fill(value, (byte) 'v');
        for (int t = 0; t < tables; t++) {
            for (int i = 0; i < 2000; i++) db.put(bytes("key-" + t + "-" + i), value);
            db.flush(new FlushOptions());
        }
        db.put(bytes("in-the-memtable"), value);
        assertEquals(1000, db.get(bytes("key-0-7")).length); // a data block read into the cache
    }

    @Test
    void everyRoleOfTwoDbsSharingOneCacheIsReportedAndGoesWithItsDb() throws Exception {
        try (HyperClockCache cache = new HyperClockCache(64 << 20, 4096, -1, false);
             WriteBufferManager manager = new WriteBufferManager(16 << 20, cache)) {
            CacheUsage empty = cache.getUsageByRole();
            assertEquals(0, empty.total());
            assertEquals(Map.of(), empty.charges());
            try (RocksDB a = RocksDB.open(options(cache, manager, CacheUsageOptions.chargeTableMemory()), dir.resolve("a").toString())) {
                writeTables(a, 3);
                CacheUsage one = cache.getUsageByRole();
                assertTrue(one.charge(CacheEntryRole.kDataBlock) > 0, one.toString());
                assertTrue(one.charge(CacheEntryRole.kWriteBuffer) > 0, one.toString());
                assertTrue(one.charge(CacheEntryRole.kBlockBasedTableReader) > 0, one.toString());
                assertTrue(one.charge(CacheEntryRole.kFileMetadata) > 0, one.toString());
                // kept in the readers, not cached as blocks
                assertEquals(0, one.charge(CacheEntryRole.kFilterBlock), one.toString());
                assertEquals(0, one.charge(CacheEntryRole.kIndexBlock), one.toString());
                assertTrue(one.count(CacheEntryRole.kBlockBasedTableReader) >= 1);
                assertTrue(one.total() <= one.usage(), one.toString());
                assertEquals(one.total(), one.charges().values().stream().mapToLong(Long::longValue).sum());

                long readersOfA = one.charge(CacheEntryRole.kBlockBasedTableReader);
                try (RocksDB b = RocksDB.open(options(cache, manager, CacheUsageOptions.chargeTableMemory()), dir.resolve("b").toString())) {
                    writeTables(b, 8);
                    CacheUsage two = cache.getUsageByRole();
                    assertTrue(two.charge(CacheEntryRole.kBlockBasedTableReader) > readersOfA, two + " against " + one);
                }
                CacheUsage afterB = cache.getUsageByRole();
                assertEquals(readersOfA, afterB.charge(CacheEntryRole.kBlockBasedTableReader), "b's readers left with b");
            }
            CacheUsage closed = cache.getUsageByRole();
            assertEquals(0, closed.charge(CacheEntryRole.kBlockBasedTableReader));
            assertEquals(0, closed.charge(CacheEntryRole.kFileMetadata));
            assertEquals(0, closed.charge(CacheEntryRole.kWriteBuffer));
        }
    }

    @Test
    void withoutChargesTableReadersAndMetadataAreNotInTheCache() throws Exception {
        try (LRUCache cache = new LRUCache(64 << 20);
             WriteBufferManager manager = new WriteBufferManager(16 << 20, cache);
             RocksDB db = fixture.open(options(cache, manager, new CacheUsageOptions()))) {
            writeTables(db, 3);
            CacheUsage usage = cache.getUsageByRole();
            assertEquals(0, usage.charge(CacheEntryRole.kBlockBasedTableReader), usage.toString());
            assertEquals(0, usage.charge(CacheEntryRole.kFileMetadata), usage.toString());
            assertTrue(usage.charge(CacheEntryRole.kWriteBuffer) > 0, usage.toString());
        }
    }

    @Test
    void aChargedTableReaderThatDoesNotFitAStrictCacheFailsWithMemoryLimit() throws Exception {
        // a reservation is made in 256 KiB entries: a strict 128 KiB cache cannot hold one
        try (LRUCache cache = new LRUCache(128 << 10, 0, true);
             WriteBufferManager manager = new WriteBufferManager(16 << 20, new LRUCache(64 << 20));
             RocksDB db = fixture.open(options(cache, manager, new CacheUsageOptions()
                     .setCharged(CacheEntryRole.kBlockBasedTableReader, CacheUsageOptions.Decision.kEnabled)))) {
            db.put(bytes("k"), bytes("v"));
            RocksDBException e = assertThrows(RocksDBException.class, () -> db.flush(new FlushOptions()));
            // RocksDB's Status::MemoryLimit(): Aborted with its sub-code
            assertEquals(Status.Code.Aborted, e.getStatus().getCode(), e.getMessage());
            assertEquals(Status.SubCode.MemoryLimit, e.getStatus().getSubCode(), e.getMessage());
            assertEquals("v", TestBytes.string(db.get(bytes("k"))), "nothing acknowledged is lost");
        }
    }

    @Test
    void theEngineRefusesToChargeABlobCacheThatIsNotConfigured() {
        Options o = new Options().setCreateIfMissing(true).setTableFormatConfig(new BlockBasedTableConfig()
                .setCacheUsageOptions(new CacheUsageOptions().setCharged(CacheEntryRole.kBlobCache, CacheUsageOptions.Decision.kEnabled)));
        RocksDBException e = assertThrows(RocksDBException.class, () -> RocksDB.open(o, dir.toString()));
        assertEquals(Status.Code.InvalidArgument, e.getStatus().getCode());
        assertTrue(e.getMessage().contains("BlobCache") && e.getMessage().contains("blob cache is not configured"), e.getMessage());
    }

    @Test
    void optionsRefuseWhatTheEngineCannotChargeAndAreCopied() {
        CacheUsageOptions o = new CacheUsageOptions();
        for (CacheEntryRole role : List.of(CacheEntryRole.kDataBlock, CacheEntryRole.kWriteBuffer, CacheEntryRole.kMisc,
                CacheEntryRole.kIndexBlock, CacheEntryRole.kBlobValue)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> o.setCharged(role, CacheUsageOptions.Decision.kEnabled));
            assertTrue(e.getMessage().contains(role.name()), e.getMessage());
            assertFalse(role.isChargeable());
        }
        assertThrows(NullPointerException.class, () -> o.setCharged(null, CacheUsageOptions.Decision.kEnabled));
        assertThrows(NullPointerException.class, () -> o.setCharged(CacheEntryRole.kFileMetadata, null));
        assertThrows(NullPointerException.class, () -> o.charged(null));
        assertEquals(CacheUsageOptions.Decision.kFallback, o.charged(CacheEntryRole.kFileMetadata));
        o.setCharged(CacheEntryRole.kFileMetadata, CacheUsageOptions.Decision.kDisabled);
        assertEquals(CacheUsageOptions.Decision.kDisabled, o.charged(CacheEntryRole.kFileMetadata));

        BlockBasedTableConfig table = new BlockBasedTableConfig().setCacheUsageOptions(o);
        o.setCharged(CacheEntryRole.kFileMetadata, CacheUsageOptions.Decision.kFallback); // changes o only
        assertEquals(Map.of(), o.decisions());
        assertEquals(Map.of(CacheEntryRole.kFileMetadata, CacheUsageOptions.Decision.kDisabled),
                table.cacheUsageOptions().decisions());
        assertNotEquals(o, table.cacheUsageOptions());
        assertThrows(NullPointerException.class, () -> table.setCacheUsageOptions(null));
        assertEquals(4, CacheUsageOptions.chargeTableMemory().decisions().size());
        assertEquals(14, CacheEntryRole.values().length, "the engine's kNumCacheEntryRoles");
        assertEquals("BlockBasedTableReader", CacheEntryRole.kBlockBasedTableReader.engineName());
    }

    @Test
    void aClosedCacheHandleRefusesTheWalk() {
        LRUCache cache = new LRUCache(1 << 20);
        cache.close();
        assertThrows(IllegalStateException.class, cache::getUsageByRole);
        CacheUsage none = new LRUCache(1 << 20).getUsageByRole();
        assertThrows(NullPointerException.class, () -> none.charge(null));
        assertThrows(NullPointerException.class, () -> none.count(null));
    }
}
