#include "rules/rule_tests.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "config/run_config.hpp"
#include "facts/fact_set.hpp"
#include "rules/check_job.hpp"
#include "rules/engine.hpp"
#include "util/embedded_files.hpp"
#include "util/input_file.hpp"
#include "util/nesting.hpp"

namespace preflight::rules {
namespace fs = std::filesystem;
namespace {

std::string scalar_text(const toml::node& v) {
    if (const auto* s = v.as_string()) return s->get();
    if (const auto* b = v.as_boolean()) return b->get() ? "true" : "false";
    if (const auto* i = v.as_integer()) return std::to_string(i->get());
    if (const auto* f = v.as_floating_point()) return fmt::format("{}", f->get());
    return "?";
}

Location where(const std::string& file, const toml::node& n) {
    return Location{file, static_cast<int>(n.source().begin.line), static_cast<int>(n.source().begin.column)};
}

Result<std::set<std::string>> string_set(const toml::table& t, const std::string& key, const std::string& file) {
    std::set<std::string> out;
    const toml::node* v = t.get(key);
    if (!v) return out;
    if (!v->is_array()) return fail(fmt::format("'{}' must be a list of strings", key), where(file, *v));
    for (const auto& item : *v->as_array()) {
        if (!item.is_string()) return fail(fmt::format("'{}' must be a list of strings", key), where(file, item));
        out.insert(item.as_string()->get());
    }
    return out;
}

void compare_sets(const std::string& what, const std::set<std::string>& expected, const std::set<std::string>& actual,
                  CaseResult& out) {
    if (expected == actual) return;
    out.passed = false;
    for (const auto& e : expected)
        if (!actual.count(e)) out.diff.push_back(fmt::format("- {} {}", what, e));
    for (const auto& a : actual)
        if (!expected.count(a)) out.diff.push_back(fmt::format("+ {} {}", what, a));
}

// A pack's test cases, one directory each under tests/, sorted. An embedded pack's
// (embedded:PACK) were compiled in with it: cmake/EmbedPacks.cmake.
std::vector<fs::path> case_dirs(const std::string& pack_dir) {
    std::vector<fs::path> cases;
    if (pack_dir.starts_with(util::kEmbeddedPrefix)) {
        std::string prefix = pack_dir + "/tests/";
        for (const auto& f : util::embedded_files())
            if (f.path.starts_with(prefix) && f.path.ends_with("/expect.toml"))
                cases.push_back(fs::path(std::string(f.path)).parent_path());
    } else {
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator(fs::path(pack_dir) / "tests", ec))
            if (entry.is_directory()) cases.push_back(entry.path());
    }
    std::sort(cases.begin(), cases.end());
    return cases;
}

}  // namespace

std::size_t TestReport::failed() const {
    return static_cast<std::size_t>(std::count_if(cases.begin(), cases.end(), [](const CaseResult& c) { return !c.passed; })) +
           coverage_gaps.size();
}

