// The unit tests' process environment, set before any test runs: variables a
// developer may have exported for the real binary must not change what the tests see
// (plugin discovery, the cuda plugin's NVML). Tests that want one set it themselves.
#include <cstdlib>
#include <initializer_list>

namespace {

const bool cleared = [] {
    for (const char* name : {"PREFLIGHT_PLUGIN_PATH", "PREFLIGHT_CUDA_NVML_LIBRARY"}) unsetenv(name);
    return true;
}();

}  // namespace
