// Event listeners whose logic is behind a C function pointer
// (panrocks_listener.h; the events of panrocks_events.h and panrocks_tables.h
// too, converted by events.cc), over the registry of callbacks.cc; and the
// one conversion of a CompactionJobInfo into the ABI's structs, which
// CompactFiles' results (compaction.cc) use too.
#include <vector>

#include <rocksdb/listener.h>
#include <rocksdb/version.h>

#include "callbacks.h"
#include "events.h"

using panrocks::guarded;

namespace {

using namespace panrocks::callbacks;

// CompactionJobStats as the ABI carries it; the prefixes borrow from s.
void fill_compaction_stats(const rocksdb::CompactionJobStats &s, panrocks_compaction_stats *out) {
    out->elapsed_micros = s.elapsed_micros;
    out->num_input_records = s.num_input_records;
    out->num_input_files = s.num_input_files;
    out->num_input_files_at_output_level = s.num_input_files_at_output_level;
    out->num_output_records = s.num_output_records;
    out->num_output_files = s.num_output_files;
    out->total_input_bytes = s.total_input_bytes;
    out->total_output_bytes = s.total_output_bytes;
    out->num_records_replaced = s.num_records_replaced;
    out->total_input_raw_key_bytes = s.total_input_raw_key_bytes;
    out->total_input_raw_value_bytes = s.total_input_raw_value_bytes;
    out->num_input_deletion_records = s.num_input_deletion_records;
    out->num_expired_deletion_records = s.num_expired_deletion_records;
    out->num_corrupt_keys = s.num_corrupt_keys;
    out->file_write_nanos = s.file_write_nanos;
    out->file_range_sync_nanos = s.file_range_sync_nanos;
    out->file_fsync_nanos = s.file_fsync_nanos;
    out->file_prepare_write_nanos = s.file_prepare_write_nanos;
    out->num_single_del_fallthru = s.num_single_del_fallthru;
    out->num_single_del_mismatch = s.num_single_del_mismatch;
    out->smallest_output_key_prefix = slice_of(s.smallest_output_key_prefix);
    out->largest_output_key_prefix = slice_of(s.largest_output_key_prefix);
    out->is_manual_compaction = s.is_manual_compaction ? 1 : 0;
}

void brief_table_file_info(const rocksdb::TableFileCreationBriefInfo &i, panrocks_table_file_info *t) {
    t->db_name = slice_of(i.db_name);
    t->cf_name = slice_of(i.cf_name);
    t->file_path = slice_of(i.file_path);
    t->job_id = i.job_id;
    t->reason = static_cast<int32_t>(i.reason);
}

int32_t stall_condition(rocksdb::WriteStallCondition c) {
    switch (c) {
        case rocksdb::WriteStallCondition::kDelayed: return PANROCKS_STALL_DELAYED;
        case rocksdb::WriteStallCondition::kStopped: return PANROCKS_STALL_STOPPED;
        default: return PANROCKS_STALL_NORMAL;
    }
}

class UpcallListener final : public rocksdb::EventListener {
  public:
    explicit UpcallListener(std::shared_ptr<panrocks_callback> owner) : owner_(std::move(owner)) {}

    // Empty: RocksDB then keeps the listener out of the OPTIONS file.
    const char *Name() const override { return ""; }

    void OnFlushCompleted(rocksdb::DB *, const rocksdb::FlushJobInfo &i) override {
        if (!wants(PANROCKS_EVENT_FLUSH_COMPLETED)) return;
        deliver_flush(PANROCKS_EVENT_FLUSH_COMPLETED, i);
    }

    void OnCompactionCompleted(rocksdb::DB *, const rocksdb::CompactionJobInfo &i) override {
        if (!wants(PANROCKS_EVENT_COMPACTION_COMPLETED)) return;
        deliver_compaction(PANROCKS_EVENT_COMPACTION_COMPLETED, i);
    }

