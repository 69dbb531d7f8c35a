package io.panrocks;

import io.panrocks.internal.options.OptionDefaults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * RocksJava's comparator and compression option types: the built-in orders
 * and the Java bytewise comparator reach the engine (the order of an
 * iterator, the name in the OPTIONS file, the check at the next open), and
 * CompressionOptions reach the OPTIONS file and come back from the getter.
 */
class ComparatorAndCompressionOptionsTest {
    @TempDir
    Path dir;

    private static Map<String, String> family(Path dir) throws Exception {
        return OptionGettersAndSettersTest.optionsFile(dir).get(OptionGettersAndSettersTest.CF);
    }

    private static String firstKey(RocksDB db) {
        try (RocksIterator it = db.newIterator()) {
            it.seekToFirst();
            return string(it.keyBytes());
        }
    }

    @Test
    void reverseBytewiseOrdersInTheEngineAndIsPersisted() throws Exception {
        try (Options o = new Options().setCreateIfMissing(true).setComparator(BuiltinComparator.REVERSE_BYTEWISE_COMPARATOR);
             RocksDB db = RocksDB.open(o, dir.toString())) {
            db.put(bytes("a"), bytes("1"));
            db.put(bytes("b"), bytes("2"));
            assertEquals("b", firstKey(db));
        }
        assertEquals("rocksdb.ReverseBytewiseComparator", family(dir).get("comparator"));
        // RocksDB refuses to open it in another order
        try (Options o = new Options()) {
            RocksDBException e = assertThrows(RocksDBException.class, () -> RocksDB.open(o, dir.toString()).close());
            assertEquals(Status.Code.InvalidArgument, e.getStatus().getCode());
            assertTrue(e.getMessage().contains("rocksdb.ReverseBytewiseComparator"), e.getMessage());
        }
        try (Options o = new Options().setComparator(BuiltinComparator.REVERSE_BYTEWISE_COMPARATOR);
             RocksDB db = RocksDB.open(o, dir.toString())) {
            assertEquals("b", firstKey(db));
        }
    }

    @Test
    void aBuiltinComparatorReplacesAJavaOneAndTheOtherWayRound() {
        ColumnFamilyOptions o = new ColumnFamilyOptions();
        BytewiseComparator java = new BytewiseComparator(new ComparatorOptions());
        o.setComparator(java);
        assertSame(java, o.comparator());
        o.setComparator(BuiltinComparator.BYTEWISE_COMPARATOR);
        assertNull(o.comparator());
        assertEquals("leveldb.BytewiseComparator", o.rawColumnFamilyOption("comparator"));
        o.setComparator(java);
        assertNull(o.rawColumnFamilyOption("comparator"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> o.setComparator((BuiltinComparator) null));
        assertEquals("comparator must not be null", e.getMessage());
    }

    @Test
    void theJavaBytewiseComparatorRunsUnderRocksJavasName() throws Exception {
        try (ComparatorOptions co = new ComparatorOptions(); BytewiseComparator c = new BytewiseComparator(co);
             Options o = new Options().setCreateIfMissing(true).setComparator(c);
             RocksDB db = RocksDB.open(o, dir.toString())) {
            db.put(bytes("b"), bytes("2"));
            db.put(bytes("a"), bytes("1"));
            db.put(bytes("ab"), bytes("3"));
            db.flush(new FlushOptions());
            try (RocksIterator it = db.newIterator()) {
                StringBuilder order = new StringBuilder();
                for (it.seekToFirst(); it.isValid(); it.next()) order.append(string(it.keyBytes())).append(' ');
                assertEquals("a ab b ", order.toString());
            }
        }
        assertEquals("rocksdb.java.BytewiseComparator", family(dir).get("comparator"));
        assertThrows(IllegalArgumentException.class, () -> new BytewiseComparator(null));
    }

    @Test
    void comparatorOptionsAreKeptAsValues() {
        ComparatorOptions o = new ComparatorOptions();
        assertEquals(ReusedSynchronisationType.ADAPTIVE_MUTEX, o.reusedSynchronisationType());
        assertTrue(o.useDirectBuffer());
        assertEquals(64, o.maxReusedBufferSize());
        o.setReusedSynchronisationType(ReusedSynchronisationType.THREAD_LOCAL).setUseDirectBuffer(false).setMaxReusedBufferSize(-1);
        assertEquals(ReusedSynchronisationType.THREAD_LOCAL, o.reusedSynchronisationType());
        assertFalse(o.useDirectBuffer());
        assertEquals(-1, o.maxReusedBufferSize());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> o.setMaxReusedBufferSize(-2));
        assertEquals("maxReusedBufferSize must be >= -1, was -2", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> o.setReusedSynchronisationType(null));
    }

    @Test
    void compressionOptionsReachTheOptionsFile() throws Exception {
        CompressionOptions c = new CompressionOptions().setWindowBits(-13).setLevel(5).setStrategy(2).setMaxDictBytes(16384)
                .setZStdMaxTrainBytes(65536).setMaxDictBufferBytes(1 << 20).setUseZstdDictTrainer(false);
        CompressionOptions bottom = new CompressionOptions().setLevel(19).setEnabled(true);
        try (Options o = new Options().setCreateIfMissing(true).setCompressionType(CompressionType.ZSTD_COMPRESSION)
                .setCompressionOptions(c).setBottommostCompressionOptions(bottom);
             RocksDB db = RocksDB.open(o, dir.toString())) {
            db.put(bytes("k"), bytes("v".repeat(1000)));
            db.flush(new FlushOptions());
            assertEquals("v".repeat(1000), string(db.get(bytes("k"))));
            CompressionOptions back = o.compressionOptions();
            assertEquals(-13, back.windowBits());
            assertEquals(5, back.level());
            assertEquals(16384, back.maxDictBytes());
            assertFalse(back.useZstdDictTrainer());
        }
        Map<String, String> written = OptionDefaults.parse(strip(family(dir).get("compression_opts")));
        assertEquals("-13", written.get("window_bits"));
        assertEquals("5", written.get("level"));
        assertEquals("2", written.get("strategy"));
        assertEquals("16384", written.get("max_dict_bytes"));
        assertEquals("65536", written.get("zstd_max_train_bytes"));
        assertEquals("1048576", written.get("max_dict_buffer_bytes"));
        assertEquals("false", written.get("use_zstd_dict_trainer"));
        Map<String, String> bottomWritten = OptionDefaults.parse(strip(family(dir).get("bottommost_compression_opts")));
        assertEquals("19", bottomWritten.get("level"));
        assertEquals("true", bottomWritten.get("enabled"));
    }

    @Test
    void compressionOptionsDefaultToTheEnginesAndRefuseBadValues() {
        CompressionOptions d = new ColumnFamilyOptions().compressionOptions();
        assertEquals(-14, d.windowBits());
        assertEquals(32767, d.level());
        assertEquals(0, d.maxDictBytes());
        assertFalse(new ColumnFamilyOptions().bottommostCompressionOptions().enabled());
        CompressionOptions c = new CompressionOptions();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> c.setWindowBits(0));
        assertEquals("windowBits must be in [-15, -8] or [8, 15], was 0", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> c.setStrategy(5));
        assertThrows(IllegalArgumentException.class, () -> c.setMaxDictBytes(-1));
        assertThrows(IllegalArgumentException.class, () -> c.setZStdMaxTrainBytes(-1));
        assertThrows(IllegalArgumentException.class, () -> new Options().setCompressionOptions(null));
    }

    private static String strip(String nested) {
        return nested.startsWith("{") && nested.endsWith("}") ? nested.substring(1, nested.length() - 1) : nested;
    }
}
