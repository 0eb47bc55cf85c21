#include "plugin/host.hpp"

namespace preflight::plugin {

HostBridge::HostBridge(Host& host) : host_(host) {
    c_.size = sizeof(preflight_host);
    c_.context = this;
    c_.read_file = &HostBridge::read_file;
    c_.list_dir = &HostBridge::list_dir;
    c_.run_tool = &HostBridge::run_tool;
    c_.get_env = &HostBridge::get_env;
    c_.setting = &HostBridge::setting;
}

// Each callback catches everything: no exception may unwind into plugin code.
int HostBridge::read_file(void* context, const char* path, const char** data, std::size_t* size) try {
    auto* self = static_cast<HostBridge*>(context);
    if (!path || !data || !size) return PREFLIGHT_ERROR;
    auto text = self->host_.read_file(path);
    if (!text) return PREFLIGHT_NOT_FOUND;
    if (text->size() > Host::max_file_size) return PREFLIGHT_TOO_LARGE;
    const std::string& kept = self->texts_.emplace_back(std::move(*text));
    *data = kept.data();
    *size = kept.size();
    return PREFLIGHT_OK;
} catch (...) {
    return PREFLIGHT_ERROR;
}

int HostBridge::list_dir(void* context, const char* path, const char* const** names, std::size_t* count) try {
    auto* self = static_cast<HostBridge*>(context);
    if (!path || !names || !count) return PREFLIGHT_ERROR;
    auto entries = self->host_.list_dir(path);
    if (!entries) return PREFLIGHT_NOT_FOUND;
    auto& list = self->name_lists_.emplace_back();
    for (auto& e : *entries) list.push_back(self->texts_.emplace_back(std::move(e)).c_str());
    list.push_back(nullptr);
    *names = list.data();
    *count = list.size() - 1;
    return PREFLIGHT_OK;
} catch (...) {
    return PREFLIGHT_ERROR;
}

int HostBridge::run_tool(void* context, const char* const* argv, std::uint32_t timeout_ms, const char** output, std::size_t* size,
                         int* exit_status) try {
    auto* self = static_cast<HostBridge*>(context);
    if (!argv || !argv[0] || !output || !size || !exit_status) return PREFLIGHT_ERROR;
    std::vector<std::string> args;
    for (const char* const* a = argv; *a; ++a) args.emplace_back(*a);
    auto run = self->host_.run_tool(args, std::chrono::milliseconds(timeout_ms));
    if (!run) return PREFLIGHT_NOT_FOUND;
    const std::string& kept = self->texts_.emplace_back(std::move(run->output));
    *output = kept.data();
    *size = kept.size();
    *exit_status = run->exit_status;
    if (run->timed_out) return PREFLIGHT_TIMEOUT;
    if (run->too_large) return PREFLIGHT_TOO_LARGE;
    return PREFLIGHT_OK;
} catch (...) {
    return PREFLIGHT_ERROR;
}

const char* HostBridge::get_env(void* context, const char* name) try {
    auto* self = static_cast<HostBridge*>(context);
    if (!name) return nullptr;
    auto value = self->host_.get_env(name);
    return value ? self->texts_.emplace_back(std::move(*value)).c_str() : nullptr;
} catch (...) {
    return nullptr;
}

const char* HostBridge::setting(void* context, const char* name) try {
    auto* self = static_cast<HostBridge*>(context);
    if (!name) return nullptr;
    auto value = self->host_.setting(name);
    return value ? self->texts_.emplace_back(std::move(*value)).c_str() : nullptr;
} catch (...) {
    return nullptr;
}

}  // namespace preflight::plugin
