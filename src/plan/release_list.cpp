#include "plan/release_list.hpp"

#include <algorithm>
#include <sstream>

namespace preflight::plan {
namespace {

std::string cell(const rules::TableRow& row, const char* column) {
    const auto* s = row.text(column);
    return s ? *s : std::string{};
}

}  // namespace

ReleaseLists release_lists(const rules::RuleSet& rules) {
    ReleaseLists lists;
    auto table = rules.tables.find(kReleasesTable);
    if (table == rules.tables.end()) return lists;
    for (const auto& row : table->second.rows.get()) {
        std::string package = version::normalize_package_name(cell(row, "package"));
        if (package.empty()) continue;
        const bool* listed = row.flag("pip");
        bool pip = listed ? *listed : true;
        auto scheme = rules.scheme_of(package);
        // One release a line: VERSION DATE LINE SOURCE [pre] (DATE "-" where none).
        std::istringstream text(cell(row, "releases"));
        for (std::string line; std::getline(text, line);) {
            std::istringstream words(line);
            std::string v, date, release_line, source, mark;
            if (!(words >> v >> date >> release_line >> source)) continue;
            words >> mark;
            auto parsed = version::Version::parse(scheme, v);
            if (!parsed) continue;
            if (source.rfind("matrix:", 0) == 0) source.insert(7, " ");
            lists[package].push_back(
                Release{std::move(*parsed), date == "-" ? "" : date, release_line, source, mark == "pre", pip});
        }
    }
    for (auto& [package, releases] : lists) {
        std::stable_sort(releases.begin(), releases.end(),
                         [](const Release& a, const Release& b) { return compare(a.version, b.version).value_or(0) < 0; });
        // One entry per version (two rows may name the same release).
        releases.erase(std::unique(releases.begin(), releases.end(),
                                   [](const Release& a, const Release& b) { return compare(a.version, b.version) == 0; }),
                       releases.end());
    }
    return lists;
}

}  // namespace preflight::plan
