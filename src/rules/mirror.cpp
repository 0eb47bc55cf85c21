#include "rules/mirror.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace preflight::rules {

std::optional<std::string> Mirrors::git(const std::string& dir, std::vector<std::string> args, bool* ran) {
    // No pager and no replacement refs; paths as they are, not C-quoted.
    std::vector<std::string> argv = {"git", "--no-pager", "--no-replace-objects", "-c", "core.quotePath=false", "-C", dir};
    argv.insert(argv.end(), args.begin(), args.end());
    auto run = host_.run_tool(argv, std::chrono::duration_cast<std::chrono::milliseconds>(kTimeout));
    if (ran) *ran = run.has_value() && !run->timed_out && !run->too_large;
    if (!run) {
        failure_ = "git could not be started";
        return std::nullopt;
    }
    if (run->timed_out || run->too_large) {
        failure_ = run->timed_out ? "git ran past its time limit" : "git's output was too large";
        return std::nullopt;
    }
    if (run->exit_status != 0) return std::nullopt;
    return run->output;
}

std::optional<std::string> Mirrors::repo_dir(const std::string& repo) {
    if (auto it = dirs_.find(repo); it != dirs_.end()) return it->second;
    std::string plus = repo;
    std::replace(plus.begin(), plus.end(), '/', '+');
    std::optional<std::string> found;
    for (const auto& candidate : {repo, repo + ".git", plus, plus + ".git", plus + "/repo", plus + "/repo.git"}) {
        std::string dir = root_ + "/" + candidate;
        std::error_code ec;
        if (!std::filesystem::is_directory(dir, ec)) continue;
        // A clone: its work tree holds .git; a bare one holds HEAD and objects/.
        if (std::filesystem::exists(dir + "/.git", ec) ||
            (std::filesystem::exists(dir + "/HEAD", ec) && std::filesystem::is_directory(dir + "/objects", ec))) {
            found = dir;
            break;
        }
    }
    dirs_[repo] = found;
    return found;
}

std::optional<std::string> Mirrors::resolve(const std::string& repo, const std::string& rev) {
    auto key = std::pair{repo, rev};
    if (auto it = commits_.find(key); it != commits_.end()) return it->second;
    std::optional<std::string> commit;
    if (auto dir = repo_dir(repo)) {
        auto out = git(*dir, {"rev-parse", "--verify", "--quiet", "--end-of-options", rev + "^{commit}"});
        if (out) {
            std::string id = out->substr(0, out->find('\n'));
            if (!id.empty()) commit = id;
        }
    }
    if (failure_.empty()) commits_[key] = commit;  // a call cut short is asked again
    return commit;
}

std::optional<std::string> Mirrors::file_at(const std::string& repo, const std::string& commit, const std::string& path) {
    auto key = std::pair{repo, commit + ":" + path};
    if (auto it = files_.find(key); it != files_.end()) return it->second;
    std::optional<std::string> text;
    if (auto dir = repo_dir(repo)) text = git(*dir, {"cat-file", "blob", commit + ":" + path});
    if (failure_.empty()) files_[key] = text;
    return text;
}

std::vector<std::pair<std::string, int>> Mirrors::grep(const std::string& repo, const std::string& commit,
                                                       const std::string& text, std::size_t limit) {
    std::vector<std::pair<std::string, int>> hits;
    auto dir = repo_dir(repo);
    if (!dir || text.empty()) return hits;
    // -z: a path may hold ':'; the output is path NUL line NUL text.
    auto out = git(*dir, {"grep", "-z", "-n", "-I", "-F", "-e", text, commit});
    if (!out) return hits;
    std::istringstream in(*out);
    std::string line;
    while (hits.size() < limit && std::getline(in, line)) {
        // "commit:path\0N\0text"
        auto z1 = line.find('\0');
        auto z2 = z1 == std::string::npos ? std::string::npos : line.find('\0', z1 + 1);
        if (z2 == std::string::npos) continue;
        std::string path = line.substr(0, z1);
        if (path.starts_with(commit + ":")) path = path.substr(commit.size() + 1);
        hits.emplace_back(path, std::atoi(line.substr(z1 + 1, z2 - z1 - 1).c_str()));
    }
    return hits;
}

std::vector<std::string> Mirrors::tags(const std::string& repo) {
    if (auto it = tags_.find(repo); it != tags_.end()) return it->second;
    std::vector<std::string> out;
    if (auto dir = repo_dir(repo))
        if (auto text = git(*dir, {"tag", "--list"})) {
            std::istringstream in(*text);
            for (std::string t; std::getline(in, t);)
                if (!t.empty()) out.push_back(t);
        }
    tags_[repo] = out;
    return out;
}

std::vector<std::string> Mirrors::changed(const std::string& repo, const std::string& from, const std::string& to,
                                          const std::vector<std::string>& paths) {
    std::vector<std::string> out;
    auto dir = repo_dir(repo);
    if (!dir || paths.empty()) return out;
    std::vector<std::string> args = {"diff", "--no-renames", "--name-only", "-z", from, to, "--"};
    // Literal paths: a cited path is never a pattern.
    for (const auto& p : paths) args.push_back(":(literal)" + p);
    if (auto text = git(*dir, args)) {
        std::size_t start = 0;
        while (start < text->size()) {
            auto end = text->find('\0', start);
            if (end == std::string::npos) end = text->size();
            if (end > start) out.push_back(text->substr(start, end - start));
            start = end + 1;
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string Mirrors::head(const std::string& repo) {
    auto dir = repo_dir(repo);
    if (!dir) return "";
    auto out = git(*dir, {"rev-parse", "--verify", "--quiet", "HEAD"});
    return out ? out->substr(0, out->find('\n')) : "";
}

}  // namespace preflight::rules
