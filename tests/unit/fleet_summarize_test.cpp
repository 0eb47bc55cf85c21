// The fleet pipeline without the command (fleet/summarize.hpp): what it makes of
// bundles it cannot read and of expected nodes that sent none.
#include <gtest/gtest.h>

#include "fleet/summarize.hpp"
#include "temp_dir.hpp"

using namespace preflight;

TEST(FleetSummarize, UnreadableBundlesAndMissingNodes) {
    test_support::TempDir dir;
    auto bad = dir.write("n1.tar.gz", "not a bundle");
    fleet::FleetRequest request;
    request.inputs = {dir.path()};
    auto files = fleet::bundle_files(request.inputs);
    ASSERT_TRUE(files) << files.error().message;
    EXPECT_EQ(*files, std::vector<std::string>{bad});
    request.files = *files;
    request.expect = "n[1-2]";
    request.expected = std::vector<std::string>{"n1", "n2"};
    std::size_t progress_calls = 0;
    request.progress = [&](std::size_t) { ++progress_calls; };
    auto summary = fleet::summarize(rules::RuleSet{}, request);
    ASSERT_TRUE(summary) << summary.error().message;
    EXPECT_EQ(summary->bundles, 1u);
    ASSERT_EQ(summary->unreadable.size(), 1u);
    EXPECT_EQ(summary->unreadable[0].file, bad);
    EXPECT_EQ(summary->missing, (std::vector<std::string>{"n1", "n2"}));
    EXPECT_TRUE(summary->nodes.empty());
    EXPECT_EQ(summary->expected, std::optional<std::string>("n[1-2]"));
    EXPECT_TRUE(summary->fails());
    EXPECT_EQ(progress_calls, 1u);
    EXPECT_FALSE(fleet::bundle_files({dir.path() + "/nothing-here"}));
}
