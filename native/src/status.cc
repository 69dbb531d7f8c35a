// Status -> error record conversion.
#include <algorithm>

#include "internal.h"

namespace panrocks {

const rocksdb::ReadOptions kDefaultReadOptions;

int32_t report(panrocks_error *error, int32_t code, int32_t subcode,
               int32_t severity, const char *message, size_t length) {
    if (error != nullptr) {
        error->code = code;
        error->subcode = subcode;
        error->severity = severity;
        error->message_length = static_cast<uint32_t>(length);
        size_t n = std::min(length, static_cast<size_t>(PANROCKS_MESSAGE_CAPACITY - 1));
        std::memcpy(error->message, message, n);
        error->message[n] = '\0';
    }
    return code;
}

rocksdb::Status merge_without_operator() {
    return rocksdb::Status::InvalidArgument("merge_operator is not properly initialized.");
}

int32_t report(panrocks_error *error, const rocksdb::Status &status) {
    if (status.IsCorruption() && status.subcode() == rocksdb::Status::kMergeOperatorFailed &&
        take_stand_in_refusal()) {
        // the read met merge operands in a family opened without a merge
        // operator: RocksDB's own answer for that (db/memtable.h), not a
        // failed merge operator's Corruption
        return report(error, merge_without_operator());
    }
    // ToString() would prefix the code name ("IO error: "); the Java side
    // names the code itself, so only RocksDB's own text is carried.
    const char *state = status.getState();
    const char *text = state != nullptr ? state : "";
    return report(error, static_cast<int32_t>(status.code()),
                  static_cast<int32_t>(status.subcode()),
                  static_cast<int32_t>(status.severity()), text, std::strlen(text));
}

}  // namespace panrocks
