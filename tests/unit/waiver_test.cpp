#include <gtest/gtest.h>

#include <filesystem>

#include "config/run_config.hpp"
#include "facts/fact_set.hpp"
#include "rules/baseline.hpp"
#include "rules/engine.hpp"
#include "rules/pack_collector.hpp"
#include "rules/waiver.hpp"
#include "rules/waiver_file.hpp"
#include "temp_dir.hpp"
#include "util/time_text.hpp"

using namespace preflight;
namespace fs = std::filesystem;

namespace {

const char* kPack = R"([pack]
name = "t"
version = "1.0"
engine = ">=0.1"
summary = "test pack"

[[rules]]
id = "tp-too-large"
severity = "error"
summary = "s"
explain = "e"
references = ["r"]
when = "parallel.tp > 2"
message = "tp is {parallel.tp}"
about = ["parallel.tp"]
)";

rules::RuleSet load(const test_support::TempDir& dir) {
    dir.write("packs/t/pack.toml", kPack);
    auto collected = rules::collect_packs({{dir.path() + "/packs", true}}, "0.1.0");
    EXPECT_TRUE(collected.has_value());
    auto set = rules::compile_packs(collected->packs);
    EXPECT_TRUE(set.has_value()) << set.error().message;
    return std::move(*set);
}

std::chrono::year_month_day day(const char* text) { return *util::parse_day(text); }

rules::Waiver waiver(const std::string& rule, const std::string& path = "", const std::string& base = "/repo") {
    rules::Waiver w;
    w.rule = rule;
    w.path = path;
    w.base = base;
    w.justification = "accepted";
    w.owner = "alice";
    w.where = Location{"/repo/waivers.toml", 3, 1, "waive"};
    return w;
}

rules::Finding finding(const std::string& rule, const std::string& file, int line = 5) {
    rules::Finding f;
    f.rule = rule;
    f.location = Location{file, line, 1, "parallel.tp"};
    return f;
}

facts::FactSet with_package(const std::string& name, const std::string& ver) {
    facts::FactSet facts;
    facts.packages[name] = Fact{Value(*version::Version::parse(version::Scheme::pep440, ver)), {}};
    return facts;
}

rules::VersionBound bound(const std::string& package, const std::string& range) {
    return {package, *version::VersionRange::parse(version::Scheme::pep440, range), {}};
}

}  // namespace

TEST(Waiver, DatesAreCalendarDays) {
    EXPECT_TRUE(util::parse_day("2024-02-29"));
    EXPECT_FALSE(util::parse_day("2026-02-29"));
    EXPECT_FALSE(util::parse_day("2026-6-30"));
    EXPECT_FALSE(util::parse_day("2026-06-30x"));
    EXPECT_EQ(rules::format_date(day("2026-06-03")), "2026-06-03");
}

TEST(Waiver, GlobIsRelativeToTheWaiverFileAndStarStopsAtSlash) {
    auto w = waiver("r", "jobs/*.toml");
    EXPECT_TRUE(rules::path_matches(w, "/repo/jobs/a.toml"));
    EXPECT_TRUE(rules::path_matches(w, "/repo/x/../jobs/a.toml"));
    EXPECT_FALSE(rules::path_matches(w, "/repo/jobs/sub/a.toml"));
    EXPECT_FALSE(rules::path_matches(w, "/other/jobs/a.toml"));
    EXPECT_FALSE(rules::path_matches(w, "/repo/jobs/a.sh"));
    EXPECT_TRUE(rules::path_matches(waiver("r"), "/anywhere/at/all.toml"));
    EXPECT_TRUE(rules::path_matches(waiver("r", "jobs/*/*.sh"), "/repo/jobs/sub/a.sh"));
}

TEST(Waiver, HoldsThroughItsExpiryDayAndNotAfter) {
    auto w = waiver("r");
    w.expires = day("2026-06-30");
    facts::FactSet none;
    EXPECT_EQ(rules::standing(w, none, day("2026-06-30")).state, rules::WaiverStanding::State::in_force);
    auto after = rules::standing(w, none, day("2026-07-01"));
    EXPECT_EQ(after.state, rules::WaiverStanding::State::expired);
    EXPECT_NE(after.why.find("2026-06-30"), std::string::npos);
}

TEST(Waiver, LapsesOutsideItsVersionBound) {
    auto w = waiver("r");
    w.bounds.push_back(bound("ms-swift", ">=4.4,<4.5"));
    EXPECT_EQ(rules::standing(w, with_package("ms-swift", "4.4.2"), day("2026-01-01")).state,
              rules::WaiverStanding::State::in_force);
    auto lapsed = rules::standing(w, with_package("ms-swift", "4.5.0"), day("2026-01-01"));
    EXPECT_EQ(lapsed.state, rules::WaiverStanding::State::lapsed);
    EXPECT_NE(lapsed.why.find("4.5.0"), std::string::npos);
}

