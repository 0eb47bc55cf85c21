#include "plan/release_list.hpp"

#include <algorithm>

namespace preflight::plan {
namespace {

std::string cell(const rules::TableRow& row, const char* column) {
    auto it = row.cells.find(column);
    if (it == row.cells.end()) return {};
    const auto* s = it->second.get<std::string>();
    return s ? *s : std::string{};
}

}  // namespace

ReleaseLists release_lists(const rules::RuleSet& rules) {
    ReleaseLists lists;
    auto table = rules.tables.find(kReleasesTable);
    if (table == rules.tables.end()) return lists;
    for (const auto& row : table->second.rows) {
        std::string package = version::normalize_package_name(cell(row, "package"));
        auto v = version::Version::parse(rules.scheme_of(package), cell(row, "version"));
        if (package.empty() || !v) continue;
        auto flag = [&](const char* column, bool absent) {
            auto it = row.cells.find(column);
            const bool* b = it == row.cells.end() ? nullptr : it->second.get<bool>();
            return b ? *b : absent;
        };
        lists[package].push_back(Release{std::move(*v), cell(row, "date"), cell(row, "line"), cell(row, "source"),
                                         flag("pre", false), flag("pip", true)});
    }
    for (auto& [package, releases] : lists) {
        std::stable_sort(releases.begin(), releases.end(),
                         [](const Release& a, const Release& b) { return compare(a.version, b.version).value_or(0) < 0; });
        // One row per version (a tag and a matrix may name the same release).
        releases.erase(std::unique(releases.begin(), releases.end(),
                                   [](const Release& a, const Release& b) { return compare(a.version, b.version) == 0; }),
                       releases.end());
    }
    return lists;
}

}  // namespace preflight::plan
