// Info loggers whose logic is behind a C function pointer
// (panrocks_logger.h), over the registry of callbacks.cc.
#include <cstdarg>
#include <cstdio>

#include <rocksdb/env.h>

#include "callbacks.h"

using panrocks::guarded;

namespace {

using namespace panrocks::callbacks;

// rocksdb::Logger over a logger callback: filters by the level the owner
// keeps (read at every message), formats the message here (the function
// receives finished text), and calls the function unless the callback was
// destroyed meanwhile.
class UpcallLogger : public rocksdb::Logger {
  public:
    explicit UpcallLogger(std::shared_ptr<panrocks_callback> owner)
        : rocksdb::Logger(rocksdb::InfoLogLevel::DEBUG_LEVEL), owner_(std::move(owner)) {}

    using rocksdb::Logger::Logv;

    void Logv(const char *format, va_list ap) override { Logv(rocksdb::InfoLogLevel::INFO_LEVEL, format, ap); }

    void Logv(const rocksdb::InfoLogLevel level, const char *format, va_list ap) override {
        const int32_t numeric = static_cast<int32_t>(level);
        if (numeric < threshold() || !owner_->live.load(std::memory_order_acquire)) return;
        char stack[512];
        va_list copy;
        va_copy(copy, ap);
        const int needed = std::vsnprintf(stack, sizeof stack, format, copy);
        va_end(copy);
        if (needed < 0) return;  // a bad format: nothing to say
        owner_->logged.fetch_add(1, std::memory_order_relaxed);
        if (static_cast<size_t>(needed) < sizeof stack) {
            upcall(owner_->logger.log, owner_->context, numeric, static_cast<const char *>(stack),
                   static_cast<size_t>(needed));
            return;
        }
        std::string text(static_cast<size_t>(needed) + 1, '\0');
        std::vsnprintf(&text[0], text.size(), format, ap);
        upcall(owner_->logger.log, owner_->context, numeric, static_cast<const char *>(text.data()),
               static_cast<size_t>(needed));
    }

    rocksdb::InfoLogLevel GetInfoLogLevel() const override {
        const int32_t level = threshold();
        if (level < 0) return rocksdb::InfoLogLevel::DEBUG_LEVEL;
        if (level >= rocksdb::InfoLogLevel::NUM_INFO_LOG_LEVELS) return rocksdb::InfoLogLevel::HEADER_LEVEL;
        return static_cast<rocksdb::InfoLogLevel>(level);
    }

    // The owner's setting is the one: RocksDB's own calls change nothing.
    void SetInfoLogLevel(const rocksdb::InfoLogLevel) override {}

  private:
    int32_t threshold() const {
        return __atomic_load_n(owner_->logger.level, __ATOMIC_RELAXED);
    }

    std::shared_ptr<panrocks_callback> owner_;
};

}  // namespace

namespace panrocks {

std::shared_ptr<rocksdb::Logger> callback_logger(panrocks_callback *callback, std::string *errmsg) {
    std::shared_ptr<panrocks_callback> found = callbacks::registered(callback);
    if (found == nullptr || found->kind != callbacks::Kind::kLogger) {
        *errmsg = found == nullptr ? std::string("panrocks: the info logger was destroyed")
                                   : "panrocks: " + found->id + " (" + callbacks::kind_name(found->kind) + ") is not a logger";
        return nullptr;
    }
    return std::make_shared<UpcallLogger>(std::move(found));
}

}  // namespace panrocks

extern "C" {

int32_t panrocks_logger_create(const panrocks_logger_spec *spec, panrocks_callback **callback_out,
                               panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, spec != nullptr && spec->name != nullptr && callback_out != nullptr);
        PANROCKS_REQUIRE(error, spec->log != nullptr && spec->level != nullptr);
        auto cb = panrocks::callbacks::new_callback(panrocks::callbacks::Kind::kLogger, spec->name, spec->context);
        cb->logger = *spec;
        cb->logger.name = nullptr;
        *callback_out = panrocks::callbacks::publish(std::move(cb));
        return PANROCKS_OK;
    });
}

uint64_t panrocks_logger_messages(const panrocks_callback *callback) {
    return callback != nullptr ? callback->logged.load(std::memory_order_relaxed) : 0;
}

}  // extern "C"
