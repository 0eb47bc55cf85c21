// Files compiled into the binary (the bundled rule packs, with PREFLIGHT_EMBED_PACKS), so
// that a copied binary finds packs with nothing beside it. They are named
// `embedded:PACK/pack.toml` and read through util::read_input like any file.
#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace preflight::util {

struct EmbeddedFile {
    std::string_view path;  // "embedded:colocate-memory/pack.toml"
    std::string_view text;
};

inline constexpr std::string_view kEmbeddedPrefix = "embedded:";

// Every embedded file, sorted by path; empty in a build that embeds none.
std::span<const EmbeddedFile> embedded_files();

// The text of the embedded file `path`, or nullopt.
std::optional<std::string_view> embedded_file(std::string_view path);

}  // namespace preflight::util
