// The progress line's text: amounts, rate and time left.
#include <gtest/gtest.h>

#include "output/progress_line.hpp"

namespace preflight::output {
namespace {

TEST(ProgressLine, BytesWithATotalGiveThePercentageRateAndTimeLeft) {
    EXPECT_EQ(progress_text("scanning x.tar", 1u << 30, 4ull << 30, 8.0, ProgressUnit::bytes),
              "scanning x.tar: 1.0 GiB of 4.0 GiB (25%), 128.0 MiB/s, 0:24 left");
}

TEST(ProgressLine, WithoutATotalOnlyTheAmountAndRate) {
    EXPECT_EQ(progress_text("scanning dir", 512, 0, 2.0, ProgressUnit::bytes), "scanning dir: 512 B, 256 B/s");
    EXPECT_EQ(progress_text("scanning dir", 0, 0, 0.0, ProgressUnit::bytes), "scanning dir: 0 B");
}

TEST(ProgressLine, CountedItemsAndLongWaits) {
    EXPECT_EQ(progress_text("reading bundles", 250, 10000, 5.0, ProgressUnit::items, "bundles"),
              "reading bundles: 250 of 10000 bundles (2%), 50/s, 3:15 left");
    EXPECT_EQ(progress_text("reading bundles", 1, 10000, 1.0, ProgressUnit::items, "bundles"),
              "reading bundles: 1 of 10000 bundles (0%), 1/s, 2:46:39 left");
}

}  // namespace
}  // namespace preflight::output