    // A flush's info, for its begin (no table yet: zero entries and size) and its end.
    void deliver_flush(int32_t event, const rocksdb::FlushJobInfo &i) const {
        panrocks_flush_info f{};
        f.cf_name = slice_of(i.cf_name);
        f.file_path = slice_of(i.file_path);
        f.cf_id = i.cf_id;
        f.job_id = i.job_id;
        f.thread_id = i.thread_id;
        f.smallest_seqno = i.smallest_seqno;
        f.largest_seqno = i.largest_seqno;
        f.num_entries = i.table_properties.num_entries;
        f.file_size = i.table_properties.data_size;
        f.flush_reason = static_cast<int32_t>(i.flush_reason);
        f.triggered_writes_slowdown = i.triggered_writes_slowdown ? 1 : 0;
        f.triggered_writes_stop = i.triggered_writes_stop ? 1 : 0;
        deliver(event, &f);
    }

    // A compaction's info, for its begin (no outputs yet) and its end.
    void deliver_compaction(int32_t event, const rocksdb::CompactionJobInfo &i) const {
        panrocks::CompactionJobView view;
        panrocks::describe_compaction_job(i, &view);
        std::string table_properties;
        panrocks::encode_table_properties_collection(i.table_properties, &table_properties);
        view.details.table_properties = slice_of(table_properties);
        deliver(event, &view.info);
    }

    void OnBackgroundError(rocksdb::BackgroundErrorReason reason, rocksdb::Status *status) override {
        if (!wants(PANROCKS_EVENT_BACKGROUND_ERROR) || status == nullptr) return;
        const std::string message = status->getState() != nullptr ? status->getState() : "";
        panrocks_background_error_info b{};
        b.message = slice_of(message);
        b.reason = static_cast<int32_t>(reason);
        b.code = static_cast<int32_t>(status->code());
        b.subcode = static_cast<int32_t>(status->subcode());
        b.severity = static_cast<int32_t>(status->severity());
        deliver(PANROCKS_EVENT_BACKGROUND_ERROR, &b);
    }

    void OnStallConditionsChanged(const rocksdb::WriteStallInfo &i) override {
        if (!wants(PANROCKS_EVENT_STALL_CONDITIONS_CHANGED)) return;
        panrocks_stall_info s{};
        s.cf_name = slice_of(i.cf_name);
        s.current_condition = stall_condition(i.condition.cur);
        s.previous_condition = stall_condition(i.condition.prev);
        deliver(PANROCKS_EVENT_STALL_CONDITIONS_CHANGED, &s);
    }

    // ---- the events of panrocks_events.h (events.cc fills their infos) ----------------------

    void OnFlushBegin(rocksdb::DB *, const rocksdb::FlushJobInfo &i) override {
        if (wants(PANROCKS_EVENT_FLUSH_BEGIN)) deliver_flush(PANROCKS_EVENT_FLUSH_BEGIN, i);
    }

    void OnCompactionBegin(rocksdb::DB *, const rocksdb::CompactionJobInfo &i) override {
        if (wants(PANROCKS_EVENT_COMPACTION_BEGIN)) deliver_compaction(PANROCKS_EVENT_COMPACTION_BEGIN, i);
    }

    void OnTableFileDeleted(const rocksdb::TableFileDeletionInfo &i) override {
        if (wants(PANROCKS_EVENT_TABLE_FILE_DELETED)) {
            panrocks::events::table_file_deleted(i, sink(PANROCKS_EVENT_TABLE_FILE_DELETED));
        }
    }

    void OnMemTableSealed(const rocksdb::MemTableInfo &i) override {
        if (wants(PANROCKS_EVENT_MEMTABLE_SEALED)) {
            panrocks::events::memtable_sealed(i, sink(PANROCKS_EVENT_MEMTABLE_SEALED));
        }
    }

    void OnColumnFamilyHandleDeletionStarted(rocksdb::ColumnFamilyHandle *handle) override {
        if (wants(PANROCKS_EVENT_CF_HANDLE_DELETION_STARTED)) {
            panrocks::events::column_family_handle_deletion_started(
                handle, sink(PANROCKS_EVENT_CF_HANDLE_DELETION_STARTED));
        }
    }

