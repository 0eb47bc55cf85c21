// `preflight plugins list [--format json]`: the native plugins this run loads (files
// and built-ins), and the ones it refused. Refusals are listed, never fatal: exit 0 either way.
#include <iostream>

#include "app/common.hpp"
#include "core/exit_code.hpp"
#include "output/plugin_listing.hpp"
#include "plugin/registry.hpp"

namespace preflight::app {

std::vector<Command> register_plugins(CLI::App& app) {
    auto* cmd = app.add_subcommand("plugins", "List the native plugins found and the ones refused");
    cmd->require_subcommand(1);
    auto output = std::make_shared<OutputOptions>();
    auto* list_cmd =
        cmd->add_subcommand("list", "Each plugin's name, version, API, file and capabilities; refused files and why");
    list_cmd->footer(
        "Plugins are searched in --plugin-dir DIR (given before the command), PREFLIGHT_PLUGIN_PATH,\n"
        "the installed lib/preflight/plugins and a build tree's lib/preflight/plugins, in that order;\n"
        "then the plugins built into this binary (the static build's), which a file of the same name\n"
        "shadows. A plugin file or directory other users may write is refused. See docs/plugin-abi.md.");
    list_cmd->add_option("--format", output->format, "Output format")
        ->check(CLI::IsMember({"text", "json"}))
        ->capture_default_str();
    list_cmd->add_option("--color", output->color, "Colour text output: auto (a terminal, NO_COLOR unset), always or never")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->capture_default_str();
    return {{list_cmd, [output] {
                 const auto& set = plugin::active_plugins();
                 if (output->format == "json") std::cout << output::plugin_listing_json(set).dump(2) << "\n";
                 else std::cout << output::plugin_listing_text(set, output->stdout_style());
                 return exit_pass;
             }}};
}

}  // namespace preflight::app
