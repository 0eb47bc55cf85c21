#include <gtest/gtest.h>

#include "config/run_config.hpp"
#include "plan/planner.hpp"
#include "plan/release_list.hpp"
#include "rules/pack_collector.hpp"
#include "temp_dir.hpp"

using namespace preflight;

namespace {

// A pack whose rule needs lib >= 2.0 unless FALLBACK=1, and whose second rule wants
// helper on lib's major line: moving lib to 2.x brings the second rule into play.
const char* kPack = R"PACK([pack]
name = "t"
version = "1.0"
engine = ">=0.1"
summary = "test pack"

[[tables.releases]]
package = "lib"
pip = true
releases = """
1.0.0 2025-01-01 1.0 o/lib@v1.0.0
1.1.0 - 1.1 matrix:t/x
2.0.0rc1 2025-03-01 2.0 o/lib@v2.0.0rc1 pre
2.0.0 2025-04-01 2.0 o/lib@v2.0.0
2.1.0 2025-05-01 2.1 o/lib@v2.1.0
"""

[[tables.releases]]
package = "helper"
pip = false
releases = """
1.0 - 1.0 matrix:t/y
2.0 - 2.0 matrix:t/y
"""

[[rules]]
id = "needs-lib-2"
severity = "error"
summary = "s"
explain = "e"
references = ["r"]
when = "installed('lib') && !satisfies(pkg('lib'), '>=2.0') && env('FALLBACK') != '1'"
message = "lib {pkg('lib')}"

[[rules.fix]]
env = "FALLBACK"
set = "1"
kind = "safe"

[[rules]]
id = "fallback-is-slow"
severity = "warning"
summary = "s"
explain = "e"
references = ["r"]
when = "env('FALLBACK') == '1'"
message = "slow"

[[rules]]
id = "helper-line"
severity = "error"
summary = "s"
explain = "e"
references = ["r"]
when = "installed('helper') && installed('lib') && release(pkg('helper'), 1) != release(pkg('lib'), 1)"
message = "helper {pkg('helper')} for lib {pkg('lib')}"
)PACK";

struct Loaded {
    rules::RuleSet rules;
    config::RunConfig config;
};

Loaded load(const test_support::TempDir& dir, const std::string& packages) {
    dir.write("packs/t/pack.toml", kPack);
    auto collected = rules::collect_packs({{dir.path() + "/packs", true}}, "0.1.0");
    EXPECT_TRUE(collected.has_value()) << collected.error().message;
    auto set = rules::compile_packs(collected->packs);
    EXPECT_TRUE(set.has_value()) << set.error().message;
    auto path = dir.write("job.toml", "schema = 1\n[job]\n[packages]\n" + packages);
    auto cfg = config::load_run_config(path, [&](const std::string& p) { return set->scheme_of(p); });
    EXPECT_TRUE(cfg.has_value()) << cfg.error().message;
    return {std::move(*set), std::move(*cfg)};
}

std::string moves(const plan::Candidate& c) {
    std::string out;
    for (const auto& m : c.moves) out += m.package + "=" + m.to + " ";
    for (const auto& s : c.settings) out += s.target.key() + " ";
    return out;
}

}  // namespace

TEST(ReleaseLists, ReadsOneLinePerReleaseSortedWithDatesSourcesAndMarks) {
    test_support::TempDir dir;
    auto loaded = load(dir, "lib = \"1.0.0\"\n");
    auto lists = plan::release_lists(loaded.rules);
    ASSERT_EQ(lists.count("lib"), 1u);
    const auto& lib = lists.at("lib");
    ASSERT_EQ(lib.size(), 5u);
    EXPECT_EQ(lib[2].version.text(), "2.0.0rc1");
    EXPECT_TRUE(lib[2].pre);
    EXPECT_EQ(lib[1].date, "");  // "-": a matrix alone names it
    EXPECT_EQ(lib[1].source, "matrix: t/x");
    EXPECT_EQ(lib[4].line, "2.1");
    EXPECT_FALSE(lists.at("helper").front().pip);
}

