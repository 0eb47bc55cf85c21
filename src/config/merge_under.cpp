#include "config/merge_under.hpp"

#include <filesystem>

#include <fmt/format.h>

namespace preflight::config {
namespace {

// A key-table default is what a job gets by saying nothing: it does not set the key.
bool given(const Fact& fact) { return fact.origin.kind != OriginKind::default_value; }

std::string place(const Location& at) {
    std::string file = std::filesystem::path(at.file).filename().string();
    return at.line > 0 ? fmt::format("{}:{}", file, at.line) : file;
}

void merge_facts(FactMap& over, const FactMap& under, std::string_view prefix, Diagnostics& diagnostics) {
    for (const auto& [key, fact] : under) {
        if (!given(fact)) continue;
        auto it = over.find(key);
        if (it == over.end() || !given(it->second)) {
            over[key] = fact;
            continue;
        }
        const Fact& mine = it->second;
        // A launch value preflight could not read ($(…), a value that needs the
        // accelerator) is what the partial file is for.
        if (mine.value.is_unknown()) {
            it->second = fact;
            continue;
        }
        if (mine.value == fact.value) continue;
        Location at = mine.origin.where;
        at.key = std::string(prefix) + key;
        diagnostics.push_back({Severity::warning, "with-conflict",
                               fmt::format("the launch gives {}{} = {}, {} gives {}; the launch's value is used", prefix, key,
                                           literal(mine.value), place(fact.origin.where), literal(fact.value)),
                               at});
    }
}

}  // namespace

void merge_under(RunConfig& over, const RunConfig& under) {
    merge_facts(over.values, under.values, "", over.diagnostics);
    merge_facts(over.env, under.env, "env ", over.diagnostics);
    merge_facts(over.packages, under.packages, "package ", over.diagnostics);
    merge_facts(over.revisions, under.revisions, "revision ", over.diagnostics);
    over.diagnostics.insert(over.diagnostics.end(), under.diagnostics.begin(), under.diagnostics.end());
}

}  // namespace preflight::config
