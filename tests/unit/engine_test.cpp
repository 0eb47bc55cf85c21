#include <gtest/gtest.h>

#include "config/run_config.hpp"
#include "rules/engine.hpp"
#include "rules/pack_collector.hpp"
#include "temp_dir.hpp"

using namespace preflight;

namespace {

const char* kHeader = R"([pack]
name = "t"
version = "1.0"
engine = ">=0.1"
summary = "test pack"
)";

std::string rule(const std::string& id, const std::string& when, const std::string& extra = "", const std::string& severity = "error") {
    return "\n[[rules]]\nid = \"" + id + "\"\nseverity = \"" + severity + "\"\nsummary = \"s\"\nexplain = \"e\"\nreferences = [\"r\"]\n" +
           "when = \"" + when + "\"\nmessage = \"m {parallel.tp}\"\n" + extra;
}

Result<rules::RuleSet> load(const test_support::TempDir& dir, const std::string& pack_body, const std::string& engine = "0.1.0") {
    dir.write("packs/t/pack.toml", std::string(kHeader) + pack_body);
    auto collected = rules::collect_packs({{dir.path() + "/packs", true}}, engine);
    if (!collected) return tl::unexpected(collected.error());
    return rules::compile_packs(collected->packs);
}

rules::CheckResult check(const test_support::TempDir& dir, const rules::RuleSet& set, const std::string& job,
                         rules::CheckOptions options = {}) {
    auto path = dir.write("job.toml", job);
    auto cfg = config::load_run_config(path, [&](const std::string& p) { return set.scheme_of(p); });
    EXPECT_TRUE(cfg.has_value());
    return rules::run_check(set, facts::from_run_config(*cfg), path, options);
}

std::vector<std::string> ids(const rules::CheckResult& r) {
    std::vector<std::string> out;
    for (const auto& f : r.findings) out.push_back(f.rule + (f.undetermined ? "?" : ""));
    return out;
}

}  // namespace

TEST(Engine, FixesReachAFixpointAndTheirConsequencesAreFound) {
    test_support::TempDir dir;
    auto set = load(dir, rule("needs-flag", "env('X') == null", "[[rules.fix]]\nenv = \"X\"\nset = \"0\"\n") +
                             rule("flag-forbids-packing", "env('X') == '0' && train.packing",
                                  "[[rules.fix]]\nconfig = \"train.packing\"\nset = false\n"));
    ASSERT_TRUE(set.has_value()) << set.error().message;
    auto r = check(dir, *set, "[train]\npacking = true\n");
    EXPECT_EQ(ids(r), (std::vector<std::string>{"flag-forbids-packing", "needs-flag"}));
    EXPECT_EQ(r.patch.env.at("X").value, Value("0"));
    EXPECT_EQ(r.patch.config.at("train.packing").value, Value(false));
    EXPECT_EQ(r.iterations, 3);
    for (const auto& f : r.findings) EXPECT_TRUE(f.fixable);
}

TEST(Engine, TwoRulesSettingOneKeyDifferentlyIsAConflict) {
    test_support::TempDir dir;
    auto set = load(dir, rule("a", "true", "[[rules.fix]]\nenv = \"X\"\nset = \"0\"\n") +
                             rule("b", "true", "[[rules.fix]]\nenv = \"X\"\nset = \"1\"\n"));
    ASSERT_TRUE(set.has_value());
    auto r = check(dir, *set, "");
    EXPECT_FALSE(r.patch.env.count("X"));
    ASSERT_EQ(ids(r), (std::vector<std::string>{"a", "b", "preflight-fix-conflict"}));
    EXPECT_NE(r.findings[2].message.find("rules a, b set env X"), std::string::npos);
}

TEST(Engine, AFixThatUndoesItselfIsAnOscillation) {
    test_support::TempDir dir;
    auto set = load(dir, rule("flip", "true", "[[rules.fix]]\nconfig = \"parallel.tp\"\nset_expr = \"parallel.tp % 2 + 1\"\n"));
    ASSERT_TRUE(set.has_value()) << set.error().message;
    auto r = check(dir, *set, "");
    auto got = ids(r);
    EXPECT_NE(std::find(got.begin(), got.end(), "preflight-fix-oscillation"), got.end());
    EXPECT_TRUE(r.has_at_least(Severity::error));
}

