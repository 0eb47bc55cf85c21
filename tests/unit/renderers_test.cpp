// The renderers of src/output/ (and the fix wording the engine shares) on cases the
// golden tests do not reach: unsets of config keys, hostile text, unknown digests,
// redacted variables, every origin kind.
#include <gtest/gtest.h>

#include "core/fact.hpp"
#include "output/ci_report.hpp"
#include "output/fact_lines.hpp"
#include "output/pack_test_report.hpp"
#include "output/patched_job.hpp"
#include "output/plugin_listing.hpp"
#include "output/probe_report.hpp"
#include "output/scan_report.hpp"
#include "rules/fix_text.hpp"

using namespace preflight;

namespace {

rules::Fix fix(rules::Fix::Target target, std::string key, std::optional<Value> value, bool safe = true) {
    rules::Fix f;
    f.target = target;
    f.key = std::move(key);
    f.literal = std::move(value);
    f.unset = !f.literal;
    f.safe = safe;
    return f;
}

Fact fact(Value v, OriginKind kind, std::string file = "", int line = 0) {
    Fact f{std::move(v), {}};
    f.origin.kind = kind;
    f.origin.where.file = std::move(file);
    f.origin.where.line = line;
    return f;
}

}  // namespace

TEST(FixText, OneWordingForFindingsAndPages) {
    using T = rules::Fix::Target;
    // An environment value is its text; a config value a TOML literal.
    EXPECT_EQ(rules::fix_text(fix(T::env, "USE_MCORE_GDN", Value("0")), Value("0")), "set env USE_MCORE_GDN=0");
    EXPECT_EQ(rules::fix_text(fix(T::config, "train.mode", Value("a b")), Value("a b")), "set train.mode = \"a b\"");
    EXPECT_EQ(rules::fix_text(fix(T::env, "X", std::nullopt), std::nullopt), "unset env X");
    EXPECT_EQ(rules::fix_text(fix(T::config, "train.packing", std::nullopt), std::nullopt), "unset train.packing");
    EXPECT_EQ(rules::fix_text(fix(T::config, "train.packing", Value(false), false), Value(false)),
              "set train.packing = false (suggested)");
    // The declared form is the same words, without the safe/suggested mark.
    EXPECT_EQ(rules::declared_fix_text(fix(T::config, "train.packing", Value(false), false)), "set train.packing = false");
    EXPECT_EQ(rules::declared_fix_text(fix(T::env, "X", std::nullopt)), "unset env X");
}

TEST(OriginKinds, EveryNameReadsBackAsItsKind) {
    for (auto kind : {OriginKind::job, OriginKind::model_config, OriginKind::default_value, OriginKind::probe,
                      OriginKind::snapshot, OriginKind::freeze, OriginKind::derived, OriginKind::patch}) {
        EXPECT_NE(origin_kind_name(kind), "?");
        EXPECT_EQ(origin_kind_named(origin_kind_name(kind)), kind) << origin_kind_name(kind);
    }
    EXPECT_EQ(origin_kind_named("default_value"), std::nullopt);  // the stored word is "default"
    EXPECT_EQ(origin_kind_named(""), std::nullopt);
}

TEST(FactLines, InputTextCannotForgeALine) {
    EXPECT_EQ(output::fact_line("job.toml:3", "env X", "1\nverdict: pass"), "(job.toml:3) env X = 1\\nverdict: pass");
    EXPECT_EQ(output::fact_line("probe", "pkg \x1b[31mtorch", "2.7.1"), "(probe) pkg \\x1b[31mtorch = 2.7.1");
}

TEST(FactLines, ASetIsSortedByNameAndAbsentPackagesSaySo) {
    facts::FactSet set;
    set.config["train.packing"] = fact(Value(true), OriginKind::job, "/jobs/job.toml", 7);
    set.env["A"] = fact(Value("1"), OriginKind::job, "/jobs/job.toml", 9);
    set.packages["torch"] = fact(Value(Null{}), OriginKind::freeze, "freeze.txt", 2);
    EXPECT_EQ(output::fact_set_lines(set),
              "(job.toml:9) env A = 1\n"
              "(freeze.txt:2) pkg torch = not installed\n"
              "(job.toml:7) train.packing = true\n");
}

