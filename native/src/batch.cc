// Write batches arrive serialized (see panrocks.h): the JVM builds them in
// native memory without a crossing per update.
#include <rocksdb/write_batch.h>

#include "internal.h"

using panrocks::check;
using panrocks::guarded;
using panrocks::report;

extern "C" {

int32_t panrocks_write_batch_data(panrocks_db *db, uint32_t write_flags, const char *data,
                                  size_t size, panrocks_error *error) {
    return guarded(error, [&] {
        PANROCKS_REQUIRE(error, db != nullptr && data != nullptr);
        if (size < 12) {
            return report(error, PANROCKS_CORRUPTION, "panrocks: a write batch has a 12-byte header");
        }
        rocksdb::WriteBatch batch(std::string(data, size));
        if (int32_t rc = panrocks::refuse_batch_records(db, batch, write_flags, error)) return rc;
        return check(error, db->db->Write(panrocks::write_options(write_flags), &batch));
    });
}

}  // extern "C"
