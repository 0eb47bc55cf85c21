// A round keeps a rule's outcome when the patch changed nothing it read
// (CheckOptions::keep_outcomes). These cases show that what it read is followed through
// derived facts and defaults, and that every bundled pack case checks the same with
// outcomes kept as with every rule evaluated in every round.
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "config/run_config.hpp"
#include "rules/check_job.hpp"
#include "rules/engine.hpp"
#include "rules/pack_collector.hpp"
#include "temp_dir.hpp"

using namespace preflight;
namespace fs = std::filesystem;

namespace {

// Everything a check reports, one line per item, for comparing two checks.
std::string check_text(const rules::CheckResult& r) {
    std::string out = fmt::format("rounds {}\n", r.rounds);
    auto finding = [&](const rules::Finding& f) {
        out += fmt::format("{} {} {} | {} | {}:{} | fixes {} | missing {}\n", f.rule, to_string(f.severity), f.fixable, f.message,
                           f.location.line, f.location.key, fmt::join(f.fixes, "; "), fmt::join(f.missing, ", "));
        for (const auto& e : f.evidence) out += fmt::format("  ({}) {} = {}\n", e.origin, e.fact, e.value);
        for (const auto& d : f.details) out += "  " + d + "\n";
    };
    for (const auto& f : r.findings) finding(f);
    for (const auto& f : r.undetermined) finding(f);
    for (const auto& [k, e] : r.patch.env)
        out += fmt::format("env {} = {} by {}\n", k, e.value ? display(*e.value) : "unset", e.rule);
    for (const auto& [k, e] : r.patch.config) out += fmt::format("config {} = {} by {}\n", k, display(*e.value), e.rule);
    for (const auto& f : r.fallbacks) out += fmt::format("fallback {}={} {}\n", f.kernel, f.implementation, f.rule);
    for (const auto& l : r.limitations) out += fmt::format("limitation {} {}\n", l.feature, l.rule);
    const auto& c = r.coverage;
    out += fmt::format("coverage {} {} {} {}\n", c.applied, c.not_applicable, c.undetermined, c.ignored);
    return out;
}

const char* kFollowedPack = R"([pack]
name = "t"
version = "1.0"
engine = ">=0.1"
summary = "test pack"

# Round 1 sets train.packing; nothing else reads it directly.
[[rules]]
id = "sets-packing"
severity = "warning"
summary = "s"
explain = "e"
references = ["r"]
when = "parallel.tp == 2 && !train.packing"
message = "m"
[[rules.fix]]
config = "train.packing"
set = true

# The default of env.PACKED_SEQ follows train.packing.
[[defaults]]
key = "env.PACKED_SEQ"
value = "1"
when = "train.packing"
by = "the launcher"
references = ["r"]

[[facts]]
name = "t.packed"
type = "bool"
expr = "env('PACKED_SEQ') == '1'"
doc = "whether sequences are packed"

# Reads t.packed first, so the next rule finds it computed (a memo of its own reads).
[[rules]]
id = "packed-first"
severity = "warning"
summary = "s"
explain = "e"
references = ["r"]
when = "t.packed && parallel.tp == 3"
message = "m"

# Reads train.packing only through a derived fact and a default: quiet in round 1,
# fires in round 2, which it does only if its outcome is not kept.
[[rules]]
id = "packed-needs-flash"
severity = "warning"
summary = "s"
explain = "e"
references = ["r"]
when = "t.packed && train.attention_backend != 'flash'"
message = "m"
)";

}  // namespace

TEST(KeptOutcomes, ARuleReadingAPatchedKeyThroughADerivedFactAndADefaultIsEvaluatedAgain) {
    test_support::TempDir dir;
    dir.write("packs/t/pack.toml", kFollowedPack);
    auto collected = rules::collect_packs({{dir.path() + "/packs", true}}, "0.1.0");
    ASSERT_TRUE(collected.has_value()) << collected.error().message;
    auto set = rules::compile_packs(collected->packs);
    ASSERT_TRUE(set.has_value()) << set.error().message;
    auto path = dir.write("job.toml", "schema = 1\n[job]\n[parallel]\ntp = 2\n[train]\nattention_backend = \"sdpa\"\n[env]\n");
    auto cfg = config::load_run_config(path, [&](const std::string& p) { return set->scheme_of(p); });
    ASSERT_TRUE(cfg.has_value()) << cfg.error().message;

    for (bool keep : {true, false}) {
        rules::CheckOptions options;
        options.keep_outcomes = keep;
        auto checked = rules::check_job(*set, *cfg, nullptr, options);
        ASSERT_TRUE(checked.has_value());
        std::vector<std::string> fired;
        for (const auto& f : checked->result.findings) fired.push_back(f.rule);
        EXPECT_EQ(fired, (std::vector<std::string>{"packed-needs-flash", "sets-packing"})) << "keep_outcomes " << keep;
        EXPECT_EQ(checked->result.rounds, 2);  // the fix, then a round that changes nothing
    }
}

// Every bundled pack case whose check takes more than one round, checked both ways.
TEST(KeptOutcomes, EveryBundledCaseChecksAlikeWithOutcomesKept) {
    const fs::path root = fs::path(PREFLIGHT_SOURCE_DIR) / "rules";
    auto collected = rules::collect_packs({{root.string(), true}}, PREFLIGHT_VERSION);
    ASSERT_TRUE(collected.has_value()) << collected.error().message;
    auto set = rules::compile_packs(collected->packs);
    ASSERT_TRUE(set.has_value()) << set.error().message;

    int cases = 0, compared = 0;
    for (const auto& pack : fs::directory_iterator(root)) {
        if (!fs::is_directory(pack.path() / "tests")) continue;
        for (const auto& dir : fs::directory_iterator(pack.path() / "tests")) {
            const fs::path job = dir.path() / "job.toml";
            if (!fs::exists(job)) continue;
            ++cases;
            auto cfg = config::load_run_config(job.string(), [&](const std::string& p) { return set->scheme_of(p); });
            ASSERT_TRUE(cfg.has_value()) << job << ": " << cfg.error().message;
            rules::CheckOptions kept, evaluated;
            evaluated.keep_outcomes = false;
            auto a = rules::check_job(*set, *cfg, nullptr, kept);
            ASSERT_TRUE(a.has_value()) << job;
            if (a->result.rounds == 1) continue;  // the first round evaluates every rule either way
            ++compared;
            auto b = rules::check_job(*set, *cfg, nullptr, evaluated);
            ASSERT_TRUE(b.has_value()) << job;
            EXPECT_EQ(check_text(a->result), check_text(b->result)) << job;
        }
    }
    EXPECT_GT(cases, 500);
    EXPECT_GT(compared, 50) << "of " << cases << " cases";
    std::cout << compared << " of " << cases << " cases take more than one round\n";
}