TEST(ProbeReport, RedactedVariablesNameTheirRuleAndFindingsTheirCode) {
    facts::NodeFacts node;
    node.hardware["cpu.arch"] = fact(Value("aarch64"), OriginKind::probe);
    node.env["HF_TOKEN"] = fact(Value("<redacted>"), OriginKind::probe);
    node.env["HOME"] = fact(Value("/root"), OriginKind::probe);
    node.redacted["HF_TOKEN"] = "name looks like a secret";
    EXPECT_EQ(output::probe_text(node),
              "summary:\n"
              "  python: not found; 0 packages read\n"
              "  layers: ascend-driver unknown, cann unknown, cuda unknown, nvidia-driver unknown\n"
              "  packages the rules read: none installed\n"
              "  devices: none found\n"
              "\n"
              "(probe) cpu.arch = aarch64\n"
              "(probe) env HF_TOKEN = <redacted>  [name looks like a secret]\n"
              "(probe) env HOME = /root\n");
    auto j = output::probe_json(node);
    EXPECT_EQ(j["redacted"]["HF_TOKEN"], "name looks like a secret");
    EXPECT_EQ(j["origins"]["hardware.cpu.arch"], "probe");

    node.findings.push_back({Severity::warning, "probe-two-versions", "two versions of torch", Location{"/site", 0, 0}});
    EXPECT_EQ(output::probe_findings(node), "/site: warning: two versions of torch [probe-two-versions]\n");
    EXPECT_TRUE(j["plugins_refused"].is_array());
    EXPECT_TRUE(j["plugins_refused"].empty());
}

TEST(ProbeReport, RefusedPluginsAreCarriedInJsonAndWarnedALineEach) {
    plugin::Refusal refused{"/p/new.so", "1.9", "built for a newer minor version of the plugin API than this preflight offers"};
    auto j = output::probe_json(facts::NodeFacts{}, {refused});
    ASSERT_EQ(j["plugins_refused"].size(), 1u);
    EXPECT_EQ(j["plugins_refused"][0]["path"], "/p/new.so");
    EXPECT_EQ(j["plugins_refused"][0]["plugin_api"], "1.9");
    EXPECT_EQ(j["plugins_refused"][0]["message"], refused.describe());
    plugin::PluginSet set;
    set.refusals = {refused, plugin::Refusal{"/p/junk\x1b.so", "", "cannot load: junk"}};
    EXPECT_EQ(output::plugin_refusal_warnings(set, output::Style{}),
              "preflight: warning: plugin refused: /p/new.so: built for a newer minor version of the plugin API than this "
              "preflight offers (plugin API 1.9, preflight API " +
                  plugin::host_api() +
                  ")\n"
                  "preflight: warning: plugin refused: /p/junk\\x1b.so: cannot load: junk (plugin API unknown, preflight API " +
                  plugin::host_api() + ")\n");
}

TEST(ScanReport, KnownAndUnknownDigests) {
    facts::ScanResult scan;
    scan.dists.push_back({"torch-memory-saver", "0.0.8", "x.whl"});
    scan.libraries.push_back({"lib/a.so", "aa", 10});
    scan.libraries.push_back({"lib/b\x1b.so", "bb", 20});
    scan.skipped.push_back({"inner.tar", "an archive inside an archive"});
    output::KnownDigests known{{"aa", "upstream 0.0.8 wheel"}};
    EXPECT_EQ(output::scan_text(scan, known),
              "dist torch-memory-saver 0.0.8  (x.whl)\n"
              "lib  lib/a.so  sha256 aa  10 bytes  [known: upstream 0.0.8 wheel]\n"
              "lib  lib/b\\x1b.so  sha256 bb  20 bytes  [unknown digest]\n"
              "skip inner.tar  (an archive inside an archive)\n");
    auto j = output::scan_json("x", scan, known);
    EXPECT_EQ(j["libraries"][0]["known"], "upstream 0.0.8 wheel");
    EXPECT_TRUE(j["libraries"][1]["known"].is_null());
    EXPECT_EQ(j["libraries"][1]["member"], "lib/b\x1b.so");  // JSON keeps the bytes; its encoder escapes them
}