TEST(Waiver, AnUnknownVersionLeavesTheBoundUndeterminedAndAKnownAbsenceLapsesIt) {
    auto w = waiver("r");
    w.bounds.push_back(bound("ms-swift", ">=4.4"));
    facts::FactSet unknown;
    EXPECT_EQ(rules::standing(w, unknown, day("2026-01-01")).state, rules::WaiverStanding::State::undetermined);
    facts::FactSet complete;
    complete.packages_complete = true;
    EXPECT_EQ(rules::standing(w, complete, day("2026-01-01")).state, rules::WaiverStanding::State::lapsed);
    facts::FactSet declared_absent;
    declared_absent.packages["ms-swift"] = Fact{Value(Null{}), {}};
    EXPECT_EQ(rules::standing(w, declared_absent, day("2026-01-01")).state, rules::WaiverStanding::State::lapsed);
}

TEST(Waiver, SuppressesWhatItCoversAndReportsWhatNoLongerHolds) {
    auto active = waiver("a");
    auto expired = waiver("b");
    expired.expires = day("2026-01-01");
    auto unused = waiver("c");
    rules::CheckResult result;
    result.findings = {finding("a", "/repo/job.toml"), finding("b", "/repo/job.toml"), finding("d", "/repo/job.toml")};
    std::set<const rules::Waiver*> matched;
    rules::apply_waivers({&active, &expired, &unused}, facts::FactSet{}, day("2026-03-01"), result, matched);
    ASSERT_EQ(result.findings.size(), 4u);
    ASSERT_TRUE(result.findings[0].suppressed);
    EXPECT_EQ(result.findings[0].suppressed->owner, "alice");
    EXPECT_EQ(result.findings[0].suppressed->where.line, 3);
    EXPECT_FALSE(result.findings[1].suppressed);
    EXPECT_FALSE(result.findings[2].suppressed);
    EXPECT_EQ(result.findings[3].rule, rules::kWaiverExpired);
    EXPECT_EQ(result.findings[3].severity, Severity::warning);
    EXPECT_EQ(result.findings[3].location.line, 3);
    EXPECT_TRUE(result.has_at_least(Severity::error));  // b's finding counts again
    EXPECT_TRUE(matched.count(&active) && matched.count(&expired) && !matched.count(&unused));
    facts::FactSet none;
    auto notice = rules::unused_waiver_finding(unused, {&none}, day("2026-03-01"));
    EXPECT_EQ(notice.rule, rules::kWaiverUnused);
    EXPECT_EQ(notice.severity, Severity::info);
}

TEST(Waiver, AnExpiredOrLapsedWaiverIsAWarningEvenWhenItMatchedNothing) {
    facts::FactSet none;
    auto expired = waiver("r");
    expired.expires = day("2026-01-01");
    auto warning = rules::unused_waiver_finding(expired, {&none}, day("2026-03-01"));
    EXPECT_EQ(warning.rule, rules::kWaiverExpired);
    EXPECT_EQ(warning.severity, Severity::warning);
    EXPECT_NE(warning.message.find("expired on 2026-01-01"), std::string::npos);
    EXPECT_NE(warning.message.find("owner: alice"), std::string::npos);
    // Still valid on its last day: only a notice.
    EXPECT_EQ(rules::unused_waiver_finding(expired, {&none}, day("2026-01-01")).rule, rules::kWaiverUnused);

    auto bound_to = waiver("r");
    bound_to.bounds.push_back(bound("ms-swift", ">=4.4,<4.5"));
    auto old = with_package("ms-swift", "4.3.0"), current = with_package("ms-swift", "4.4.1");
    auto lapsed = rules::unused_waiver_finding(bound_to, {&old}, day("2026-01-01"));
    EXPECT_EQ(lapsed.rule, rules::kWaiverLapsed);
    EXPECT_EQ(lapsed.severity, Severity::warning);
    EXPECT_NE(lapsed.message.find("4.3.0"), std::string::npos);
    // Lapsed for one job it was offered to, in force for another, or the version unknown: a notice.
    EXPECT_EQ(rules::unused_waiver_finding(bound_to, {&old, &current}, day("2026-01-01")).rule, rules::kWaiverUnused);
    EXPECT_EQ(rules::unused_waiver_finding(bound_to, {&none}, day("2026-01-01")).rule, rules::kWaiverUnused);
}

