// The registry of the embedded packs' images (util/embedded_files.hpp).
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

std::optional<std::string_view> embedded_pack_image(std::string_view path) {
    auto images = registered();
    // The generated table is sorted by path (pack_images_main.cpp).
    auto it = std::lower_bound(images.begin(), images.end(), path,
                               [](const EmbeddedFile& f, std::string_view p) { return f.path < p; });
    if (it == images.end() || it->path != path) return std::nullopt;
    return it->text;
}

}  // namespace preflight::util
