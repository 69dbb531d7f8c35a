/*
 * panrocks_logger.h - an info logger whose logic lives behind a C function
 * pointer (in panrocks: an upcall stub into the JVM), given to a DB at open
 * through panrocks_open_resources.info_log. Included by panrocks.h; the
 * conventions there and in panrocks_callbacks.h (lifetime, threads, failure)
 * apply: the logger is a panrocks_callback, destroyed with
 * panrocks_callback_destroy after every DB that uses it is closed.
 *
 * RocksDB writes its info log from any thread, often while it holds the
 * DB's mutex: the function must return promptly, must not unwind and must
 * not call back into the DB. The library formats each message (vsnprintf)
 * before the call, so the function receives finished text.
 */
#ifndef PANROCKS_H
#error "include panrocks.h, which includes this header"
#endif

#ifndef PANROCKS_LOGGER_H
#define PANROCKS_LOGGER_H

/* rocksdb::InfoLogLevel. */
#define PANROCKS_LOG_DEBUG 0
#define PANROCKS_LOG_INFO 1
#define PANROCKS_LOG_WARN 2
#define PANROCKS_LOG_ERROR 3
#define PANROCKS_LOG_FATAL 4
#define PANROCKS_LOG_HEADER 5

/* One message: its level (PANROCKS_LOG_*) and text (length bytes, not
 * NUL-terminated, valid during the call only). */
typedef void (*panrocks_log_fn)(void *context, int32_t level, const char *message, size_t length);

typedef struct panrocks_logger_spec {
    const char *name;
    void *context;
    panrocks_log_fn log;
    /* The lowest level delivered, read (atomically) at every message, so
     * the owner may change it while DBs log; messages below it are neither
     * formatted nor delivered. Must stay valid as long as the callback. */
    const int32_t *level;
} panrocks_logger_spec;

int32_t panrocks_logger_create(const panrocks_logger_spec *spec, panrocks_callback **callback_out,
                               panrocks_error *error);

/* How many messages the logger was given (delivered or failed), for tests. */
uint64_t panrocks_logger_messages(const panrocks_callback *callback);

#endif /* PANROCKS_LOGGER_H */