TEST(Waiver, AnExpiredWaiverBehindOneInForceIsLeftUnmatched) {
    auto active = waiver("a");
    auto expired = waiver("a");
    expired.expires = day("2026-01-01");
    rules::CheckResult result;
    result.findings = {finding("a", "/repo/job.toml")};
    std::set<const rules::Waiver*> matched;
    // The expired one comes first but the one in force accepts the finding: the expired
    // one is not reported here, so the caller reports it as expired and unmatched.
    rules::apply_waivers({&expired, &active}, facts::FactSet{}, day("2026-03-01"), result, matched);
    ASSERT_EQ(result.findings.size(), 1u);
    EXPECT_TRUE(result.findings[0].suppressed);
    EXPECT_TRUE(matched.count(&active));
    EXPECT_FALSE(matched.count(&expired));
}

TEST(Waiver, TablesAreCheckedAgainstTheLoadedRules) {
    test_support::TempDir dir;
    auto set = load(dir);
    auto file = dir.write("w.toml", "# waivers\n\n[[waive]]\nrule = \"tp-too-larg\"\njustification = \"j\"\nowner = \"o\"\n");
    auto tables = rules::read_waiver_file(file);
    ASSERT_TRUE(tables.has_value()) << tables.error().message;
    ASSERT_EQ(tables->size(), 1u);
    EXPECT_EQ(tables->front().where.line, 3);
    auto unknown_rule = rules::read_waivers(*tables, dir.path(), set);
    ASSERT_FALSE(unknown_rule.has_value());
    EXPECT_EQ(unknown_rule.error().location.line, 4);
    EXPECT_NE(unknown_rule.error().message.find("did you mean 'tp-too-large'"), std::string::npos);

    auto no_owner = rules::read_waiver_file(dir.write("w2.toml", "[[waive]]\nrule = \"tp-too-large\"\njustification = \"j\"\n"));
    ASSERT_TRUE(no_owner.has_value());
    auto missing = rules::read_waivers(*no_owner, dir.path(), set);
    ASSERT_FALSE(missing.has_value());
    EXPECT_NE(missing.error().message.find("'owner'"), std::string::npos);
    EXPECT_EQ(missing.error().location.line, 1);

    auto typo = rules::read_waiver_file(
        dir.write("w3.toml", "[[waive]]\nrule = \"tp-too-large\"\njustification = \"j\"\nowner = \"o\"\nexpire = 2026-01-01\n"));
    ASSERT_TRUE(typo.has_value());
    auto bad_key = rules::read_waivers(*typo, dir.path(), set);
    ASSERT_FALSE(bad_key.has_value());
    EXPECT_EQ(bad_key.error().location.line, 5);
    EXPECT_EQ(bad_key.error().location.key, "waive.expire");

    auto good = rules::read_waiver_file(
        dir.write("w4.toml",
                  "[[waive]]\nrule = \"config-unknown-key\"\njustification = \"j\"\nowner = \"o\"\nexpires = 2026-01-31\n"
                  "when = { \"MS_Swift\" = \">=4.4\" }\n"));
    ASSERT_TRUE(good.has_value());
    auto read = rules::read_waivers(*good, dir.path(), set);
    ASSERT_TRUE(read.has_value()) << read.error().message;
    EXPECT_EQ(rules::format_date(*read->front().expires), "2026-01-31");
    ASSERT_EQ(read->front().bounds.size(), 1u);
    EXPECT_EQ(read->front().bounds.front().package, "ms-swift");
}

TEST(Waiver, InvalidUtf8IsRefusedWithItsLine) {
    test_support::TempDir dir;
    auto read = rules::read_waiver_file(dir.write("w.toml", "[[waive]]\nrule = 'a\xff'\n"));
    ASSERT_FALSE(read.has_value());
    EXPECT_EQ(read.error().location.line, 2);
    EXPECT_NE(read.error().message.find("UTF-8"), std::string::npos);
}

TEST(Waiver, InlineTablesAreKeptWithTheirHeaderLine) {
    test_support::TempDir dir;
    auto path = dir.write("job.toml", "schema = 1\n[job]\n\n[[waive]]\n# why\nrule = \"x\"\nwhen = { cann = \"==8.5.1\" }\n");
    auto cfg = config::load_run_config(path, [](const std::string&) { return version::Scheme::pep440; });
    ASSERT_TRUE(cfg.has_value()) << cfg.error().message;
    ASSERT_EQ(cfg->waive.size(), 1u);
    EXPECT_EQ(cfg->waive[0].where.line, 4);
    EXPECT_EQ(cfg->waive[0].values.at("rule").text, "x");
    EXPECT_EQ(cfg->waive[0].tables.at("when").values.at("cann").where.line, 7);
    EXPECT_TRUE(cfg->diagnostics.empty());
}

