// Where plugins are found, in order: --plugin-dir, PREFLIGHT_PLUGIN_PATH, the
// installed lib/preflight/plugins beside the binary, and a build tree's own
// lib/preflight/plugins when the binary runs from that build tree; then the plugins
// built into the executable (plugin/builtin.hpp). Within a directory, every *.so in
// name order. The first plugin of a name is taken: another file of that name is
// refused, a built-in of that name is shadowed silently (as packs on the lookup path
// shadow embedded ones).
#pragma once

#include <string>
#include <vector>

#include "plugin/loader.hpp"

namespace preflight::plugin {

struct SearchDir {
    std::string path;
    std::string from;  // "--plugin-dir", "PREFLIGHT_PLUGIN_PATH", "installed", "build tree"
};

struct PluginSet {
    std::vector<SearchDir> searched;
    std::vector<Plugin> plugins;     // accepted, in search order, built-ins last
    std::vector<Refusal> refusals;   // refused files; a run that needs none of them goes on
    std::vector<std::string> notes;  // e.g. a function whose name another plugin took
};

// `exe_path` empty: this process's own executable.
std::vector<SearchDir> plugin_search_path(const std::vector<std::string>& cli_dirs, bool defaults = true,
                                          std::string exe_path = {});

// Loads every plugin file of the directories, then the built-ins no file shadows;
// does not touch the function table.
PluginSet load_plugins(const std::vector<SearchDir>& dirs, const std::vector<BuiltinEntry>& builtins = {});

}  // namespace preflight::plugin