TEST(Engine, SuggestedFixesWaitForApplySuggested) {
    test_support::TempDir dir;
    auto set = load(dir, rule("cp", "parallel.cp > 1", "[[rules.fix]]\nconfig = \"parallel.cp\"\nset = 1\nkind = \"suggested\"\n"));
    ASSERT_TRUE(set.has_value());
    auto plain = check(dir, *set, "[parallel]\ncp = 2\n");
    EXPECT_TRUE(plain.patch.empty());
    EXPECT_FALSE(plain.findings[0].fixable);
    rules::CheckOptions opt;
    opt.apply_suggested = true;
    auto applied = check(dir, *set, "[parallel]\ncp = 2\n", opt);
    EXPECT_EQ(applied.patch.config.at("parallel.cp").value, Value(std::int64_t{1}));
}

TEST(Engine, UnknownFactsGiveUndeterminedNotesOrErrorsWhenStrict) {
    test_support::TempDir dir;
    auto set = load(dir, rule("old-core", "pkg('megatron-core') < '0.16'"));
    ASSERT_TRUE(set.has_value());
    auto r = check(dir, *set, "");
    ASSERT_EQ(ids(r), std::vector<std::string>{"old-core?"});
    EXPECT_EQ(r.findings[0].severity, Severity::info);
    EXPECT_EQ(r.findings[0].missing, std::vector<std::string>{"pkg(megatron-core)"});
    EXPECT_NE(r.findings[0].message.find("give --probe, --env or [packages]"), std::string::npos);
    rules::CheckOptions strict;
    strict.strict = true;
    EXPECT_EQ(check(dir, *set, "", strict).findings[0].severity, Severity::error);
    EXPECT_TRUE(check(dir, *set, "[packages]\nmegatron-core = \"0.16.0\"\n").findings.empty());
}

TEST(Engine, FixedInRetiresARule) {
    test_support::TempDir dir;
    auto set = load(dir, rule("bug", "true", "[[rules.fixed_in]]\npackage = \"ms_swift\"\nversions = \">=4.2.0\"\n"));
    ASSERT_TRUE(set.has_value());
    EXPECT_EQ(ids(check(dir, *set, "[packages]\nms-swift = \"4.1.3\"\n")), std::vector<std::string>{"bug"});
    EXPECT_TRUE(check(dir, *set, "[packages]\nms-swift = \"4.2.0\"\n").findings.empty());
    EXPECT_EQ(ids(check(dir, *set, "")), std::vector<std::string>{"bug?"});
    // Installed versions: a source build past the fix has it; a candidate of the
    // fixed release sorts below it and does not.
    EXPECT_TRUE(check(dir, *set, "[packages]\nms-swift = \"4.4.0.dev0\"\n").findings.empty());
    EXPECT_EQ(ids(check(dir, *set, "[packages]\nms-swift = \"4.2.0rc1\"\n")), std::vector<std::string>{"bug"});
}

TEST(Engine, SatisfiesInAPackJudgesInstalledVersions) {
    test_support::TempDir dir;
    auto set = load(dir, rule("old-swift", "!satisfies(pkg('ms-swift'), '>=4.2.0')"));
    ASSERT_TRUE(set.has_value());
    EXPECT_TRUE(check(dir, *set, "[packages]\nms-swift = \"4.4.0.dev0\"\n").findings.empty());
    EXPECT_EQ(ids(check(dir, *set, "[packages]\nms-swift = \"4.1.3\"\n")), std::vector<std::string>{"old-swift"});
}

TEST(PackLoading, ADevBuildOfPreflightMeetsAPacksEngineRange) {
    test_support::TempDir dir;
    EXPECT_TRUE(load(dir, rule("r", "true"), "0.2.0.dev0").has_value());  // engine = ">=0.1"
    EXPECT_FALSE(load(dir, rule("r", "true"), "0.1.0rc1").has_value());
}