TEST(Waiver, TheWaiverFileIsFoundWalkingUpToTheRepositoryRootAndNoFurther) {
    test_support::TempDir dir;
    fs::path top(dir.path());
    dir.write("outer/.preflight-waivers.toml", "");
    dir.write("outer/repo/.git/HEAD", "ref: refs/heads/main\n");
    dir.write("outer/repo/a/b/placeholder", "");
    EXPECT_FALSE(rules::discover_waiver_file(top / "outer/repo/a/b"));  // the one above the root is not taken
    EXPECT_EQ(rules::repository_root(top / "outer/repo/a/b"), top / "outer/repo");
    dir.write("outer/repo/.preflight-waivers.toml", "");
    EXPECT_EQ(rules::discover_waiver_file(top / "outer/repo/a/b"), top / "outer/repo/.preflight-waivers.toml");
    dir.write("outer/repo/a/.preflight-waivers.toml", "");
    EXPECT_EQ(rules::discover_waiver_file(top / "outer/repo/a/b"), top / "outer/repo/a/.preflight-waivers.toml");
    // Outside a repository only the start directory counts.
    dir.write("loose/sub/placeholder", "");
    dir.write("loose/.preflight-waivers.toml", "");
    EXPECT_FALSE(rules::discover_waiver_file(top / "loose/sub"));
    EXPECT_TRUE(rules::discover_waiver_file(top / "loose"));
}

TEST(Baseline, FingerprintsSurviveLinesMoving) {
    test_support::TempDir dir;
    auto set = load(dir);
    auto check = [&](const std::string& text) {
        auto path = dir.write("job.toml", text);
        auto cfg = config::load_run_config(path, [&](const std::string& p) { return set.scheme_of(p); });
        EXPECT_TRUE(cfg.has_value());
        return rules::run_check(set, facts::from_run_config(*cfg), path, {});
    };
    auto before = check("schema = 1\n[job]\n[parallel]\ntp = 4\n");
    auto after = check("schema = 1\n# a comment\n\n[job]\n\n[parallel]\n\ntp = 8\n");
    ASSERT_EQ(before.findings.size(), 1u);
    ASSERT_EQ(after.findings.size(), 1u);
    EXPECT_NE(before.findings[0].location.line, after.findings[0].location.line);
    fs::path root(dir.path());
    auto a = rules::baseline_entry(before.findings[0], root);
    auto b = rules::baseline_entry(after.findings[0], root);
    EXPECT_EQ(a.fingerprint, b.fingerprint);
    EXPECT_EQ(a.file, "job.toml");
    EXPECT_NE(a.message, b.message);
}

TEST(Baseline, RoundTripsSuppressesKnownFindingsAndCountsFixedOnes) {
    test_support::TempDir dir;
    fs::path root(dir.path());
    std::string job = (root / "job.toml").string();
    auto old_one = finding("old", job), gone = finding("gone", job),
         elsewhere = finding("other-file", (root / "x.toml").string());
    auto path =
        dir.write("base.json", rules::baseline_json({rules::baseline_entry(old_one, root), rules::baseline_entry(gone, root),
                                                     rules::baseline_entry(elsewhere, root)}));
    auto baseline = rules::read_baseline(path);
    ASSERT_TRUE(baseline.has_value()) << baseline.error().message;
    ASSERT_EQ(baseline->entries.size(), 3u);
    rules::CheckResult result;
    result.findings = {finding("old", job, 40), finding("new", job)};
    std::set<std::string> seen;
    rules::apply_baseline(*baseline, root, result, seen);
    ASSERT_TRUE(result.findings[0].suppressed);
    EXPECT_EQ(result.findings[0].suppressed->kind, rules::Suppression::Kind::baseline);
    EXPECT_FALSE(result.findings[1].suppressed);
    // x.toml was not checked in this run: its entry is neither fixed nor new.
    auto fixed = rules::baseline_fixed_finding(*baseline, seen, {"job.toml"});
    ASSERT_TRUE(fixed);
    EXPECT_EQ(fixed->rule, rules::kBaselineFixed);
    EXPECT_EQ(fixed->message.rfind("1 baseline entry is gone", 0), 0u) << fixed->message;
}

TEST(Baseline, MalformedFilesAreRefused) {
    test_support::TempDir dir;
    auto not_json = rules::read_baseline(dir.write("a.json", "{\n\"preflight_baseline\": 1,\n]"));
    ASSERT_FALSE(not_json.has_value());
    EXPECT_EQ(not_json.error().location.line, 3);
    EXPECT_FALSE(rules::read_baseline(dir.write("b.json", "{\"preflight_baseline\": 2, \"entries\": []}")).has_value());
    auto entry = rules::read_baseline(dir.write("c.json", "{\"preflight_baseline\": 1, \"entries\": [{\"rule\": \"r\"}]}"));
    ASSERT_FALSE(entry.has_value());
    EXPECT_EQ(entry.error().location.key, "entries[0].fingerprint");
}
