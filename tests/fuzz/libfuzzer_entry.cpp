// libFuzzer's entry point for the one target named by PREFLIGHT_FUZZ_TARGET.
#include "fuzz_targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return preflight::fuzz::PREFLIGHT_FUZZ_TARGET(data, size);
}
