// One simple command of a launch, as a shell would run it: its words after quote
// removal and expansion, and the environment it sees. The shell-script reader
// produces these; the launcher tables turn one into a run configuration.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace preflight::launch {

// A word of the command line. `text` is empty (nullopt) when the reader cannot know it
// without running something (`$(…)`, an arithmetic expansion, a loop variable …);
// `unknown_because` then names the construct.
struct Word {
    std::optional<std::string> text;
    std::string unknown_because;
    // file, line, column of the word's first character; source_line set; end_column set
    // when the word's text is its own and lies on one line (an edit may replace it)
    Location where;
};

// A variable as the command sees it.
struct Binding {
    std::optional<std::string> value;  // nullopt: unknown (see unknown_because)
    std::string unknown_because;
    Location where;  // the assignment word (with its end); empty file when from the calling environment
    bool from_calling_env = false;
};

struct Command {
    std::vector<Word> argv;
    std::map<std::string, Binding> env;  // exported variables, `VAR=v cmd` prefixes included
    Location where;                      // the first word
    // Where in the script's flow it runs, when not on every path: "in the else-branch
    // of the if on line 12", "in function 'train' called on line 30" ("" otherwise).
    std::string context;
    // Non-empty when bash stops the script while expanding this command's words, so the
    // command never runs: "$MODEL is unset and `set -u` (line 2) is on".
    std::string stops;
    Location stops_at;  // the expansion that stops it
};

}  // namespace preflight::launch