Result<TestReport> run_pack_tests(const RuleSet& rules, const std::vector<std::string>& only_packs) {
    TestReport report;
    for (const auto& pack : rules.packs) {
        if (!only_packs.empty() && std::find(only_packs.begin(), only_packs.end(), pack.name) == only_packs.end()) continue;
        // A pack compiled into the binary without its tests/ (a build that left them out):
        // saying so is the truth; a coverage failure per rule would say the pack is broken.
        const auto cases = case_dirs(pack.dir);
        if (pack.dir.starts_with(util::kEmbeddedPrefix) && cases.empty()) {
            report.untested.push_back(pack.name);
            continue;
        }
        std::set<std::string> pack_rules, fired_somewhere, quiet_somewhere;
        for (const auto& r : rules.rules)
            if (r.pack == pack.name) pack_rules.insert(r.id);
        for (const auto& dir : cases) {
            CaseResult result;
            result.pack = pack.name;
            result.name = dir.filename().string();
            std::string job = (dir / "job.toml").string();
            std::string expect_file = (dir / "expect.toml").string();
            toml::table expect;
            auto expect_text = PREFLIGHT_TRY(util::read_input(expect_file, util::kPackDocument));
            if (auto line = util::nesting_exceeded(expect_text, util::Syntax::toml))
                return fail(fmt::format("arrays and tables nest deeper than {} levels", util::kMaxNesting),
                            Location{expect_file, *line, 1});
            try {
                expect = toml::parse(expect_text, expect_file);
            } catch (const toml::parse_error& e) {
                return fail(
                    "cannot read test expectations: " + std::string(e.description()),
                    Location{expect_file, static_cast<int>(e.source().begin.line), static_cast<int>(e.source().begin.column)});
            }
            auto cfg = PREFLIGHT_TRY(config::load_run_config(job, [&](const std::string& p) { return rules.scheme_of(p); }));
            auto checked = PREFLIGHT_TRY(check_job(rules, cfg, nullptr, CheckOptions{}));
            const CheckResult& check = checked.result;
            // A case's job file must be clean: an unknown key or model would leave
            // the case testing something else than it says.
            for (std::size_t i = 0; i < checked.job_file_findings; ++i) {
                result.passed = false;
                result.diff.push_back(fmt::format("+ job file {} [{}]: {}", to_string(check.findings[i].severity),
                                                  check.findings[i].rule, check.findings[i].message));
            }

            std::set<std::string> fired, undetermined;
            for (const auto& f : check.findings)
                if (f.pack == pack.name) fired.insert(f.rule);
            for (const auto& f : check.undetermined)
                if (f.pack == pack.name) undetermined.insert(f.rule);
            auto fires = PREFLIGHT_TRY(string_set(expect, "fires", expect_file));
            auto quiet = PREFLIGHT_TRY(string_set(expect, "quiet", expect_file));
            for (const auto& id : fires)
                if (!pack_rules.count(id))
                    return fail(fmt::format("'fires' names '{}', not a rule of pack {}", id, pack.name), Location{expect_file});
            for (const auto& id : quiet)
                if (!pack_rules.count(id))
                    return fail(fmt::format("'quiet' names '{}', not a rule of pack {}", id, pack.name), Location{expect_file});
            compare_sets("fires", fires, fired, result);
            for (const auto& id : quiet)
                if (fired.count(id) || undetermined.count(id)) {
                    result.passed = false;
                    result.diff.push_back(
                        fmt::format("+ {} {} (expected quiet)", fired.count(id) ? "fires" : "undetermined", id));
                }
            fired_somewhere.insert(fires.begin(), fires.end());
            quiet_somewhere.insert(quiet.begin(), quiet.end());
            if (expect.contains("undetermined")) {
                auto want = PREFLIGHT_TRY(string_set(expect, "undetermined", expect_file));
                compare_sets("undetermined", want, undetermined, result);
            }
            if (expect.contains("fallbacks")) {
                auto want = PREFLIGHT_TRY(string_set(expect, "fallbacks", expect_file));
                std::set<std::string> got;
                for (const auto& fb : check.fallbacks)
                    if (pack_rules.count(fb.rule)) got.insert(fb.kernel + "=" + fb.implementation);
                compare_sets("fallback", want, got, result);
            }
            if (expect.contains("limitations")) {
                auto want = PREFLIGHT_TRY(string_set(expect, "limitations", expect_file));
                std::set<std::string> got;
                for (const auto& lim : check.limitations)
                    if (pack_rules.count(lim.rule)) got.insert(lim.feature);
                compare_sets("limitation", want, got, result);
            }
            if (const toml::table* patch = expect["patch"].as_table()) {
                std::set<std::string> want, got;
                if (const toml::table* env = (*patch)["env"].as_table())
                    for (const auto& [k, v] : *env) want.insert("env " + std::string(k.str()) + "=" + scalar_text(v));
                if (const toml::table* config = (*patch)["config"].as_table())
                    for (const auto& [k, v] : *config) want.insert("config " + std::string(k.str()) + "=" + scalar_text(v));
                for (const auto& [k, e] : check.patch.env)
                    if (pack_rules.count(e.rule)) got.insert("env " + k + "=" + (e.value ? display(*e.value) : "<unset>"));
                for (const auto& [k, e] : check.patch.config)
                    if (pack_rules.count(e.rule)) got.insert("config " + k + "=" + display(*e.value));
                compare_sets("patch", want, got, result);
            }
            report.cases.push_back(std::move(result));
        }
        for (const auto& r : rules.rules)
            if (r.pack == pack.name && !explanation(r))
                report.coverage_gaps.push_back(
                    fmt::format("{}: rule {} has no explanation (explain = or {})", pack.name, r.id, r.text().explain_file));
        for (const auto& id : pack_rules) {
            if (!fired_somewhere.count(id))
                report.coverage_gaps.push_back(fmt::format("{}: rule {} has no case where it fires", pack.name, id));
            if (!quiet_somewhere.count(id))
                report.coverage_gaps.push_back(fmt::format("{}: rule {} has no case where it must stay quiet", pack.name, id));
        }
    }
    return report;
}

}  // namespace preflight::rules
