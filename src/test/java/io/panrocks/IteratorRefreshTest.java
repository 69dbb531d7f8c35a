package io.panrocks;

import io.panrocks.testkit.EngineVersion;
import io.panrocks.testkit.OpenDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import static io.panrocks.testkit.TestBytes.bytes;
import static io.panrocks.testkit.TestBytes.string;
import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code RocksIterator.refresh()}: an iterator moved to the DB's latest state
 * or to a snapshot, standing on no entry afterwards, its earlier views ended.
 */
@ExtendWith(OpenDbExtension.class)
class IteratorRefreshTest {
    @Test
    void refreshReadsTheLatestStateAndEndsTheViews(RocksDB db) throws Exception {
        try (RocksIterator it = db.newIterator()) {
            db.put(bytes("a"), bytes("1"));
            it.seekToFirst();
            assertFalse(it.isValid(), "created before the write");
            it.refresh();
            assertFalse(it.isValid(), "refresh leaves no entry");
            it.seekToFirst();
            assertEquals("a", string(it.keyBytes()));
            MemorySegment view = it.value();
            db.put(bytes("b"), bytes("2"));
            it.refresh();
            assertThrows(IllegalStateException.class, () -> view.get(ValueLayout.JAVA_BYTE, 0), "views end at refresh");
            assertThrows(IllegalStateException.class, it::keyBytes);
            it.seekToLast();
            assertEquals("b", string(it.keyBytes()));
            it.status();

            // inside its own scan: refused
            it.seekToFirst();
            IllegalStateException inside = assertThrows(IllegalStateException.class, () -> it.scanForward((k, v) -> {
                try {
                    it.refresh();
                } catch (RocksDBException e) {
                    throw new AssertionError(e);
                }
                return true;
            }));
            assertTrue(inside.getMessage().contains("scan"), inside.getMessage());

            // another thread: refused, the iterator stays usable
            ExecutionException foreign = assertThrows(ExecutionException.class, () -> CompletableFuture.runAsync(() -> {
                try {
                    it.refresh();
                } catch (RocksDBException e) {
                    throw new AssertionError(e);
                }
            }).get());
            assertInstanceOf(WrongThreadException.class, foreign.getCause());
            it.seekToFirst();
            assertTrue(it.isValid());
        }
    }


    @Test
    void refreshOfASnapshotIteratorAndToASnapshot(RocksDB db, @OpenDbExtension.Other RocksDB other) throws Exception {
        db.put(bytes("a"), bytes("1"));
        try (Snapshot before = db.getSnapshot()) {
            db.put(bytes("b"), bytes("2"));
            try (RocksIterator it = db.newIterator(new ReadOptions().setSnapshot(before))) {
                it.seekToLast();
                assertEquals("a", string(it.keyBytes()));
                if (!EngineVersion.atLeast(8, 0)) {
                    // RocksDB 7 cannot renew an iterator created with a snapshot
                    RocksDBException refused = assertThrows(RocksDBException.class, it::refresh);
                    assertEquals(Status.Code.NotSupported, refused.getStatus().getCode());
                    assertFalse(it.isValid());
                    it.seekToLast();
                    assertEquals("a", string(it.keyBytes()), "a refused refresh keeps the snapshot");
                    return;
                }
                it.refresh();
                it.seekToLast();
                assertEquals("b", string(it.keyBytes()), "refresh reads the latest state, snapshot or not");

                if (EngineVersion.atLeast(8, 0)) {
                    it.refresh(before);
                    it.seekToLast();
                    assertEquals("a", string(it.keyBytes()), "back at the snapshot");
                } else {
                    RocksDBException old = assertThrows(RocksDBException.class, () -> it.refresh(before));
                    assertEquals(Status.Code.NotSupported, old.getStatus().getCode());
                    it.seekToLast();
                    assertEquals("b", string(it.keyBytes()), "a refused refresh changes nothing but the position");
                }
                it.refresh(null);
                it.seekToLast();
                assertEquals("b", string(it.keyBytes()));
            }
        }
        try (Snapshot foreign = other.getSnapshot(); RocksIterator it = db.newIterator()) {
            assertThrows(IllegalArgumentException.class, () -> it.refresh(foreign));
            Snapshot closed = db.getSnapshot();
            closed.close();
            assertThrows(IllegalStateException.class, () -> it.refresh(closed));
        }
        RocksIterator gone = db.newIterator();
        gone.close();
        assertThrows(IllegalStateException.class, gone::refresh);
    }
}
