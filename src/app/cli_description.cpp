#include "app/cli_description.hpp"

namespace preflight::app {
namespace {

// CLI11 keeps a fixed set (CLI::IsMember) only as its description, "{a,b,c}".
std::vector<std::string> choices_of(const std::string& description) {
    if (description.size() < 2 || description.front() != '{' || description.back() != '}') return {};
    std::vector<std::string> out;
    std::string inner = description.substr(1, description.size() - 2);
    std::size_t start = 0;
    while (start <= inner.size()) {
        std::size_t comma = inner.find(',', start);
        out.push_back(inner.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

// What completion offers for a value, from its choices or the name --help shows.
output::ValueKind kind_of(const output::CliOption& o) {
    using output::ValueKind;
    const std::string& v = o.value_name;
    if (v.empty()) return ValueKind::none;
    if (!o.choices.empty()) return ValueKind::choice;
    if (v == "RULE-ID") return ValueKind::rule_id;
    if (v == "STYLE") return ValueKind::launcher;
    if (v.starts_with("--")) return ValueKind::command;
    if (v.find("DIR") != std::string::npos) return ValueKind::directory;
    // Names, numbers and free text have nothing to offer; everything else is a path.
    for (const char* plain : {"NAME", "INT", "UINT", "NUMBER", "POSITIVE"})
        if (v.find(plain) != std::string::npos) return ValueKind::none;
    return ValueKind::file;
}

output::CliOption describe_option(CLI::Option& opt) {
    output::CliOption o;
    for (const auto& s : opt.get_snames()) o.short_names.push_back("-" + s);
    for (const auto& l : opt.get_lnames()) o.long_names.push_back("--" + l);
    if (!opt.nonpositional()) o.positional = opt.get_name(true);
    o.help = opt.get_description();
    o.required = opt.get_required();
    o.default_value = opt.get_default_str();
    if (opt.get_expected_max() > 0) {  // a flag expects no value
        // get_type_name() is the value's name followed by ":DESCRIPTION" of each validator.
        std::string name = opt.get_type_name();
        for (int i = 0;; ++i) {
            CLI::Validator* v = nullptr;
            try {
                v = opt.get_validator(i);
            } catch (const CLI::OptionNotFound&) {
                break;
            }
            std::string description = v->get_description();
            if (description.empty()) continue;
            if (auto at = name.rfind(":" + description); at != std::string::npos) name.erase(at, description.size() + 1);
            if (auto choices = choices_of(description); !choices.empty()) o.choices = std::move(choices);
        }
        o.value_name = name.empty() ? "VALUE" : name;
        o.repeatable = opt.get_expected_max() > 1;
    }
    o.kind = kind_of(o);
    return o;
}

output::CliCommand describe_command(CLI::App& cmd, std::vector<std::string> path) {
    output::CliCommand c;
    c.path = std::move(path);
    c.summary = cmd.get_description();
    c.footer = cmd.get_footer();
    c.requires_command = cmd.get_require_subcommand_min() > 0;
    for (CLI::Option* opt : cmd.get_options()) {
        if (opt->get_group().empty()) continue;  // hidden
        auto o = describe_option(*opt);
        (o.positional.empty() ? c.options : c.positionals).push_back(std::move(o));
    }
    for (CLI::App* sub : cmd.get_subcommands([](CLI::App*) { return true; })) {
        if (sub->get_group().empty()) continue;  // hidden
        auto sub_path = c.path;
        sub_path.push_back(sub->get_name());
        c.commands.push_back(describe_command(*sub, std::move(sub_path)));
    }
    return c;
}

}  // namespace

output::CliDescription describe_cli(CLI::App& app) {
    output::CliDescription d;
    d.program = app.get_name();
    d.version = PREFLIGHT_VERSION;
    d.root = describe_command(app, {});
    // What CLI11 does not hold: docs/manual.md ("Exit codes", "Rule packs") says the same.
    d.exit_statuses = {
        {"0", "The check passed: no finding at or above --fail-on."},
        {"1", "Findings at or above --fail-on (or, for rules test, a failing case)."},
        {"2",
         "The input, a model config or the rules could not be read: one message on stderr names the file, "
         "line and column, and nothing is printed on stdout."},
        {"3", "Internal error."},
        {"127", "exec: the command could not be started (otherwise exec exits with the command's status)."},
    };
    d.environment = {
        {"PREFLIGHT_RULES_PATH",
         "Rule directories (a pack, or a folder of packs), separated by ':', searched after --rules and before the "
         "installed packs."},
        {"PREFLIGHT_PLUGIN_PATH",
         "Native plugin directories, separated by ':', searched after --plugin-dir and before the installed plugins."},
        {"PREFLIGHT_PLUGIN_TIMEOUT",
         "Seconds one plugin's fact collector may run in its own process before the probe gives up its facts "
         "(default 30)."},
        {"PREFLIGHT_CACHE_DIR",
         "Where the packs read from directories are cached, compiled (in PREFLIGHT_CACHE_DIR/packs; default "
         "$XDG_CACHE_HOME/preflight, else ~/.cache/preflight). Set empty: read every pack anew on every run."},
        {"NO_COLOR", "When set, text output is not coloured under --color auto."},
        {"TERM", "When 'dumb', text output is not coloured under --color auto."},
        {"PATH, HOME, PYENV_VERSION",
         "Used by the probe (--probe, probe, exec) to find the Python interpreter; the probe records the whole "
         "environment as facts of the node, with secret-looking values redacted."},
    };
    d.files = {
        {"PREFIX/share/preflight/rules/",
         "The installed rule packs, found beside the binary (../share/preflight/rules), after --rules and "
         "PREFLIGHT_RULES_PATH."},
        {"PREFIX/lib/preflight/plugins/",
         "The installed native plugins (*.so), found beside the binary, after --plugin-dir and PREFLIGHT_PLUGIN_PATH."},
        {"PACK/pack.toml", "A rule pack: its rules, tables and tests/ cases; explain/RULE-ID.md holds a rule's page."},
        {"job.toml", "A run configuration: what check, fix, env and args read."},
    };
    d.see_also = {
        {"preflight explain RULE-ID", "what a rule checks and how to fix it"},
        {"preflight rules list", "the loaded packs and their rules"},
        {"docs/manual.md, docs/rule-packs.md", "the manual and the rule-pack guide in the source distribution"},
    };
    return d;
}

}  // namespace preflight::app
