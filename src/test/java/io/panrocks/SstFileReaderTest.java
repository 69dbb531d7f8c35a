package io.panrocks;

import io.panrocks.fork.SstReaderLifetimes;
import io.panrocks.testkit.ForkedJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.*;

/**
 * SstFileReader and its iterator on the real engine: what a written file
 * holds, seeks in both directions, the copying and zero-copy forms, checksum
 * verification of a damaged file, the table properties, and misuse (no file
 * open, closed reader, other threads, closing the reader before its
 * iterators: in a child JVM, where a crash would show).
 */
class SstFileReaderTest {

    private static String key(int i) {
        return String.format("k%04d", i);
    }

    /** An SST file of keys k0000..k(n-1) -> v&lt;i&gt;, and a deletion of "k9999". */
    static Path write(Path file, int n) throws RocksDBException {
        try (SstFileWriter writer = new SstFileWriter(new Options())) {
            writer.open(file);
            for (int i = 0; i < n; i++) writer.put(bytes(key(i)), bytes("v" + i));
            writer.delete(bytes("k9999"));
            writer.finish();
        }
        return file;
    }

    @Test
    void readsWhatTheWriterWrote(@TempDir Path dir) throws Exception {
        Path file = write(dir.resolve("a.sst"), 100);
        try (SstFileReader reader = new SstFileReader(new Options())) {
            reader.open(file.toString());
            reader.verifyChecksum();
            try (SstFileReaderIterator it = reader.newIterator(new ReadOptions())) {
                assertFalse(it.isValid(), "not positioned");
                List<String> keys = new ArrayList<>();
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    keys.add(new String(it.keyBytes()));
                    assertEquals("v" + (keys.size() - 1), new String(it.valueBytes()));
                }
                it.status();
                assertEquals(100, keys.size(), "the deletion hides its key");
                assertEquals(key(0), keys.get(0));
                assertEquals(key(99), keys.get(99));

                it.seekToLast();
                assertEquals(key(99), new String(it.keyBytes()));
                it.prev();
                assertEquals(key(98), new String(it.keyBytes()));
                it.seek(bytes("k0050x"));
                assertEquals(key(51), new String(it.keyBytes()));
                it.seekForPrev(bytes("k0050x"));
                assertEquals(key(50), new String(it.keyBytes()));
                it.seek(bytes("z"));
                assertFalse(it.isValid());
                it.next(); // on an invalid iterator: nothing happens
                assertFalse(it.isValid());
                assertThrows(IllegalStateException.class, it::keyBytes);

                // ByteBuffer forms: seeks move the target's position, reads fill from the position
                ByteBuffer target = ByteBuffer.allocateDirect(16).put(bytes(key(7))).flip();
                it.seek(target);
                assertEquals(target.limit(), target.position());
                ByteBuffer k = ByteBuffer.allocate(16);
                assertEquals(5, it.key(k));
                assertEquals(key(7), new String(k.array(), 0, k.limit()));
                ByteBuffer small = ByteBuffer.allocateDirect(1);
                assertEquals(2, it.value(small), "the full size");
                assertEquals(1, small.limit());
                assertEquals('v', small.get(0));
                it.seekForPrev(ByteBuffer.wrap(bytes("k0007z")).asReadOnlyBuffer());
                assertEquals(key(7), new String(it.keyBytes()));
                assertThrows(IllegalArgumentException.class, () -> it.key(ByteBuffer.allocate(4).asReadOnlyBuffer()));
                assertThrows(NullPointerException.class, () -> it.seek((byte[]) null));
                assertThrows(NullPointerException.class, () -> it.value((ByteBuffer) null));

                // zero-copy views die with the move
                MemorySegment view = it.key();
                assertEquals(key(7), new String(view.toArray(ValueLayout.JAVA_BYTE)));
                assertThrows(IllegalArgumentException.class, () -> view.set(ValueLayout.JAVA_BYTE, 0, (byte) 0), "read-only");
                it.next();
                assertThrows(IllegalStateException.class, () -> view.get(ValueLayout.JAVA_BYTE, 0));
                try (Arena arena = Arena.ofConfined()) {
                    it.seek(arena.allocateFrom(ValueLayout.JAVA_BYTE, bytes(key(3))));
                }
                assertEquals("v3", new String(it.value().toArray(ValueLayout.JAVA_BYTE)));
            }
        }
    }

    @Test
    void boundsOfTheReadOptionsApply(@TempDir Path dir) throws Exception {
        Path file = write(dir.resolve("b.sst"), 20);
        try (SstFileReader reader = new SstFileReader(new Options())) {
            reader.open(file);
            ReadOptions ro = new ReadOptions().setIterateLowerBound(bytes(key(5))).setIterateUpperBound(bytes(key(8)));
            try (SstFileReaderIterator it = reader.newIterator(ro)) {
                List<String> keys = new ArrayList<>();
                for (it.seekToFirst(); it.isValid(); it.next()) keys.add(new String(it.keyBytes()));
                assertEquals(List.of(key(5), key(6), key(7)), keys);
            }
        }
    }

    @Test
    void tablePropertiesDescribeTheFile(@TempDir Path dir) throws Exception {
        Path file = write(dir.resolve("c.sst"), 42);
        try (SstFileReader reader = new SstFileReader(new Options())) {
            reader.open(file);
            TableProperties p = reader.getTableProperties();
            assertEquals(43, p.getNumEntries());
            assertEquals(1, p.getNumDeletions());
            assertEquals(0, p.getNumMergeOperands());
            assertEquals("leveldb.BytewiseComparator", p.getComparatorName());
            assertTrue(p.getDataSize() > 0);
            assertEquals(42L * 5 + 5, p.getRawKeySize() - 43L * 8, "user keys plus 8 bytes of sequence and type each");
            // SstFileWriter marks the file's version in its user-collected properties
            assertTrue(p.getUserCollectedProperties().containsKey("rocksdb.external_sst_file.version"),
                    p.getUserCollectedProperties()::toString);
            assertEquals(p, reader.getTableProperties());
            assertEquals(p.hashCode(), reader.getTableProperties().hashCode());
        }
    }

    @Test
    void aDamagedFileFailsItsChecksum(@TempDir Path dir) throws Exception {
        Path file = write(dir.resolve("d.sst"), 2000);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(new byte[]{0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55}), 100);
        }
        try (SstFileReader reader = new SstFileReader(new Options())) {
            reader.open(file);
            RocksDBException e = assertThrows(RocksDBException.class, reader::verifyChecksum);
            assertEquals(Status.Code.Corruption, e.getStatus().code(), e.getMessage());
            try (SstFileReaderIterator it = reader.newIterator(new ReadOptions())) {
                it.seekToFirst();
                assertFalse(it.isValid());
                RocksDBException s = assertThrows(RocksDBException.class, it::status);
                assertEquals(Status.Code.Corruption, s.getStatus().code());
            }
        }
    }

    @Test
    void misuseGetsAClearException(@TempDir Path dir) throws Exception {
        Path file = write(dir.resolve("e.sst"), 5);
        SstFileReader reader = new SstFileReader(new Options());
        // no file open yet: RocksDB's reader would crash on these
        assertThrows(IllegalStateException.class, () -> reader.newIterator(new ReadOptions()));
        assertThrows(IllegalStateException.class, reader::verifyChecksum);
        assertThrows(IllegalStateException.class, reader::getTableProperties);
        RocksDBException missing = assertThrows(RocksDBException.class, () -> reader.open(dir.resolve("none.sst")));
        assertNotEquals(Status.Code.Ok, missing.getStatus().code());
        Files.writeString(dir.resolve("text.sst"), "not an sst file, long enough to have a footer? no".repeat(4));
        assertThrows(RocksDBException.class, () -> reader.open(dir.resolve("text.sst")));
        assertThrows(IllegalStateException.class, reader::getTableProperties, "a failed open leaves no file open");
        assertThrows(NullPointerException.class, () -> reader.open((String) null));
        assertThrows(IllegalArgumentException.class, () -> reader.open("a\0b"));
        assertThrows(NullPointerException.class, () -> reader.newIterator(null));

        reader.open(file);
        SstFileReaderIterator it = reader.newIterator(new ReadOptions());
        it.seekToFirst();
        // another file while an iterator reads this one: refused
        IllegalStateException busy = assertThrows(IllegalStateException.class, () -> reader.open(file));
        assertTrue(busy.getMessage().contains("iterator"), busy.getMessage());
        // another thread: refused, and the iterator stays usable
        ExecutionException other = assertThrows(ExecutionException.class,
                () -> CompletableFuture.runAsync(it::next).get());
        assertInstanceOf(WrongThreadException.class, other.getCause());
        assertThrows(ExecutionException.class, () -> CompletableFuture.runAsync(it::close).get());
        assertEquals(key(0), new String(it.keyBytes()));

        // closing the reader first: the iterator refuses, and closes
        MemorySegment view = it.value();
        reader.close();
        assertFalse(reader.isOwningHandle());
        IllegalStateException readerClosed = assertThrows(IllegalStateException.class, it::next);
        assertTrue(readerClosed.getMessage().contains("SstFileReader"), readerClosed.getMessage());
        assertThrows(IllegalStateException.class, it::keyBytes);
        assertEquals("v0", new String(view.toArray(ValueLayout.JAVA_BYTE)), "the reader's memory lives until its iterators go");
        it.close();
        it.close();
        assertThrows(IllegalStateException.class, () -> view.get(ValueLayout.JAVA_BYTE, 0));
        assertThrows(IllegalStateException.class, it::isValid);
        assertThrows(IllegalStateException.class, () -> reader.open(file));
        assertThrows(IllegalStateException.class, () -> reader.newIterator(new ReadOptions()));
        reader.close();

        // a Java comparator's order cannot be read here
        assertThrows(IllegalArgumentException.class,
                () -> new SstFileReader(new Options().setComparator(new ReverseBytewiseComparator(new ComparatorOptions()))));
        assertThrows(NullPointerException.class, () -> new SstFileReader(null));
    }

    @Test
    void reopeningAfterTheIteratorsClosedReadsTheNewFile(@TempDir Path dir) throws Exception {
        Path five = write(dir.resolve("five.sst"), 5), nine = write(dir.resolve("nine.sst"), 9);
        try (SstFileReader reader = new SstFileReader(new Options())) {
            reader.open(five);
            try (SstFileReaderIterator it = reader.newIterator(new ReadOptions())) {
                it.seekToLast();
                assertEquals(key(4), new String(it.keyBytes()));
            }
            reader.open(nine);
            assertEquals(10, reader.getTableProperties().getNumEntries());
            try (SstFileReaderIterator it = reader.newIterator(new ReadOptions())) {
                it.seekToLast();
                assertEquals(key(8), new String(it.keyBytes()));
            }
        }
    }

    /** Each order of closing, dropping and collecting a reader and its iterators, in a JVM of its own. */
    @ParameterizedTest
    @ValueSource(strings = {"reader-first", "dropped-both", "dropped-reader", "threads"})
    void closingOrDroppingInAnyOrderNeverCrashes(String scenario, @TempDir Path dir) throws Exception {
        Path file = write(dir.resolve("f.sst"), 1000);
        ForkedJvm.Result r = ForkedJvm.main(SstReaderLifetimes.class, scenario, file.toString()).heap("256m").run()
                .assertSuccess();
        assertTrue(r.stdout().contains("OK " + scenario), r::toString);
    }
}
