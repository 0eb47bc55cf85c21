// `preflight man` and `preflight completions SHELL` (both hidden): the man page and
// the shell completion scripts, rendered from the live command-line definition so
// they cannot disagree with --help. share/man and share/completions hold their
// output; CTest regenerates and compares them.
#include <iostream>

#include "app/cli_description.hpp"
#include "app/common.hpp"
#include "core/exit_code.hpp"
#include "output/completion_scripts.hpp"
#include "output/man_page.hpp"

namespace preflight::app {

std::vector<Command> register_cli_files(CLI::App& app) {
    auto* man_cmd = app.add_subcommand("man", "Print the man page preflight(1) in roff");
    man_cmd->group("");

    auto shell = std::make_shared<std::string>();
    auto* completions_cmd = app.add_subcommand("completions", "Print the completion script for a shell");
    completions_cmd->group("");
    completions_cmd->add_option("shell", *shell, "The shell")->required()->check(CLI::IsMember({"bash", "zsh", "fish"}));

    // The description is read when the command runs, after every command is registered.
    return {{man_cmd,
             [&app] {
                 std::cout << output::man_page(describe_cli(app));
                 return exit_pass;
             }},
            {completions_cmd, [&app, shell] {
                 auto cli = describe_cli(app);
                 if (*shell == "bash") std::cout << output::bash_completion(cli);
                 else if (*shell == "zsh") std::cout << output::zsh_completion(cli);
                 else std::cout << output::fish_completion(cli);
                 return exit_pass;
             }}};
}

}  // namespace preflight::app
