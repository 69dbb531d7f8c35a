package io.panrocks;

import io.panrocks.testkit.OpenDbExtension;
import io.panrocks.testkit.TestBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.lang.foreign.ValueLayout;

import static io.panrocks.testkit.TestBytes.bytes;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Integrated blob files ({@code setEnableBlobFiles}): values kept in blob
 * files are read into the iterator's own buffer, rebuilt at every move, so
 * they do not live as long as a pinning iterator. Record batches of such a
 * family must copy them: before the fix, every value of a batch pointed at
 * the one buffer (the last value read) or at freed memory.
 */
class BlobFilesTest {
    @RegisterExtension
    final OpenDbExtension fixture = new OpenDbExtension();

    static byte[] value(int i) {
        return TestBytes.randomBytes(i, 100 + i % 300);
    }

    @Test
    void recordBatchesOfABlobFamilyHoldTheRightBytes() throws RocksDBException {
        Options options = new Options().setCreateIfMissing(true).setEnableBlobFiles(true).setMinBlobSize(0)
                .setBlobFileSize(1 << 20);
        try (RocksDB db = fixture.open(options)) {
            for (int i = 0; i < 500; i++) db.put(bytes(String.format("key%04d", i)), value(i));
            db.flush();
            assertTrue(db.getLongProperty("rocksdb.num-blob-files") > 0, "the values are in blob files");
            RecordCursor cursor = db.newRecordCursor(null, ReadOptions.DEFAULT);
            int seen = 0;
            while (true) {
                try (RecordBatch batch = cursor.next(64, 1 << 20)) {
                    if (batch.isEmpty()) break;
                    for (int i = 0; i < batch.size(); i++) {
                        assertArrayEquals(bytes(String.format("key%04d", seen)), batch.key(i).toArray(ValueLayout.JAVA_BYTE));
                        assertArrayEquals(value(seen), batch.value(i).toArray(ValueLayout.JAVA_BYTE), "record " + seen);
                        seen++;
                    }
                }
            }
            assertEquals(500, seen);
            // the ordinary reads agree
            try (RocksIterator it = db.newIterator(new ReadOptions().setPinData(true))) {
                int n = 0;
                for (it.seekToFirst(); it.isValid(); it.next()) assertArrayEquals(value(n++), it.valueBytes());
                assertEquals(500, n);
            }
            assertArrayEquals(value(7), db.get(bytes("key0007")));
        }
    }
}
