#include "app/project_settings.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <toml++/toml.h>

#include "output/printable.hpp"
#include "rules/waiver_file.hpp"
#include "util/did_you_mean.hpp"
#include "util/gitignore.hpp"
#include "util/input_file.hpp"

namespace preflight::app {
namespace fs = std::filesystem;
namespace {

constexpr util::InputKind kSettingsFile{"the settings file", util::kMiB};

std::vector<std::string> segments(const std::string& path) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= path.size()) {
        auto end = path.find('/', start);
        if (end == std::string::npos) end = path.size();
        if (end > start && path.compare(start, end - start, ".") != 0) out.push_back(path.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

// `path` (relative to the working directory, or absolute) relative to the settings
// file's directory; "" when it lies outside it.
std::string below(const fs::path& base, const std::string& path) {
    std::error_code ec;
    auto absolute = fs::absolute(path, ec).lexically_normal();
    auto relative = absolute.lexically_relative(base).generic_string();
    if (relative.empty() || relative.starts_with("..")) return "";
    return relative;
}

bool matches_any(const std::vector<std::string>& globs, const fs::path& base, const std::string& path) {
    std::string relative = below(base, path);
    if (relative.empty()) return false;
    auto parts = segments(relative);
    for (const auto& glob : globs) {
        auto pattern = segments(glob);
        if (util::glob_segments_match(pattern, parts)) return true;
        // A directory glob ("old", "old/") covers what lies under it.
        pattern.push_back("**");
        if (util::glob_segments_match(pattern, parts)) return true;
    }
    return false;
}

class Reader {
public:
    explicit Reader(fs::path file) : file_(std::move(file)) {}

    Result<ProjectSettings> run() {
        ProjectSettings s;
        s.file = file_.string();
        s.base = fs::absolute(file_).parent_path().lexically_normal();
        std::string text = PREFLIGHT_TRY(util::read_input(s.file, kSettingsFile));
        toml::table root;
        try {
            root = toml::parse(text, s.file);
        } catch (const toml::parse_error& e) {
            return fail(std::string(e.description()),
                        Location{s.file, static_cast<int>(e.source().begin.line), static_cast<int>(e.source().begin.column)});
        }
        static const std::vector<std::string> keys = {"fail-on", "strict", "select", "ignore", "exclude", "baseline", "with"};
        for (const auto& [key, node] : root) {
            std::string name(key.str());
            Location where = at(node, name);
            if (std::find(keys.begin(), keys.end(), name) == keys.end()) {
                auto near = util::closest(name, keys);
                return fail(fmt::format("unknown setting '{}'{} (settings: {})", name,
                                        near ? fmt::format("; did you mean '{}'?", *near) : "", fmt::join(keys, ", ")),
                            where);
            }
            std::string origin = fmt::format("{}:{}", s.file, where.line);
            if (name == "fail-on") {
                auto v = PREFLIGHT_TRY(string(node, name));
                if (v != "error" && v != "warning") return fail("'fail-on' must be \"error\" or \"warning\"", where);
                s.fail_on = {v, origin};
            } else if (name == "strict") {
                if (!node.is_boolean()) return fail("'strict' must be true or false", where);
                s.strict = {node.as_boolean()->get(), origin};
            } else if (name == "baseline") {
                s.baseline = {PREFLIGHT_TRY(string(node, name)), origin};
            } else if (name == "with") {
                const auto* array = node.as_array();
                if (!array || !array->is_array_of_tables())
                    return fail("'with' must be [[with]] tables of paths = [globs] and files = [--with files]", where);
                for (const auto& item : *array) {
                    const auto& t = *item.as_table();
                    WithRule rule;
                    rule.origin = fmt::format("{}:{}", s.file, t.source().begin.line);
                    for (const auto& [k, v] : t) {
                        std::string sub(k.str());
                        if (sub != "paths" && sub != "files")
                            return fail(fmt::format("[[with]]: unknown key '{}' (paths, files)", sub), at(v, "with." + sub));
                        (sub == "paths" ? rule.paths : rule.files) = PREFLIGHT_TRY(strings(v, "with." + sub));
                    }
                    if (rule.paths.empty() || rule.files.empty())
                        return fail("[[with]] needs both paths (globs) and files (--with files)", at(t, "with"));
                    s.with.push_back(std::move(rule));
                }
            } else {
                auto list = PREFLIGHT_TRY(strings(node, name));
                Setting<std::vector<std::string>> setting{list, origin};
                (name == "select" ? s.select : name == "ignore" ? s.ignore : s.exclude) = setting;
            }
        }
        return s;
    }

private:
    fs::path file_;

    Location at(const toml::node& node, const std::string& key) const {
        return Location{file_.string(), static_cast<int>(node.source().begin.line), static_cast<int>(node.source().begin.column),
                        key};
    }

    Result<std::string> string(const toml::node& node, const std::string& key) const {
        if (const auto* s = node.as_string()) return s->get();
        return fail(fmt::format("'{}' must be a string", key), at(node, key));
    }

    Result<std::vector<std::string>> strings(const toml::node& node, const std::string& key) const {
        const auto* array = node.as_array();
        if (!array) return fail(fmt::format("'{}' must be an array of strings", key), at(node, key));
        std::vector<std::string> out;
        for (const auto& item : *array) {
            if (!item.is_string()) return fail(fmt::format("'{}' must be an array of strings", key), at(item, key));
            out.push_back(item.as_string()->get());
        }
        return out;
    }
};

// A path as messages name it: as the user named the checked path, absolute for an
// absolute one ("../../../tmp/repo/.preflight.toml" for /tmp/repo helps no one), else
// relative to the working directory.
std::string shown_path(const fs::path& absolute, const std::string& named) {
    std::error_code ec;
    auto relative = absolute.lexically_relative(fs::current_path(ec)).generic_string();
    return fs::path(named).is_absolute() || relative.empty() ? absolute.generic_string() : relative;
}

}  // namespace

bool ProjectSettings::excluded(const std::string& path) const { return !file.empty() && matches_any(exclude.value, base, path); }

std::vector<std::string> ProjectSettings::with_files(const std::string& path) const {
    std::vector<std::string> out;
    if (file.empty()) return out;
    for (const auto& rule : with)
        if (matches_any(rule.paths, base, path))
            for (const auto& f : rule.files) out.push_back(shown_path((base / f).lexically_normal(), path));
    return out;
}

std::optional<fs::path> find_project_settings(const std::string& start) {
    std::error_code ec;
    fs::path dir = fs::absolute(start.empty() ? "." : start, ec).lexically_normal();
    if (!fs::is_directory(dir, ec)) dir = dir.parent_path();
    auto root = rules::repository_root(dir);
    for (fs::path d = dir; !d.empty(); d = d.parent_path()) {
        if (fs::exists(d / kProjectSettingsFile, ec)) {
            return fs::path(shown_path(d / kProjectSettingsFile, start));
        }
        if (!root || d == *root || d == d.parent_path()) break;
    }
    return std::nullopt;
}

Result<ProjectSettings> read_project_settings_file(const fs::path& file) { return Reader(file).run(); }

Result<ProjectSettings> read_project_settings(const std::string& start) {
    auto file = find_project_settings(start);
    if (!file) return ProjectSettings{};
    return read_project_settings_file(*file);
}

Result<const ProjectSettings*> ProjectSettingsCache::for_path(const std::string& start) {
    auto file = find_project_settings(start);
    if (!file) return &none_;
    std::error_code ec;
    auto key = fs::weakly_canonical(*file, ec);
    if (ec) key = fs::absolute(*file, ec).lexically_normal();
    auto it = by_file_.find(key);
    if (it == by_file_.end()) {
        // An unreadable or invalid file is not kept: its error ends the run (exit 2).
        auto read = PREFLIGHT_TRY(read_(*file));
        it = by_file_.emplace(key, std::make_unique<ProjectSettings>(std::move(read))).first;
    }
    return it->second.get();
}

std::string settings_text(const ProjectSettings& s) {
    auto list = [](const std::vector<std::string>& v) { return fmt::format("[{}]", fmt::join(v, ", ")); };
    std::string out = fmt::format("settings file: {}\n", s.file.empty() ? "none found" : output::printable(s.file));
    out += fmt::format("fail-on = {}  ({})\n", s.fail_on.value, output::printable(s.fail_on.origin));
    out += fmt::format("strict = {}  ({})\n", s.strict.value, output::printable(s.strict.origin));
    out += fmt::format("select = {}  ({})\n", output::printable(list(s.select.value)), output::printable(s.select.origin));
    out += fmt::format("ignore = {}  ({})\n", output::printable(list(s.ignore.value)), output::printable(s.ignore.origin));
    out += fmt::format("exclude = {}  ({})\n", output::printable(list(s.exclude.value)), output::printable(s.exclude.origin));
    out += fmt::format("baseline = {}  ({})\n", output::printable(s.baseline.value.empty() ? "none" : s.baseline.value),
                       output::printable(s.baseline.origin));
    for (const auto& w : s.with)
        out += fmt::format("with {} for {}  ({})\n", output::printable(list(w.files)), output::printable(list(w.paths)),
                           output::printable(w.origin));
    return out;
}

}  // namespace preflight::app
