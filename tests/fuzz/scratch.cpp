#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "fuzz_targets.hpp"

namespace preflight::fuzz {

std::string scratch_dir() {
    // Never destroyed: the exit handler that removes the folder runs after static
    // destructors would have freed it.
    static const std::string* dir = [] {
        auto* pattern = new std::string((std::filesystem::temp_directory_path() / "preflight-fuzz-XXXXXX").string());
        if (!mkdtemp(pattern->data())) std::abort();
        std::atexit([] {
            std::error_code ec;
            std::filesystem::remove_all(*dir, ec);
        });
        return pattern;
    }();
    return *dir;
}

std::string scratch_file(const std::string& name, std::string_view text) {
    std::string path = scratch_dir() + "/" + name;
    std::ofstream(path, std::ios::binary | std::ios::trunc).write(text.data(), static_cast<std::streamsize>(text.size()));
    return path;
}

}  // namespace preflight::fuzz