    void OnExternalFileIngested(rocksdb::DB *, const rocksdb::ExternalFileIngestionInfo &i) override {
        if (wants(PANROCKS_EVENT_EXTERNAL_FILE_INGESTED)) {
            panrocks::events::external_file_ingested(i, sink(PANROCKS_EVENT_EXTERNAL_FILE_INGESTED));
        }
    }

    // RocksDB asks once per file it opens; a yes makes it time every operation
    // on the file and call the seven functions below, so only a listener that
    // asked for a file I/O event says yes.
    bool ShouldBeNotifiedOnFileIO() override { return (owner_->listener.events & PANROCKS_EVENTS_FILE_IO) != 0; }

    void OnFileReadFinish(const rocksdb::FileOperationInfo &i) override {
        file_operation(PANROCKS_EVENT_FILE_READ_FINISH, i);
    }

    void OnFileWriteFinish(const rocksdb::FileOperationInfo &i) override {
        file_operation(PANROCKS_EVENT_FILE_WRITE_FINISH, i);
    }

    void OnFileFlushFinish(const rocksdb::FileOperationInfo &i) override {
        file_operation(PANROCKS_EVENT_FILE_FLUSH_FINISH, i);
    }

    void OnFileSyncFinish(const rocksdb::FileOperationInfo &i) override {
        file_operation(PANROCKS_EVENT_FILE_SYNC_FINISH, i);
    }

    void OnFileRangeSyncFinish(const rocksdb::FileOperationInfo &i) override {
        file_operation(PANROCKS_EVENT_FILE_RANGE_SYNC_FINISH, i);
    }

    void OnFileTruncateFinish(const rocksdb::FileOperationInfo &i) override {
        file_operation(PANROCKS_EVENT_FILE_TRUNCATE_FINISH, i);
    }

    void OnFileCloseFinish(const rocksdb::FileOperationInfo &i) override {
        file_operation(PANROCKS_EVENT_FILE_CLOSE_FINISH, i);
    }

    void OnErrorRecoveryBegin(rocksdb::BackgroundErrorReason reason, rocksdb::Status error,
                              bool *auto_recovery) override {
        if (auto_recovery == nullptr || !*auto_recovery || !wants(PANROCKS_EVENT_ERROR_RECOVERY_BEGIN)) return;
        *auto_recovery =
            panrocks::events::error_recovery_begin(reason, error, sink(PANROCKS_EVENT_ERROR_RECOVERY_BEGIN));
    }

    void OnErrorRecoveryCompleted(rocksdb::Status old_error) override {
        old_error.PermitUncheckedError();
        if (wants(PANROCKS_EVENT_ERROR_RECOVERY_COMPLETED)) {
            panrocks::events::error_recovery_completed(old_error, sink(PANROCKS_EVENT_ERROR_RECOVERY_COMPLETED));
        }
    }

    // ---- table files (panrocks_tables.h) ----

    void OnTableFileCreationStarted(const rocksdb::TableFileCreationBriefInfo &i) override {
        if (!wants(PANROCKS_EVENT_TABLE_FILE_CREATION_STARTED)) return;
        panrocks_table_file_info t{};
        brief_table_file_info(i, &t);
        deliver(PANROCKS_EVENT_TABLE_FILE_CREATION_STARTED, &t);
    }

    void OnTableFileCreated(const rocksdb::TableFileCreationInfo &i) override {
        if (!wants(PANROCKS_EVENT_TABLE_FILE_CREATED)) return;
        std::string message, properties;
        try {
            if (!i.status.ok()) message = i.status.ToString();
            panrocks::encode_table_properties(i.table_properties, &properties);
        } catch (...) {
            return;  // out of memory: no event rather than an exception through the engine
        }
        panrocks_table_file_info t{};
        brief_table_file_info(i, &t);
        t.file_size = i.file_size;
        t.status_code = static_cast<int32_t>(i.status.code());
        t.status_subcode = static_cast<int32_t>(i.status.subcode());
        t.status_message = slice_of(message);
        t.properties = slice_of(properties);
        deliver(PANROCKS_EVENT_TABLE_FILE_CREATED, &t);
    }

