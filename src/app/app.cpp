#include "app/app.hpp"

#include <unistd.h>

#include <algorithm>
#include <climits>
#include <iostream>
#include <string_view>

#include <fmt/format.h>

#include "app/build_info.hpp"
#include "app/common.hpp"
#include "core/exit_code.hpp"
#include "output/printable.hpp"
#include "plugin/registry.hpp"
#include "util/did_you_mean.hpp"

namespace preflight::app {
namespace {

std::string self_path(const char* argv0) {
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n > 0) return std::string(buf, static_cast<std::size_t>(n));
    return argv0;
}

}  // namespace

int run(int argc, char** argv) {
    // `--version` alone, as every node's start-up check and every install test asks it:
    // answered before the command line (a tree of ~400 options, most of --version's
    // cost) is built. The same text and exit status as the flag below.
    if (argc == 2 && std::string_view(argv[1]) == "--version") {
        std::cout << version_text() << "\n";
        return 0;
    }
    std::string exe_path = self_path(argv[0]);

    CLI::App app("preflight: check a large-model training launch before it burns an allocation.", "preflight");
    app.set_version_flag("--version", version_text());
    app.require_subcommand(1);
    std::vector<std::string> plugin_dirs;
    app.add_option("--plugin-dir", plugin_dirs,
                   "Native plugin directory, before the command (repeatable); searched before PREFLIGHT_PLUGIN_PATH")
        ->type_name("DIR");
    app.footer(
        "Rule packs are searched in --rules DIR, PREFLIGHT_RULES_PATH, the installed\n"
        "share/preflight/rules and a build tree's rules/, in that order.\n"
        "Run 'preflight COMMAND --help' for a command's options. See docs/manual.md.");
    // CLI11 hands words after `--` to the positionals like any other; check alone must
    // know, since its words are then one launch command line and not paths.
    bool dash_dash = std::any_of(argv + 1, argv + argc, [](const char* a) { return std::string_view(a) == "--"; });
    // Each command's registration, under the name it registers. CLI11 builds every
    // option of every command it is given (about 400, most of a short command's
    // start-up), so a command line that starts with its command builds that command
    // alone. `man` and `completions` describe the whole command line, and anything
    // else (`--help`, a global option first, a word that names no command) builds
    // every command.
    using Registration = std::pair<std::string_view, std::function<std::vector<Command>()>>;
    auto one = [](Command c) { return std::vector<Command>{std::move(c)}; };
    const std::vector<Registration> registrations = {
        {"check", [&] { return one(register_check(app, exe_path, dash_dash)); }},
        {"fix", [&] { return one(register_fix(app, exe_path)); }},
        {"env", [&] { return one(register_env(app, exe_path)); }},
        {"args", [&] { return one(register_args(app, exe_path)); }},
        {"probe", [&] { return one(register_probe(app, exe_path)); }},
        {"scan", [&] { return one(register_scan(app, exe_path)); }},
        {"explain", [&] { return one(register_explain(app, exe_path)); }},
        {"import", [&] { return one(register_import(app, exe_path)); }},
        {"exec", [&] { return one(register_exec(app, exe_path)); }},
        {"fleet", [&] { return one(register_fleet(app, exe_path)); }},
        {"plan", [&] { return one(register_plan(app, exe_path)); }},
        {"rules", [&] { return register_rules(app, exe_path); }},
        {"plugins", [&] { return register_plugins(app); }},
        {"man", [&] { return register_cli_files(app); }},  // registers `completions` too
    };
    std::vector<std::string> names;
    for (const auto& [name, add] : registrations) names.emplace_back(name);
    names.emplace_back("completions");
    std::string_view first = argc > 1 ? std::string_view(argv[1]) : std::string_view();
    bool alone = first != "man" && first != "completions" &&
                 std::any_of(registrations.begin(), registrations.end(), [&](const auto& r) { return r.first == first; });
    std::vector<Command> commands;
    for (const auto& [name, add] : registrations) {
        if (alone && name != first) continue;
        for (auto& command : add()) commands.push_back(std::move(command));
    }

    // An unknown command gets a suggestion instead of CLI11's generic complaint.
    if (argc > 1 && argv[1][0] != '-' && std::find(names.begin(), names.end(), first) == names.end()) {
        auto near = util::closest(argv[1], names);
        std::cerr << fmt::format("preflight: error: unknown command '{}'{}\nRun 'preflight --help' for the commands.\n",
                                 output::printable(argv[1]), near ? fmt::format("; did you mean '{}'?", *near) : "");
        return exit_bad_input;
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "preflight: error: " << output::printable(e.what()) << "\nRun 'preflight --help' for usage.\n";
        return exit_bad_input;
    }
    plugin::use_plugin_dirs(plugin_dirs);
    // CLI11 has parsed exactly one command (require_subcommand), and `rules` one of its own.
    for (const auto& command : commands)
        if (command.cli->parsed()) return command.run();
    return exit_bad_input;
}

}  // namespace preflight::app
