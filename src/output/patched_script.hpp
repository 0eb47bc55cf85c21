// `fix`'s output for a launch script: the script's own text with each launch's patch
// placed where a reader of the script would look for it. A flag's value is replaced
// where it stands, a missing flag is added at the end of its command in the command's
// continuation style, a switch that must go is taken out, and a variable is set by
// editing the assignment the command sees or by an `export` line before the command.
#pragma once

#include <string>
#include <vector>

#include "core/error.hpp"
#include "launch/command.hpp"
#include "launch/launch_patch.hpp"

namespace preflight::output {

struct LaunchFix {
    const launch::Command* command = nullptr;
    launch::LaunchPatch plan;
    std::string launcher;  // its name, for the notes
};

struct PatchedScript {
    std::string text;
    std::size_t changes = 0;         // flags and variables changed
    std::vector<std::string> notes;  // fixes that could not be placed, each saying why
};

// `text` is the script at `path` (the file the commands' locations name). Only words
// and assignments of this file whose text is their own are edited; a value that comes
// from elsewhere (a sourced file, $ARGS split into words) is overridden after it, or
// named in the notes when it cannot be.
Result<PatchedScript> patched_script(const std::string& text, const std::string& path, const std::vector<LaunchFix>& fixes);

}  // namespace preflight::output
