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
    std::vector<Command> commands = {register_check(app, exe_path, dash_dash),
                                     register_fix(app, exe_path),
                                     register_env(app, exe_path),
                                     register_args(app, exe_path),
                                     register_probe(app, exe_path),
                                     register_scan(app, exe_path),
                                     register_explain(app, exe_path),
                                     register_import(app, exe_path),
                                     register_exec(app, exe_path),
                                     register_fleet(app, exe_path),
                                     register_plan(app, exe_path)};
    for (auto& command : register_rules(app, exe_path)) commands.push_back(std::move(command));
    for (auto& command : register_plugins(app)) commands.push_back(std::move(command));
    for (auto& command : register_cli_files(app)) commands.push_back(std::move(command));

    // An unknown command gets a suggestion instead of CLI11's generic complaint.
    if (argc > 1 && argv[1][0] != '-') {
        std::vector<std::string> names;
        for (const auto* sub : app.get_subcommands({})) names.push_back(sub->get_name());
        if (std::find(names.begin(), names.end(), argv[1]) == names.end()) {
            auto near = util::closest(argv[1], names);
            std::cerr << fmt::format("preflight: error: unknown command '{}'{}\nRun 'preflight --help' for the commands.\n",
                                     output::printable(argv[1]), near ? fmt::format("; did you mean '{}'?", *near) : "");
            return exit_bad_input;
        }
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
