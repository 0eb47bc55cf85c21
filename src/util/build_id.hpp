// The build ID the linker wrote into this executable (`ld --build-id`, on by default
// with Debian's compilers): changes whenever any of its code changes, so data derived
// by one build and cached on disk is never trusted by another.
#pragma once

#include <string>

namespace preflight::util {

// Lowercase hex of the running executable's GNU build ID; empty when it has none.
const std::string& executable_build_id();

}  // namespace preflight::util
