// Loads one plugin file: dlopen(RTLD_NOW | RTLD_LOCAL), the required entry point,
// the version gate and the descriptor's required fields. A plugin that fails any of
// them is refused: a value naming the file and both API versions, never an abort.
// A built-in plugin (plugin/builtin.hpp) passes the same gate and checks, without
// dlopen or the trust check.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <tl/expected.hpp>

#include "plugin/builtin.hpp"
#include "preflight/plugin_api.h"

namespace preflight::plugin {

struct Refusal {
    std::string path;
    std::string plugin_api;  // "1.3" as the plugin declares it; empty when it could not be read
    std::string reason;
    std::string describe() const;  // "FILE: REASON (plugin API X, preflight API Y)"
};

// The host's API version, "MAJOR.MINOR".
std::string host_api();

struct FunctionInfo {
    std::string name, signature, doc;
    std::vector<preflight_type> arg_types;
    preflight_type result_type = PREFLIGHT_TYPE_STRING;
    preflight_function_fn call = nullptr;
};

// An accepted plugin. Its library stays loaded for the life of the process: its
// functions may sit in the function table of compiled packs.
struct Plugin {
    std::string path;    // the file; "built-in NAME" for a built-in
    std::string origin;  // where discovery found it: a SearchDir's `from`, or "built in"
    std::string name, version, description, api;
    preflight_collect_fn collect = nullptr;
    std::vector<std::string> provides;
    std::vector<FunctionInfo> functions;
    std::string rules_dir;                          // absolute; empty when it bundles none
    void* handle = nullptr;                         // dlopen's; null for a built-in
    std::vector<std::string> capabilities() const;  // "facts", "functions", "rules"
};

// Also refuses a file that is not trusted as code (plugin/trust.hpp).
tl::expected<Plugin, Refusal> load_plugin(const std::string& path);

// A plugin linked into this executable; its `rules_dir` is ignored (no directory holds it).
tl::expected<Plugin, Refusal> load_builtin_plugin(const BuiltinEntry& builtin);

// How a built-in is named where a file's path would be: "built-in NAME".
std::string builtin_label(const std::string& name);

// Closes a plugin that will not be used (refused after loading, e.g. for a taken
// name). Only before any of its functions entered the function table.
void unload(Plugin& plugin);

// What the version gate says about a plugin built for `major.minor` in a host of
// `host_major.host_minor`; empty when accepted.
std::string version_gate(std::uint32_t major, std::uint32_t minor, std::uint32_t host_major = PREFLIGHT_PLUGIN_API_MAJOR,
                         std::uint32_t host_minor = PREFLIGHT_PLUGIN_API_MINOR);

}  // namespace preflight::plugin