TEST(PackTestReport, QuietShowsOnlyFailuresAndCountsGaps) {
    rules::TestReport report;
    report.cases.push_back({"p", "ok", true, {}});
    report.cases.push_back({"p", "bad", false, {"- fires r"}});
    report.coverage_gaps.push_back("p: rule r has no case where it must stay quiet");
    EXPECT_EQ(output::pack_test_report(report, true, output::Style{}),
              "FAIL p/bad\n"
              "    - fires r\n"
              "FAIL coverage: p: rule r has no case where it must stay quiet\n"
              "rules test: 1 passed, 2 failed\n");
}

TEST(PatchedJob, EditsInPlaceAndRepointsARelativeModelConfig) {
    std::string job = "schema = 1\n# keep me\n[model]\nconfig = \"models/m.json\"\n[train]\npacking = true\n";
    facts::FactSet facts;
    facts.config["model.config"] = fact(Value("models/m.json"), OriginKind::job, "/w/jobs/job.toml", 4);
    rules::Patch patch;
    patch.config["train.packing"] = {Value(false), "r"};
    patch.env["USE_MCORE_GDN"] = {Value("0"), "r"};

    auto same_dir = output::patched_job(job, "/w/jobs/job.toml", "/w/jobs/job.patched.toml", patch, facts);
    ASSERT_TRUE(same_dir.has_value()) << same_dir.error().message;
    EXPECT_EQ(same_dir->changes, 2u);
    EXPECT_NE(same_dir->text.find("# keep me\n[model]\nconfig = \"models/m.json\"\n[train]\npacking = false\n"),
              std::string::npos);
    EXPECT_NE(same_dir->text.find("USE_MCORE_GDN = \"0\""), std::string::npos);

    auto elsewhere = output::patched_job(job, "/w/jobs/job.toml", "/w/out/job.toml", patch, facts);
    ASSERT_TRUE(elsewhere.has_value());
    EXPECT_NE(elsewhere->text.find("config = \"../jobs/models/m.json\""), std::string::npos) << elsewhere->text;
    // stdout has no directory: the path stays as written.
    auto to_stdout = output::patched_job(job, "/w/jobs/job.toml", "-", patch, facts);
    ASSERT_TRUE(to_stdout.has_value());
    EXPECT_NE(to_stdout->text.find("config = \"models/m.json\""), std::string::npos);
}

TEST(GithubAnnotations, EscapeEverySpecialCharacterAsTheRunnerReadsItBack) {
    EXPECT_EQ(output::github_escape_data("100% a:b,c\r\nd"), "100%25 a:b,c%0D%0Ad");
    EXPECT_EQ(output::github_escape_property("job,1.toml:2%\n"), "job%2C1.toml%3A2%25%0A");
    // The runner passes every other control character to the log: they are shown, not sent.
    EXPECT_EQ(output::github_escape_data("\x1b[31mred\x1b[0m %\x7f\xc2\x9b\xe2\x80\xae"),
              "\\x1b[31mred\\x1b[0m %25\\x7f\\u009b\\u202e");
    EXPECT_EQ(output::github_escape_property("a\x1b:b,\r"), "a\\x1b%3Ab%2C%0D");
    rules::CheckResult result;
    rules::Finding f;
    f.rule = "r";
    f.severity = Severity::warning;
    f.message = "50% of a\nb";
    f.location = Location{"a,b.toml", 3, 2};
    result.findings.push_back(f);
    EXPECT_EQ(output::github_annotations({{"a,b.toml", &result}}, std::filesystem::current_path()),
              "::warning file=a%2Cb.toml,line=3,col=2,title=r::50%25 of a%0Ab\n");
}
