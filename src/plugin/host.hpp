// What a plugin, and the live probe itself, may read of the node, as C++: the real
// node (RealHost) or an in-memory one for tests (MemoryHost). read_file and list_dir
// are called from several threads at once (the probe reads site directories in
// parallel). HostBridge turns a Host into the C
// `preflight_host` a plugin sees and keeps what it hands out alive for one call.
#pragma once

#include <chrono>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "preflight/plugin_api.h"

namespace preflight::plugin {

struct ToolRun {
    std::string output;  // stdout
    int exit_status = 0;
    bool timed_out = false;
    bool too_large = false;
};

class Host {
public:
    // The most of a file a plugin gets: HostBridge answers PREFLIGHT_TOO_LARGE past it.
    static constexpr std::size_t max_file_size = 16u << 20;

    virtual ~Host() = default;
    // The file's contents; a host may stop reading one byte past max_file_size.
    virtual std::optional<std::string> read_file(const std::string& path) = 0;
    virtual std::optional<std::vector<std::string>> list_dir(const std::string& path) = 0;
    // nullopt when the program does not exist.
    virtual std::optional<ToolRun> run_tool(const std::vector<std::string>& argv, std::chrono::milliseconds timeout) = 0;
    virtual std::optional<std::string> get_env(const std::string& name) = 0;
    // Every variable, for the probe (plugins see one at a time, through get_env).
    virtual std::map<std::string, std::string> environment() = 0;
    virtual std::optional<std::string> setting(const std::string& name) = 0;
};

// The C view of a Host for the duration of one plugin call: every pointer it hands
// out stays valid until the bridge is destroyed.
class HostBridge {
public:
    explicit HostBridge(Host& host);
    HostBridge(const HostBridge&) = delete;
    HostBridge& operator=(const HostBridge&) = delete;
    const preflight_host* get() const { return &c_; }

private:
    static int read_file(void* context, const char* path, const char** data, std::size_t* size);
    static int list_dir(void* context, const char* path, const char* const** names, std::size_t* count);
    static int run_tool(void* context, const char* const* argv, std::uint32_t timeout_ms, const char** output, std::size_t* size,
                        int* exit_status);
    static const char* get_env(void* context, const char* name);
    static const char* setting(void* context, const char* name);

    Host& host_;
    preflight_host c_{};
    std::deque<std::string> texts_;  // deque: stable addresses as it grows
    std::deque<std::vector<const char*>> name_lists_;
};

}  // namespace preflight::plugin
