// Plugins linked into the executable instead of loaded from a file (the static
// build carries the vendor plugins this way, PREFLIGHT_BUILTIN_PLUGINS). The
// executable registers their entry functions at start; discovery offers them after
// every plugin directory, so a plugin file of the same name shadows a built-in.
#pragma once

#include <string>
#include <vector>

#include "preflight/plugin_api.h"

namespace preflight::plugin {

struct BuiltinEntry {
    std::string name;  // the plugin's name, known before its entry is called
    preflight_plugin_entry_fn entry = nullptr;
};

// Adds one built-in; call before the first active_plugins().
void register_builtin_plugin(std::string name, preflight_plugin_entry_fn entry);

// In registration order.
const std::vector<BuiltinEntry>& builtin_plugins();

// Registers the plugins linked into this executable. Defined by the executable
// (plugins/CMakeLists.txt generates it); libraries and unit tests never call it.
void register_linked_plugins();

}  // namespace preflight::plugin
