package io.panrocks;

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

    /** RocksDB's {@code Status::Code} values, plus panrocks' own failures. */
    public enum Code {
        Ok(0, "OK"),
        NotFound(1, "NotFound"),
        Corruption(2, "Corruption"),
        NotSupported(3, "Not implemented"),
        InvalidArgument(4, "Invalid argument"),
        IOError(5, "IO error"),
        MergeInProgress(6, "Merge in progress"),
        Incomplete(7, "Result incomplete"),
        ShutdownInProgress(8, "Shutdown in progress"),
        TimedOut(9, "Operation timed out"),
        Aborted(10, "Operation aborted"),
        Busy(11, "Resource busy"),
        Expired(12, "Operation expired"),
        TryAgain(13, "Operation failed. Try again."),
        CompactionTooDeep(14, "Compaction too deep"),
        ColumnFamilyDropped(15, "Column family dropped"),
        /** The native layer ran out of memory (std::bad_alloc). */
        OutOfMemory(100, "Out of memory"),
        /** An unexpected C++ exception was caught at the native boundary. */
        InternalError(101, "Internal error"),
        /** A code this version of panrocks does not know. */
        Undefined(-1, "Undefined");

        private final int value;
        private final String description;

        Code(int value, String description) {
            this.value = value;
            this.description = description;
        }

        /** The numeric code used by the engine and the C ABI. */
        public int value() {
            return value;
        }

        /** The phrase RocksDB prints for this code, e.g. "IO error". */
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

    /** RocksDB's rendering: "IO error: While lock file: ...". */
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
