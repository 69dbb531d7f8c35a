package io.panrocks;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * {@link Status.SubCode} names every subcode of RocksDB 11.8.1's
 * {@code Status::SubCode} (include/rocksdb/status.h: kNone = 0 to
 * kCompactionAborted = 19; 9.11.2 ends at kMergeOperandThresholdExceeded =
 * 16, the same numbers), in RocksDB's order, and maps anything past them to
 * Undefined. That an engine error keeps its subcode end to end
 * is {@code MergeOperatorTest.aMergeThatFailsFailsTheReadWithRocksDbsCorruption}
 * (MergeOperatorFailed).
 */
class StatusSubCodesTest {

    @Test
    void everySubCodeOfTheEngineHasItsNameInOrder() {
        String[] rocksdb = {"None", "MutexTimeout", "LockTimeout", "LockLimit", "NoSpace", "Deadlock", "StaleFile",
                "MemoryLimit", "SpaceLimit", "PathNotFound", "MergeOperandsInsufficientCapacity",
                "ManualCompactionPaused", "Overwritten", "TxnNotPrepared", "IOFenced", "MergeOperatorFailed",
                "MergeOperandThresholdExceeded", "PrefetchLimitReached", "NotExpectedCodePath", "CompactionAborted"};
        for (int i = 0; i < rocksdb.length; i++) {
            Status.SubCode c = Status.SubCode.of(i);
            assertNotEquals(Status.SubCode.Undefined, c, "subcode " + i);
            assertEquals(rocksdb[i], c.name());
            assertEquals(i, c.value());
            assertEquals(i, c.ordinal(), "declared in RocksDB's order");
        }
        assertEquals(Status.SubCode.Undefined, Status.SubCode.of(rocksdb.length), "kMaxSubCode is not a subcode");
        assertEquals(Status.SubCode.Undefined, Status.SubCode.of(-5));
    }
}