TEST(PackLoading, ConditionErrorsPointIntoThePackFile) {
    test_support::TempDir dir;
    auto set = load(dir, rule("bad", "parallel.tp == 'x'"));
    ASSERT_FALSE(set.has_value());
    EXPECT_NE(set.error().message.find("cannot compare int with string"), std::string::npos);
    EXPECT_EQ(set.error().location.line, 13);
    EXPECT_EQ(set.error().location.column, 21);  // the text starts at column 9; "==" is 12 further
    EXPECT_NE(set.error().location.file.find("pack.toml"), std::string::npos);
}

TEST(PackLoading, MultiLineConditionErrorsCountLines) {
    test_support::TempDir dir;
    std::string body = "\n[[rules]]\nid = \"ml\"\nseverity = \"error\"\nsummary = \"s\"\nexplain = \"e\"\nreferences = [\"r\"]\n"
                       "message = \"m\"\nwhen = '''\nparallel.tp > 1 &&\n  nosuch.fact\n'''\n";
    auto set = load(dir, body);
    ASSERT_FALSE(set.has_value());
    EXPECT_NE(set.error().message.find("unknown fact 'nosuch.fact'"), std::string::npos);
    EXPECT_EQ(set.error().location.line, 16);
    EXPECT_EQ(set.error().location.column, 3);
    EXPECT_EQ(set.error().location.source_line, "  nosuch.fact");
}

TEST(PackLoading, EngineGateDuplicatesAndTables) {
    test_support::TempDir dir;
    auto newer = load(dir, "", "0.0.9");
    ASSERT_FALSE(newer.has_value());
    EXPECT_NE(newer.error().message.find("needs preflight >=0.1, but this is preflight 0.0.9"), std::string::npos);

    auto dup = load(dir, rule("same", "true") + rule("same", "false"));
    ASSERT_FALSE(dup.has_value());
    EXPECT_NE(dup.error().message.find("already defined"), std::string::npos);

    auto table = load(dir, "[[tables.m]]\narch = \"a\"\nn = 1\n[[tables.m]]\narch = \"b\"\nn = \"two\"\n");
    ASSERT_FALSE(table.has_value());
    EXPECT_NE(table.error().message.find("column 'n' holds string here but int"), std::string::npos);
    EXPECT_EQ(table.error().location.line, 11);  // the offending cell

    auto cycle = load(dir, "[[facts]]\nname = \"x.a\"\ntype = \"bool\"\nexpr = \"x.b\"\ndoc = \"d\"\n"
                           "[[facts]]\nname = \"x.b\"\ntype = \"bool\"\nexpr = \"x.a\"\ndoc = \"d\"\n");
    ASSERT_FALSE(cycle.has_value());
    EXPECT_NE(cycle.error().message.find("depends on itself"), std::string::npos);

    auto fix = load(dir, rule("f", "true", "[[rules.fix]]\nconfig = \"train.packing\"\nset = \"no\"\n"));
    ASSERT_FALSE(fix.has_value());
    EXPECT_NE(fix.error().message.find("takes bool"), std::string::npos);
}

TEST(PackLoading, EarlierRootsShadowLaterOnes) {
    test_support::TempDir dir;
    auto pack = [](const std::string& version) {
        return "[pack]\nname = \"same\"\nversion = \"" + version + "\"\nengine = \">=0.1\"\nsummary = \"s\"\n";
    };
    dir.write("site/same/pack.toml", pack("2.0"));
    dir.write("bundled/same/pack.toml", pack("1.0"));
    auto collected = rules::collect_packs({{dir.path() + "/site", true}, {dir.path() + "/bundled", false}, {dir.path() + "/absent", false}},
                                          "0.1.0");
    ASSERT_TRUE(collected.has_value()) << collected.error().message;
    ASSERT_EQ(collected->packs.size(), 1u);
    EXPECT_EQ(collected->packs[0].version, "2.0");
    ASSERT_EQ(collected->shadowed.size(), 1u);
    EXPECT_FALSE(rules::collect_packs({{dir.path() + "/absent", true}}, "0.1.0").has_value());
    dir.write("site/other/pack.toml", pack("3.0"));
    auto twice = rules::collect_packs({{dir.path() + "/site", true}}, "0.1.0");
    ASSERT_FALSE(twice.has_value());
    EXPECT_NE(twice.error().message.find("defined twice"), std::string::npos);
}
