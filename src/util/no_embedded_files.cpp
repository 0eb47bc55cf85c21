// A build without PREFLIGHT_EMBED_PACKS: nothing is embedded.
#include "util/embedded_files.hpp"

namespace preflight::util {

std::span<const EmbeddedFile> embedded_files() { return {}; }

std::optional<std::string_view> embedded_file(std::string_view) { return std::nullopt; }

}  // namespace preflight::util
