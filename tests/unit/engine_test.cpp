#include <gtest/gtest.h>

#include <set>

#include "config/run_config.hpp"
#include "output/fact_lines.hpp"
#include "rules/engine.hpp"
#include "rules/fingerprint.hpp"
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

std::string rule(const std::string& id, const std::string& when, const std::string& extra = "",
                 const std::string& severity = "error") {
    return "\n[[rules]]\nid = \"" + id + "\"\nseverity = \"" + severity +
           "\"\nsummary = \"s\"\nexplain = \"e\"\nreferences = [\"r\"]\n" + "when = \"" + when +
           "\"\nmessage = \"m {parallel.tp}\"\n" + extra;
}

Result<rules::RuleSet> load(const test_support::TempDir& dir, const std::string& pack_body, const std::string& engine = "0.1.0") {
    dir.write("packs/t/pack.toml", std::string(kHeader) + pack_body);
    auto collected = rules::collect_packs({{dir.path() + "/packs", true}}, engine);
    if (!collected) return tl::unexpected(collected.error());
    return rules::compile_packs(collected->packs);
}

rules::CheckResult check(const test_support::TempDir& dir, const rules::RuleSet& set, const std::string& job,
                         rules::CheckOptions options = {}) {
    // Every job declares schema and [job]; the cases add them where they do not care.
    bool has_job = job.find("[job]") != std::string::npos;
    auto path = dir.write("job.toml", "schema = 1\n" + job + (has_job ? "" : "\n[job]\n"));
    auto cfg = config::load_run_config(path, [&](const std::string& p) { return set.scheme_of(p); });
    EXPECT_TRUE(cfg.has_value()) << cfg.error().message;
    return rules::run_check(set, facts::from_run_config(*cfg), path, options);
}

