package io.panrocks;

/**
 * A failure reported by the RocksDB engine. Carries RocksDB's code, subcode,
 * severity and message unchanged in {@link #getStatus()}.
 *
 * <p>A missing key is not an exception: point reads return {@code null} or
 * {@link RocksDB#NOT_FOUND}. Misuse of the API (a closed object, bad
 * arguments) is reported with the JDK's exceptions
 * ({@link IllegalStateException}, {@link IllegalArgumentException},
 * {@link NullPointerException}, {@link IndexOutOfBoundsException}) before
 * any native call is made.
 */
public class RocksDBException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient Status status;

    /**
     * An exception carrying RocksDB's status; its message is the status rendered as text.
     *
     * @param status the status; not null
     */
    public RocksDBException(Status status) {
        super(status.toString());
        this.status = status;
    }

    /**
     * An exception of code {@link Status.Code#InternalError} with the given message.
     *
     * @param message the message
     */
    public RocksDBException(String message) {
        this(new Status(Status.Code.InternalError, Status.SubCode.None, Status.Severity.NoError, message));
    }

    /**
     * RocksDB's status: code, subcode, severity and message.
     *
     * @return the status
     */
    public Status getStatus() {
        return status;
    }

    /**
     * Shorthand for {@code getStatus().code()}.
     *
     * @return RocksDB's status code
     */
    public Status.Code code() {
        return status.code();
    }

    /**
     * Shorthand for {@code getStatus().subCode()}.
     *
     * @return RocksDB's status subcode
     */
    public Status.SubCode subCode() {
        return status.subCode();
    }
}
