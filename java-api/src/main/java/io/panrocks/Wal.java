package io.panrocks;

import io.panrocks.internal.CallContext;
import io.panrocks.internal.NativeDb;
import io.panrocks.internal.ffi.panrocks_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/**
 * The write-ahead log operations behind {@link RocksDB}: the walk over the
 * updates since a sequence number, the WAL file being written. Cold paths:
 * each runs inside a call on the DB.
 */
final class Wal {
    private Wal() {
    }

    static TransactionLogIterator updatesSince(NativeDb db, long sequenceNumber) throws RocksDBException {
        if (sequenceNumber < 0) {
            throw new IllegalArgumentException("sequenceNumber must be >= 0, was " + sequenceNumber);
        }
        CallContext c = db.enter();
        try {
            return TransactionLogIterator.start(db, c, sequenceNumber);
        } finally {
            db.exit(c);
        }
    }

    static LogFile currentWalFile(NativeDb db) throws RocksDBException {
        CallContext c = db.enter();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment longs = arena.allocate(ValueLayout.JAVA_LONG, 4); // name size, number, start, size
            MemorySegment type = arena.allocate(ValueLayout.JAVA_INT);
            long capacity = 256;
            while (true) {
                MemorySegment name = arena.allocate(capacity);
                int rc = panrocks_h.panrocks_get_current_wal_file(db.handle(), name, capacity, longs,
                        longs.asSlice(8), longs.asSlice(16), longs.asSlice(24), type, c.error);
                if (rc != 0) throw c.failure(rc);
                long nameSize = longs.get(ValueLayout.JAVA_LONG, 0);
                if (nameSize > capacity) { // a longer name than expected: ask again with room for it
                    capacity = nameSize;
                    continue;
                }
                String path = new String(name.asSlice(0, nameSize).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
                return new LogFile(path, longs.get(ValueLayout.JAVA_LONG, 8),
                        type.get(ValueLayout.JAVA_INT, 0) == panrocks_h.PANROCKS_WAL_ALIVE()
                                ? WalFileType.kAliveLogFile : WalFileType.kArchivedLogFile,
                        longs.get(ValueLayout.JAVA_LONG, 16), longs.get(ValueLayout.JAVA_LONG, 24));
            }
        } finally {
            db.exit(c);
        }
    }
}