  private:
    panrocks::events::Sink sink(int32_t event) const {
        return panrocks::events::Sink{&UpcallListener::deliver_to, this, event};
    }

    static void deliver_to(const void *listener, int32_t event, void *info) {
        static_cast<const UpcallListener *>(listener)->deliver(event, info);
    }

    void file_operation(int32_t event, const rocksdb::FileOperationInfo &i) {
        owner_->file_io_notifications.fetch_add(1, std::memory_order_relaxed);
        if (wants(event)) panrocks::events::file_operation_finished(i, sink(event));
    }

    bool wants(uint32_t event) const {
        return (owner_->listener.events & event) != 0 && owner_->live.load(std::memory_order_relaxed);
    }

    void deliver(int32_t event, const void *info) const {
        upcall(owner_->listener.on_event, owner_->context, event, info);
    }

    std::shared_ptr<panrocks_callback> owner_;
};

}  // namespace

namespace panrocks {

void describe_compaction_job(const rocksdb::CompactionJobInfo &i, CompactionJobView *view) {
    view->message = i.status.ok() ? std::string() : i.status.ToString();
    for (const std::string &name : i.input_files) view->input_names.push_back(callbacks::slice_of(name));
    for (const std::string &name : i.output_files) view->output_names.push_back(callbacks::slice_of(name));
    fill_compaction_stats(i.stats, &view->details.stats);
    view->details.input_file_names = view->input_names.data();
    view->details.output_file_names = view->output_names.data();
    view->details.compression = static_cast<int32_t>(i.compression);
    panrocks_compaction_info &c = view->info;
    c.cf_name = callbacks::slice_of(i.cf_name);
    c.status_message = callbacks::slice_of(view->message);
    c.cf_id = i.cf_id;
    c.job_id = i.job_id;
    c.thread_id = i.thread_id;
    c.base_input_level = i.base_input_level;
    c.output_level = i.output_level;
    c.compaction_reason = static_cast<int32_t>(i.compaction_reason);
    c.status_code = static_cast<int32_t>(i.status.code());
    c.status_subcode = static_cast<int32_t>(i.status.subcode());
    c.input_files = i.input_files.size();
    c.output_files = i.output_files.size();
    c.input_records = i.stats.num_input_records;
    c.output_records = i.stats.num_output_records;
    c.total_input_bytes = i.stats.total_input_bytes;
    c.total_output_bytes = i.stats.total_output_bytes;
    c.elapsed_micros = i.stats.elapsed_micros;
    c.details = &view->details;
}

namespace callbacks {

void register_listener(const Library &library, const rocksdb::ObjectLibrary::PatternEntry &pattern) {
    library->AddFactory<rocksdb::EventListener>(
        pattern, [](const std::string &uri, std::unique_ptr<rocksdb::EventListener> *guard, std::string *errmsg) -> rocksdb::EventListener * {
            auto cb = lookup(uri, Kind::kListener, errmsg);
            if (cb == nullptr) return nullptr;
            guard->reset(new UpcallListener(cb));
            return guard->get();
        });
}

}  // namespace callbacks
}  // namespace panrocks

extern "C" {

int32_t panrocks_listener_create(const panrocks_listener_spec *spec, panrocks_callback **callback_out,
                                 panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, spec != nullptr && spec->name != nullptr && callback_out != nullptr);
        PANROCKS_REQUIRE(error, spec->on_event != nullptr);
        auto cb = panrocks::callbacks::new_callback(panrocks::callbacks::Kind::kListener, spec->name, spec->context);
        cb->listener = *spec;
        cb->listener.name = nullptr;
        *callback_out = panrocks::callbacks::publish(std::move(cb));
        return PANROCKS_OK;
    });
}

}  // extern "C"
