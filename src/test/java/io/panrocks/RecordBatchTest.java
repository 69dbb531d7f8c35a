package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.DataInputStream;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.randomBytes;
import static org.junit.jupiter.api.Assertions.*;

class RecordBatchTest {
    final List<ColumnFamilyHandle> handles = new ArrayList<>();
    @RegisterExtension
    final OpenDbExtension fixture = OpenDbExtension.opening(dir -> {
        List<ColumnFamilyDescriptor> families = new ArrayList<>();
        families.add(new ColumnFamilyDescriptor(bytes("default")));
        families.addAll(RecordLog.columnFamilies("events"));
        return RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true), dir,
                families, handles);
    });
    RocksDB db;
    ColumnFamilyHandle records, commits;
    RecordLog log;

    @BeforeEach
    void open(RocksDB db) throws RocksDBException {
        this.db = db;
        records = handles.get(1);
        commits = handles.get(2);
        log = new RecordLog(db, records, commits);
    }

    static byte[] payload(long offset) {
        return randomBytes(offset, (int) (offset % 7 == 0 ? 5000 + offset : 10 + offset % 300));
    }

    @Test
    void batchesRespectRecordAndByteBudgets() throws RocksDBException {
        for (int i = 0; i < 1000; i++) log.append(payload(i));
        db.flush(records);
        try (LogConsumer consumer = log.consumer("budget")) {
            long expected = 0;
            while (true) {
                try (RecordBatch batch = consumer.poll(37, 20_000)) {
                    if (batch.isEmpty()) break;
                    assertTrue(batch.size() <= 37);
                    assertTrue(batch.size() == 1 || batch.byteSize() <= 20_000, batch.toString());
                    long sum = 0;
                    for (int i = 0; i < batch.size(); i++) {
                        assertEquals(expected, batch.keyAsLong(i));
                        assertArrayEquals(payload(expected), batch.value(i).toArray(ValueLayout.JAVA_BYTE));
                        sum += 8 + batch.value(i).byteSize();
                        expected++;
                    }
                    assertEquals(sum, batch.byteSize());
                }
            }
            assertEquals(1000, expected);
            assertEquals(1000, consumer.position());
        }
        // a record bigger than the byte budget still comes, alone
        long big = log.append(randomBytes(9, 100_000));
        try (LogConsumer consumer = log.consumer("big")) {
            consumer.seek(big);
            try (RecordBatch batch = consumer.poll(10, 1000)) {
                assertEquals(1, batch.size());
                assertEquals(100_000, batch.value(0).byteSize());
            }
        }
    }

    @Test
    void viewsThrowAfterCloseAndBatchesMayChangeThreads() throws Exception {
        for (int i = 0; i < 10; i++) log.append(payload(i));
        RecordBatch batch = log.consumer("g").poll(10, 1 << 20);
        MemorySegment value = batch.value(3);
        assertTrue(value.isReadOnly());
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                assertArrayEquals(payload(3), value.toArray(ValueLayout.JAVA_BYTE), "readable from another thread");
                batch.close(); // and closable there
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        other.start();
        other.join();
        assertNull(failure.get());
        assertFalse(batch.isOpen());
        assertThrows(IllegalStateException.class, () -> value.get(ValueLayout.JAVA_BYTE, 0));
        assertThrows(IllegalStateException.class, () -> batch.value(0));
        batch.close();
    }

    @Test
    void pinnedValuesStayWhileTheLogMovesOn() throws RocksDBException {
        for (int i = 0; i < 500; i++) log.append(payload(i));
        db.flush(records);
        try (RecordBatch batch = log.consumer("g").poll(500, 1 << 30)) {
            for (int i = 500; i < 3000; i++) log.append(payload(i));
            db.deleteRange(records, RecordLog.key(0), RecordLog.key(400));
            db.flush(records);
            db.compactRange(records);
            for (int i = 0; i < batch.size(); i++) {
                assertArrayEquals(payload(i), batch.value(i).toArray(ValueLayout.JAVA_BYTE), "record " + i);
            }
        }
    }

    @Test
    void cursorOverARangeWithAMergeOperatorCopiesMergedValues() throws RocksDBException {
        ColumnFamilyHandle merged = db.createColumnFamily(new ColumnFamilyDescriptor(bytes("merged"),
                new ColumnFamilyOptions().setMergeOperatorName("stringappend")));
        for (int i = 0; i < 100; i++) {
            db.put(merged, bytes(String.format("k%03d", i)), bytes("a"));
            db.merge(merged, bytes(String.format("k%03d", i)), bytes("b" + i));
        }
        RecordCursor cursor = db.newRecordCursor(merged, new ReadOptions()
                .setIterateLowerBound(bytes("k010")).setIterateUpperBound(bytes("k090")));
        int seen = 0;
        for (RecordBatch b = cursor.next(7, 1 << 20); !b.isEmpty(); b = cursor.next(7, 1 << 20)) {
            try (RecordBatch batch = b) {
                for (int i = 0; i < batch.size(); i++) {
                    int k = 10 + seen++;
                    assertEquals(String.format("k%03d", k), new String(batch.key(i).toArray(ValueLayout.JAVA_BYTE)));
                    assertEquals("a,b" + k, new String(batch.value(i).toArray(ValueLayout.JAVA_BYTE)));
                }
            }
        }
        assertEquals(80, seen);
        cursor.seek(bytes("k050"));
        try (RecordBatch batch = cursor.next(1, 1)) {
            assertEquals("k050", new String(batch.key(0).toArray(ValueLayout.JAVA_BYTE)));
        }
    }

    /**
     * Values kept in blob files are read into the engine's iterator per
     * entry, into a buffer it reuses at the next step: a batch must copy
     * them, never hand out views of that buffer. Every record of a batch
     * reads back its own value, with blob files in the family's options,
     * and after a reopen without them (the values stay in the blob files;
     * before the fix, records read other records' bytes there).
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "reopened without blob options: {0}")
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void cursorOverBlobFilesCopiesTheirValues(boolean reopened, @org.junit.jupiter.api.io.TempDir Path dir)
            throws RocksDBException {
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        DBOptions options = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
        RocksDB blobDb = RocksDB.open(options, dir, List.of(new ColumnFamilyDescriptor(bytes("default")),
                new ColumnFamilyDescriptor(bytes("blobs"), new ColumnFamilyOptions().setEnableBlobFiles(true)
                        .setMinBlobSize(0))), handles);
        ColumnFamilyHandle blobs = handles.get(1);
        for (int i = 0; i < 2000; i++) blobDb.put(blobs, bytes(String.format("k%04d", i)), payload(i));
        blobDb.flush(blobs);
        if (reopened) {
            blobDb.close();
            handles.clear();
            blobDb = RocksDB.open(options, dir, List.of(new ColumnFamilyDescriptor(bytes("default")),
                    new ColumnFamilyDescriptor(bytes("blobs"))), handles);
            blobs = handles.get(1);
        }
        try (RocksDB closing = blobDb) {
            for (int i = 2000; i < 2020; i++) closing.put(blobs, bytes(String.format("k%04d", i)), payload(i)); // memtable
            readEveryRecord(closing.newRecordCursor(blobs, new ReadOptions().setFillCache(false)), 2020);
        }
    }

    private static void readEveryRecord(RecordCursor cursor, int expected) throws RocksDBException {
        int seen = 0;
        for (RecordBatch b = cursor.next(500, 4 << 20); !b.isEmpty(); b = cursor.next(500, 4 << 20)) {
            try (RecordBatch batch = b) {
                for (int i = 0; i < batch.size(); i++) {
                    int k = seen++;
                    assertEquals(String.format("k%04d", k), new String(batch.key(i).toArray(ValueLayout.JAVA_BYTE)));
                    assertArrayEquals(payload(k), batch.value(i).toArray(ValueLayout.JAVA_BYTE), "record " + k);
                }
            }
        }
        assertEquals(expected, seen);
    }

    @Test
    void concurrentProducerAndConsumer() throws Exception {
        int total = 20_000;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread producer = new Thread(() -> {
            try {
                for (int i = 0; i < total;) {
                    if (i % 3 == 0) {
                        List<byte[]> values = new ArrayList<>();
                        for (int j = 0; j < 10 && i < total; j++) values.add(payload(i++));
                        log.appendAll(values);
                    } else {
                        log.append(payload(i++));
                    }
                }
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        producer.start();
        long expected = 0;
        try (LogConsumer consumer = log.consumer("live")) {
            long deadline = System.currentTimeMillis() + 60_000;
            while (expected < total && System.currentTimeMillis() < deadline) {
                try (RecordBatch batch = consumer.poll(500, 1 << 20)) {
                    for (int i = 0; i < batch.size(); i++) {
                        assertEquals(expected, batch.keyAsLong(i), "no gap, no duplicate");
                        assertArrayEquals(payload(expected), batch.value(i).toArray(ValueLayout.JAVA_BYTE));
                        expected++;
                    }
                    if (!batch.isEmpty()) consumer.commit();
                }
            }
            assertEquals(total - 1, consumer.committed());
        }
        producer.join();
        assertNull(failure.get());
        assertEquals(total, expected);
        assertEquals(total, log.endOffset());
        try (LogConsumer again = log.consumer("live")) {
            assertEquals(total, again.position(), "resumes after the last commit");
            assertTrue(again.poll(10, 1000).isEmpty());
        }
    }

    @Test
    void valuesAndFramedRecordsReachAFileChannelIdentical() throws Exception {
        for (int i = 0; i < 300; i++) log.append(payload(i));
        db.flush(records);
        Path values = fixture.dir().resolve("values.bin"), framed = fixture.dir().resolve("framed.bin");
        try (RecordBatch batch = log.consumer("file").poll(1000, 1 << 30);
             FileChannel v = FileChannel.open(values, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileChannel f = FileChannel.open(framed, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            assertEquals(300, batch.size());
            long expectedValues = 0;
            for (int i = 0; i < 300; i++) expectedValues += payload(i).length;
            assertEquals(expectedValues, batch.writeValuesTo(v));
            assertEquals(expectedValues + 300 * (8 + 8), batch.writeRecordsTo(f));
        }
        ByteBuffer all = ByteBuffer.wrap(Files.readAllBytes(values));
        for (int i = 0; i < 300; i++) {
            byte[] got = new byte[payload(i).length];
            all.get(got);
            assertArrayEquals(payload(i), got);
        }
        assertFalse(all.hasRemaining());
        try (DataInputStream in = new DataInputStream(Files.newInputStream(framed))) {
            for (int i = 0; i < 300; i++) checkFrame(in, i);
            assertEquals(-1, in.read());
        }
    }

    @Test
    void framedRecordsOverALoopbackSocketArriveIdentical() throws Exception {
        int total = 3000;
        for (int i = 0; i < total; i++) log.append(payload(i));
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            AtomicReference<Throwable> failure = new AtomicReference<>();
            CountDownLatch received = new CountDownLatch(1);
            Thread receiver = new Thread(() -> {
                try (SocketChannel s = server.accept();
                     DataInputStream in = new DataInputStream(Channels.newInputStream(s))) {
                    for (int i = 0; i < total; i++) checkFrame(in, i);
                    received.countDown();
                } catch (Throwable t) {
                    failure.set(t);
                }
            });
            receiver.start();
            try (SocketChannel out = SocketChannel.open(server.getLocalAddress());
                 LogConsumer consumer = log.consumer("socket")) {
                long sent = 0;
                while (sent < total) {
                    try (RecordBatch batch = consumer.poll(256, 256 * 1024)) {
                        batch.writeRecordsTo(out);
                        sent += batch.size();
                        consumer.commit();
                    }
                }
            }
            receiver.join(60_000);
            assertNull(failure.get());
            assertEquals(0, received.getCount());
        }
    }

    @Test
    void closingTheDbWhileABatchIsBeingWrittenWaitsForTheWrite() throws Exception {
        for (int i = 0; i < 64; i++) log.append(randomBytes(i, 1 << 20)); // 64 MiB, more than socket buffers hold
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            SocketChannel out = SocketChannel.open(server.getLocalAddress());
            SocketChannel in = server.accept();
            RecordBatch batch = log.consumer("slow").poll(64, 1L << 30);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread writer = new Thread(() -> {
                try (batch) {
                    batch.writeValuesTo(out); // blocks: nobody reads yet
                } catch (Throwable t) {
                    failure.set(t);
                }
            });
            writer.start();
            Thread.sleep(300);
            db.close(); // cannot invalidate a batch in the middle of a write: the engine stays open for it
            assertFalse(db.isOpen());
            ByteBuffer sink = ByteBuffer.allocateDirect(1 << 20);
            long drained = 0;
            while (drained < 64L << 20) {
                sink.clear();
                drained += in.read(sink);
            }
            writer.join(60_000);
            assertNull(failure.get());
            out.close();
            in.close();
        }
        open(fixture.reopen()); // the last release closed the engine: the lock is free
    }

    private static void checkFrame(DataInputStream in, long offset) throws IOException {
        int keyLength = in.readInt(), valueLength = in.readInt();
        assertEquals(8, keyLength);
        assertEquals(offset, in.readLong());
        byte[] value = new byte[valueLength];
        in.readFully(value);
        assertArrayEquals(payload(offset), value, "record " + offset);
    }

    /** A channel that says it took bytes it never consumed cannot keep a write (and the batch) busy forever. */
    @Test
    void aChannelThatLiesAboutProgressEndsTheWrite() throws Exception {
        for (int i = 0; i < 20; i++) log.append(payload(i));
        try (LogConsumer consumer = log.consumer("liar"); RecordBatch batch = consumer.poll(20, 1 << 20)) {
            assertEquals(20, batch.size());
            java.nio.channels.WritableByteChannel liar = new java.nio.channels.WritableByteChannel() {
                public int write(ByteBuffer src) {
                    return src.remaining(); // claims everything, takes nothing
                }

                public boolean isOpen() {
                    return true;
                }

                public void close() {
                }
            };
            IOException e = assertThrows(IOException.class, () -> batch.writeRecordsTo(liar));
            assertTrue(e.getMessage().contains("accepted no bytes"), e.getMessage());
            assertTrue(batch.isOpen(), "the batch is still there to retry or close");
        }
    }
}
