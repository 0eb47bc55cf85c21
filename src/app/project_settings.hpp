// `.preflight.toml`: a repository's check settings, found upward from the first path a
// check names (up to the repository root, as .preflight-waivers.toml is), like ruff's
// pyproject section. The command line wins over the file; the file over the defaults.
//
//   fail-on = "warning"            # as --fail-on
//   strict = true                  # as --strict
//   select = ["qwen35-gdn-megatron"]  ignore = ["compat-triton-ascend-cann"]
//   exclude = ["old/**", "vendor/*.sh"]   # paths a walk passes over (globs, from this file's directory)
//   baseline = ".preflight-baseline.json"  # as --baseline, when the file exists
//   [[with]]                       # --with files for the launches under these globs
//   paths = ["scripts/*.sh"]
//   files = ["ci/site.toml"]
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace preflight::app {

inline constexpr const char* kProjectSettingsFile = ".preflight.toml";

// A setting's value and where it came from: "default", "command line", "FILE:LINE".
template <class T>
struct Setting {
    T value{};
    std::string origin = "default";
};

struct WithRule {
    std::vector<std::string> paths;  // globs relative to `base`
    std::vector<std::string> files;  // as written, relative to `base`
    std::string origin;
};

struct ProjectSettings {
    std::string file;            // the .preflight.toml read, "" when none
    std::filesystem::path base;  // its directory (absolute)
    Setting<std::string> fail_on{"error"};
    Setting<bool> strict{false};
    Setting<std::vector<std::string>> select, ignore, exclude;
    Setting<std::string> baseline;
    std::vector<WithRule> with;

    // Whether a walk passes over `path` (as the walk names it): an `exclude` glob matches it.
    bool excluded(const std::string& path) const;
    // The --with files for a launch script or job at `path`, relative to the working directory.
    std::vector<std::string> with_files(const std::string& path) const;
};

// The settings file from `start` (a path the check names) upward to the repository
// root; none outside a repository but in `start`'s own directory. Errors (exit 2)
// name the file and line: not TOML, an unknown key (with did-you-mean), a wrong type.
Result<ProjectSettings> read_project_settings(const std::string& start);

// Where read_project_settings looks: the settings file for `start`, if any.
std::optional<std::filesystem::path> find_project_settings(const std::string& start);
// Reads and parses one settings file (as find_project_settings names it).
Result<ProjectSettings> read_project_settings_file(const std::filesystem::path& file);

// The settings files of one run: each checked path's nearest .preflight.toml, every
// distinct file (by canonical path) read and parsed once, however many paths it covers.
// Not thread-safe: the run resolves its targets' settings before checking them.
class ProjectSettingsCache {
public:
    using Reader = std::function<Result<ProjectSettings>(const std::filesystem::path& file)>;
    explicit ProjectSettingsCache(Reader read = read_project_settings_file) : read_(std::move(read)) {}

    // As read_project_settings(start); the object lives as long as the cache.
    Result<const ProjectSettings*> for_path(const std::string& start);

private:
    Reader read_;
    std::map<std::filesystem::path, std::unique_ptr<ProjectSettings>> by_file_;
    ProjectSettings none_;
};

// Each setting, its value and its origin, one per line (for --show-settings).
std::string settings_text(const ProjectSettings& settings);

}  // namespace preflight::app
