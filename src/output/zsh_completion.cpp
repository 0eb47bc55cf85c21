// The zsh completion script (completion_scripts.hpp): a function per command
// around _arguments.
#include <fmt/format.h>

#include "output/completion_scripts.hpp"
#include "output/shell_words.hpp"

namespace preflight::output {
namespace {

std::string function_name(const std::string& program, const CliCommand& c) {
    std::string out = "_" + program;
    for (const auto& word : c.path) out += "_" + word;
    for (char& ch : out)
        if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
    return out;
}

// _arguments reads `[...]` as a description and `:` as a field separator.
std::string spec_escape(std::string_view text, std::string_view special) {
    std::string out;
    for (char c : text) {
        if (c == '\n' || c == '\t') c = ' ';
        if (special.find(c) != std::string_view::npos) out += '\\';
        out += c;
    }
    return out;
}

std::string description(const std::string& help) { return "[" + spec_escape(help, "\\[]:") + "]"; }

// What _arguments calls to complete a value of this kind.
std::string action(const std::string& program, ValueKind kind, const std::vector<std::string>& choices) {
    switch (kind) {
        case ValueKind::choice: {
            std::string words;
            for (const auto& c : choices) words += (words.empty() ? "" : " ") + spec_escape(c, "\\ ():'\"");
            return "(" + words + ")";
        }
        case ValueKind::file:
        case ValueKind::command: return "_files";
        case ValueKind::directory: return "_files -/";
        case ValueKind::rule_id: return "_" + program + "_rule_ids";
        case ValueKind::launcher: return "_" + program + "_styles";
        case ValueKind::none: return " ";
    }
    return " ";
}

// One _arguments spec, shell-quoted: '(-q --quiet)'{-q,--quiet}'[help]'.
std::string option_spec(const std::string& program, const CliOption& o) {
    std::vector<std::string> names;
    for (const auto& n : o.short_names) names.push_back(n);
    for (const auto& n : o.long_names) names.push_back(o.takes_value() ? n + "=" : n);
    std::string rest = description(o.help);
    if (o.takes_value()) rest += ":" + spec_escape(o.value_name, "\\:") + ":" + action(program, o.kind, o.choices);
    if (names.size() == 1) return shell_word((o.repeatable ? "*" : "") + names.front() + rest);
    std::string all, braced;
    for (const auto& n : o.names()) all += (all.empty() ? "" : " ") + n;
    for (const auto& n : names) braced += (braced.empty() ? "" : ",") + n;
    // Repeatable options are not excluded by their own other names.
    return shell_word(o.repeatable ? "*" : "(" + all + ")") + "{" + braced + "}" + shell_word(rest);
}

std::string positional_spec(const std::string& program, const CliOption& p) {
    std::string head = p.repeatable ? "*:" : p.required ? ":" : "::";
    std::string name = p.value_name.empty() ? p.positional : p.value_name;
    return shell_word(head + spec_escape(name, "\\:") + ":" + action(program, p.kind, p.choices));
}

std::string command_function(const std::string& program, const CliCommand& c) {
    const std::string fn = function_name(program, c);
    std::string specs;
    for (const auto& o : c.options) specs += "        " + option_spec(program, o) + " \\\n";
    std::string out;
    if (c.commands.empty()) {
        for (const auto& p : c.positionals) specs += "        " + positional_spec(program, p) + " \\\n";
        if (specs.empty()) return fmt::format("{}() {{\n    _message 'no arguments'\n}}\n\n", fn);
        specs.resize(specs.size() - 3);  // the last " \\\n"
        return fmt::format("{}() {{\n    _arguments -s -S \\\n{}\n}}\n\n", fn, specs);
    }
    std::string items, dispatch;
    for (const auto& sub : c.commands) {
        items += "        " + shell_word(spec_escape(sub.path.back(), "\\:") + ":" + sub.summary) + "\n";
        dispatch += fmt::format("            {}) {} && ret=0 ;;\n", shell_word(sub.path.back()), function_name(program, sub));
    }
    out += fmt::format(
        "{0}() {{\n"
        "{6}"
        "    local curcontext=$curcontext state state_descr line ret=1\n"
        "    local -A opt_args\n"
        "    _arguments -C -s -S \\\n"
        "{1}"
        "        ': :{0}_commands' \\\n"
        "        '*:: :->arguments' && ret=0\n"
        "    if [[ $state == arguments ]]; then\n"
        "        curcontext=${{curcontext%:*:*}}:{2}-$words[1]:\n"
        "        case $words[1] in\n"
        "{3}"
        "        esac\n"
        "    fi\n"
        "    return ret\n"
        "}}\n"
        "\n"
        "{0}_commands() {{\n"
        "    local -a commands=(\n"
        "{4}"
        "    )\n"
        "    _describe -t commands {5} commands\n"
        "}}\n\n",
        fn, specs, shell_word(fn.substr(1)), dispatch, items,
        shell_word(c.path.empty() ? program + " command" : program + " " + c.path_text() + " command"),
        // The top level remembers which binary is completed, for the rule ids.
        c.path.empty() ? "    local " + fn + "_binary=$words[1]\n" : "");
    for (const auto& sub : c.commands) out += command_function(program, sub);
    return out;
}

}  // namespace

std::string zsh_completion(const CliDescription& cli) {
    std::string fn = function_name(cli.program, cli.root);
    std::string out = fmt::format(
        "#compdef {0}\n"
        "# zsh completion for {0}(1).\n"
        "# Generated by '{0} completions zsh' from its command-line definition: do not edit.\n"
        "# Rule ids ('explain') and launcher styles ('args --style') come from\n"
        "# '{0} rules list --format ids|styles' at completion time.\n"
        "\n"
        "# The loaded packs' rule ids, from the binary being completed.\n"
        "{1}_rule_ids() {{\n"
        "    local -a ids\n"
        "    ids=(${{(f)\"$(_call_program rule-ids ${{(q){1}_binary:-{0}}} rules list --format ids 2>/dev/null)\"}})\n"
        "    _wanted rule-ids expl 'rule id' compadd -a ids\n"
        "}}\n"
        "\n"
        "# The loaded packs' launcher styles (args --style).\n"
        "{1}_styles() {{\n"
        "    local -a styles\n"
        "    styles=(${{(f)\"$(_call_program styles ${{(q){1}_binary:-{0}}} rules list --format styles 2>/dev/null)\"}})\n"
        "    _wanted styles expl 'launcher style' compadd -a styles\n"
        "}}\n"
        "\n",
        cli.program, fn);
    out += command_function(cli.program, cli.root);
    out += fmt::format(
        "if [[ $funcstack[1] == {0} ]]; then\n"
        "    {0} \"$@\"\n"
        "else\n"
        "    compdef {0} {1}\n"
        "fi\n",
        fn, cli.program);
    return out;
}

}  // namespace preflight::output
