// What the CUDA plugin reads through NVML, loaded at run time with
// dlopen("libnvidia-ml.so.1"): no NVIDIA header or library is needed to build it.
// The few declarations below follow NVML's documented C API (nvml.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace bundled_plugin::cuda {

struct Gpu {
    std::string name;
    long long memory_mib = -1;       // total memory; -1 when unknown
    std::string compute_capability;  // "9.0"; empty when unknown
};

struct NvmlReading {
    std::string driver_version;       // "550.54.15"
    std::string cuda_driver_version;  // "12.4": the newest CUDA the driver supports
    std::vector<Gpu> gpus;
};

// nullopt when the library cannot be loaded or initialised.
std::optional<NvmlReading> read_nvml(const std::string& library);

}  // namespace bundled_plugin::cuda
