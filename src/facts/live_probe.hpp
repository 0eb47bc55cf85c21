// The live node as a fact source: read files and the environment directly, never
// starting Python. Accelerator stacks (Ascend, CUDA) come from native plugins
// (plugins/); without one, their facts are unknown. Anything missing is unknown or
// absent, never a crash.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "facts/freeze_file.hpp"
#include "facts/node_facts.hpp"
#include "plugin/discovery.hpp"
#include "plugin/host.hpp"
#include "plugin/isolated_collect.hpp"

namespace preflight::facts {

struct ProbeOptions {
    std::string python = "python3";          // interpreter whose site-packages are read (this default: the
                                             // environment's own when preflight runs from its bin/)
    std::vector<std::string> site_packages;  // read these instead, when given
    std::string ascend_root = "/usr/local/Ascend";
    std::string cuda_root = "/usr/local/cuda";
    std::string ascend_install_info = "/etc/ascend_install.info";
    std::string cuda_nvml_library;  // the NVML the cuda plugin opens; empty: its own choice
    // The plugins whose collectors run; null: this process's (plugin/registry.hpp).
    const plugin::PluginSet* plugins = nullptr;
    // How long one plugin's collector may run (in its own process) before its facts are
    // given up as unknown (plugin/isolated_collect.hpp).
    std::chrono::milliseconds plugin_deadline = plugin::kCollectDeadline;
    // What the probe and the plugins read the node through; null: the real node
    // (plugin::RealHost with plugin_settings). A test gives its own host, so no test
    // sets PATH or PYTHONPATH of its process.
    plugin::Host* host = nullptr;
};

// The settings a probe passes to plugins (docs/plugin-abi.md, "Settings").
std::map<std::string, std::string> plugin_settings(const ProbeOptions& options);

Result<NodeFacts> probe_node(const ProbeOptions& options, const SchemeOf& scheme_of);

// The site directories an interpreter reads, found from its path alone (venv
// pyvenv.cfg, pyenv shims, Debian dist-packages, user site), in sys.path order.
std::vector<std::string> site_directories(const std::string& python, std::string* python_version, plugin::Host& host);

}  // namespace preflight::facts
