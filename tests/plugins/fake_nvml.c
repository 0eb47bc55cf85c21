/* A stand-in for libnvidia-ml.so.1 with two H100s, for the CUDA plugin's tests: the
 * NVML entry points the plugin calls, with fixed answers. */
#include <string.h>

typedef struct nvmlDevice_st* nvmlDevice_t;
typedef struct {
    unsigned long long total, free, used;
} nvmlMemory_t;

static int devices[2];

int nvmlInit_v2(void) { return 0; }
int nvmlShutdown(void) { return 0; }
int nvmlSystemGetDriverVersion(char* out, unsigned size) {
    strncpy(out, "550.54.15", size);
    return 0;
}
int nvmlSystemGetCudaDriverVersion_v2(int* version) {
    *version = 12040;
    return 0;
}
int nvmlDeviceGetCount_v2(unsigned* count) {
    *count = 2;
    return 0;
}
int nvmlDeviceGetHandleByIndex_v2(unsigned index, nvmlDevice_t* device) {
    if (index >= 2) return 2;
    *device = (nvmlDevice_t)&devices[index];
    return 0;
}
int nvmlDeviceGetName(nvmlDevice_t device, char* out, unsigned size) {
    (void)device;
    strncpy(out, "NVIDIA H100 80GB HBM3", size);
    return 0;
}
int nvmlDeviceGetMemoryInfo(nvmlDevice_t device, nvmlMemory_t* memory) {
    (void)device;
    memory->total = 85520809984ull; /* 81559 MiB */
    memory->free = memory->total;
    memory->used = 0;
    return 0;
}
int nvmlDeviceGetCudaComputeCapability(nvmlDevice_t device, int* major, int* minor) {
    (void)device;
    *major = 9;
    *minor = 0;
    return 0;
}
