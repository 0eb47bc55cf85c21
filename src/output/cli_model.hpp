// The command line as plain data: what the man page and the shell completions are
// rendered from. app/cli_description.cpp fills it from the live CLI11 definition,
// the one `--help` prints, so none of them can disagree with it.
#pragma once

#include <string>
#include <vector>

namespace preflight::output {

// What an option's value (or a positional) is, for completion.
enum class ValueKind {
    none,       // a flag, or a value nothing can be offered for (a number, a name)
    file,       // a path to a file
    directory,  // a path to a directory
    choice,     // one of `choices`
    rule_id,    // a rule id of the loaded packs (`rules list --format ids`)
    launcher,   // a launcher style of the loaded packs (`rules list --format styles`)
    command,    // a command line after `--`
};

struct CliOption {
    std::vector<std::string> short_names;  // "-q"
    std::vector<std::string> long_names;   // "--quiet"
    std::string positional;                // a positional's name ("job"); empty for an option
    std::string value_name;                // "DIR", "FILE.toml"; empty for a flag
    std::string help;
    std::vector<std::string> choices;  // the values a fixed set admits
    std::string default_value;         // as --help shows it; empty when none is shown
    bool required = false;
    bool repeatable = false;
    ValueKind kind = ValueKind::none;

    bool takes_value() const { return !value_name.empty(); }
    // Every name by which the option is spelled, short ones first.
    std::vector<std::string> names() const {
        std::vector<std::string> all = short_names;
        all.insert(all.end(), long_names.begin(), long_names.end());
        return all;
    }
};

struct CliCommand {
    std::vector<std::string> path;  // {"rules", "list"}; empty for the program itself
    std::string summary;
    std::string footer;              // free text after the options in --help
    std::vector<CliOption> options;  // named options, in --help's order
    std::vector<CliOption> positionals;
    std::vector<CliCommand> commands;  // visible subcommands, in --help's order
    bool requires_command = false;

    // "rules list"; empty for the program itself.
    std::string path_text() const {
        std::string out;
        for (const auto& word : path) out += (out.empty() ? "" : " ") + word;
        return out;
    }
    // What the first positional is, for completing a word that is no option.
    ValueKind argument_kind() const { return positionals.empty() ? ValueKind::none : positionals.front().kind; }
};

// Calls `visit` on `command` and every command below it, parents first.
template <class Visit>
void for_each_command(const CliCommand& command, Visit&& visit) {
    visit(command);
    for (const auto& sub : command.commands) for_each_command(sub, visit);
}

// A line of a man page's EXIT STATUS, ENVIRONMENT, FILES or SEE ALSO section.
struct CliNote {
    std::string name;
    std::string text;
};

struct CliDescription {
    std::string program;  // "preflight"
    std::string version;
    CliCommand root;
    std::vector<CliNote> exit_statuses;
    std::vector<CliNote> environment;
    std::vector<CliNote> files;
    std::vector<CliNote> see_also;
};

}  // namespace preflight::output
