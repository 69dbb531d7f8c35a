package io.panrocks;

import io.panrocks.internal.ffi.panrocks_h;

import java.util.Objects;

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
        Ok(panrocks_h.PANROCKS_OK(), "OK"),
        NotFound(panrocks_h.PANROCKS_NOT_FOUND(), "NotFound"),
        Corruption(panrocks_h.PANROCKS_CORRUPTION(), "Corruption"),
        NotSupported(panrocks_h.PANROCKS_NOT_SUPPORTED(), "Not implemented"),
        InvalidArgument(panrocks_h.PANROCKS_INVALID_ARGUMENT(), "Invalid argument"),
        IOError(panrocks_h.PANROCKS_IO_ERROR(), "IO error"),
        MergeInProgress(panrocks_h.PANROCKS_MERGE_IN_PROGRESS(), "Merge in progress"),
        Incomplete(panrocks_h.PANROCKS_INCOMPLETE(), "Result incomplete"),
        ShutdownInProgress(panrocks_h.PANROCKS_SHUTDOWN_IN_PROGRESS(), "Shutdown in progress"),
        TimedOut(panrocks_h.PANROCKS_TIMED_OUT(), "Operation timed out"),
        Aborted(panrocks_h.PANROCKS_ABORTED(), "Operation aborted"),
        Busy(panrocks_h.PANROCKS_BUSY(), "Resource busy"),
        Expired(panrocks_h.PANROCKS_EXPIRED(), "Operation expired"),
        TryAgain(panrocks_h.PANROCKS_TRY_AGAIN(), "Operation failed. Try again."),
        CompactionTooDeep(panrocks_h.PANROCKS_COMPACTION_TOO_DEEP(), "Compaction too deep"),
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

        public static Code of(int value) {
            for (Code c : values()) {
                if (c.value == value) return c;
            }
            return Undefined;
        }
    }

    /** RocksDB's {@code Status::SubCode} values. */
    public enum SubCode {
        None(0),
        MutexTimeout(1),
        LockTimeout(2),
        LockLimit(3),
        NoSpace(4),
        Deadlock(5),
        StaleFile(6),
        MemoryLimit(7),
        SpaceLimit(8),
        PathNotFound(9),
        MergeOperandsInsufficientCapacity(10),
        ManualCompactionPaused(11),
        Overwritten(12),
        TxnNotPrepared(13),
        IOFenced(14),
        Undefined(-1);

        private final int value;

        SubCode(int value) {
            this.value = value;
        }

        public int value() {
            return value;
        }

        public static SubCode of(int value) {
            for (SubCode c : values()) {
                if (c.value == value) return c;
            }
            return Undefined;
        }
    }

    /** RocksDB's {@code Status::Severity} values. */
    public enum Severity {
        NoError, SoftError, HardError, FatalError, UnrecoverableError;

        public static Severity of(int value) {
            Severity[] all = values();
            return value >= 0 && value < all.length ? all[value] : NoError;
        }
    }

    public Code getCode() {
        return code;
    }

    public SubCode getSubCode() {
        return subCode;
    }

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
