package io.panrocks.safety;

import io.panrocks.MultiGet;
import io.panrocks.Options;
import io.panrocks.PinnedValue;
import io.panrocks.ReadOptions;
import io.panrocks.RecordBatch;
import io.panrocks.RecordCursor;
import io.panrocks.RocksDB;
import io.panrocks.RocksDBException;
import io.panrocks.RocksIterator;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static io.panrocks.safety.ProbeSupport.*;
import static io.panrocks.testkit.TestBytes.bytes;

/**
 * Issue 11, class 2: every view of RocksDB's memory is read-only and
 * scoped, the ByteBuffers a {@link RecordBatch} hands a channel included.
 * A channel that writes into them must be refused (read-only buffers), and
 * the DB's values stay as written through flush, compaction and reopen; a
 * channel that keeps one and reads it after the batch closed gets
 * {@link IllegalStateException}.
 */
final class BufferProbes {
    private BufferProbes() {
    }

    static final Probe.Catalog PROBES = new Probe.Catalog()
            // At b64ec9b (before the fix): writeValuesTo hands the channel writable ByteBuffers over the
            // memtable and the block cache; the channel's writes change the stored
            // values, and the change reaches the SST files (flush) and survives reopen.
            .add("channel-cannot-write-into-values", dir -> vandal(dir, false, false))
            .add("gathering-channel-cannot-write-into-records", dir -> vandal(dir, true, true))
            // At b64ec9b (before the fix): the kept buffers are unscoped: after the batch is closed they
            // still read (freed) memory: no IllegalStateException, and other bytes
            // or a SIGSEGV once the memory is reused.
            .add("kept-channel-buffer-dies-with-its-batch", dir -> keptBuffers(dir, false))
            .add("kept-channel-buffer-dies-with-its-batch-records", dir -> keptBuffers(dir, true))
            // At b64ec9b (before the fix): passes (every segment view is asReadOnly()).
            .add("every-view-and-its-bytebuffer-is-read-only", BufferProbes::everyViewIsReadOnly);

    static final int RECORDS = 400;

    static byte[] key(int i) {
        return bytes(String.format("rec-%05d", i));
    }

    static byte[] value(int i) {
        return valueOf("rec-" + i, i % 5 == 0 ? 9000 : 100 + i);
    }

    static RocksDB fill(Path dir) throws RocksDBException {
        RocksDB db = RocksDB.open(new Options().setCreateIfMissing(true), dir.resolve("db"));
        for (int i = 0; i < RECORDS; i++) db.put(key(i), value(i));
        return db;
    }

    /** Checks every stored value; returns how many differ from what was written. */
    static int damaged(RocksDB db) throws RocksDBException {
        int bad = 0;
        for (int i = 0; i < RECORDS; i++) {
            if (!java.util.Arrays.equals(value(i), db.get(key(i)))) bad++;
        }
        return bad;
    }

    /** A channel that tries to write into every buffer it is handed. */
    static class Vandal implements WritableByteChannel {
        int writable, refused;
        final List<ByteBuffer> kept = new ArrayList<>();
        final boolean keep;

        Vandal(boolean keep) {
            this.keep = keep;
        }

        @Override
        public int write(ByteBuffer src) {
            int n = src.remaining();
            if (keep) kept.add(src.duplicate());
            if (!keep && n > 0) {
                if (src.isReadOnly()) {
                    try {
                        src.put(src.position(), (byte) 0x5A);
                        writable++; // a read-only buffer that took a write
                    } catch (ReadOnlyBufferException expected) {
                        refused++;
                    }
                } else {
                    writable++;
                    for (int i = src.position(); i < src.limit(); i++) src.put(i, (byte) ~src.get(i));
                }
            }
            src.position(src.limit());
            return n;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }

    static final class GatheringVandal extends Vandal implements GatheringByteChannel {
        GatheringVandal(boolean keep) {
            super(keep);
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) {
            long n = 0;
            for (int i = offset; i < offset + length; i++) n += write(srcs[i]);
            return n;
        }

        @Override
        public long write(ByteBuffer[] srcs) {
            return write(srcs, 0, srcs.length);
        }
    }

    static long send(RecordBatch batch, Vandal channel, boolean framed) throws Exception {
        return framed ? batch.writeRecordsTo(channel) : batch.writeValuesTo(channel);
    }

    static String vandal(Path dir, boolean gathering, boolean framed) throws Exception {
        RocksDB db = fill(dir);
        Map<String, String> report = new TreeMap<>();
        for (String phase : List.of("memtable", "sst")) {
            if (phase.equals("sst")) db.flush();
            Vandal channel = gathering ? new GatheringVandal(false) : new Vandal(false);
            RecordCursor cursor = db.newRecordCursor(null, new ReadOptions());
            while (true) {
                try (RecordBatch batch = cursor.next(64, 1 << 20)) {
                    if (batch.isEmpty()) break;
                    send(batch, channel, framed);
                }
            }
            int now = damaged(db);
            db.flush();
            db.compactRange();
            int afterCompaction = damaged(db);
            db.close();
            db = RocksDB.open(new Options(), dir.resolve("db"));
            int afterReopen = damaged(db);
            report.put(phase, channel.refused + " writes refused, " + channel.writable + " buffers writable");
            if (channel.writable > 0 || now + afterCompaction + afterReopen > 0) {
                throw new WrongResult("values in the " + phase + ": the channel was handed " + channel.writable
                        + " writable buffers over RocksDB's memory; values changed: " + now + " at once, "
                        + afterCompaction + " after flush and compaction, " + afterReopen + " after reopen (of "
                        + RECORDS + ")");
            }
        }
        db.close();
        return report.toString();
    }

