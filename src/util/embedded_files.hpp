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

// The text of `path` among `files`, which are sorted by path; nullopt when absent. The
// one look-up behind embedded_file() and embedded_pack_image().
std::optional<std::string_view> find_embedded(std::span<const EmbeddedFile> files, std::string_view path);

// The images made at build time from the embedded packs by the `pack_images` tool (the
// packs' compiled rule set and its key: rules/rule_set_cache.hpp), by name. Only the
// executable links them in (a tool that makes them cannot hold them): its main
// registers them before anything loads a pack.
void register_pack_images(std::span<const EmbeddedFile> images);
// The image registered under `path`, or nullopt when none is.
std::optional<std::string_view> embedded_pack_image(std::string_view path);
// Defined in the generated source that the executable alone compiles.
std::span<const EmbeddedFile> generated_pack_images();

}  // namespace preflight::util
