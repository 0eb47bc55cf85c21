#include "app/check_inputs.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "app/launch_input.hpp"
#include "config/key_table.hpp"
#include "output/printable.hpp"
#include "util/did_you_mean.hpp"
#include "util/files.hpp"
#include "util/gitignore.hpp"
#include "util/text.hpp"

namespace preflight::app {
namespace fs = std::filesystem;
namespace {

// The repository root above `dir`: the nearest ancestor (or itself) holding `.git`.
std::optional<fs::path> repository_root(const fs::path& dir) {
    std::error_code ec;
    for (fs::path p = fs::absolute(dir, ec).lexically_normal(); !p.empty(); p = p.parent_path()) {
        if (fs::exists(p / ".git", ec)) return p;
        if (p == p.parent_path()) break;
    }
    return std::nullopt;
}

class Walk {
public:
    explicit Walk(std::vector<CheckTarget>& out) : out_(out) {}

    void directory(const fs::path& root) {
        util::IgnoreRules rules;
        prefix_.clear();
        // Inside a repository, every name is matched as git sees it, relative to the
        // repository's root, and the .gitignore files above the walk's root apply too.
        std::error_code ec;
        fs::path absolute_root = fs::absolute(root, ec).lexically_normal();
        if (auto repo = repository_root(absolute_root)) {
            std::vector<std::string> parts;
            for (const auto& part : absolute_root.lexically_relative(*repo))
                if (part != "." && !part.empty()) parts.push_back(part.string());
            for (const auto& part : parts) prefix_ += part + "/";
            fs::path at = *repo;
            std::string base;
            for (std::size_t i = 0; i < parts.size(); ++i) {  // the root's own file is read by walk()
                add_ignore_file(rules, at, base);
                at /= parts[i];
                base += (base.empty() ? "" : "/") + parts[i];
            }
        }
        walk(root, "", rules);
    }

private:
    static void add_ignore_file(util::IgnoreRules& rules, const fs::path& dir, const std::string& base) {
        if (auto text = util::read_file((dir / ".gitignore").string())) rules.add(*text, base);
    }

    std::string name_of(const std::string& relative) const {
        std::string p = prefix_ + relative;
        if (!p.empty() && p.back() == '/') p.pop_back();
        return p;
    }

    void walk(const fs::path& dir, const std::string& relative, util::IgnoreRules rules) {
        std::string here = name_of(relative);
        add_ignore_file(rules, dir, here);
        for (const auto& name : util::list_directory(dir.string())) {
            if (name == ".git") continue;
            fs::path path = dir / name;
            std::error_code ec;
            auto status = fs::symlink_status(path, ec);
            if (ec || fs::is_symlink(status)) continue;
            std::string rel = relative + name;
            bool is_dir = fs::is_directory(status);
            if (rules.ignored(name_of(rel), is_dir)) continue;
            if (is_dir) {
                walk(path, rel + "/", rules);
            } else if (fs::is_regular_file(status)) {
                take(path.lexically_normal().string());  // "./jobs/a.toml" reads as jobs/a.toml
            }
        }
    }

public:
    // A file: a job when it is TOML that declares schema, a launch script by its
    // suffix or shebang, else passed over.
    void take(const std::string& path) {
        // Only regular files: a FIFO or device named by a hook is never opened here.
        std::error_code ec;
        if (!fs::is_regular_file(path, ec)) return;
        if (path.ends_with(".toml")) {
            auto text = util::read_file(path);
            // A --with overlay declares schema too, but gives no [job]: it is no job.
            if (text && declares_schema(*text) && declares_job(*text)) out_.push_back({path, CheckTarget::Kind::job, false});
        } else if (is_launch_script(path)) {
            out_.push_back({path, CheckTarget::Kind::script, false});
        }
    }

private:
    std::vector<CheckTarget>& out_;
    std::string prefix_;  // the walk root's path within its repository, with a trailing '/'
};

}  // namespace

bool declares_schema(std::string_view text) {
    std::size_t start = 0;
    while (start < text.size()) {
        auto end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        auto line = util::trim(text.substr(start, end - start));
        start = end + 1;
        if (line.starts_with('[')) return false;
        if (!line.starts_with("schema")) continue;
        auto rest = util::trim(line.substr(6));
        if (rest.starts_with('=')) return true;
    }
    return false;
}

bool declares_job(std::string_view text) {
    static const std::vector<std::string> sections = config::section_names();
    bool in_unknown_section = false;  // under a [header] no run configuration has
    std::size_t start = 0;
    while (start < text.size()) {
        auto end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        auto line = util::trim(text.substr(start, end - start));
        start = end + 1;
        if (line.starts_with("[job]") || line.starts_with("[job.") || line.starts_with("job.")) return true;
        if (line.starts_with("job") && util::trim(line.substr(3)).starts_with('=')) return true;
        if (line.starts_with("[[")) {
            in_unknown_section = false;
        } else if (line.starts_with('[')) {
            // A misspelt [job] header ([jbo]) would make the file read as an overlay and
            // be passed over: taken as a job, its loader names the section.
            auto close = line.find(']');
            std::string name(util::trim(line.substr(1, close == std::string_view::npos ? 0 : close - 1)));
            name = name.substr(0, name.find('.'));
            bool known = std::find(sections.begin(), sections.end(), name) != sections.end();
            if (!known && util::closest(name, sections) == std::optional<std::string>("job")) return true;
            in_unknown_section = !known;
        } else if (in_unknown_section) {
            // [job]'s own keys under a header no section has.
            for (std::string_view key : {"framework", "backend"})
                if (line.starts_with(key) && util::trim(line.substr(key.size())).starts_with('=')) return true;
        }
    }
    return false;
}

Result<std::vector<CheckTarget>> collect_check_targets(const std::vector<std::string>& paths, bool select_named) {
    std::vector<CheckTarget> out;
    Walk walk(out);
    for (const auto& path : paths) {
        std::error_code ec;
        auto status = fs::status(path, ec);
        if (ec || !fs::exists(status))
            return fail(fmt::format("no such file or directory: {}", output::printable(path)), Location{path});
        if (fs::is_directory(status)) walk.directory(path);
        else if (select_named) walk.take(path);
        else out.push_back({path, is_launch_script(path) ? CheckTarget::Kind::script : CheckTarget::Kind::job, true});
    }
    if (out.empty() && !select_named)
        return fail(fmt::format("found no job file (a .toml that declares schema) or launch script under {}",
                                output::printable(fmt::format("{}", fmt::join(paths, ", ")))),
                    Location{paths.front()});
    // A file reached twice (named and walked, or by two overlapping directories) is
    // checked once, where it first appeared.
    std::set<std::string> seen;
    std::vector<CheckTarget> unique;
    for (auto& t : out) {
        std::error_code ec;
        auto key = fs::weakly_canonical(t.path, ec).string();
        if (seen.insert(ec ? t.path : key).second) unique.push_back(std::move(t));
    }
    return unique;
}

}  // namespace preflight::app
