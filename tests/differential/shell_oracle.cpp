// Prints what the shell reader makes of a launch script, as JSON, for the
// differential test against bash (shell_vs_bash.py): one object per command with
// its line, its words (null when unknown), its environment (null values unknown) and,
// for a command bash stops the script in before running it, why (`stops`); `stop`
// says where the whole script stops on an error (null when it runs to its end).
// The calling environment is this process's; the script's arguments are none.
// Usage: shell_oracle SCRIPT
#include <iostream>

#include <nlohmann/json.hpp>

#include "launch/shell_script.hpp"

extern char** environ;

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: shell_oracle SCRIPT\n";
        return 2;
    }
    preflight::launch::ReadOptions options;
    options.script_args = std::vector<std::string>{};
    for (char** e = environ; *e; ++e) {
        std::string entry(*e);
        auto eq = entry.find('=');
        if (eq != std::string::npos) options.calling_env[entry.substr(0, eq)] = entry.substr(eq + 1);
    }
    auto script = preflight::launch::read_script(argv[1], options);
    if (!script) {
        std::cerr << script.error().location.file << ":" << script.error().location.line << ": " << script.error().message
                  << "\n";
        return 1;
    }
    auto out = nlohmann::json::array();
    for (const auto& c : script->commands) {
        nlohmann::json cmd{{"line", c.where.line},
                           {"argv", nlohmann::json::array()},
                           {"env", nlohmann::json::object()},
                           {"stops", c.stops.empty() ? nlohmann::json() : nlohmann::json(c.stops)}};
        for (const auto& w : c.argv) cmd["argv"].push_back(w.text ? nlohmann::json(*w.text) : nlohmann::json());
        for (const auto& [name, b] : c.env) cmd["env"][name] = b.value ? nlohmann::json(*b.value) : nlohmann::json();
        out.push_back(std::move(cmd));
    }
    auto skipped = nlohmann::json::array();
    for (const auto& s : script->skipped) skipped.push_back(s.where.file + ":" + std::to_string(s.where.line) + ": " + s.what);
    nlohmann::json stop;
    if (script->stop)
        stop = script->stop->where.file + ":" + std::to_string(script->stop->where.line) + ": " + script->stop->what;
    std::cout << nlohmann::json{{"commands", out}, {"skipped", skipped}, {"stop", stop}}.dump() << "\n";
    return 0;
}
