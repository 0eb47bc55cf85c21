#include "npu_smi.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "plugin_support.hpp"

namespace bundled_plugin::ascend {

// npu-smi info prints one row per NPU: "| 0     910B3   | OK   | …"; A3 hosts list two
// chips per NPU, each a device.
NpuSmi read_npu_smi(const std::string& text) {
    NpuSmi out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (line.size() < 3 || line[0] != '|') continue;
        std::istringstream cells(line.substr(1));
        std::string first;
        std::getline(cells, first, '|');
        std::istringstream words(first);
        std::string index, name;
        words >> index >> name;
        if (index.empty() || !std::all_of(index.begin(), index.end(), [](unsigned char c) { return std::isdigit(c); })) continue;
        std::string second;
        std::getline(cells, second, '|');
        if (!name.empty() && trim(second).starts_with("OK")) {
            if (out.chip.empty()) out.chip = name;
            ++out.count;
        }
    }
    return out;
}

}  // namespace bundled_plugin::ascend