// The findings by rule id, each undetermined rule as "id?" (from the rules the one
// grouped note stands for), after the others.
std::vector<std::string> ids(const rules::CheckResult& r) {
    std::vector<std::string> out;
    for (const auto& f : r.findings)
        if (f.rule != rules::kUndeterminedRule) out.push_back(f.rule + (f.undetermined ? "?" : ""));
    for (const auto& f : r.undetermined) out.push_back(f.rule + "?");
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
    EXPECT_EQ(r.rounds, 3);
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

TEST(Engine, AConflictFoundInALaterRoundLeavesTheKeyOutOfThePatch) {
    // a sets X=0 in round 1; b fires only then and wants X=1: neither value may land.
    test_support::TempDir dir;
    auto set = load(dir, rule("a", "true", "[[rules.fix]]\nenv = \"X\"\nset = \"0\"\n") +
                             rule("b", "env('X') == '0'", "[[rules.fix]]\nenv = \"X\"\nset = \"1\"\n") +
                             rule("c", "true", "[[rules.fix]]\nenv = \"Y\"\nset = \"1\"\n"));
    ASSERT_TRUE(set.has_value()) << set.error().message;
    auto r = check(dir, *set, "");
    EXPECT_FALSE(r.patch.env.count("X"));
    EXPECT_EQ(r.unsettled, (std::set<FactRef>{FactRef::env("X")}));
    EXPECT_EQ(r.patch.env.at("Y").value, Value("1"));  // an unrelated fix still stands
    auto got = ids(r);
    EXPECT_NE(std::find(got.begin(), got.end(), "preflight-fix-conflict"), got.end());
}

TEST(Engine, AFixThatNeverSettlesIsNotApplied) {
    test_support::TempDir dir;
    auto set = load(
        dir, rule("doubles", "parallel.tp > 0", "[[rules.fix]]\nconfig = \"parallel.tp\"\nset_expr = \"parallel.tp * 2\"\n"));
    ASSERT_TRUE(set.has_value()) << set.error().message;
    auto r = check(dir, *set, "[parallel]\ntp = 2\n");
    EXPECT_FALSE(r.patch.config.count("parallel.tp")) << "tp = " << display(*r.patch.config.at("parallel.tp").value);
    EXPECT_EQ(r.unsettled, (std::set<FactRef>{FactRef::config("parallel.tp")}));
    auto got = ids(r);
    EXPECT_NE(std::find(got.begin(), got.end(), "preflight-fix-no-fixpoint"), got.end());
}

TEST(Engine, AnOscillatingKeyIsNotApplied) {
    test_support::TempDir dir;
    auto set = load(dir, rule("flip", "true", "[[rules.fix]]\nconfig = \"parallel.tp\"\nset_expr = \"parallel.tp % 2 + 1\"\n") +
                             rule("steady", "true", "[[rules.fix]]\nconfig = \"train.packing\"\nset = false\n"));
    ASSERT_TRUE(set.has_value()) << set.error().message;
    auto r = check(dir, *set, "");
    EXPECT_FALSE(r.patch.config.count("parallel.tp"));
    EXPECT_EQ(r.unsettled, (std::set<FactRef>{FactRef::config("parallel.tp")}));
    EXPECT_EQ(r.patch.config.at("train.packing").value, Value(false));
    // The finding whose fix was not applied is not fixable, and says why.
    for (const auto& f : r.findings) {
        if (f.rule == "flip") {
            EXPECT_FALSE(f.fixable);
            ASSERT_EQ(f.fixes.size(), 1u);
            EXPECT_NE(f.fixes[0].find("not applied"), std::string::npos);
        }
        if (f.rule == "steady") {
            EXPECT_TRUE(f.fixable);
        }
    }
}

TEST(Engine, SuggestedFixesWaitForApplySuggested) {
    test_support::TempDir dir;
    auto set =
        load(dir, rule("cp", "parallel.cp > 1", "[[rules.fix]]\nconfig = \"parallel.cp\"\nset = 1\nkind = \"suggested\"\n"));
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
    // The launch states the key the rule reads, so the rule applies to it: the unknown
    // package leaves it undetermined. Without that key it is about another stack, silent.
    auto set = load(dir, rule("old-core", "parallel.cp > 1 && pkg('megatron-core') < '0.16'"));
    ASSERT_TRUE(set.has_value());
    EXPECT_TRUE(check(dir, *set, "").findings.empty());
    const std::string job = "[parallel]\ncp = 2\n";
    auto r = check(dir, *set, job);
    ASSERT_EQ(ids(r), std::vector<std::string>{"old-core?"});
    EXPECT_EQ(r.findings[0].severity, Severity::info);
    EXPECT_EQ(r.findings[0].missing, std::vector<std::string>{"pkg(megatron-core)"});
    EXPECT_NE(r.findings[0].message.find("give --probe, --env or [packages]"), std::string::npos);
    rules::CheckOptions strict;
    strict.strict = true;
    EXPECT_EQ(check(dir, *set, job, strict).findings[0].severity, Severity::error);
    EXPECT_TRUE(check(dir, *set, job + "[packages]\nmegatron-core = \"0.16.0\"\n").findings.empty());
}

TEST(Engine, FixedInRetiresARule) {
    test_support::TempDir dir;
    auto set = load(dir, rule("bug", "true", "[[rules.fixed_in]]\npackage = \"ms_swift\"\nversions = \">=4.2.0\"\n"));
    ASSERT_TRUE(set.has_value());
    EXPECT_EQ(ids(check(dir, *set, "[packages]\nms-swift = \"4.1.3\"\n")), std::vector<std::string>{"bug"});
    EXPECT_TRUE(check(dir, *set, "[packages]\nms-swift = \"4.2.0\"\n").findings.empty());
    // A launch that runs ms-swift without saying which one: undetermined; one that
    // involves no ms-swift at all: not applicable.
    EXPECT_EQ(ids(check(dir, *set, "[job]\nframework = \"ms-swift\"\n")), std::vector<std::string>{"bug?"});
    EXPECT_TRUE(check(dir, *set, "").findings.empty());
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
    std::string body =
        "\n[[rules]]\nid = \"ml\"\nseverity = \"error\"\nsummary = \"s\"\nexplain = \"e\"\nreferences = [\"r\"]\n"
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

    auto cycle = load(dir,
                      "[[facts]]\nname = \"x.a\"\ntype = \"bool\"\nexpr = \"x.b\"\ndoc = \"d\"\n"
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
    auto collected = rules::collect_packs(
        {{dir.path() + "/site", true}, {dir.path() + "/bundled", false}, {dir.path() + "/absent", false}}, "0.1.0");
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

namespace {

const char* kPaddingDefaults = R"P(
[[defaults]]
key = "train.padding_free"
value = true
when = "job.framework == 'ms-swift' && satisfies(pkg('ms-swift'), '>=3.7.0')"
by = "Megatron-SWIFT"
references = ["r"]

[[defaults]]
key = "env.HCCL_CONNECT_TIMEOUT"
value = "600"
when = "job.framework == 'ms-swift'"
by = "ms-swift"
applied = true
references = ["r"]
)P";

}  // namespace

TEST(Defaults, AKeyTheJobLeavesOutTakesTheFirstDefaultThatHolds) {
    test_support::TempDir dir;
    auto set = load(dir, std::string(kPaddingDefaults) + rule("padfree-off", "!train.padding_free") +
                             rule("timeout-unset", "env('HCCL_CONNECT_TIMEOUT') == null"));
    ASSERT_TRUE(set.has_value()) << set.error().message;
    // The framework's default decides; the evidence names who set it.
    auto swift = check(dir, *set, "[job]\nframework = \"ms-swift\"\n[packages]\nms-swift = \"4.2.0\"\n");
    EXPECT_TRUE(swift.findings.empty());
    // The job's own value wins over any default.
    auto off =
        check(dir, *set, "[job]\nframework = \"ms-swift\"\n[train]\npadding_free = false\n[packages]\nms-swift = \"4.2.0\"\n");
    EXPECT_EQ(ids(off), std::vector<std::string>{"padfree-off"});
    // A default whose condition cannot be decided leaves the key unknown.
    auto unknown = check(dir, *set, "[job]\nframework = \"ms-swift\"\n");
    EXPECT_EQ(ids(unknown), std::vector<std::string>{"padfree-off?"});
    EXPECT_EQ(unknown.findings[0].missing, std::vector<std::string>{"pkg(ms-swift)"});
    // No default holds and the key table has none: unknown too; unset variables stay unset.
    auto other = check(dir, *set, "[job]\nframework = \"twinkle\"\n");
    EXPECT_EQ(ids(other), (std::vector<std::string>{"timeout-unset", "padfree-off?"}));  // errors before notes
}

TEST(Defaults, EvidenceNamesTheDefaultAndWhoAppliesIt) {
    test_support::TempDir dir;
    auto set =
        load(dir, std::string(kPaddingDefaults) + rule("seen", "train.padding_free && env('HCCL_CONNECT_TIMEOUT') == '600'"));
    ASSERT_TRUE(set.has_value()) << set.error().message;
    auto r = check(dir, *set, "[job]\nframework = \"ms-swift\"\n[packages]\nms-swift = \"4.2.0\"\n");
    ASSERT_EQ(ids(r), std::vector<std::string>{"seen"});
    std::vector<std::string> evidence;
    for (const auto& e : r.findings[0].evidence) evidence.push_back(output::fact_line(e.origin, e.fact, e.value));
    EXPECT_NE(std::find(evidence.begin(), evidence.end(), "(default of Megatron-SWIFT, pack t) train.padding_free = true"),
              evidence.end());
    EXPECT_NE(std::find(evidence.begin(), evidence.end(), "(set by ms-swift, pack t) env HCCL_CONNECT_TIMEOUT = 600"),
              evidence.end());
}

TEST(Defaults, ABadDefaultIsALoadErrorInThePackFile) {
    test_support::TempDir dir;
    auto wrong_type =
        load(dir, "[[defaults]]\nkey = \"train.padding_free\"\nvalue = \"yes\"\nby = \"x\"\nreferences = [\"r\"]\n");
    ASSERT_FALSE(wrong_type.has_value());
    EXPECT_NE(wrong_type.error().message.find("value is string but the key takes bool"), std::string::npos);
    EXPECT_EQ(wrong_type.error().location.line, 7);
    auto no_key = load(dir, "[[defaults]]\nkey = \"train.paddingfree\"\nvalue = true\nby = \"x\"\nreferences = [\"r\"]\n");
    ASSERT_FALSE(no_key.has_value());
    EXPECT_NE(no_key.error().message.find("no such run-configuration key"), std::string::npos);
    auto uncited = load(dir, "[[defaults]]\nkey = \"train.padding_free\"\nvalue = true\nby = \"x\"\n");
    ASSERT_FALSE(uncited.has_value());
    EXPECT_NE(uncited.error().message.find("'references'"), std::string::npos);
    auto cycle =
        load(dir,
             "[[defaults]]\nkey = \"train.padding_free\"\nvalue = true\nwhen = \"!train.packing\"\nby = \"x\"\n"
             "references = [\"r\"]\n[[defaults]]\nkey = \"train.packing\"\nvalue = false\nwhen = \"train.padding_free\"\n"
             "by = \"x\"\nreferences = [\"r\"]\n");
    ASSERT_FALSE(cycle.has_value());
    EXPECT_NE(cycle.error().message.find("depends on its own value"), std::string::npos);
    // env.A0 = 1, env.A1 = A0, … : evaluation recurses once per link, so long chains are
    // refused in either declaration order.
    auto chain = [](int links, bool reversed) {
        std::string out;
        for (int i = 0; i <= links; ++i) {
            std::string entry = "[[defaults]]\nkey = \"env.A" + std::to_string(i) + "\"\nvalue = \"1\"\n" +
                                (i ? "when = \"env('A" + std::to_string(i - 1) + "') == '1'\"\n" : "") +
                                "by = \"x\"\nreferences = [\"r\"]\n";
            out = reversed ? entry + out : out + entry;
        }
        return out;
    };
    for (bool reversed : {false, true}) {
        auto long_chain = load(dir, chain(500, reversed));
        ASSERT_FALSE(long_chain.has_value());
        EXPECT_NE(long_chain.error().message.find("chain of more than 64 defaults"), std::string::npos)
            << long_chain.error().message;
        EXPECT_TRUE(load(dir, chain(30, reversed)).has_value());
    }
}

TEST(Engine, ErrorWhenEscalatesAWarningWhileItHolds) {
    test_support::TempDir dir;
    auto set = load(dir, rule("lines-differ", "true", "error_when = \"rollout.engine == 'vllm'\"\n", "warning"));
    ASSERT_TRUE(set.has_value()) << set.error().message;
    EXPECT_EQ(check(dir, *set, "").findings.at(0).severity, Severity::warning);
    EXPECT_EQ(check(dir, *set, "[rollout]\nengine = \"vllm\"\n").findings.at(0).severity, Severity::error);
    auto on_error = load(dir, rule("e", "true", "error_when = \"true\"\n"));
    ASSERT_FALSE(on_error.has_value());
    EXPECT_NE(on_error.error().message.find("escalates a warning"), std::string::npos);
}

TEST(Engine, RevisionsComeFromTheJobAndAreUnknownOtherwise) {
    test_support::TempDir dir;
    auto set = load(dir, rule("branch", "revision('MindSpeed') == 'core_r0.17.0'"));
    ASSERT_TRUE(set.has_value()) << set.error().message;
    EXPECT_EQ(ids(check(dir, *set, "[revisions]\nmindspeed = \"core_r0.17.0\"\n")), std::vector<std::string>{"branch"});
    EXPECT_TRUE(check(dir, *set, "[revisions]\nmindspeed = \"core_r0.16.0\"\n").findings.empty());
    EXPECT_TRUE(check(dir, *set, "[packages]\nmindspeed = false\n").findings.empty());  // not installed: null
    auto unknown = check(dir, *set, "[packages]\nmindspeed = \"0.12.1\"\n");
    ASSERT_EQ(ids(unknown), std::vector<std::string>{"branch?"});
    EXPECT_NE(unknown.findings[0].message.find("revision(mindspeed) unknown"), std::string::npos);
}

TEST(PackLoading, DeepPacksAndLongDerivedChainsAreRefused) {
    test_support::TempDir dir;
    auto deep = load(dir, "[[tables.t]]\nx = " + std::string(10000, '[') + std::string(10000, ']') + "\n");
    ASSERT_FALSE(deep.has_value());
    EXPECT_NE(deep.error().message.find("nest deeper than 64 levels"), std::string::npos) << deep.error().message;
    EXPECT_EQ(deep.error().location.line, 7);

    // x.f0 = true, x.f1 = x.f0, … : evaluation recurses once per link.
    // Declared in either order: the check itself must not recurse along the chain.
    auto chain = [](int links, bool reversed) {
        std::string facts = "[[facts]]\nname = \"x.f0\"\ntype = \"bool\"\nexpr = \"true\"\ndoc = \"d\"\n";
        for (int i = 1; i <= links; ++i) {
            std::string fact = "[[facts]]\nname = \"x.f" + std::to_string(i) + "\"\ntype = \"bool\"\nexpr = \"x.f" +
                               std::to_string(i - 1) + "\"\ndoc = \"d\"\n";
            facts = reversed ? fact + facts : facts + fact;
        }
        return facts;
    };
    for (bool reversed : {false, true}) {
        auto long_chain = load(dir, chain(500, reversed));
        ASSERT_FALSE(long_chain.has_value());
        EXPECT_NE(long_chain.error().message.find("chain of more than 64 derived facts"), std::string::npos)
            << long_chain.error().message;
        EXPECT_TRUE(load(dir, chain(30, reversed)).has_value());
    }
}

TEST(Fingerprint, NamesWhatAFindingIsAboutNotWhereItStands) {
    rules::Finding a;
    a.rule = "tms-expandable-segments";
    a.message = "PYTORCH_NPU_ALLOC_CONF is \"expandable_segments:True\"";
    a.location = Location{"train.sh", 12, 8, "env.PYTORCH_NPU_ALLOC_CONF"};
    rules::Finding moved = a;
    moved.location.line = 40;
    moved.message = "PYTORCH_NPU_ALLOC_CONF is \"expandable_segments:True,x:1\"";
    EXPECT_EQ(rules::fingerprint(a, "jobs/train.sh"), rules::fingerprint(moved, "jobs/train.sh"));
    EXPECT_EQ(rules::fingerprint(a, "jobs/train.sh").size(), 64u);
    EXPECT_NE(rules::fingerprint(a, "jobs/train.sh"), rules::fingerprint(a, "jobs/other.sh"));
    rules::Finding other_key = a;
    other_key.location.key = "env.PYTORCH_ALLOC_CONF";
    EXPECT_NE(rules::fingerprint(a, "jobs/train.sh"), rules::fingerprint(other_key, "jobs/train.sh"));
}

// Relevance before undetermined (docs/rule-language.md, "Relevance").
TEST(Engine, ARuleUndecidedOnlyForPackagesTheLaunchNeverNamesIsNotApplicable) {
    test_support::TempDir dir;
    auto set =
        load(dir, rule("other-stack", "installed('vllm') && pkg('vllm') < '0.9'") +
                      rule("own-stack", "installed('ms-swift') && pkg('ms-swift') < '4.2'") + rule("decided", "parallel.tp > 8"));
    ASSERT_TRUE(set.has_value()) << set.error().message;
    // The launch runs ms-swift (a configuration value names it) and never mentions vllm.
    auto r = check(dir, *set, "[job]\nframework = \"ms-swift\"\n");
    EXPECT_EQ(ids(r), (std::vector<std::string>{"own-stack?"}));
    EXPECT_EQ(r.coverage.applied, 1);
    EXPECT_EQ(r.coverage.not_applicable, 1);
    EXPECT_EQ(r.coverage.undetermined, 1);
    EXPECT_EQ(r.coverage.missing, (std::vector<std::string>{"pkg(ms-swift)"}));
    // Listing vllm involves it: the rule applies, and with a version it decides.
    auto listed = check(dir, *set, "[job]\nframework = \"ms-swift\"\n[packages]\nvllm = \"0.8.0\"\n");
    EXPECT_EQ(ids(listed), (std::vector<std::string>{"other-stack", "own-stack?"}));
    EXPECT_EQ(listed.coverage.not_applicable, 0);
}

// Coverage counts each rule once, from the last round: a rule that fired in an earlier
// round is applied even where its own fix leaves it not applicable; one not applicable
// in the last round is counted so; an ignored one is neither.
TEST(Engine, CoverageCountsTheLastRoundAndWhatFiredBefore) {
    test_support::TempDir dir;
    auto set =
        load(dir, rule("shrink", "true", "applies = \"parallel.tp > 1\"\n[[rules.fix]]\nconfig = \"parallel.tp\"\nset = 1\n") +
                      rule("wide-only", "true", "applies = \"parallel.tp > 1\"\n") + rule("left-out", "true"));
    ASSERT_TRUE(set.has_value()) << set.error().message;
    rules::CheckOptions options;
    options.ignore = {"left-out"};
    auto r = check(dir, *set, "[parallel]\ntp = 4\n", options);
    EXPECT_EQ(r.rounds, 2);
    EXPECT_EQ(ids(r), (std::vector<std::string>{"shrink", "wide-only"}));
    EXPECT_EQ(r.coverage.applied, 2);         // both fired in round 1
    EXPECT_EQ(r.coverage.not_applicable, 0);  // though neither applies after the fix
    EXPECT_EQ(r.coverage.ignored, 1);
    auto narrow = check(dir, *set, "[parallel]\ntp = 1\n", options);
    EXPECT_EQ(narrow.coverage.applied, 0);
    EXPECT_EQ(narrow.coverage.not_applicable, 2);
    EXPECT_EQ(narrow.coverage.ignored, 1);
}

TEST(Engine, AppliesDecidesRelevanceBeforeTheCondition) {
    test_support::TempDir dir;
    auto set = load(dir, rule("megatron-only", "pkg('megatron-core') < '0.16'", "applies = \"parallel.tp > 1\"\n"));
    ASSERT_TRUE(set.has_value()) << set.error().message;
    auto off = check(dir, *set, "[parallel]\ntp = 1\n");
    EXPECT_TRUE(ids(off).empty());
    EXPECT_EQ(off.coverage.not_applicable, 1);
    // Where it applies, a package nobody named still leaves it undetermined.
    auto on = check(dir, *set, "[parallel]\ntp = 2\n");
    EXPECT_EQ(ids(on), (std::vector<std::string>{"megatron-only?"}));
    // An `applies` unknown for a configuration key is undetermined, not silent.
    auto set2 = load(dir, rule("by-arch", "true", "applies = \"model.arch == 'x'\"\n"));
    ASSERT_TRUE(set2.has_value()) << set2.error().message;
    EXPECT_EQ(ids(check(dir, *set2, "")), (std::vector<std::string>{"by-arch?"}));
}

TEST(Engine, UndeterminedRulesAreOneNoteThatStrictRaises) {
    test_support::TempDir dir;
    auto set = load(dir, rule("a", "model.arch == 'x'") + rule("b", "hardware.devices_per_node > 4", "", "warning"));
    ASSERT_TRUE(set.has_value()) << set.error().message;
    auto r = check(dir, *set, "");
    ASSERT_EQ(r.findings.size(), 1u);
    const auto& note = r.findings.front();
    EXPECT_EQ(note.rule, rules::kUndeterminedRule);
    EXPECT_EQ(note.severity, Severity::info);
    EXPECT_EQ(note.details.size(), 2u);
    EXPECT_NE(note.message.find("2 rules apply but could not decide"), std::string::npos) << note.message;
    EXPECT_NE(note.message.find("model.arch"), std::string::npos) << note.message;
    EXPECT_FALSE(r.has_at_least(Severity::warning));
    rules::CheckOptions strict;
    strict.strict = true;
    auto s = check(dir, *set, "", strict);
    EXPECT_EQ(s.findings.front().severity, Severity::error);
    EXPECT_TRUE(s.has_at_least(Severity::error));
}

TEST(Engine, SelectAndIgnoreLeaveRulesOut) {
    test_support::TempDir dir;
    auto set = load(dir, rule("a", "true") + rule("b", "true"));
    ASSERT_TRUE(set.has_value()) << set.error().message;
    rules::CheckOptions only_a;
    only_a.select = {"a"};
    auto r = check(dir, *set, "", only_a);
    EXPECT_EQ(ids(r), (std::vector<std::string>{"a"}));
    EXPECT_EQ(r.coverage.ignored, 1);
    rules::CheckOptions no_pack;
    no_pack.ignore = {"t"};
    EXPECT_TRUE(ids(check(dir, *set, "", no_pack)).empty());
}

TEST(Engine, OneOrderAfterGating) {
    std::vector<rules::Finding> f(4);
    f[0].rule = "note";
    f[0].severity = Severity::info;
    f[1].rule = "old-error";
    f[1].severity = Severity::error;
    f[1].suppressed = rules::Suppression{};
    f[2].rule = "warn";
    f[2].severity = Severity::warning;
    f[3].rule = "error";
    f[3].severity = Severity::error;
    rules::sort_findings(f);
    std::vector<std::string> order;
    for (const auto& x : f) order.push_back(x.rule);
    EXPECT_EQ(order, (std::vector<std::string>{"error", "warn", "note", "old-error"}));
}

TEST(Engine, AFindingInASharedFileIsFingerprintedWithItsLaunch) {
    rules::Finding f;
    f.rule = "r";
    f.location.key = "packages.x";
    auto plain = rules::fingerprint(f, "ci/site.toml");
    f.launch = "scripts/a.sh:3";
    auto a = rules::fingerprint(f, "ci/site.toml");
    f.launch = "scripts/b.sh:3";
    EXPECT_NE(a, plain);
    EXPECT_NE(a, rules::fingerprint(f, "ci/site.toml"));
}
