// C ABI tests of panrocks_read.h: point reads (copied, pinned, adaptive) and
// read options. Runs under ASan/UBSan too.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include <rocksdb/version.h>

#include "panrocks.h"
#include "test_support.h"

TEST(ReadWrite, PutGetCopyPinAdaptive) {
    panrocks_test::OpenDb t;
    panrocks_error err{};
    const std::string big(100000, 'x');
    ASSERT_EQ(panrocks_put(t.db, nullptr, 0, "small", 5, "abc", 3, &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_put(t.db, nullptr, PANROCKS_WRITE_SYNC, "big", 3, big.data(), big.size(), &err), PANROCKS_OK);
    ASSERT_EQ(panrocks_put(t.db, nullptr, 0, std::string("\0k\0", 3).data(), 3, "", 0, &err), PANROCKS_OK);

    panrocks_pin *pin = nullptr;
    ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);

    char buf[8];
    std::memset(buf, '#', sizeof buf);
    uint64_t size = 0;
    ASSERT_EQ(panrocks_get_copy(t.db, nullptr, nullptr, pin, "big", 3, buf, 4, &size, &err), PANROCKS_OK);
    EXPECT_EQ(size, big.size());
    EXPECT_EQ(std::string(buf, 4), "xxxx");
    EXPECT_EQ(buf[4], '#') << "wrote past the capacity";

    EXPECT_EQ(panrocks_get_copy(t.db, nullptr, nullptr, pin, "none", 4, buf, 8, &size, &err), PANROCKS_NOT_FOUND);

    ASSERT_EQ(panrocks_get_copy(t.db, nullptr, nullptr, pin, std::string("\0k\0", 3).data(), 3, buf, 8, &size, &err),
              PANROCKS_OK);
    EXPECT_EQ(size, 0u);

    panrocks_value v{};
    ASSERT_EQ(panrocks_get_pinned(t.db, nullptr, nullptr, pin, "big", 3, &v, &err), PANROCKS_OK);
    EXPECT_EQ(v.pinned, 1);
    EXPECT_EQ(std::string(v.data, v.size), big);
    panrocks_pin_release(pin);

    char small[16];
    ASSERT_EQ(panrocks_get_adaptive(t.db, nullptr, nullptr, pin, "small", 5, small, sizeof small, 1024, &v, &err),
              PANROCKS_OK);
    EXPECT_EQ(v.pinned, 0);
    EXPECT_EQ(std::string(small, v.size), "abc");
    ASSERT_EQ(panrocks_get_adaptive(t.db, nullptr, nullptr, pin, "big", 3, small, sizeof small, 1024, &v, &err),
              PANROCKS_OK);
    EXPECT_EQ(v.pinned, 1);
    EXPECT_EQ(v.size, big.size());
    panrocks_pin_destroy(pin);

    ASSERT_EQ(panrocks_delete(t.db, nullptr, 0, "small", 5, &err), PANROCKS_OK);
    pin = nullptr;
    ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_get_copy(t.db, nullptr, nullptr, pin, "small", 5, buf, 8, &size, &err), PANROCKS_NOT_FOUND);
    panrocks_pin_destroy(pin);
}

TEST(ReadOptions, MemoryOnlyReadAnswersIncompleteInsteadOfIo) {
    panrocks_test::OpenDb t;
    panrocks_error err{};
    ASSERT_EQ(panrocks_put(t.db, nullptr, 0, "k", 1, "v", 1, &err), PANROCKS_OK);
    t.reopen();  // the value now lives in an SST file, not in a memtable
    panrocks_read_options_spec spec;
    panrocks_read_options_spec_init(&spec);
    EXPECT_EQ(spec.fill_cache, 1);
    EXPECT_EQ(spec.verify_checksums, 1);
    spec.read_tier = PANROCKS_READ_TIER_MEMORY_ONLY;
    spec.fill_cache = 0;
    panrocks_read_options *memory_only = nullptr;
    ASSERT_EQ(panrocks_read_options_create(&spec, &memory_only, &err), PANROCKS_OK);
    panrocks_pin *pin = nullptr;
    ASSERT_EQ(panrocks_pin_create(&pin, &err), PANROCKS_OK);
    char buf[4];
    uint64_t size = 0;
    EXPECT_EQ(panrocks_get_copy(t.db, nullptr, memory_only, pin, "k", 1, buf, 4, &size, &err), PANROCKS_INCOMPLETE);
    // a normal read loads the block into the cache; then memory-only succeeds
    EXPECT_EQ(panrocks_get_copy(t.db, nullptr, nullptr, pin, "k", 1, buf, 4, &size, &err), PANROCKS_OK);
    EXPECT_EQ(panrocks_get_copy(t.db, nullptr, memory_only, pin, "k", 1, buf, 4, &size, &err), PANROCKS_OK);
    panrocks_pin_destroy(pin);
    panrocks_read_options_destroy(memory_only);
}
