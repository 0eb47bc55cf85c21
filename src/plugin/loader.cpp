#include "plugin/loader.hpp"

#include <dlfcn.h>

#include <filesystem>

#include <fmt/format.h>

#include "plugin/trust.hpp"

namespace preflight::plugin {
namespace fs = std::filesystem;

std::string host_api() { return fmt::format("{}.{}", PREFLIGHT_PLUGIN_API_MAJOR, PREFLIGHT_PLUGIN_API_MINOR); }

std::string Refusal::describe() const {
    return fmt::format("{}: {} (plugin API {}, preflight API {})", path, reason, plugin_api.empty() ? "unknown" : plugin_api,
                       host_api());
}

std::vector<std::string> Plugin::capabilities() const {
    std::vector<std::string> out;
    if (collect) out.push_back("facts");
    if (!functions.empty()) out.push_back("functions");
    if (!rules_dir.empty()) out.push_back("rules");
    return out;
}

std::string version_gate(std::uint32_t major, std::uint32_t minor, std::uint32_t host_major, std::uint32_t host_minor) {
    if (major != host_major) return "built for another major version of the plugin API";
    if (minor > host_minor) return "built for a newer minor version of the plugin API than this preflight offers";
    return "";
}

namespace {

bool is_identifier(const char* s) {
    if (!s || !*s) return false;
    for (; *s; ++s)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_')) return false;
    return true;
}

bool is_type(preflight_type t) { return t >= PREFLIGHT_TYPE_BOOL && t <= PREFLIGHT_TYPE_VERSION; }

// The version gate and the descriptor's required fields, for a file and a built-in
// alike. `base_dir` resolves `rules_dir`; empty: the plugin's packs are ignored.
tl::expected<Plugin, std::string> read_descriptor(const preflight_plugin* d, Refusal& refusal, const std::string& base_dir) {
    using Reason = tl::unexpected<std::string>;
    if (!d) return Reason(PREFLIGHT_PLUGIN_ENTRY_NAME " returned no descriptor");
    refusal.plugin_api = fmt::format("{}.{}", d->api_major, d->api_minor);
    if (auto why = version_gate(d->api_major, d->api_minor); !why.empty()) return Reason(why);
    // A 1.0 descriptor ends at rules_dir; a smaller one is malformed.
    if (d->size < offsetof(preflight_plugin, rules_dir) + sizeof(d->rules_dir))
        return Reason(fmt::format("descriptor size {} is smaller than API 1.0's", d->size));
    if (!is_identifier(d->name)) return Reason("its name is missing or not [a-z0-9_]+");
    if (!d->version || !d->description) return Reason("its version or description is missing");
    if (d->function_count > 0 && !d->functions) return Reason("function_count is set but functions is NULL");

    Plugin p;
    p.path = refusal.path;
    p.name = d->name;
    p.version = d->version;
    p.description = d->description;
    p.api = refusal.plugin_api;
    p.collect = d->collect;
    if (d->provides)
        for (const char* const* n = d->provides; *n; ++n) p.provides.emplace_back(*n);
    for (std::size_t i = 0; i < d->function_count; ++i) {
        const preflight_function& f = d->functions[i];
        std::string prefix = p.name + "_";
        if (!is_identifier(f.name) || !std::string_view(f.name).starts_with(prefix))
            return Reason(fmt::format("function {} must be named {}…", f.name ? f.name : "(null)", prefix));
        if (!f.signature || !f.doc || !f.call || f.arg_count > 8 || (f.arg_count && !f.arg_types) || !is_type(f.result_type))
            return Reason(fmt::format("function {} lacks a signature, doc, call or valid types", f.name));
        FunctionInfo info{f.name, f.signature, f.doc, {}, f.result_type, f.call};
        for (std::size_t a = 0; a < f.arg_count; ++a) {
            if (!is_type(f.arg_types[a])) return Reason(fmt::format("function {} has an invalid argument type", f.name));
            info.arg_types.push_back(f.arg_types[a]);
        }
        p.functions.push_back(std::move(info));
    }
    if (d->rules_dir && *d->rules_dir && !base_dir.empty())
        p.rules_dir = (fs::path(base_dir) / d->rules_dir).lexically_normal().string();
    return p;
}

}  // namespace

std::string builtin_label(const std::string& name) { return "built-in " + name; }

tl::expected<Plugin, Refusal> load_plugin(const std::string& path) {
    Refusal refusal{fs::absolute(path).lexically_normal().string(), "", ""};
    auto refuse = [&](std::string reason) {
        refusal.path = path;
        refusal.reason = std::move(reason);
        return tl::unexpected(refusal);
    };
    // The resolved path is the one checked and the one opened: a symlink swapped
    // in between changes nothing.
    std::string resolved;
    if (auto why = untrusted_reason(path, TrustedKind::file, &resolved); !why.empty()) return refuse(why);
    // A refused library is closed at once; an accepted one stays loaded.
    void* handle = dlopen(resolved.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char* e = dlerror();
        return refuse(fmt::format("cannot load: {}", e ? e : "dlopen failed"));
    }
    auto entry = reinterpret_cast<preflight_plugin_entry_fn>(dlsym(handle, PREFLIGHT_PLUGIN_ENTRY_NAME));
    if (!entry) {
        dlclose(handle);
        return refuse("no " PREFLIGHT_PLUGIN_ENTRY_NAME " symbol: not a preflight plugin");
    }
    auto plugin = read_descriptor(entry(), refusal, fs::path(refusal.path).parent_path().string());
    if (!plugin) {
        dlclose(handle);
        return refuse(plugin.error());
    }
    plugin->handle = handle;
    return std::move(*plugin);
}

tl::expected<Plugin, Refusal> load_builtin_plugin(const BuiltinEntry& builtin) {
    Refusal refusal{builtin_label(builtin.name), "", ""};
    if (!builtin.entry) {
        refusal.reason = "no entry function";
        return tl::unexpected(refusal);
    }
    auto plugin = read_descriptor(builtin.entry(), refusal, "");
    if (!plugin) {
        refusal.reason = plugin.error();
        return tl::unexpected(refusal);
    }
    if (plugin->name != builtin.name) {
        refusal.reason = fmt::format("registered as {} but its descriptor names {}", builtin.name, plugin->name);
        return tl::unexpected(refusal);
    }
    plugin->origin = "built in";
    return std::move(*plugin);
}

void unload(Plugin& plugin) {
    if (plugin.handle) dlclose(plugin.handle);
    plugin.handle = nullptr;
    plugin.collect = nullptr;
    plugin.functions.clear();
}

}  // namespace preflight::plugin
