// Upstream repositories as local git mirrors, read with the `git` command through the
// plugin host (no shell, a time limit per call): the files a citation names at its
// tag, a repository's tags, what changed between two of them. Each answer is cached:
// hundreds of citations name a few dozen files.
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "plugin/host.hpp"

namespace preflight::rules {

class Mirrors {
public:
    // `root` holds one clone (bare or not) per repository, as root/owner/name,
    // root/owner+name, or root/owner+name/repo (the layout `fetch` leaves); each may
    // end in ".git".
    Mirrors(std::string root, plugin::Host& host) : root_(std::move(root)), host_(host) {}

    // The git directory of `repo` (owner/name), or nullopt when the root holds none.
    std::optional<std::string> repo_dir(const std::string& repo);
    // The commit `rev` (a tag, branch or commit) names, or nullopt when it names none.
    std::optional<std::string> resolve(const std::string& repo, const std::string& rev);
    // The file at a commit, or nullopt when the commit has no such file.
    std::optional<std::string> file_at(const std::string& repo, const std::string& commit, const std::string& path);
    // Lines holding `text` (fixed string) in the tree of a commit: (path, line), at most `limit`.
    std::vector<std::pair<std::string, int>> grep(const std::string& repo, const std::string& commit, const std::string& text,
                                                  std::size_t limit);
    std::vector<std::string> tags(const std::string& repo);
    // Of `paths`, those that differ between two commits (changed, added or removed).
    std::vector<std::string> changed(const std::string& repo, const std::string& from, const std::string& to,
                                     const std::vector<std::string>& paths);
    // The commit the mirror's HEAD names: which snapshot of upstream was read.
    std::string head(const std::string& repo);

    // The last git call that failed for a reason other than a missing object.
    const std::string& last_failure() const { return failure_; }
    void clear_failure() { failure_.clear(); }

private:
    std::optional<std::string> git(const std::string& dir, std::vector<std::string> args, bool* ran = nullptr);

    std::string root_;
    plugin::Host& host_;
    std::string failure_;
    std::map<std::string, std::optional<std::string>> dirs_;
    std::map<std::pair<std::string, std::string>, std::optional<std::string>> commits_;
    std::map<std::pair<std::string, std::string>, std::optional<std::string>> files_;  // (repo, commit:path)
    std::map<std::string, std::vector<std::string>> tags_;
    static constexpr std::chrono::seconds kTimeout{60};
};

}  // namespace preflight::rules
