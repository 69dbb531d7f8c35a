package io.panrocks.jmh;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * The batch-and-forward benchmark, engine-neutral part (references
 * neither panrocks nor RocksJava): the log's data, the frame format, the
 * output channel and the check of what a side wrote.
 *
 * <p>The log: records 0 .. n-1, key = the offset as 8 bytes big-endian (what
 * {@code io.panrocks.RecordLog} writes), byte j of value i = (i*31 + j) &amp; 0xff,
 * in a column family of its own next to the commits family (RecordLog's two
 * families), 1 GiB block cache, no compression, flushed and compacted, every
 * record read once. One operation forwards {@link #RECORDS_PER_OP}
 * consecutive records from a random offset to a channel as frames
 * [int keyLength][int valueLength][key][value] (big-endian), the format of
 * {@code RecordBatch.writeRecordsTo}. The channel is a file in /dev/shm
 * (tmpfs; the kernel copies every byte, nothing reaches a disk), opened once
 * per trial and rewound to 0 before each operation, so the file stays one
 * operation long.
 */
@State(Scope.Benchmark)
public abstract class ForwardParams {
    public static final int RECORDS_PER_OP = 1000;
    public static final int KEY_BYTES = 8;
    public static final int FRAME_HEADER = 8;
    public static final String LOG_NAME = "log";
    /** data per log (records x value size) aimed at when records is 0 */
    static final long DATA_BUDGET = 128L << 20;
    static final int MIN_RECORDS = 4 * RECORDS_PER_OP;
    static final int MAX_RECORDS = 100_000;

    /** Bytes per record value. */
    @Param({"100", "4096", "65536"})
    public int valueSize;

    /**
     * Records in the log; 0 = about 128 MiB of values, at least 4000 and at most
     * 100000 records (100 B: 100000, 4 KiB: 32768, 64 KiB: 4000).
     */
    @Param({"0"})
    public int records;

    /**
     * Where the frames go. "tmpfs": a file in /dev/shm, the kernel copies
     * every byte (what a socket costs too; the same for both sides, so it
     * bounds any ratio). "devnull": /dev/null, which takes the bytes without
     * touching them, so only what the binding itself costs remains. The
     * output is verified byte for byte on tmpfs in setup either way.
     */
    @Param({"tmpfs", "devnull"})
    public String sink;

    Path file;
    FileChannel channel;
    private Path outDir;

    public int recordCount() {
        if (records > 0) {
            if (records < RECORDS_PER_OP) throw new IllegalArgumentException("records must be >= " + RECORDS_PER_OP);
            return records;
        }
        long n = DATA_BUDGET / valueSize;
        return (int) Math.max(MIN_RECORDS, Math.min(MAX_RECORDS, n));
    }

    /** The 256 distinct values (value i depends only on (i*31) &amp; 0xff). */
    byte[][] distinctValues() {
        byte[][] v = new byte[256][];
        for (int i = 0; i < 256; i++) {
            byte[] b = new byte[valueSize];
            fillValue(i, b);
            v[(i * 31) & 0xff] = b;
        }
        return v;
    }

    void fillValue(long offset, byte[] out) {
        int start = (int) ((offset * 31) & 0xff);
        for (int j = 0; j < valueSize; j++) out[j] = (byte) (start + j);
    }

    public static byte[] key(long offset) {
        return ByteBuffer.allocate(KEY_BYTES).putLong(offset).array();
    }

    /** Bytes one operation writes. */
    public long bytesPerOp() {
        return (long) RECORDS_PER_OP * (FRAME_HEADER + KEY_BYTES + valueSize);
    }

    /** Each measuring thread's own generator of start offsets. */
    @State(Scope.Thread)
    public static class Starts {
        Rng rng;

        @Setup(Level.Trial)
        public void setUp() {
            rng = new Rng();
        }
    }

    /** A random start offset: the op's 1000 records are always inside the log. */
    int randomStart(Rng rng) {
        return rng.below(recordCount() - RECORDS_PER_OP + 1);
    }

    /** Opens the output file (in /dev/shm when there is one). */
    void openChannel() {
        try {
            Path shm = Path.of("/dev/shm");
            outDir = Files.isDirectory(shm) && Files.isWritable(shm)
                    ? Files.createTempDirectory(shm, "panrocks-jmh-forward-")
                    : DataSpec.tempDir();
            file = outDir.resolve("forward.out");
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** After setup's verification: measure with the sink asked for. */
    void useSink() {
        if (!sink.equals("devnull")) return;
        try {
            channel.close();
            channel = FileChannel.open(Path.of("/dev/null"), StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void closeChannel() {
        try {
            if (channel != null) channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            DataSpec.deleteTree(outDir);
        }
    }

    /**
     * Checks that the channel's first {@code written} bytes are exactly the frames of
     * records start .. start+999 (computed here, independently of either engine), and
     * returns their CRC-32 (printed by both sides, so their logs can be compared too).
     */
    long verifyOutput(long start, long written) {
        DataSpec.check(written == bytesPerOp(), "forwarded " + written + " bytes, expected " + bytesPerOp());
        try {
            DataSpec.check(channel.position() == written, "channel position " + channel.position()
                    + " after writing " + written + " bytes");
            int frame = FRAME_HEADER + KEY_BYTES + valueSize;
            ByteBuffer got = ByteBuffer.allocate(frame);
            byte[] expected = new byte[frame];
            byte[] value = new byte[valueSize];
            CRC32 crc = new CRC32();
            long at = 0;
            for (long offset = start; offset < start + RECORDS_PER_OP; offset++) {
                got.clear();
                while (got.hasRemaining()) {
                    int n = channel.read(got, at + got.position());
                    if (n < 0) throw new IllegalStateException("output ends early at offset " + offset);
                }
                ByteBuffer e = ByteBuffer.wrap(expected);
                fillValue(offset, value);
                e.putInt(KEY_BYTES).putInt(valueSize).putLong(offset).put(value);
                if (!Arrays.equals(got.array(), expected)) {
                    throw new IllegalStateException("the frame of record " + offset + " differs from the expected bytes");
                }
                crc.update(expected);
                at += frame;
            }
            return crc.getValue();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Prints the check (goes to the JMH log). */
    void report(String side, long start, long crc) {
        System.out.printf("# forward check %s: records [%d, %d) of %d, %d B values: %d bytes, CRC-32 %08x, "
                + "equal to the expected frames%n", side, start, start + RECORDS_PER_OP, recordCount(), valueSize,
                bytesPerOp(), crc);
    }
}
