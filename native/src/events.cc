// The events of panrocks_events.h: RocksDB's listener infos as the C ABI's
// structs (see events.h), and nothing else; UpcallListener (listener.cc)
// chooses and delivers.
#include "events.h"

#include "callbacks.h"

#include <chrono>

namespace panrocks {
namespace events {

namespace {

panrocks_slice slice_of(const std::string &s) { return panrocks_slice{s.data(), s.size()}; }

// The status's parts; message borrows from state, which must outlive the call.
panrocks_event_status status_of(const rocksdb::Status &s, std::string *state) {
    panrocks_event_status out{};
    if (!s.ok() && s.getState() != nullptr) *state = s.getState();
    out.message = slice_of(*state);
    out.code = static_cast<int32_t>(s.code());
    out.subcode = static_cast<int32_t>(s.subcode());
    out.severity = static_cast<int32_t>(s.severity());
    return out;
}

}  // namespace

void table_file_deleted(const rocksdb::TableFileDeletionInfo &info, const Sink &sink) {
    std::string state;
    panrocks_file_deletion_info d{};
    d.db_name = slice_of(info.db_name);
    d.file_path = slice_of(info.file_path);
    d.status = status_of(info.status, &state);
    d.job_id = info.job_id;
    sink(&d);
}

void memtable_sealed(const rocksdb::MemTableInfo &info, const Sink &sink) {
    panrocks_memtable_info m{};
    m.cf_name = slice_of(info.cf_name);
    m.first_seqno = info.first_seqno;
    m.earliest_seqno = info.earliest_seqno;
    m.num_entries = info.num_entries;
    m.num_deletes = info.num_deletes;
    sink(&m);
}

void column_family_handle_deletion_started(rocksdb::ColumnFamilyHandle *handle, const Sink &sink) {
    if (handle == nullptr) return;
    panrocks_cf_handle_info h{};
    const std::string &name = handle->GetName();
    h.cf_name = slice_of(name);
    h.cf_id = handle->GetID();
    sink(&h);
}

void external_file_ingested(const rocksdb::ExternalFileIngestionInfo &info, const Sink &sink) {
    panrocks_ingestion_info g{};
    g.cf_name = slice_of(info.cf_name);
    g.external_file_path = slice_of(info.external_file_path);
    g.internal_file_path = slice_of(info.internal_file_path);
    g.global_seqno = info.global_seqno;
    sink(&g);
}

void file_operation_finished(const rocksdb::FileOperationInfo &info, const Sink &sink) {
    std::string state;
    panrocks_file_operation_info f{};
    f.path = slice_of(info.path);
    // RocksDB sets the range of reads, writes and range syncs only: its
    // FileOperationInfo leaves offset and length uninitialized for flushes,
    // syncs, truncations and closes, which therefore carry 0 here
    const bool ranged = sink.event == PANROCKS_EVENT_FILE_READ_FINISH || sink.event == PANROCKS_EVENT_FILE_WRITE_FINISH ||
                        sink.event == PANROCKS_EVENT_FILE_RANGE_SYNC_FINISH;
    if (ranged) {
        f.offset = info.offset;
        f.length = info.length;
    }
    f.start_nanos = static_cast<int64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(info.start_ts.time_since_epoch()).count());
    f.duration_nanos = static_cast<int64_t>(info.duration.count());
    f.status = status_of(info.status, &state);
    sink(&f);
}

bool error_recovery_begin(rocksdb::BackgroundErrorReason reason, const rocksdb::Status &error, const Sink &sink) {
    std::string state;
    panrocks_error_recovery_info r{};
    r.error = status_of(error, &state);
    r.reason = static_cast<int32_t>(reason);
    r.auto_recovery = 1;
    sink(&r);
    return r.auto_recovery != 0;
}

void error_recovery_completed(const rocksdb::Status &old_error, const Sink &sink) {
    std::string state;
    panrocks_event_status s = status_of(old_error, &state);
    sink(&s);
}

}  // namespace events
}  // namespace panrocks

extern "C" {

uint64_t panrocks_listener_file_io_notifications(const panrocks_callback *callback) {
    return callback != nullptr && callback->kind == panrocks::callbacks::Kind::kListener
               ? callback->file_io_notifications.load(std::memory_order_relaxed)
               : 0;
}

}  // extern "C"
