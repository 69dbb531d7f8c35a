package io.panrocks;

import io.panrocks.internal.callbacks.LogPort;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.Objects;

/**
 * An info logger written in Java, as RocksJava's abstract {@code Logger}: a
 * DB given it ({@link DBOptionsInterface#setLogger}) sends its info log
 * here instead of writing its LOG file. Subclasses implement
 * {@link #log(InfoLogLevel, String)}.
 *
 * <h2>Threads</h2>
 * RocksDB logs from any thread, its flush and compaction threads and the
 * callers' threads, several at once, often while it holds the DB's mutex:
 * {@code log} must be thread-safe and quick (hand the message to another
 * thread if handling it is slow), and must not call the DB that logs (such
 * a call is refused with an {@link IllegalStateException}). Whatever
 * {@code log} throws is caught, counted and logged on the {@code io.panrocks}
 * System.Logger; the DB carries on.
 *
 * <h2>Levels</h2>
 * Messages below {@link #infoLogLevel()} are dropped before they are
 * formatted. The level is this object's, not the DB options'
 * ({@code setInfoLogLevel} there sets the LOG file's), and
 * {@link #setInfoLogLevel} takes effect at once in every DB using the logger.
 *
 * <h2>Lifetime</h2>
 * A DB keeps its logger reachable until it is closed, so a logger its
 * creator forgot keeps working. Once the logger is closed, the DBs still
 * using it drop their messages (nothing is logged, nothing fails). The same
 * logger may serve several DBs. Unlike RocksJava's, it holds no native
 * memory a DB could outlive.
 */
public abstract non-sealed class Logger implements LoggerInterface, AutoCloseable {
    private static final VarHandle LEVEL = ValueLayout.JAVA_INT.varHandle();

    /**
     * The level, in native memory: every native logger made from this object
     * reads it at each message, so a change reaches running DBs without a
     * call into each. Freed when this object (which DBs keep reachable) is.
     */
    private final MemorySegment level = Arena.ofAuto().allocate(ValueLayout.JAVA_INT);
    private volatile boolean closed;

    /**
     * A logger at the info log level of options.
     *
     * @param options whose {@link Options#infoLogLevel()} is the initial level
     * @deprecated as RocksJava's: use {@link #Logger(InfoLogLevel)}
     */
    @Deprecated
    public Logger(Options options) {
        this(Objects.requireNonNull(options, "options").infoLogLevel());
    }

    /**
     * A logger at the info log level of dboptions.
     *
     * @param dboptions whose {@link DBOptions#infoLogLevel()} is the initial level
     * @deprecated as RocksJava's: use {@link #Logger(InfoLogLevel)}
     */
    @Deprecated
    public Logger(DBOptions dboptions) {
        this(Objects.requireNonNull(dboptions, "dboptions").infoLogLevel());
    }

    /**
     * A logger that receives messages at logLevel and above.
     *
     * @param logLevel the initial level; not null
     */
    public Logger(InfoLogLevel logLevel) {
        store(logLevel);
    }

    private void store(InfoLogLevel logLevel) {
        Objects.requireNonNull(logLevel, "logLevel");
        LEVEL.setVolatile(level, 0L, logLevel.ordinal());
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalStateException if the logger is closed
     */
    @Override
    public void setInfoLogLevel(InfoLogLevel logLevel) {
        checkOpen();
        store(logLevel);
    }

    @Override
    public InfoLogLevel infoLogLevel() {
        return InfoLogLevel.values()[(int) LEVEL.getVolatile(level, 0L)];
    }

    @Override
    public final LoggerType getLoggerType() {
        return LoggerType.JAVA_IMPLEMENTATION;
    }

    /**
     * One message of a DB's info log. Called on RocksDB's threads; see the
     * class comment for the rules.
     *
     * @param logLevel the message's level
     * @param logMsg the formatted message
     */
    protected abstract void log(InfoLogLevel logLevel, String logMsg);

    /** This logger as the engine side sees it; made when a DB binds it (through the bridge). */
    final LogPort port() {
        Logger logger = this;
        return new LogPort() {
            @Override
            public String name() {
                return logger.getClass().getName();
            }

            @Override
            public MemorySegment levelWord() {
                return level;
            }

            @Override
            public boolean isClosed() {
                return closed;
            }

            @Override
            public void log(InfoLogLevel logLevel, String line) {
                logger.log(logLevel, line);
            }
        };
    }

    void checkOpen() {
        if (closed) throw new IllegalStateException("the logger " + getClass().getName() + " is closed");
    }

    /**
     * Whether the logger is not closed, as RocksJava's.
     *
     * @return true until {@link #close()}
     */
    public boolean isOwningHandle() {
        return !closed;
    }

    /**
     * Stops the logger: DBs still using it drop their messages from now on.
     * Idempotent.
     */
    @Override
    public void close() {
        closed = true;
    }
}
