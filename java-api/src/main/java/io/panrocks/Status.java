package io.panrocks;

import io.panrocks.internal.ffi.panrocks_h;

import java.util.Objects;
import java.util.stream.Stream;

/**
 * The outcome of an engine call as RocksDB reported it: its code, subcode,
 * severity and message, unchanged. Same shape as RocksJava's
 * {@code org.rocksdb.Status}.
 *
 * @param code     what kind of failure
 * @param subCode  RocksDB's refinement of the code ({@link SubCode#None} if none)
 * @param severity RocksDB's severity ({@link Severity#NoError} if none)
 * @param state    RocksDB's message, without the code's name; may be empty
 */
public record Status(Code code, SubCode subCode, Severity severity, String state) {

    /**
     * Checks that code, subCode and severity are not null; a null state becomes empty.
     *
     * @param code what kind of failure; not null
     * @param subCode RocksDB's refinement of the code; not null
     * @param severity RocksDB's severity; not null
     * @param state RocksDB's message; null is taken as empty
     */
    public Status {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(subCode, "subCode");
        Objects.requireNonNull(severity, "severity");
        state = state == null ? "" : state;
    }

    /**
     * RocksDB's {@code Status::Code} values, plus panrocks' own failures; the
     * numbers come from the C ABI (panrocks.h), through its generated bindings.
     */
    public enum Code {
        /** Success. */
        Ok(panrocks_h.PANROCKS_OK(), "OK"),
        /** The key, file or object asked for does not exist. */
        NotFound(panrocks_h.PANROCKS_NOT_FOUND(), "NotFound"),
        /** Data on storage failed a checksum or format check. */
        Corruption(panrocks_h.PANROCKS_CORRUPTION(), "Corruption"),
        /** The operation is not supported here (e.g. a write to a read-only DB). */
        NotSupported(panrocks_h.PANROCKS_NOT_SUPPORTED(), "Not implemented"),
        /** An argument or option the engine rejected. */
        InvalidArgument(panrocks_h.PANROCKS_INVALID_ARGUMENT(), "Invalid argument"),
        /** A file system call failed (including a DB locked by another process). */
        IOError(panrocks_h.PANROCKS_IO_ERROR(), "IO error"),
        /** A merge could not be resolved (e.g. by a memory-only read). */
        MergeInProgress(panrocks_h.PANROCKS_MERGE_IN_PROGRESS(), "Merge in progress"),
        /** The answer needed work the call was not allowed to do (e.g. I/O for a memory-only read, or a write stall with no-slowdown). */
        Incomplete(panrocks_h.PANROCKS_INCOMPLETE(), "Result incomplete"),
        /** The DB is shutting down. */
        ShutdownInProgress(panrocks_h.PANROCKS_SHUTDOWN_IN_PROGRESS(), "Shutdown in progress"),
        /** A deadline, I/O timeout or lock timeout passed. */
        TimedOut(panrocks_h.PANROCKS_TIMED_OUT(), "Operation timed out"),
        /** The operation was aborted (e.g. a manual compaction paused). */
        Aborted(panrocks_h.PANROCKS_ABORTED(), "Operation aborted"),
        /** A resource is in use (e.g. a write conflict in an optimistic transaction). */
        Busy(panrocks_h.PANROCKS_BUSY(), "Resource busy"),
        /** An expired transaction or snapshot was used. */
        Expired(panrocks_h.PANROCKS_EXPIRED(), "Operation expired"),
        /** A transient failure: retrying may succeed (e.g. history too old to validate a transaction). */
        TryAgain(panrocks_h.PANROCKS_TRY_AGAIN(), "Operation failed. Try again."),
        /** A compaction needed more levels than allowed. */
        CompactionTooDeep(panrocks_h.PANROCKS_COMPACTION_TOO_DEEP(), "Compaction too deep"),
        /** The column family was dropped. */
        ColumnFamilyDropped(panrocks_h.PANROCKS_COLUMN_FAMILY_DROPPED(), "Column family dropped"),
        /** The native layer ran out of memory (std::bad_alloc). */
        OutOfMemory(panrocks_h.PANROCKS_OUT_OF_MEMORY(), "Out of memory"),
        /** An unexpected C++ exception was caught at the native boundary. */
        InternalError(panrocks_h.PANROCKS_INTERNAL_ERROR(), "Internal error"),
        /** A code this version of panrocks does not know. */
        Undefined(-1, "Undefined");

        private final int value;
        private final String description;

        Code(int value, String description) {
            this.value = value;
            this.description = description;
        }

