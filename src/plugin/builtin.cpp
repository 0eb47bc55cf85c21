#include "plugin/builtin.hpp"

namespace preflight::plugin {
namespace {

std::vector<BuiltinEntry>& entries() {
    static std::vector<BuiltinEntry> all;
    return all;
}

}  // namespace

void register_builtin_plugin(std::string name, preflight_plugin_entry_fn entry) { entries().push_back({std::move(name), entry}); }

const std::vector<BuiltinEntry>& builtin_plugins() { return entries(); }

}  // namespace preflight::plugin
