// events.h - what each of the events of panrocks_events.h carries: the
// conversions from RocksDB's listener infos to the C ABI's structs (flush and
// compaction begin reuse the flush and compaction completed conversions of
// listener.cc). The
// listener (UpcallListener in listener.cc) decides whether an event is
// wanted and delivers it; these functions fill the struct on their stack
// and hand it to the sink, so everything it points at lives during the call.
#ifndef PANROCKS_EVENTS_INTERNAL_H
#define PANROCKS_EVENTS_INTERNAL_H

#include <rocksdb/listener.h>

#include "internal.h"

namespace panrocks {
namespace events {

// Where a filled info goes: the listener's delivery of one event.
struct Sink {
    void (*deliver)(const void *listener, int32_t event, void *info);
    const void *listener;
    int32_t event;

    void operator()(void *info) const { deliver(listener, event, info); }
};

void table_file_deleted(const rocksdb::TableFileDeletionInfo &info, const Sink &sink);
void memtable_sealed(const rocksdb::MemTableInfo &info, const Sink &sink);
void column_family_handle_deletion_started(rocksdb::ColumnFamilyHandle *handle, const Sink &sink);
void external_file_ingested(const rocksdb::ExternalFileIngestionInfo &info, const Sink &sink);
void file_operation_finished(const rocksdb::FileOperationInfo &info, const Sink &sink);
// Returns the listener's answer: whether RocksDB may recover by itself.
bool error_recovery_begin(rocksdb::BackgroundErrorReason reason, const rocksdb::Status &error, const Sink &sink);
void error_recovery_completed(const rocksdb::Status &old_error, const Sink &sink);

}  // namespace events
}  // namespace panrocks

#endif  // PANROCKS_EVENTS_INTERNAL_H
