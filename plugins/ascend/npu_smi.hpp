// The devices `npu-smi info` lists.
#pragma once

#include <string>

namespace bundled_plugin::ascend {

struct NpuSmi {
    std::string chip;  // the first NPU's chip name
    int count = 0;     // NPUs (on A3 hosts each of a card's two chips) reported OK
};

NpuSmi read_npu_smi(const std::string& text);

}  // namespace bundled_plugin::ascend
