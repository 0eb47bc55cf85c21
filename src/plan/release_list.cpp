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
        bool pre = false;
        if (auto it = row.cells.find("pre"); it != row.cells.end())
            if (const auto* b = it->second.get<bool>()) pre = *b;
        lists[package].push_back(Release{std::move(*v), cell(row, "date"), cell(row, "line"), cell(row, "source"), pre});
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