TEST(Plan, AVersionPlanWithoutWarningsRanksBeforeTheFixThatBringsOne) {
    test_support::TempDir dir;
    auto loaded = load(dir, "lib = \"1.0.0\"\nhelper = \"1.0\"\n");
    auto lists = plan::release_lists(loaded.rules);
    auto p = plan::make_plan(loaded.rules, lists, loaded.config, nullptr, {});
    ASSERT_TRUE(p.has_value()) << p.error().message;
    ASSERT_TRUE(p->best.has_value());
    // lib 2.0.0 alone breaks helper's line; with helper 2.0 it clears everything, with
    // no warning, where FALLBACK=1 leaves the slow-path warning.
    EXPECT_EQ(moves(*p->best), "helper=2.0 lib=2.0.0 ");
    EXPECT_EQ(p->best->errors, 0);
    EXPECT_EQ(p->best->warnings, 0);
    const auto& lib = p->best->moves[1];
    EXPECT_TRUE(lib.upgrade);
    ASSERT_EQ(lib.brings.size(), 1u);
    EXPECT_EQ(lib.brings[0].rule, "helper-line");
    // check applies the safe fix by itself, so the launch as it is has its warning too.
    EXPECT_EQ(lib.clears, (std::vector<std::string>{"fallback-is-slow", "needs-lib-2"}));
    // The pre-release below the newest final release is never tried.
    for (const auto& c : p->alternatives)
        for (const auto& m : c.moves) EXPECT_NE(m.to, "2.0.0rc1");
    bool fallback = false;
    for (const auto& c : p->alternatives) fallback |= moves(c) == "env.FALLBACK ";
    EXPECT_TRUE(fallback) << "the fix stays an alternative";
}

TEST(Plan, KeepPinsAPackageAndTheBlockerSaysSo) {
    test_support::TempDir dir;
    auto loaded = load(dir, "lib = \"1.0.0\"\nhelper = \"1.0\"\n");
    auto lists = plan::release_lists(loaded.rules);
    plan::PlanOptions options;
    options.keep = {"lib"};
    auto p = plan::make_plan(loaded.rules, lists, loaded.config, nullptr, options);
    ASSERT_TRUE(p.has_value());
    ASSERT_TRUE(p->best.has_value());
    EXPECT_EQ(moves(*p->best), "env.FALLBACK ");  // only the fix is left
    EXPECT_EQ(p->kept, std::set<std::string>{"lib"});
}

TEST(Plan, NothingToPlanWithoutAnError) {
    test_support::TempDir dir;
    auto loaded = load(dir, "lib = \"2.1.0\"\nhelper = \"2.0\"\n");
    auto p = plan::make_plan(loaded.rules, plan::release_lists(loaded.rules), loaded.config, nullptr, {});
    ASSERT_TRUE(p.has_value());
    EXPECT_TRUE(p->nothing_to_do);
    EXPECT_FALSE(p->best.has_value());
}

TEST(Plan, TheSameInputGivesTheSamePlan) {
    test_support::TempDir dir;
    auto loaded = load(dir, "lib = \"1.0.0\"\nhelper = \"1.0\"\n");
    auto lists = plan::release_lists(loaded.rules);
    auto a = plan::make_plan(loaded.rules, lists, loaded.config, nullptr, {});
    auto b = plan::make_plan(loaded.rules, lists, loaded.config, nullptr, {});
    ASSERT_TRUE(a.has_value() && b.has_value());
    ASSERT_EQ(a->alternatives.size(), b->alternatives.size());
    EXPECT_EQ(moves(*a->best), moves(*b->best));
    for (std::size_t i = 0; i < a->alternatives.size(); ++i) EXPECT_EQ(moves(a->alternatives[i]), moves(b->alternatives[i]));
    EXPECT_EQ(a->checks, b->checks);
}
