// C ABI tests of panrocks_multiget.h: MultiGet and KeyMayExist. Runs under
// ASan/UBSan too.
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
using panrocks_test::value_of;

TEST(MultiGet, CopiesWhatFitsAndReportsTheRest) {
    OpenDb t;
    for (size_t i = 0; i < 10; i++) put(t.db, "k" + std::to_string(i), value_of(i, 100 * i));
    panrocks_error err{};
    panrocks_multiget *scratch = nullptr;
    ASSERT_EQ(panrocks_multiget_create(&scratch, &err), PANROCKS_OK);

    std::vector<std::string> names = {"k1", "missing", "k3", "k9", "k5"};
    std::vector<panrocks_slice> keys;
    for (auto &n : names) keys.push_back({n.data(), n.size()});
    std::vector<panrocks_multiget_entry> entries(keys.size());
    char buffer[500];
    ASSERT_EQ(panrocks_multi_get(t.db, nullptr, nullptr, scratch, keys.size(), keys.data(),
                                 PANROCKS_MULTIGET_COPY, buffer, sizeof buffer, entries.data(), &err),
              PANROCKS_OK);
    EXPECT_EQ(entries[0].status, PANROCKS_OK);
    EXPECT_EQ(std::string(entries[0].data, entries[0].size), value_of(1, 100));
    EXPECT_EQ(entries[1].status, PANROCKS_NOT_FOUND);
    EXPECT_EQ(entries[1].data, nullptr);
    EXPECT_EQ(std::string(entries[2].data, entries[2].size), value_of(3, 300));
    EXPECT_EQ(entries[3].size, 900u);
    EXPECT_EQ(entries[3].data, nullptr) << "900 bytes cannot fit in what is left of 500";
    EXPECT_EQ(entries[4].size, 500u);
    EXPECT_EQ(entries[4].data, nullptr);

    ASSERT_EQ(panrocks_multi_get(t.db, nullptr, nullptr, scratch, keys.size(), keys.data(),
                                 PANROCKS_MULTIGET_PIN, nullptr, 0, entries.data(), &err),
              PANROCKS_OK);
    EXPECT_EQ(std::string(entries[3].data, entries[3].size), value_of(9, 900));
    panrocks_multiget_release(scratch);

    EXPECT_EQ(panrocks_multi_get(t.db, nullptr, nullptr, scratch, 1, keys.data(), 7, nullptr, 0,
                                 entries.data(), &err),
              PANROCKS_INVALID_ARGUMENT);
    panrocks_multiget_destroy(scratch);
}

TEST(KeyMayExist, NeverSaysNoWrongly) {
    OpenDb t;
    put(t.db, "present", "value");
    panrocks_error err{};
    int32_t may = 0, found = 0;
    uint64_t size = 0;
    char buffer[16];
    ASSERT_EQ(panrocks_key_may_exist(t.db, nullptr, nullptr, "present", 7, buffer, sizeof buffer, &size, &found,
                                     &may, &err),
              PANROCKS_OK);
    EXPECT_EQ(may, 1);
    if (found) EXPECT_EQ(std::string(buffer, size), "value");
    ASSERT_EQ(panrocks_key_may_exist(t.db, nullptr, nullptr, "absent", 6, nullptr, 0, nullptr, nullptr, &may, &err),
              PANROCKS_OK);
    EXPECT_EQ(may, 0) << "the memtable knows it is absent";
}
