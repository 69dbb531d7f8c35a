package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * RocksJava's family-level shapes of issue 23: {@code ColumnFamilyHandle.getDescriptor},
 * {@code SstPartitionerFixedPrefixFactory} (output files split where the prefix
 * changes) and {@code HashLinkedListMemTableConfig}, on the real engine.
 */
class FamilyShapesTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();

    // ---- getDescriptor ----------------------------------------------------------------

    @Test
    void getDescriptorHasTheNameAndTheRunningOptions() throws Exception {
        try (RocksDB db = fixture.db()) {
            ColumnFamilyDescriptor d = db.getDefaultColumnFamily().getDescriptor();
            assertArrayEquals(RocksDB.DEFAULT_COLUMN_FAMILY, d.getName());
            ColumnFamilyHandle family = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("family"),
                    new ColumnFamilyOptions().setWriteBufferSize(8 << 20).setNumLevels(5)));
            d = family.getDescriptor();
            assertArrayEquals(bytes("family"), d.getName());
            assertEquals(8 << 20, d.getOptions().writeBufferSize());
            assertEquals(5, d.getOptions().numLevels());
            db.setOptions(family, MutableColumnFamilyOptions.builder().setWriteBufferSize(16 << 20).build());
            assertEquals(16 << 20, family.getDescriptor().getOptions().writeBufferSize(), "changes since the open");
            // the descriptor's options make a family like it
            ColumnFamilyHandle copy = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("copy"), d.getOptions()));
            assertEquals(5, copy.getDescriptor().getOptions().numLevels());
            db.dropColumnFamily(family);
            assertArrayEquals(bytes("family"), family.getDescriptor().getName(), "a dropped family's open handle");
            family.close();
            assertThrows(IllegalStateException.class, family::getDescriptor);
        }
    }

    // ---- SST partitioner --------------------------------------------------------------------

    @Test
    void aFixedPrefixPartitionerSplitsTheOutputWhereThePrefixChanges() throws Exception {
        try (SstPartitionerFixedPrefixFactory factory = new SstPartitionerFixedPrefixFactory(4)) {
            assertEquals(4, factory.prefixLength());
            ColumnFamilyOptions cf = new ColumnFamilyOptions().setSstPartitionerFactory(factory);
            assertEquals(factory, cf.sstPartitionerFactory());
            assertNotSame(factory, cf.sstPartitionerFactory());
            assertNull(new ColumnFamilyOptions().sstPartitionerFactory());
            try (RocksDB db = fixture.db()) {
                ColumnFamilyHandle split = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("split"), cf));
                ColumnFamilyHandle whole = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("whole")));
                for (ColumnFamilyHandle h : List.of(split, whole)) {
                    for (String k : List.of("aaaa1", "bbbb1", "bbbb2", "cccc")) db.put(h, bytes(k), bytes("v"));
                    db.flush(h);
                    for (String k : List.of("aaaa0", "aaaa2", "cc")) db.put(h, bytes(k), bytes("w"));
                    db.flush(h);
                    db.compactRange(h);
                }
                List<String> ranges = new ArrayList<>();
                int wholeFiles = 0;
                for (LiveFileMetaData f : db.getLiveFilesMetaData()) {
                    String family = new String(f.columnFamilyName());
                    if (family.equals("split")) ranges.add(string(f.smallestKey()) + ".." + string(f.largestKey()));
                    if (family.equals("whole")) wholeFiles++;
                }
                ranges.sort(null);
                // "cc" is its own (short) prefix, "cccc" another
                assertEquals(List.of("aaaa0..aaaa2", "bbbb1..bbbb2", "cc..cc", "cccc..cccc"), ranges);
                assertEquals(1, wholeFiles, "without a partitioner: one file");
                assertArrayEquals(bytes("w"), db.get(split, bytes("aaaa2")));
            }
        }
        assertThrows(IllegalArgumentException.class, () -> new SstPartitionerFixedPrefixFactory(-1));
        assertThrows(IllegalArgumentException.class, () -> new Options().setSstPartitionerFactory(null));
    }

    @Test
    void anOptionsObjectCarriesThePartitionerToTheDefaultFamily() throws Exception {
        try (Options o = new Options().setCreateIfMissing(true).setSstPartitionerFactory(new SstPartitionerFixedPrefixFactory(1));
             RocksDB db = fixture.open(o)) {
            db.put(bytes("a1"), bytes("1"));
            db.put(bytes("b1"), bytes("2"));
            db.flush();
            assertEquals(1, db.getLiveFilesMetaData().size(), "RocksDB's flush does not partition");
            db.put(bytes("a2"), bytes("3"));
            db.put(bytes("b2"), bytes("4"));
            db.flush();
            db.compactRange();
            assertEquals(2, db.getLiveFilesMetaData().size(), "a compaction does");
            assertEquals("SstPartitionerFixedPrefixFactory",
                    OptionGettersAndSettersTest.optionsFile(fixture.dir()).get(OptionGettersAndSettersTest.CF)
                            .get("sst_partitioner_factory").replaceAll(".*id=([A-Za-z]+).*", "$1"));
        }
    }

    // ---- HashLinkedListMemTableConfig -------------------------------------------------------

    @Test
    void hashLinkedListMemtableWithAPrefixExtractor() throws Exception {
        HashLinkedListMemTableConfig config = new HashLinkedListMemTableConfig();
        assertEquals(50_000, config.bucketCount());
        assertEquals(0, config.hugePageTlbSize());
        assertEquals(4096, config.bucketEntriesLoggingThreshold());
        assertTrue(config.ifLogBucketDistWhenFlush());
        assertEquals(256, config.thresholdUseSkiplist());
        config.setBucketCount(1000).setThresholdUseSkiplist(3).setBucketEntriesLoggingThreshold(200)
                .setIfLogBucketDistWhenFlush(false).setHugePageTlbSize(0);
        Options o = new Options().setCreateIfMissing(true).useFixedLengthPrefixExtractor(3).setMemTableConfig(config);
        assertEquals("HashLinkedListRepFactory", o.memTableFactoryName()); // RocksJava's spelling of RocksDB's HashLinkListRepFactory
        RocksDBException refused = assertThrows(RocksDBException.class, () -> RocksDB.open(o, fixture.dir()).close());
        assertEquals(Status.Code.InvalidArgument, refused.getStatus().getCode(), refused.getMessage());
        try (RocksDB db = fixture.open(o.setAllowConcurrentMemtableWrite(false))) {
            // more entries per bucket than the threshold: buckets turn into skip lists
            for (int i = 0; i < 50; i++) db.put(bytes("pre" + i), bytes("v" + i));
            for (int i = 0; i < 50; i++) assertEquals("v" + i, string(db.get(bytes("pre" + i))));
            List<String> seen = new ArrayList<>();
            try (RocksIterator it = db.newIterator()) {
                for (it.seek(bytes("pre")); it.isValid(); it.next()) seen.add(string(it.keyBytes()));
            }
            assertEquals(50, seen.size());
            db.flush();
            assertEquals("v7", string(db.get(bytes("pre7"))));
        }
        assertTrue(OptionGettersAndSettersTest.optionsFile(fixture.dir()).get(OptionGettersAndSettersTest.CF).get("memtable_factory")
                .contains("HashLinkListRepFactory"));
        assertThrows(IllegalArgumentException.class, () -> new HashLinkedListMemTableConfig().setBucketCount(0));
        assertThrows(IllegalArgumentException.class, () -> new HashLinkedListMemTableConfig().setHugePageTlbSize(-1));
        assertThrows(IllegalArgumentException.class, () -> new HashLinkedListMemTableConfig().setThresholdUseSkiplist(-1));
    }
}
