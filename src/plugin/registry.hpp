// The plugins of this process: found and loaded once, on first use, and their
// functions added to the rule language's function table before any pack compiles.
#pragma once

#include "plugin/discovery.hpp"

namespace preflight::plugin {

// Directories from --plugin-dir; takes effect only before the first active_plugins().
void use_plugin_dirs(std::vector<std::string> dirs);

const PluginSet& active_plugins();

}  // namespace preflight::plugin
