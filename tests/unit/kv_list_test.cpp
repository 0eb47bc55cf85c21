#include <gtest/gtest.h>

#include "util/kv_list.hpp"

using preflight::util::KvList;

TEST(KvList, SetKeepsOrderAndOtherEntries) {
    auto l = *KvList::parse("expandable_segments:True,pinned_use_background_threads:True");
    l.set("expandable_segments", "False");
    EXPECT_EQ(l.str(), "expandable_segments:False,pinned_use_background_threads:True");
}

TEST(KvList, SetAppendsAndDropsDuplicates) {
    auto l = *KvList::parse("a:1,expandable_segments:True,b:2,expandable_segments:True");
    l.set("expandable_segments", "False");
    EXPECT_EQ(l.str(), "a:1,expandable_segments:False,b:2");
    auto e = *KvList::parse("");
    e.set("expandable_segments", "False");
    EXPECT_EQ(e.str(), "expandable_segments:False");
}

TEST(KvList, BracketedValuesKeepTheirCommas) {
    auto l = *KvList::parse("roundup_power2_divisions:[256:1,512:2],max_split_size_mb:128");
    EXPECT_EQ(l.get("roundup_power2_divisions"), "[256:1,512:2]");
    EXPECT_EQ(l.get("max_split_size_mb"), "128");
    EXPECT_FALSE(l.get("absent"));
}

TEST(KvList, MalformedEntriesAreRefused) {
    std::string error;
    EXPECT_FALSE(KvList::parse("expandable_segments", &error));
    EXPECT_NE(error.find("expandable_segments"), std::string::npos);
    EXPECT_FALSE(KvList::parse("a:1,,b:2", &error));
    EXPECT_FALSE(KvList::parse(":1", &error));
    EXPECT_FALSE(KvList::parse(",expandable_segments:True", &error));
    EXPECT_FALSE(KvList::parse(",", &error));
    EXPECT_FALSE(KvList::parse("a:1,,", &error));
}

// torch_npu and torch consume the comma after an entry only if more tokens follow
// (Ascend/pytorch@v26.1.0-pytorch2.10.0:torch_npu/csrc/core/npu/NPUAllocatorConfig.cpp:415).
TEST(KvList, OneTrailingCommaIsAccepted) {
    auto l = KvList::parse("expandable_segments:True, ");
    ASSERT_TRUE(l);
    EXPECT_EQ(l->entries().size(), 1u);
    EXPECT_EQ(l->str(), "expandable_segments:True");
}
