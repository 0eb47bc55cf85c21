// The host a plugin sees on the live node: real files, real tools (no shell, a
// time limit, a size limit), the process environment, and the settings preflight
// passes on (the Ascend and CUDA roots of `probe`).
#pragma once

#include <cstddef>
#include <map>

#include "plugin/host.hpp"

namespace preflight::plugin {

class RealHost : public Host {
public:
    explicit RealHost(std::map<std::string, std::string> settings = {}) : settings_(std::move(settings)) {}
    std::optional<std::string> read_file(const std::string& path) override;
    std::optional<std::vector<std::string>> list_dir(const std::string& path) override;
    std::optional<ToolRun> run_tool(const std::vector<std::string>& argv, std::chrono::milliseconds timeout) override;
    std::optional<std::string> get_env(const std::string& name) override;
    std::map<std::string, std::string> environment() override;
    std::optional<std::string> setting(const std::string& name) override;

    static constexpr std::size_t max_output = 16u << 20;  // a tool's stdout beyond this is cut and reported

private:
    std::map<std::string, std::string> settings_;
};

}  // namespace preflight::plugin
