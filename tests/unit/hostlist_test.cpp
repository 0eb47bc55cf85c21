#include <gtest/gtest.h>

#include "util/hostlist.hpp"

using preflight::util::compress_hostlist;
using preflight::util::expand_hostlist;
using Names = std::vector<std::string>;

TEST(Hostlist, ExpandsRangesListsAndSeveralPrefixes) {
    EXPECT_EQ(*expand_hostlist("n[1-3],gpu[01-02]"), (Names{"n1", "n2", "n3", "gpu01", "gpu02"}));
    EXPECT_EQ(*expand_hostlist("n[1,3-5]"), (Names{"n1", "n3", "n4", "n5"}));
    EXPECT_EQ(*expand_hostlist("login"), (Names{"login"}));
    EXPECT_EQ(*expand_hostlist("a,b"), (Names{"a", "b"}));
    EXPECT_EQ(*expand_hostlist("n7"), (Names{"n7"}));
}

TEST(Hostlist, ZeroPaddingFollowsTheLowerBound) {
    EXPECT_EQ(*expand_hostlist("n[001-003]"), (Names{"n001", "n002", "n003"}));
    EXPECT_EQ(*expand_hostlist("n[08-11]"), (Names{"n08", "n09", "n10", "n11"}));
    EXPECT_EQ(expand_hostlist("n[001-064]")->size(), 64u);
    EXPECT_EQ(expand_hostlist("n[001-064]")->back(), "n064");
}

TEST(Hostlist, SeveralBracketsAndSuffixesCross) {
    EXPECT_EQ(*expand_hostlist("r[1-2]-n[1-2]-ib"), (Names{"r1-n1-ib", "r1-n2-ib", "r2-n1-ib", "r2-n2-ib"}));
}

TEST(Hostlist, ErrorsNameTheColumn) {
    auto e = expand_hostlist("n[1-3");
    ASSERT_FALSE(e);
    EXPECT_EQ(e.error().column, 2);
    EXPECT_NE(e.error().message.find("never closed"), std::string::npos);
    e = expand_hostlist("n[3-1]");
    ASSERT_FALSE(e);
    EXPECT_EQ(e.error().column, 3);
    e = expand_hostlist("n[1-x]");
    ASSERT_FALSE(e);
    EXPECT_EQ(e.error().column, 5);
    e = expand_hostlist("n[1,,2]");
    ASSERT_FALSE(e);
    EXPECT_EQ(e.error().column, 5);
    e = expand_hostlist("n1,,n2");
    ASSERT_FALSE(e);
    EXPECT_EQ(e.error().column, 4);
    EXPECT_FALSE(expand_hostlist("n1]"));
    EXPECT_FALSE(expand_hostlist("n[[1]]"));
    EXPECT_FALSE(expand_hostlist(""));
}

TEST(Hostlist, RefusesListsPastTheLimit) {
    EXPECT_FALSE(expand_hostlist("n[1-1000000000000]"));
    EXPECT_FALSE(expand_hostlist("a[1-1000]b[1-1000]c[1-1000]", 10000));
    EXPECT_FALSE(expand_hostlist("n[1-5]", 4));
    EXPECT_TRUE(expand_hostlist("n[1-4]", 4));
}

TEST(Hostlist, CompressesToRanges) {
    EXPECT_EQ(compress_hostlist({"n3", "n17", "n18"}), "n[3,17-18]");
    EXPECT_EQ(compress_hostlist({"n2", "n1", "n3", "gpu02", "gpu01"}), "gpu[01-02],n[1-3]");
    EXPECT_EQ(compress_hostlist({"n1"}), "n1");
    EXPECT_EQ(compress_hostlist({"login", "n1", "n1"}), "n1,login");
    EXPECT_EQ(compress_hostlist({"n9", "n10", "n11"}), "n[9-11]");
    EXPECT_EQ(compress_hostlist({"n08", "n09", "n10"}), "n[08-10]");
    EXPECT_EQ(compress_hostlist({}), "");
}

TEST(Hostlist, CompressThenExpandRoundTrips) {
    for (const char* list : {"n[001-064]", "n[1-3],gpu[01-02]", "n[1,3-5]", "a[0-12]", "x[007,010-012]"}) {
        auto names = *expand_hostlist(list);
        auto again = *expand_hostlist(compress_hostlist(names));
        std::sort(names.begin(), names.end());
        std::sort(again.begin(), again.end());
        EXPECT_EQ(names, again) << list;
    }
}
