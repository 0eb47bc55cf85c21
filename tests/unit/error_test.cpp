// PREFLIGHT_TRY: a failed Result returns early with its error; a good one yields its value.
#include <memory>

#include <gtest/gtest.h>

#include "core/error.hpp"

namespace preflight {
namespace {

Result<int> parse_positive(int n) {
    if (n <= 0) return fail("not positive", Location{"in.toml", 3, 7});
    return n;
}

Result<void> require_even(int n) {
    if (n % 2 != 0) return fail("odd");
    return {};
}

Result<int> doubled_even(int n) {
    int v = PREFLIGHT_TRY(parse_positive(n));
    PREFLIGHT_TRY(require_even(v));
    return 2 * v;
}

TEST(Try, YieldsTheValueOfAGoodResult) { EXPECT_EQ(*doubled_even(4), 8); }

TEST(Try, ReturnsTheFirstErrorWithItsLocation) {
    auto r = doubled_even(-1);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().message, "not positive");
    EXPECT_EQ(r.error().location.line, 3);
    EXPECT_EQ(doubled_even(3).error().message, "odd");
}

TEST(Try, MovesMoveOnlyValues) {
    auto make = []() -> Result<std::unique_ptr<int>> { return std::make_unique<int>(5); };
    auto use = [&]() -> Result<int> {
        std::unique_ptr<int> p = PREFLIGHT_TRY(make());
        return *p;
    };
    EXPECT_EQ(*use(), 5);
}

}  // namespace
}  // namespace preflight
