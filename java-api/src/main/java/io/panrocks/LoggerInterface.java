package io.panrocks;

/**
 * An info logger a DB can be given instead of its LOG file
 * ({@link DBOptionsInterface#setLogger}), as RocksJava's {@code LoggerInterface}.
 * panrocks offers one implementation: {@link Logger}.
 */
public sealed interface LoggerInterface permits Logger {
    /**
     * The lowest level of the messages the logger receives from now on, in every DB using it.
     *
     * @param logLevel the level; not null
     */
    void setInfoLogLevel(InfoLogLevel logLevel);

    /**
     * The lowest level of the messages the logger receives.
     *
     * @return the level
     */
    InfoLogLevel infoLogLevel();

    /**
     * What kind of logger it is.
     *
     * @return the type
     */
    LoggerType getLoggerType();
}
