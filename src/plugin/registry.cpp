#include "plugin/registry.hpp"

#include <mutex>

#include <fmt/format.h>

#include "plugin/builtin.hpp"
#include "plugin/functions.hpp"

namespace preflight::plugin {
namespace {

std::vector<std::string>& cli_dirs() {
    static std::vector<std::string> dirs;
    return dirs;
}

}  // namespace

void use_plugin_dirs(std::vector<std::string> dirs) { cli_dirs() = std::move(dirs); }

const PluginSet& active_plugins() {
    static const PluginSet set = [] {
        PluginSet s = load_plugins(plugin_search_path(cli_dirs()), builtin_plugins());
        for (const auto& p : s.plugins)
            for (const auto& name : register_functions(p))
                s.notes.push_back(fmt::format("{}: function {} is not added: the name is taken", p.path, name));
        return s;
    }();
    return set;
}

}  // namespace preflight::plugin