        /**
         * The numeric code used by the engine and the C ABI.
         *
         * @return the numeric code
         */
        public int value() {
            return value;
        }

        /**
         * The phrase RocksDB prints for this code, e.g. "IO error".
         *
         * @return the code's phrase
         */
        public String description() {
            return description;
        }

        /**
         * The code of a numeric value.
         *
         * @param value the engine's numeric code
         * @return the code, or {@link #Undefined} for an unknown value
         */
        public static Code of(int value) {
            return Stream.of(values()).filter(c -> c.value == value).findFirst().orElse(Undefined);
        }
    }

    /** RocksDB's {@code Status::SubCode} values. */
    public enum SubCode {
        /** No refinement. */
        None(0),
        /** A mutex wait timed out. */
        MutexTimeout(1),
        /** A lock wait timed out. */
        LockTimeout(2),
        /** Too many locks are held. */
        LockLimit(3),
        /** The disk is full. */
        NoSpace(4),
        /** A deadlock was detected. */
        Deadlock(5),
        /** A file was changed or removed under the DB. */
        StaleFile(6),
        /** A memory limit was reached. */
        MemoryLimit(7),
        /** The SST file manager's space limit was reached. */
        SpaceLimit(8),
        /** A path does not exist. */
        PathNotFound(9),
        /** Too few slots were given for the merge operands. */
        MergeOperandsInsufficientCapacity(10),
        /** Manual compactions are paused. */
        ManualCompactionPaused(11),
        /** The value was overwritten. */
        Overwritten(12),
        /** The transaction was not prepared. */
        TxnNotPrepared(13),
        /** I/O was fenced off (the DB was taken over elsewhere). */
        IOFenced(14),
        /** A merge operator failed (its full merge returned false, or its Java code threw): with Corruption. */
        MergeOperatorFailed(15),
        /** The merge operands of a key exceeded the read's {@code merge_operand_count_threshold}: with Ok. */
        MergeOperandThresholdExceeded(16),
        /** A prefetch was cut short by its memory limit (RocksDB 10 and later). */
        PrefetchLimitReached(17),
        /** The engine reached code it does not expect to (RocksDB 10 and later). */
        NotExpectedCodePath(18),
        /** A compaction was stopped by {@link RocksDB#abortAllCompactions()}: with Incomplete (RocksDB 11). */
        CompactionAborted(19),
        /** A subcode this version of panrocks does not know. */
        Undefined(-1);

        private final int value;

        SubCode(int value) {
            this.value = value;
        }

        /**
         * The numeric subcode used by the engine.
         *
         * @return the numeric subcode
         */
        public int value() {
            return value;
        }

        /**
         * The subcode of a numeric value.
         *
         * @param value the engine's numeric subcode
         * @return the subcode, or {@link #Undefined} for an unknown value
         */
        public static SubCode of(int value) {
            return Stream.of(values()).filter(c -> c.value == value).findFirst().orElse(Undefined);
        }
    }

    /** RocksDB's {@code Status::Severity} values. */
    public enum Severity {
        /** Not an error. */
        NoError,
        /** The DB keeps working; the error may clear by itself. */
        SoftError,
        /** Writes stop until the error is resolved (e.g. {@code resume}). */
        HardError,
        /** Writes stop; reopening the DB is needed. */
        FatalError,
        /** The DB cannot recover from it. */
        UnrecoverableError;

        /**
         * The severity of a numeric value.
         *
         * @param value the engine's numeric severity
         * @return the severity, or {@link #NoError} for an unknown value
         */
        public static Severity of(int value) {
            Severity[] all = values();
            return value >= 0 && value < all.length ? all[value] : NoError;
        }
    }

    /**
     * The status code, as RocksJava's getter.
     *
     * @return the code
     */
    public Code getCode() {
        return code;
    }

    /**
     * The subcode, as RocksJava's getter.
     *
     * @return the subcode
     */
    public SubCode getSubCode() {
        return subCode;
    }

    /**
     * RocksDB's message, as RocksJava's getter.
     *
     * @return the message, possibly empty
     */
    public String getState() {
        return state;
    }

    /**
     * RocksDB's rendering: "IO error: While lock file: ...".
     *
     * @return the code's phrase, with the subcode and message when there are any
     */
    public String getCodeString() {
        return code.description();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(code.description());
        if (subCode != SubCode.None) sb.append(" (").append(subCode).append(')');
        if (!state.isEmpty()) sb.append(": ").append(state);
        return sb.toString();
    }
}
