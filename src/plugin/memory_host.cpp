#include "plugin/memory_host.hpp"

#include <set>

namespace preflight::plugin {

namespace {
template <class Map>
std::optional<std::string> find(const Map& map, const std::string& key) {
    auto it = map.find(key);
    return it == map.end() ? std::nullopt : std::optional<std::string>(it->second);
}
}  // namespace

std::optional<std::string> MemoryHost::read_file(const std::string& path) { return find(files, path); }

std::optional<std::vector<std::string>> MemoryHost::list_dir(const std::string& path) {
    std::string prefix = path.ends_with('/') ? path : path + "/";
    std::set<std::string> names;  // sorted, like the real host's
    for (const auto& [file, contents] : files)
        if (file.starts_with(prefix) && file.size() > prefix.size())
            names.insert(file.substr(prefix.size(), file.find('/', prefix.size()) - prefix.size()));
    if (names.empty()) return std::nullopt;
    return std::vector<std::string>(names.begin(), names.end());
}

std::optional<ToolRun> MemoryHost::run_tool(const std::vector<std::string>& argv, std::chrono::milliseconds) {
    std::string line;
    for (const auto& a : argv) line += (line.empty() ? "" : " ") + a;
    tool_calls.push_back(line);
    auto it = tools.find(line);
    if (it == tools.end()) return std::nullopt;
    return it->second;
}

std::optional<std::string> MemoryHost::get_env(const std::string& name) { return find(env, name); }
std::optional<std::string> MemoryHost::setting(const std::string& name) { return find(settings, name); }

}  // namespace preflight::plugin
