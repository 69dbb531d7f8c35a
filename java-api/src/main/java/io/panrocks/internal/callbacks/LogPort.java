package io.panrocks.internal.callbacks;

import io.panrocks.InfoLogLevel;

import java.lang.foreign.MemorySegment;

/**
 * A Java logger as the engine side sees it: a user's {@code Logger} adapts
 * itself to it.
 */
public interface LogPort {
    /**
     * The logger's name (its class), for messages.
     *
     * @return the name
     */
    String name();

    /**
     * The word the engine reads the logger's level from (native memory the
     * logger keeps reachable as long as it is).
     *
     * @return the level word
     */
    MemorySegment levelWord();

    /**
     * Whether the logger was closed: a closed logger drops what reaches it.
     *
     * @return true once closed
     */
    boolean isClosed();

    /**
     * Hands a line to the logger.
     *
     * @param level its level
     * @param line the message
     */
    void log(InfoLogLevel level, String line);
}
