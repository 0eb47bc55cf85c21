#include "plugin/discovery.hpp"

#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <filesystem>
#include <set>

#include <fmt/format.h>

#include "plugin/trust.hpp"
#include "util/files.hpp"

namespace preflight::plugin {
namespace fs = std::filesystem;

namespace {

std::string own_executable() {
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    return n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : std::string();
}

}  // namespace

std::vector<SearchDir> plugin_search_path(const std::vector<std::string>& cli_dirs, bool defaults, std::string exe_path) {
    std::vector<SearchDir> dirs;
    for (const auto& d : cli_dirs) dirs.push_back({d, "--plugin-dir"});
    if (const char* env = std::getenv("PREFLIGHT_PLUGIN_PATH"); env && *env) {
        std::string all = env;
        for (std::size_t start = 0; start <= all.size();) {
            std::size_t colon = all.find(':', start);
            std::string dir = all.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
            if (!dir.empty()) dirs.push_back({dir, "PREFLIGHT_PLUGIN_PATH"});
            if (colon == std::string::npos) break;
            start = colon + 1;
        }
    }
    if (!defaults) return dirs;
    if (exe_path.empty()) exe_path = own_executable();
    if (exe_path.empty()) return dirs;
    std::error_code ec;
    fs::path exe = fs::weakly_canonical(exe_path, ec);
    dirs.push_back({(exe.parent_path().parent_path() / "lib" / "preflight" / "plugins").string(), "installed"});
    // A binary inside the build tree (preflight, unit_tests) uses that build's plugins.
    fs::path build = fs::weakly_canonical(PREFLIGHT_BINARY_DIR, ec);
    auto rel = exe.lexically_relative(build);
    if (!rel.empty() && *rel.begin() != "..") dirs.push_back({(build / "lib" / "preflight" / "plugins").string(), "build tree"});
    return dirs;
}

PluginSet load_plugins(const std::vector<SearchDir>& dirs, const std::vector<BuiltinEntry>& builtins) {
    PluginSet set;
    set.searched = dirs;
    std::set<std::string> seen_dirs;
    for (const auto& dir : dirs) {
        std::error_code ec;
        if (!fs::is_directory(dir.path, ec)) continue;
        auto canonical = fs::weakly_canonical(dir.path, ec).string();
        if (!seen_dirs.insert(canonical).second) continue;
        // A directory another user can fill or swap is refused whole, as its files would be.
        if (auto why = untrusted_reason(dir.path, TrustedKind::directory); !why.empty()) {
            set.refusals.push_back({dir.path, "", fmt::format("plugin directory ({}) not trusted: {}", dir.from, why)});
            continue;
        }
        auto names = util::list_directory(dir.path);
        std::sort(names.begin(), names.end());
        for (const auto& name : names) {
            if (!name.ends_with(".so")) continue;
            std::string path = (fs::path(dir.path) / name).string();
            auto loaded = load_plugin(path);
            if (!loaded) {
                set.refusals.push_back(std::move(loaded.error()));
                continue;
            }
            auto same =
                std::find_if(set.plugins.begin(), set.plugins.end(), [&](const Plugin& p) { return p.name == loaded->name; });
            if (same != set.plugins.end()) {
                unload(*loaded);
                set.refusals.push_back({loaded->path, loaded->api,
                                        fmt::format("a plugin named {} was already loaded from {}", loaded->name, same->path)});
                continue;
            }
            loaded->origin = dir.from;
            set.plugins.push_back(std::move(*loaded));
        }
    }
    for (const auto& builtin : builtins) {
        auto taken = [&](const std::string& name) {
            return std::any_of(set.plugins.begin(), set.plugins.end(), [&](const Plugin& p) { return p.name == name; });
        };
        if (taken(builtin.name)) continue;  // a file of that name shadows it
        auto loaded = load_builtin_plugin(builtin);
        if (loaded) set.plugins.push_back(std::move(*loaded));
        else set.refusals.push_back(std::move(loaded.error()));
    }
    return set;
}

}  // namespace preflight::plugin
