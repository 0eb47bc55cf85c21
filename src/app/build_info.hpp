// What this binary was built from, for `preflight --version` and bug reports.
#pragma once

#include <string>
#include <string_view>

namespace preflight::app {

// `git describe --always --dirty` of the source tree when CMake last configured it
// (not refreshed on every build), or "unknown" outside a git tree.
std::string_view build_commit();

// The version each pack's `[pack] engine` range (">=0.2,<0.3") is matched against.
std::string_view engine_version();

// The text `--version` prints: version, commit, pack engine.
std::string version_text();

}  // namespace preflight::app
