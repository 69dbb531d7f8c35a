package io.panrocks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * RocksJava's memtable configs: the factory reaches the engine (the OPTIONS
 * file names it), the DB reads and writes through it, RocksDB's refusal of a
 * vector memtable with concurrent writes keeps its code, bad values are refused.
 */
class MemTableConfigTest {
    @TempDir
    Path dir;

    private String writtenFactory() throws Exception {
        return OptionGettersAndSettersTest.optionsFile(dir).get(OptionGettersAndSettersTest.CF).get("memtable_factory");
    }

    private void putAndGet(Options o) throws Exception {
        try (RocksDB db = RocksDB.open(o.setCreateIfMissing(true), dir.toString())) {
            db.put(bytes("key1"), bytes("v1"));
            db.put(bytes("key2"), bytes("v2"));
            assertEquals("v2", string(db.get(bytes("key2"))));
            db.flush(new FlushOptions());
            assertEquals("v1", string(db.get(bytes("key1"))));
        }
    }

    @Test
    void skipListIsTheDefaultAndTakesALookahead() throws Exception {
        assertEquals("SkipListFactory", new Options().memTableFactoryName());
        putAndGet(new Options().setMemTableConfig(new SkipListMemTableConfig().setLookahead(3)));
        assertTrue(writtenFactory().contains("SkipListFactory"), writtenFactory());
    }

    @Test
    void vectorTakesConcurrentMemtableWritesFromRocksDb10On() throws Exception {
        Options o = new Options().setMemTableConfig(new VectorMemTableConfig().setReservedSize(1000));
        assertEquals("VectorRepFactory", o.memTableFactoryName());
        int major = Integer.parseInt(RocksDB.engineVersion().split("\\.")[0]);
        if (major >= 10) {
            // RocksDB 10 gave the vector memtable concurrent writers (allow_concurrent_memtable_write, its default)
            putAndGet(o);
            assertTrue(writtenFactory().contains("VectorRepFactory"), writtenFactory());
        } else {
            RocksDBException e = assertThrows(RocksDBException.class,
                    () -> RocksDB.open(new Options(new DBOptions().setCreateIfMissing(true), new ColumnFamilyOptions(o)),
                            dir.toString()).close());
            assertEquals(Status.Code.InvalidArgument, e.getStatus().getCode(), e.getMessage());
        }
        putAndGet(o.setAllowConcurrentMemtableWrite(false));
        assertTrue(writtenFactory().contains("VectorRepFactory"), writtenFactory());
    }

    @Test
    void hashSkipListWithAPrefixExtractor() throws Exception {
        Options o = new Options().useFixedLengthPrefixExtractor(3)
                .setMemTableConfig(new HashSkipListMemTableConfig().setBucketCount(1000).setHeight(6).setBranchingFactor(8));
        assertEquals("HashSkipListRepFactory", o.memTableFactoryName());
        putAndGet(o.setAllowConcurrentMemtableWrite(false));
        assertTrue(writtenFactory().contains("HashSkipListRepFactory"), writtenFactory());
    }

    @Test
    void badValuesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new SkipListMemTableConfig().setLookahead(-1));
        assertThrows(IllegalArgumentException.class, () -> new VectorMemTableConfig().setReservedSize(-1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new HashSkipListMemTableConfig().setBucketCount(0));
        assertEquals("bucketCount must be in [1, 100000000], was 0", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new HashSkipListMemTableConfig().setHeight(0));
        assertThrows(IllegalArgumentException.class, () -> new HashSkipListMemTableConfig().setBranchingFactor(1));
        assertThrows(IllegalArgumentException.class, () -> new Options().setMemTableConfig(null));
    }
}
