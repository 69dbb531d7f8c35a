// C ABI tests of panrocks_snapshot.h. Runs under ASan/UBSan too.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include <rocksdb/options.h>
#include <rocksdb/version.h>

#include "panrocks.h"
#include "test_support.h"

using panrocks_test::OpenDb;
using panrocks_test::put;

TEST(Snapshots, ReadsSeeTheirView) {
    OpenDb t;
    put(t.db, "k", "old");
    panrocks_error err{};
    panrocks_snapshot *s = nullptr;
    ASSERT_EQ(panrocks_snapshot_create(t.db, &s, &err), PANROCKS_OK);
    EXPECT_GT(panrocks_snapshot_sequence(s), 0u);
    put(t.db, "k", "new");
    panrocks_read_options_spec spec;
    panrocks_read_options_spec_init(&spec);
    spec.snapshot = s;
    panrocks_read_options *at = nullptr;
    ASSERT_EQ(panrocks_read_options_create(&spec, &at, &err), PANROCKS_OK);
    panrocks_pin *pin = nullptr;
    ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
    char buf[8];
    uint64_t size = 0;
    ASSERT_EQ(panrocks_get_copy(t.db, nullptr, at, pin, "k", 1, buf, sizeof buf, &size, &err), PANROCKS_OK);
    EXPECT_EQ(std::string(buf, size), "old");
    panrocks_pin_destroy(pin);
    panrocks_read_options_destroy(at);
    panrocks_snapshot_release(t.db, s);
    panrocks_snapshot_release(t.db, nullptr);
}
