// The NVIDIA stack as a preflight plugin: the driver, the CUDA version it supports
// and every GPU (name, memory, compute capability) from NVML, falling back to
// nvidia-smi when NVML cannot be loaded; the driver from /proc when neither shows
// it; the CUDA toolkit from its version.json.
#include <cctype>
#include <sstream>
#include <string>
#include <vector>

#include "nvml.hpp"
#include "plugin_support.hpp"

namespace {

using bundled_plugin::HostCalls;
using bundled_plugin::trim;

void emit_gpus(const HostCalls& host, const std::vector<bundled_plugin::cuda::Gpu>& gpus, const std::string& origin) {
    for (std::size_t i = 0; i < gpus.size(); ++i) {
        std::string prefix = "nvidia.gpu." + std::to_string(i) + ".";
        host.emit_string(prefix + "name", gpus[i].name, origin);
        if (gpus[i].memory_mib >= 0) host.emit_int(prefix + "memory_mib", gpus[i].memory_mib, origin);
        if (!gpus[i].compute_capability.empty())
            host.emit_string(prefix + "compute_capability", gpus[i].compute_capability, origin);
    }
    if (!gpus.empty()) {
        host.emit_string("hardware.chip", gpus[0].name, origin);
        host.emit_int("hardware.devices_per_node", static_cast<int64_t>(gpus.size()), origin);
    }
}

// One CSV row per GPU: name, driver_version[, memory.total (MiB), compute_cap].
bool read_nvidia_smi(const HostCalls& host) {
    auto out = host.run_tool(
        {"nvidia-smi", "--query-gpu=name,driver_version,memory.total,compute_cap", "--format=csv,noheader,nounits"});
    // Drivers before compute_cap was queryable refuse the longer query.
    if (!out) out = host.run_tool({"nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"});
    if (!out) return false;
    std::vector<bundled_plugin::cuda::Gpu> gpus;
    std::string driver;
    std::istringstream lines(*out);
    for (std::string line; std::getline(lines, line);) {
        std::vector<std::string> fields;
        std::istringstream cells(line);
        for (std::string cell; std::getline(cells, cell, ',');) fields.emplace_back(trim(cell));
        if (fields.size() < 2 || fields[0].empty()) continue;
        bundled_plugin::cuda::Gpu gpu;
        gpu.name = fields[0];
        if (driver.empty()) driver = fields[1];
        if (fields.size() > 2) {
            try {
                gpu.memory_mib = std::stoll(fields[2]);
            } catch (...) {}
        }
        if (fields.size() > 3 && fields[3].find('.') != std::string::npos) gpu.compute_capability = fields[3];
        gpus.push_back(std::move(gpu));
    }
    if (!driver.empty()) host.emit_package("nvidia-driver", driver, "nvidia-smi");
    emit_gpus(host, gpus, "nvidia-smi");
    return true;
}

// "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.104.05  …"
void read_proc_driver(const HostCalls& host) {
    const std::string file = "/proc/driver/nvidia/version";
    auto text = host.read_file(file);
    if (!text) return;
    std::istringstream words(text->substr(0, text->find('\n')));
    for (std::string w; words >> w;)
        if (std::isdigit(static_cast<unsigned char>(w[0])) && w.find('.') != std::string::npos) {
            host.emit_package("nvidia-driver", w, file);
            return;
        }
}

// "Cuda compilation tools, release 13.0, V13.0.88": the toolkit's release, X.Y.
void read_nvcc_release(const HostCalls& host, const std::string& root) {
    std::vector<std::string> argv = {root + "/bin/nvcc", "--version"};
    auto out = host.run_tool(argv);
    if (!out) return;
    const std::string marker = "release ";
    auto at = out->find(marker);
    if (at == std::string::npos) return;
    at += marker.size();
    auto end = at;
    while (end < out->size() && (std::isdigit(static_cast<unsigned char>((*out)[end])) || (*out)[end] == '.')) ++end;
    if (end > at) host.emit_package("cuda", out->substr(at, end - at), argv[0] + " --version");
}

// {"cuda": {"name": "CUDA SDK", "version": "12.4.1"}, …}; toolkits without that file
// (the CUDA 13.0 container images have none) are asked through their nvcc.
void read_toolkit(const HostCalls& host, const std::string& root) {
    std::string file = root + "/version.json";
    auto text = host.read_file(file);
    if (!text) return read_nvcc_release(host, root);
    auto at = text->find("\"cuda\"");
    auto v = at == std::string::npos ? std::string::npos : text->find("\"version\"", at);
    if (v == std::string::npos) return;
    auto colon = text->find(':', v);
    auto start = colon == std::string::npos ? std::string::npos : text->find('"', colon + 1);
    auto end = start == std::string::npos ? std::string::npos : text->find('"', start + 1);
    if (end != std::string::npos) host.emit_package("cuda", text->substr(start + 1, end - start - 1), file);
}

// The setting cuda.nvml_library first, then PREFLIGHT_CUDA_NVML_LIBRARY (an NVML
// installed elsewhere; a path that does not exist makes the plugin use nvidia-smi),
// then the driver's own library.
std::string nvml_library(const HostCalls& host) {
    std::string set = host.setting("cuda.nvml_library", "");
    if (!set.empty()) return set;
    auto env = host.env("PREFLIGHT_CUDA_NVML_LIBRARY");
    return env && !env->empty() ? *env : "libnvidia-ml.so.1";
}

int collect(const preflight_host* host, const preflight_fact_sink* sink, char* error, size_t error_size) {
    try {
        HostCalls calls(host, sink);
        if (auto nvml = bundled_plugin::cuda::read_nvml(nvml_library(calls))) {
            if (!nvml->driver_version.empty()) calls.emit_package("nvidia-driver", nvml->driver_version, "nvml");
            if (!nvml->cuda_driver_version.empty())
                calls.emit_string("nvidia.cuda_driver_version", nvml->cuda_driver_version, "nvml");
            emit_gpus(calls, nvml->gpus, "nvml");
        } else {
            read_nvidia_smi(calls);
        }
        read_proc_driver(calls);  // the first nvidia-driver emitted stands
        read_toolkit(calls, calls.setting("cuda.root", "/usr/local/cuda"));
        return PREFLIGHT_OK;
    } catch (const std::exception& e) {
        return bundled_plugin::fail(error, error_size, e.what());
    } catch (...) {
        return bundled_plugin::fail(error, error_size, "unexpected error");
    }
}

// The toolkit is not listed: it may live where the plugin does not look (conda …).
const char* const provides[] = {"nvidia-driver", nullptr};

const preflight_plugin descriptor = {
    sizeof(preflight_plugin),
    PREFLIGHT_PLUGIN_API_MAJOR,
    PREFLIGHT_PLUGIN_API_MINOR,
    "cuda",
    PREFLIGHT_PLUGIN_VERSION,
    "NVIDIA stack: driver, CUDA driver version and GPUs through NVML (else nvidia-smi), CUDA toolkit",
    collect,
    provides,
    nullptr,
    0,
    nullptr,
};

}  // namespace

extern "C" PREFLIGHT_PLUGIN_EXPORT const preflight_plugin* PREFLIGHT_PLUGIN_ENTRY(void) { return &descriptor; }
