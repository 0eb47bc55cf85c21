#include "rules/pack_cache.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <vector>

#include "rules/pack_image.hpp"
#include "util/build_id.hpp"
#include "util/digest.hpp"
#include "util/embedded_files.hpp"
#include "util/input_file.hpp"
#include "util/output_target.hpp"

namespace preflight::rules {
namespace {
namespace fs = std::filesystem;

std::string image_name(const std::string& file, const std::string& text) {
    return util::content_hash_hex({util::executable_build_id(), file, text}) + ".img";
}

std::optional<PackSource> cached(const std::string& path) {
    auto bytes = util::read_input(path, util::kPackFile);
    if (!bytes) return std::nullopt;
    return decode_pack_image(*bytes);
}

}  // namespace

std::string pack_cache_dir() {
    if (util::executable_build_id().empty()) return "";
    if (const char* own = std::getenv("PREFLIGHT_CACHE_DIR")) return *own ? std::string(own) + "/packs" : "";
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg == '/') return std::string(xdg) + "/preflight/packs";
    if (const char* home = std::getenv("HOME"); home && *home == '/') return std::string(home) + "/.cache/preflight/packs";
    return "";
}

std::optional<std::string> private_pack_cache_dir() {
    std::string dir = pack_cache_dir();
    if (dir.empty()) return std::nullopt;
    struct stat st {};
    if (::lstat(dir.c_str(), &st) != 0) {
        std::error_code ec;
        fs::create_directories(fs::path(dir).parent_path(), ec);
        if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) return std::nullopt;
        if (::lstat(dir.c_str(), &st) != 0) return std::nullopt;
    }
    if (!S_ISDIR(st.st_mode) || st.st_uid != ::geteuid() || (st.st_mode & (S_IWGRP | S_IWOTH)) != 0) return std::nullopt;
    return dir;
}

void prune_cache(const std::string& dir, std::string_view extension, std::size_t keep) {
    std::error_code ec;
    std::vector<std::pair<fs::file_time_type, fs::path>> images;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (entry.path().extension() == extension) images.emplace_back(entry.last_write_time(ec), entry.path());
    if (images.size() <= keep) return;
    std::sort(images.begin(), images.end());
    for (std::size_t i = 0; i < images.size() - keep / 2; ++i) fs::remove(images[i].second, ec);
}

Result<PackSource> load_pack(const std::string& file) {
    // An embedded pack is read from its text: the binary carries the compiled set of all
    // of them (rule_set_cache.hpp), and only a set that mixes them with other packs,
    // compiled once and then cached, reads them one by one.
    if (file.starts_with(util::kEmbeddedPrefix)) return read_pack(file);
    auto dir = private_pack_cache_dir();
    if (!dir) return read_pack(file);
    auto text = util::read_input(file, util::kPackFile);
    if (!text) return read_pack(file);  // which reports why, as always
    std::string path = *dir + "/" + image_name(file, *text);
    if (auto pack = cached(path)) {
        // Used now: pruning removes the least recently used images, so the packs a user
        // checks with every day outlive the one-off packs of tests and experiments.
        ::utimensat(AT_FDCWD, path.c_str(), nullptr, 0);
        return std::move(*pack);
    }
    auto pack = read_pack_text(file, std::move(*text));
    if (pack)
        if (auto image = encode_pack_image(*pack)) {
            prune_cache(*dir, ".img", kMaxCachedImages);
            (void)util::write_output(path, *image);  // best effort: the next run reads the file again
        }
    return pack;
}

}  // namespace preflight::rules
