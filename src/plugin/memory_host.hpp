// A host held in memory, for tests: files, recorded tool outputs, variables and
// settings given up front; nothing of the real node is read.
#pragma once

#include <map>

#include "plugin/host.hpp"

namespace preflight::plugin {

class MemoryHost : public Host {
public:
    std::map<std::string, std::string> files;  // path → contents; directories are implied
    std::map<std::string, ToolRun> tools;      // the argv joined by single spaces → its run
    std::map<std::string, std::string> env;
    std::map<std::string, std::string> settings;
    std::vector<std::string> tool_calls;  // every argv asked for, joined, in order

    std::optional<std::string> read_file(const std::string& path) override;
    std::optional<std::vector<std::string>> list_dir(const std::string& path) override;
    std::optional<ToolRun> run_tool(const std::vector<std::string>& argv, std::chrono::milliseconds timeout) override;
    std::optional<std::string> get_env(const std::string& name) override;
    std::map<std::string, std::string> environment() override { return env; }
    std::optional<std::string> setting(const std::string& name) override;
};

}  // namespace preflight::plugin
