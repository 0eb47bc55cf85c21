// The registry of the embedded packs' images, and the look-up of an embedded file by
// path (util/embedded_files.hpp).
#include <algorithm>

#include "util/embedded_files.hpp"

namespace preflight::util {
namespace {

std::span<const EmbeddedFile>& registered() {
    static std::span<const EmbeddedFile> images;
    return images;
}

}  // namespace

void register_pack_images(std::span<const EmbeddedFile> images) { registered() = images; }

std::optional<std::string_view> embedded_pack_image(std::string_view path) { return find_embedded(registered(), path); }

std::optional<std::string_view> find_embedded(std::span<const EmbeddedFile> files, std::string_view path) {
    auto it =
        std::lower_bound(files.begin(), files.end(), path, [](const EmbeddedFile& f, std::string_view p) { return f.path < p; });
    if (it == files.end() || it->path != path) return std::nullopt;
    return it->text;
}

}  // namespace preflight::util
