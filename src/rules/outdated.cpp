#include "rules/outdated.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "rules/reference.hpp"
#include "rules/release_order.hpp"

namespace preflight::rules {
namespace {

// repository → cited path → who cites it, in file order.
using Citing = std::map<std::string, std::map<std::string, std::vector<std::string>>>;

void add(Citing& citing, const Reference& r, const std::string& owner) {
    auto cite = parse_code_citation(r.text);
    if (!cite) return;
    auto& who = citing[cite->repo][cite->path];
    if (std::find(who.begin(), who.end(), owner) == who.end()) who.push_back(owner);
}

}  // namespace

bool OutdatedReport::reading() const {
    for (const auto& r : repos)
        for (const auto& n : r.newer)
            if (!n.changed.empty()) return true;
    return false;
}

OutdatedReport outdated_references(const std::vector<PackSource>& packs, Mirrors& mirrors) {
    OutdatedReport report;
    for (const auto& pack : packs) {
        Citing citing;
        for (const auto& d : pack.defaults)
            for (const auto& r : d.references) add(citing, r, "default " + d.key);
        for (const auto& rule : pack.rules)
            for (const auto& r : rule.references) add(citing, r, rule.id);
        std::set<std::string> repos;
        for (const auto& [repo, files] : citing) repos.insert(repo);
        for (const auto& [repo, tag] : pack.checked_through) repos.insert(repo);
        for (const auto& repo : repos) {
            RepoCheck check;
            check.pack = pack.name;
            check.repo = repo;
            const auto& files = citing[repo];
            check.cited_files = files.size();
            auto declared = pack.checked_through.find(repo);
            if (declared == pack.checked_through.end()) {
                check.state = RepoCheck::State::undeclared;
            } else {
                check.checked = declared->second.first;
                check.where = declared->second.second;
                if (!mirrors.repo_dir(repo)) check.state = RepoCheck::State::repo_absent;
            }
            std::optional<std::string> base;
            if (check.state == RepoCheck::State::ok) {
                base = mirrors.resolve(repo, check.checked);
                if (!base) check.state = RepoCheck::State::tag_missing;
            }
            if (base) {
                std::vector<std::string> paths;
                for (const auto& [path, who] : files) paths.push_back(path);
                for (const auto& release : newer_releases(mirrors.tags(repo), check.checked)) {
                    NewRelease n;
                    n.tag = release.tag;
                    n.prerelease = release.version.is_prerelease();
                    if (auto commit = mirrors.resolve(repo, release.tag))
                        for (const auto& path : mirrors.changed(repo, *base, *commit, paths))
                            if (auto who = files.find(path); who != files.end()) n.changed.push_back({path, who->second});
                    check.newer.push_back(std::move(n));
                }
            }
            report.repos.push_back(std::move(check));
        }
    }
    return report;
}

}  // namespace preflight::rules
