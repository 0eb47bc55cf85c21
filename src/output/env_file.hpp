// Launch environment files (docs/env-files.md): sh, dotenv, systemd, ray, k8s, github.
// Each writer gives its consumer back exactly the intended bytes, or refuses the
// variable it cannot carry; docs/env-files.md states each format's rules.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "rules/patched_state.hpp"

namespace preflight::output {

enum class EnvFormat { sh, dotenv, systemd, ray, k8s, github };

std::optional<EnvFormat> parse_env_format(std::string_view name);
std::vector<std::string> env_format_names();

using EnvEntry = rules::LaunchVar;

// Entries are written sorted by name. Errors name the variable, in the message and as
// the location's key (FactRef::env(name).key()): an invalid name, a NUL byte, or a
// value the format cannot represent.
Result<std::string> render_env(std::vector<EnvEntry> entries, EnvFormat format);

}  // namespace preflight::output
