// A launch command read as a run configuration, through the launcher tables: the
// launcher it is, each flag's value typed by the key table and located at the flag's
// word, the environment it sees, and every word the tables do not interpret.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "config/run_config.hpp"
#include "launch/command.hpp"
#include "launch/launcher.hpp"

namespace preflight::launch {

struct Recognised {
    const Launcher* launcher = nullptr;
    const Recognition* how = nullptr;
    std::size_t args_begin = 0;  // the first word after the program and subcommand
    std::size_t script = 0;      // the script's word when the launcher has one, else 0
};

// The launcher a command is, by the first recognition row that matches; nullopt when none does.
// Whether a command whose first word is `word` may be a launch: a program some
// launcher is recognised by starts with it. For commands the reader did not read
// (a block it does not run, a function called too deep).
bool may_start_launch(const std::string& word, const LauncherSet& launchers);

std::optional<Recognised> recognise(const Command& command, const LauncherSet& launchers);

// A flag as the command wrote it: read by `spec` (nullptr when the tables do not
// know it), with the words that gave its value (`--k=v` included).
struct ReadFlag {
    std::string written;  // "--tensor-model-parallel-size", without "=value"
    std::vector<Word> values;
    const FlagSpec* spec = nullptr;
    Location where;
    std::size_t index = 0;      // the flag's word in Command::argv; its value words follow it
    bool inline_value = false;  // `--k=v`: the value is inside the flag's word
};

struct Launch {
    const Launcher* launcher = nullptr;
    config::RunConfig config;     // values located at the flag or assignment that gave them
    std::vector<ReadFlag> flags;  // in command order, uninterpreted ones included
};

// Errors (with the word's location): a command no launcher recognises, a value the
// key table refuses, a switch given a value. `packages` (the installed versions, from
// --with or the job) decide whether a flag no key row names is one the launcher accepts;
// nullptr: no version is known.
Result<Launch> read_launch(const Command& command, const LauncherSet& launchers, const FactMap* packages = nullptr);

}  // namespace preflight::launch
