// `rules outdated`: the maintainer's reading list for new upstream releases. Each
// pack says which release of each cited repository it was checked through
// (`[pack] checked_through`); for every newer release tag in the mirror (same family,
// see release_order.hpp), the files the pack cites that changed since, and who cites
// them.
#pragma once

#include <string>
#include <vector>

#include "rules/mirror.hpp"
#include "rules/pack_source.hpp"

namespace preflight::rules {

struct ChangedFile {
    std::string path;
    std::vector<std::string> cited_by;  // rule ids and "default KEY", in file order, each once
};

struct NewRelease {
    std::string tag;
    bool prerelease = false;
    std::vector<ChangedFile> changed;  // cited files that differ from the checked tag
};

struct RepoCheck {
    std::string pack;
    std::string repo;
    std::string checked;  // the checked_through tag; empty: the pack declares none
    Location where;       // of the checked_through entry
    enum class State { ok, undeclared, repo_absent, tag_missing } state = State::ok;
    std::size_t cited_files = 0;
    std::vector<NewRelease> newer;
};

struct OutdatedReport {
    std::vector<RepoCheck> repos;  // by pack, then repository
    // A release that changed a cited file: something to read.
    bool reading() const;
};

OutdatedReport outdated_references(const std::vector<PackSource>& packs, Mirrors& mirrors);

}  // namespace preflight::rules
