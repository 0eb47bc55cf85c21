#include "nvml.hpp"

#include <dlfcn.h>

namespace bundled_plugin::cuda {
namespace {

// NVML's types as its C API defines them: a status (0 is success), opaque device
// handles, and the memory struct in bytes.
using nvmlReturn_t = int;
using nvmlDevice_t = struct nvmlDevice_st*;
struct nvmlMemory_t {
    unsigned long long total, free, used;
};

template <class F>
F symbol(void* lib, const char* name) {
    return reinterpret_cast<F>(dlsym(lib, name));
}

// Unloads the library on every path out.
struct Library {
    void* handle;
    ~Library() {
        if (handle) dlclose(handle);
    }
};

}  // namespace

std::optional<NvmlReading> read_nvml(const std::string& library) {
#ifdef PREFLIGHT_PLUGIN_STATIC_EXE
    // Built into the fully static executable: the driver's libnvidia-ml.so.1 needs the
    // node's libc.so.6, which a static executable cannot share with it, so the plugin
    // reads nvidia-smi instead (docs/install.md).
    (void)library;
    return std::nullopt;
#endif
    Library lib{dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL)};
    if (!lib.handle) return std::nullopt;
    auto init = symbol<nvmlReturn_t (*)()>(lib.handle, "nvmlInit_v2");
    auto shutdown = symbol<nvmlReturn_t (*)()>(lib.handle, "nvmlShutdown");
    auto driver = symbol<nvmlReturn_t (*)(char*, unsigned)>(lib.handle, "nvmlSystemGetDriverVersion");
    auto cuda_driver = symbol<nvmlReturn_t (*)(int*)>(lib.handle, "nvmlSystemGetCudaDriverVersion_v2");
    auto count = symbol<nvmlReturn_t (*)(unsigned*)>(lib.handle, "nvmlDeviceGetCount_v2");
    auto by_index = symbol<nvmlReturn_t (*)(unsigned, nvmlDevice_t*)>(lib.handle, "nvmlDeviceGetHandleByIndex_v2");
    auto name = symbol<nvmlReturn_t (*)(nvmlDevice_t, char*, unsigned)>(lib.handle, "nvmlDeviceGetName");
    auto memory = symbol<nvmlReturn_t (*)(nvmlDevice_t, nvmlMemory_t*)>(lib.handle, "nvmlDeviceGetMemoryInfo");
    auto capability = symbol<nvmlReturn_t (*)(nvmlDevice_t, int*, int*)>(lib.handle, "nvmlDeviceGetCudaComputeCapability");
    if (!init || !shutdown || !driver || !count || !by_index || !name) return std::nullopt;
    if (init() != 0) return std::nullopt;

    NvmlReading out;
    char text[96] = "";
    if (driver(text, sizeof text) == 0) out.driver_version = text;
    int cuda = 0;
    if (cuda_driver && cuda_driver(&cuda) == 0 && cuda > 0)
        out.cuda_driver_version = std::to_string(cuda / 1000) + "." + std::to_string((cuda % 1000) / 10);
    unsigned n = 0;
    if (count(&n) == 0)
        for (unsigned i = 0; i < n; ++i) {
            nvmlDevice_t device = nullptr;
            if (by_index(i, &device) != 0) continue;
            Gpu gpu;
            char device_name[96] = "";
            if (name(device, device_name, sizeof device_name) == 0) gpu.name = device_name;
            nvmlMemory_t m{};
            if (memory && memory(device, &m) == 0) gpu.memory_mib = static_cast<long long>(m.total >> 20);
            int major = 0, minor = 0;
            if (capability && capability(device, &major, &minor) == 0)
                gpu.compute_capability = std::to_string(major) + "." + std::to_string(minor);
            out.gpus.push_back(std::move(gpu));
        }
    shutdown();
    return out;
}

}  // namespace bundled_plugin::cuda
