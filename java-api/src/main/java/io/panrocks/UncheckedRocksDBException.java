package io.panrocks;

import java.util.Objects;

/**
 * A {@link RocksDBException} where the API may not throw a checked one:
 * {@link RocksDB#close()} (as RocksJava's, it declares none, so that a
 * try-with-resources over a DB compiles anywhere) reports an error the
 * engine returned while closing with this exception, where RocksJava's
 * close would drop it. {@link RocksDB#closeE()} throws the checked
 * exception itself.
 */
public class UncheckedRocksDBException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Wraps an engine failure.
     *
     * @param cause the engine's failure; not null
     */
    public UncheckedRocksDBException(RocksDBException cause) {
        super(Objects.requireNonNull(cause, "cause").getMessage(), cause);
    }

    /**
     * The engine's failure, with RocksDB's code, subcode and message.
     *
     * @return the cause
     */
    @Override
    public synchronized RocksDBException getCause() {
        return (RocksDBException) super.getCause();
    }

    /**
     * RocksDB's status, as {@link RocksDBException#getStatus()}.
     *
     * @return the status
     */
    public Status getStatus() {
        return getCause().getStatus();
    }
}