    static String keptBuffers(Path dir, boolean framed) throws Exception {
        RocksDB db = fill(dir);
        db.flush();
        Vandal keeper = new GatheringVandal(true);
        RecordCursor cursor = db.newRecordCursor(null, new ReadOptions());
        try (RecordBatch batch = cursor.next(RECORDS, 1 << 30)) {
            send(batch, keeper, framed);
        }
        check(!keeper.kept.isEmpty(), () -> "the channel saw no buffers");
        // freed memory gets reused
        for (int round = 0; round < 5; round++) {
            for (RecordBatch batch = cursor.next(50, 1 << 20); !batch.isEmpty(); batch = cursor.next(50, 1 << 20)) {
                batch.close();
            }
            cursor.seekToFirst();
            for (int i = 0; i < RECORDS; i += 7) db.put(key(i), value(i));
            db.flush();
            gc();
        }
        int closed = 0;
        for (int i = 0; i < keeper.kept.size(); i++) {
            ByteBuffer kept = keeper.kept.get(i);
            try {
                byte[] bytes = new byte[kept.remaining()];
                kept.duplicate().get(bytes);
                int at = i;
                throw new WrongResult("buffer " + at + " of " + keeper.kept.size()
                        + " a channel kept still reads memory after its batch was closed (no IllegalStateException)");
            } catch (IllegalStateException expected) {
                closed++;
            }
        }
        db.close();
        return "all " + closed + " kept buffers throw IllegalStateException after the batch closed";
    }

    static String everyViewIsReadOnly(Path dir) throws Exception {
        RocksDB db = fill(dir);
        db.flush();
        List<String> checked = new ArrayList<>();
        try (PinnedValue v = db.getPinned(key(5))) {
            readOnly(v.value(), "getPinned value()", checked);
        }
        try (Arena arena = Arena.ofConfined(); PinnedValue v = db.getAdaptive(new ReadOptions(), key(10), arena.allocate(1 << 16))) {
            readOnly(v.value(), "getAdaptive value()", checked);
        }
        try (RocksIterator it = db.newIterator()) {
            it.seekToFirst();
            readOnly(it.key(), "iterator key()", checked);
            readOnly(it.value(), "iterator value()", checked);
            it.scanForward((k, v) -> {
                readOnly(k, "scanForward key", checked);
                readOnly(v, "scanForward value", checked);
                return false;
            });
        }
        try (MultiGet m = db.newMultiGet()) {
            m.add(key(1)).add(key(5));
            m.executePinned();
            readOnly(m.value(0), "pinned MultiGet value(0)", checked);
            readOnly(m.value(1), "pinned MultiGet value(1)", checked);
        }
        db.get(key(5), s -> {
            readOnly(s, "scoped reader's segment (pinned)", checked);
            return null;
        });
        db.get(key(1), s -> {
            readOnly(s, "scoped reader's segment (copied)", checked);
            return null;
        });
        try (RecordBatch batch = db.newRecordCursor(null, new ReadOptions()).next(10, 1 << 20)) {
            readOnly(batch.key(0), "RecordBatch key(0)", checked);
            readOnly(batch.value(0), "RecordBatch value(0)", checked);
            batch.forEach((k, v) -> readOnly(v, "RecordBatch forEach value", checked));
        }
        check(damaged(db) == 0, () -> "a write through a view changed the DB");
        db.close();
        return checked.size() + " views and their ByteBuffers refused writes";
    }

    static void readOnly(MemorySegment view, String what, List<String> checked) {
        check(view.isReadOnly(), () -> what + " is a writable segment over RocksDB's memory");
        byte first = view.byteSize() > 0 ? view.get(ValueLayout.JAVA_BYTE, 0) : 0;
        if (view.byteSize() > 0) {
            try {
                view.set(ValueLayout.JAVA_BYTE, 0, (byte) ~first);
                throw new WrongResult(what + ": a write through the segment succeeded");
            } catch (UnsupportedOperationException | IllegalArgumentException expected) {
                // read-only
            }
        }
        ByteBuffer bb = view.asByteBuffer();
        check(bb.isReadOnly(), () -> what + ".asByteBuffer() is writable");
        if (bb.hasRemaining()) {
            try {
                bb.put(0, (byte) ~first);
                throw new WrongResult(what + ".asByteBuffer(): a put succeeded");
            } catch (ReadOnlyBufferException expected) {
                // read-only
            }
        }
        checked.add(what);
    }
}
