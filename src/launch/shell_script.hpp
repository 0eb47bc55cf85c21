// Reading a launch script the way bash would run it, as far as that can be known
// without running anything: the commands it launches, each with its words after
// quote removal and expansion and the environment it sees. What launch scripts use
// is interpreted (assignments, export/unset, `VAR=v cmd` prefixes, quotes,
// continuations, ${VAR:-default}, indexed arrays, `source` of a file, functions run
// where they are called, if/case arms and loop bodies each read on a copy of the
// shell, ; && || | & lists, subshells, `set -u` and `set -e` where bash stops on them);
// what cannot be known without running
// something ($(…), arithmetic, conditions, loop variables, here-documents, eval) makes
// the values it touches unknown and is listed in `skipped` with its line. A command
// read on one path only says so (Command::context). It never guesses.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "launch/command.hpp"
#include "util/input_file.hpp"

namespace preflight::launch {

inline constexpr util::InputKind kLaunchScript{"the launch script", 1 * util::kMiB};

// A construct the reader did not interpret, at the line where it is.
struct Skipped {
    Location where;
    std::string what;  // "not interpreted: command substitution"
    // What it runs that the reader did not read, which may be a launch: the first
    // words of its commands (a block or function not run), or, with `runs_unknown`,
    // commands that cannot be told at all (eval).
    std::vector<std::string> runs;
    bool runs_unknown = false;
};

struct Script {
    std::string path;
    std::vector<std::string> lines;  // the script's text, for excerpts and edits
    // Every simple command bash would run, in order, and the one it stops in while
    // expanding its words (Command::stops), if any.
    std::vector<Command> commands;
    std::vector<Skipped> skipped;
    // Where bash stops the script before its end on every path the reader followed
    // (an unset variable under `set -u`, ${X:?}, a command failing under `set -e`);
    // nothing after it runs. Not set when the script ends or calls `exit`.
    std::optional<Skipped> stop;
};

struct ReadOptions {
    // The environment the script starts with (exported to every command it runs).
    std::map<std::string, std::string> calling_env;
    // The script's own arguments ($1 …); nullopt: not known, so $1, $@, $# are unknown.
    std::optional<std::vector<std::string>> script_args;
    int max_source_depth = 8;
    // Where the script is run from: relative `source` paths resolve there first, as bash
    // does, then beside the script. nullopt: the script's own directory.
    std::optional<std::string> working_dir;
};

// Reads `path` (a regular file of at most kLaunchScript.max_bytes) and interprets it.
Result<Script> read_script(const std::string& path, const ReadOptions& options);

// The same for text already in memory; `name` is the file name locations carry, and
// `source` resolves relative to its directory.
Result<Script> read_script_text(std::string_view text, const std::string& name, const ReadOptions& options);

// A command given as argv (`preflight check -- megatron sft …`), with `env` as its
// environment; words and bindings carry no file location.
Command command_from_argv(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env);

}  // namespace preflight::launch
