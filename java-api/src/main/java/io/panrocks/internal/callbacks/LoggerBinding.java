package io.panrocks.internal.callbacks;

import io.panrocks.InfoLogLevel;
import io.panrocks.internal.CallbackBinding;
import io.panrocks.internal.ffi.panrocks_h;
import io.panrocks.internal.ffi.panrocks_logger_spec;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.nio.charset.StandardCharsets;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * A Java logger ({@link LogPort}) bound to one DB: the upcall target of
 * {@code panrocks_logger_spec}. The engine formats each message and filters
 * it by the logger's level word before the upcall; the body copies the text
 * into a String and hands it over, unless the logger was closed meanwhile.
 * The binding (so the DB) keeps the logger, and with it its level word,
 * reachable until the DB's engine is closed.
 */
public final class LoggerBinding extends CallbackBinding {
    private static final FunctionDescriptor LOG = FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_LONG);
    private static final MethodHandle LOG_TARGET = guarded(MethodHandles.lookup(), "onLog", LOG);
    private static final InfoLogLevel[] LEVELS = InfoLogLevel.values();

    private final LogPort logger;

    private LoggerBinding(LogPort logger) {
        super("logger", logger.name());
        this.logger = logger;
    }

    /**
     * A binding of logger for a DB about to open.
     *
     * @throws IllegalStateException if the logger is closed
     */
    public static LoggerBinding bind(LogPort logger) {
        if (logger.isClosed()) throw new IllegalStateException("the logger " + logger.name() + " is closed");
        LoggerBinding b = new LoggerBinding(logger);
        b.register((arena, out, error) -> {
            MemorySegment spec = panrocks_logger_spec.allocate(arena);
            panrocks_logger_spec.name(spec, cString(arena, b.name()));
            panrocks_logger_spec.log(spec, b.stub(LOG_TARGET, LOG));
            panrocks_logger_spec.level(spec, logger.levelWord());
            return panrocks_h.panrocks_logger_create(spec, out, error);
        });
        return b;
    }

    /** The native callback, for panrocks_open_resources.info_log. */
    public MemorySegment nativeHandle() {
        return handle();
    }

    /** How many messages the engine handed to this binding (delivered, dropped by a closed logger, or failed). */
    public long messages() {
        return panrocks_h.panrocks_logger_messages(handle());
    }

    @SuppressWarnings("unused") // the upcall target
    private void onLog(long context, int level, long message, long length) {
        if (logger.isClosed()) return;
        byte[] text = MemorySegment.ofAddress(message).reinterpret(length).toArray(ValueLayout.JAVA_BYTE);
        InfoLogLevel l = level >= 0 && level < LEVELS.length ? LEVELS[level] : InfoLogLevel.INFO_LEVEL;
        logger.log(l, new String(text, StandardCharsets.UTF_8));
    }
}
