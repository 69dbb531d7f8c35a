package io.panrocks.tools.demo;

import io.panrocks.ColumnFamilyDescriptor;
import io.panrocks.ColumnFamilyHandle;
import io.panrocks.DBOptions;
import io.panrocks.LogConsumer;
import io.panrocks.RecordBatch;
import io.panrocks.RecordLog;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;

import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * panrocks streaming demo: a producer appends records to a log (a column
 * family), a consumer polls them as zero-copy batches and forwards them over
 * a loopback socket, and a receiver checks every byte. Run it with
 * scripts/demo.sh.
 */
public class StreamDemo {
    static final int RECORDS = 100_000;
    static final int VALUE_SIZE = 4096;

    public static void main(String[] args) throws Exception {
        Path base = Path.of(args.length > 0 ? args[0] : "demo-db").toAbsolutePath();
        Path path = base.resolveSibling(base.getFileName() + "-stream");
        System.out.println("panrocks streaming demo");
        System.out.println("  database " + path.toAbsolutePath());
        List<ColumnFamilyDescriptor> families = new ArrayList<>(List.of(new ColumnFamilyDescriptor("default".getBytes())));
        families.addAll(RecordLog.columnFamilies("events"));
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (RocksDB db = RocksDB.open(new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true),
                path, families, handles);
             ServerSocketChannel server = ServerSocketChannel.open()) {
            RecordLog log = new RecordLog(db, handles.get(1), handles.get(2));
            long firstOffset = log.endOffset();
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));

            AtomicLong receivedRecords = new AtomicLong(), receivedBytes = new AtomicLong(), mismatches = new AtomicLong();
            Thread receiver = new Thread(() -> receive(server, firstOffset, receivedRecords, receivedBytes, mismatches));
            receiver.start();

            Thread producer = new Thread(() -> {
                try {
                    List<byte[]> chunk = new ArrayList<>();
                    for (long i = 0; i < RECORDS; i++) {
                        chunk.add(payload(firstOffset + i));
                        if (chunk.size() == 100) {
                            log.appendAll(chunk);
                            chunk.clear();
                        }
                    }
                    if (!chunk.isEmpty()) log.appendAll(chunk);
                } catch (RocksDBException e) {
                    throw new IllegalStateException(e);
                }
            });
            long t0 = System.nanoTime();
            producer.start();

            long forwarded = 0, forwardedBytes = 0;
            try (SocketChannel out = SocketChannel.open(server.getLocalAddress());
                 LogConsumer consumer = log.consumer("demo")) {
                consumer.seek(firstOffset);
                while (forwarded < RECORDS) {
                    try (RecordBatch batch = consumer.poll(512, 4 << 20)) {
                        if (batch.isEmpty()) {
                            java.util.concurrent.locks.LockSupport.parkNanos(100_000); // caught up: let the producer run
                            continue;
                        }
                        forwardedBytes += batch.writeRecordsTo(out); // straight from RocksDB's blocks
                        forwarded += batch.size();
                        consumer.commit();
                    }
                }
            }
            producer.join();
            receiver.join();
            double seconds = (System.nanoTime() - t0) / 1e9;
            System.out.printf("  produced %,d records of %,d bytes, appended in batches of 100%n", RECORDS, VALUE_SIZE);
            System.out.printf("  forwarded %,d records (%,.1f MB) over loopback in %.2f s: %,.0f records/s, %,.1f MB/s%n",
                    forwarded, forwardedBytes / 1e6, seconds, forwarded / seconds, forwardedBytes / 1e6 / seconds);
            System.out.printf("  received %,d records, %,d mismatched%n", receivedRecords.get(), mismatches.get());
            if (receivedRecords.get() != RECORDS || mismatches.get() != 0) {
                System.out.println("stream demo FAILED");
                System.exit(1);
            }
        }
        System.out.println("stream demo OK");
    }

    static byte[] payload(long offset) {
        byte[] v = new byte[VALUE_SIZE];
        new Random(offset).nextBytes(v);
        return v;
    }

    /** Reads frames (key length, value length, key, value) and checks each against what was produced. */
    static void receive(ServerSocketChannel server, long firstOffset, AtomicLong records, AtomicLong bytes,
                        AtomicLong mismatches) {
        try (SocketChannel s = server.accept(); DataInputStream in = new DataInputStream(Channels.newInputStream(s))) {
            byte[] value = new byte[VALUE_SIZE];
            for (long i = 0; i < RECORDS; i++) {
                int keyLength = in.readInt(), valueLength = in.readInt();
                long offset = in.readLong();
                if (keyLength != 8 || valueLength != VALUE_SIZE || offset != firstOffset + i) mismatches.incrementAndGet();
                in.readFully(value, 0, Math.min(valueLength, VALUE_SIZE));
                if (!Arrays.equals(value, payload(offset))) mismatches.incrementAndGet();
                records.incrementAndGet();
                bytes.addAndGet(16 + valueLength);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
