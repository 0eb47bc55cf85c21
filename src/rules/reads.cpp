#include "rules/reads.hpp"

#include <algorithm>
#include <set>
#include <string>

#include <fmt/format.h>

#include "util/did_you_mean.hpp"
#include "version/version.hpp"

namespace preflight::rules {
namespace {

// Calls `visit(ref, written)` with every fact the loaded knowledge reads (`written`
// false: a condition, a computed fix, a derived fact, a default) or writes (true: a
// fix's slot, a default's target), repeats included.
template <class Visit>
void for_each_fact(const RuleSet& rules, Visit visit) {
    auto add = [&visit](const lang::Expression& e) {
        for (const auto& ref : e.reads()) visit(ref, false);
    };
    for (const auto& rule : rules.rules) {
        add(rule.when);
        if (rule.error_when) add(*rule.error_when);
        if (rule.applies) add(*rule.applies);
        for (const auto& fix : rule.fixes) {
            if (fix.expr) add(*fix.expr);
            visit(fix.slot(), true);
        }
    }
    for (const auto& d : rules.derived) add(d.expr);
    for (const auto& d : rules.defaults) {
        if (d.expr) add(*d.expr);
        if (d.when) add(*d.when);
        visit(d.target, true);
    }
}

}  // namespace

void find_reads(RuleSet& rules) {
    std::set<FactRef> facts;
    std::set<std::string> variables;
    for_each_fact(rules, [&](const FactRef& ref, bool written) {
        if (!written) facts.insert(ref);
        if (ref.kind == FactRef::Kind::env) variables.insert(ref.name);
    });
    // Every row of a table has its first row's columns: the others' rows are not read.
    for (const auto& [name, table] : rules.tables)
        if (table.columns.contains("variable"))
            for (const auto& row : table.rows.get())
                if (const auto* s = row.text("variable")) variables.insert(*s);
    rules.reads.get().assign(facts.begin(), facts.end());
    rules.variables_read.get().assign(variables.begin(), variables.end());
}

std::vector<Finding> env_name_typos(const RuleSet& rules, const facts::FactSet& facts, Severity severity) {
    std::vector<Finding> out;
    bool any = false;
    for (const auto& [name, fact] : facts.env) any = any || fact.origin.kind == OriginKind::job;
    if (!any) return out;
    const std::vector<std::string>& candidates = rules.variables_read.get();
    for (const auto& [name, fact] : facts.env) {
        // Only what the launch itself sets: a node's environment holds many variables
        // no rule is about, and the launch's author cannot fix a typo there.
        if (fact.origin.kind != OriginKind::job || std::binary_search(candidates.begin(), candidates.end(), name)) continue;
        auto near = util::closest(name, candidates);
        // Two edits at most, and never for short names, where two edits make another word.
        if (!near || name.size() < 8 || util::edit_distance(name, *near) > 2) continue;
        Finding f;
        f.rule = kEnvNameTypo;
        f.pack = "preflight";
        f.severity = severity;
        f.message = fmt::format("{} is set, but nothing reads it; did you mean {}? Rules read {}, so they see it unset", name,
                                *near, *near);
        f.location = fact.origin.where;
        f.location.key = FactRef::env(name).key();
        out.push_back(std::move(f));
    }
    return out;
}

std::optional<Finding> probe_other_interpreter(const RuleSet& rules, const facts::FactSet& job, const facts::NodeFacts& node) {
    if (!node.packages_complete) return std::nullopt;
    const std::vector<FactRef>& read = rules.reads.get();
    for (const auto& [key, fact] : job.config) {
        const auto* value = fact.value.get<std::string>();
        if (!value || fact.origin.kind == OriginKind::default_value) continue;
        std::string package = version::normalize_package_name(*value);
        if (!std::binary_search(read.begin(), read.end(), FactRef::package(package)) || node.packages.count(package) ||
            node.uncovered.count(package))
            continue;
        std::string python = "the default python3";
        if (auto p = node.packages.find("python"); p != node.packages.end() && !p->second.origin.where.file.empty())
            python = p->second.origin.where.file;
        Finding f;
        f.rule = kProbeOtherInterpreter;
        f.pack = "preflight";
        f.severity = Severity::warning;
        f.message = fmt::format(
            "the probe found no {} in the environment of {}, but this launch runs it ({} = \"{}\"): it most likely "
            "read another interpreter than the launch's; name that one with --python PATH (the venv's bin/python) or "
            "--site-packages DIR. Packages the probe did not find are taken as unknown, not as absent",
            package, python, key, *value);
        f.location = fact.origin.where;
        f.location.key = key;
        return f;
    }
    return std::nullopt;
}

}  // namespace preflight::rules
