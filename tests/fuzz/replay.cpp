// Runs corpus files through a fuzz target without libFuzzer, so the plain and
// sanitizer builds replay every seed and every crash found so far.
// Usage: fuzz_replay TARGET FILE_OR_DIR...
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <vector>

#include "fuzz_targets.hpp"

namespace {

#define PREFLIGHT_NAME_TARGET(name) {#name, &preflight::fuzz::name},
const preflight::fuzz::NamedTarget kTargets[] = {PREFLIGHT_FUZZ_TARGETS(PREFLIGHT_NAME_TARGET)};
#undef PREFLIGHT_NAME_TARGET

}  // namespace

int main(int argc, char** argv) {
    namespace fs = std::filesystem;
    if (argc < 3) {
        std::cerr << "usage: fuzz_replay TARGET FILE_OR_DIR...\n";
        return 2;
    }
    auto target =
        std::find_if(std::begin(kTargets), std::end(kTargets), [&](const auto& t) { return std::strcmp(t.name, argv[1]) == 0; });
    if (target == std::end(kTargets)) {
        std::cerr << "no fuzz target '" << argv[1] << "'\n";
        return 2;
    }
    std::vector<fs::path> files;
    for (int i = 2; i < argc; ++i) {
        if (fs::is_directory(argv[i])) {
            for (const auto& e : fs::recursive_directory_iterator(argv[i]))
                if (e.is_regular_file()) files.push_back(e.path());
        } else {
            files.emplace_back(argv[i]);
        }
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) {
        std::cerr << "no corpus files for " << argv[1] << "\n";
        return 2;
    }
    for (const auto& f : files) {
        std::ifstream in(f, std::ios::binary);
        std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        target->run(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    }
    std::cout << argv[1] << ": replayed " << files.size() << " input" << (files.size() == 1 ? "" : "s") << "\n";
    return 0;
}
