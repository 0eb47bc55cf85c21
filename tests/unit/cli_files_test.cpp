// The man page and completion scripts: what app/cli_description reads from a CLI11
// definition, and how the renderers escape text for roff and the shells.
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>

#include "app/cli_description.hpp"
#include "output/completion_scripts.hpp"
#include "output/man_page.hpp"

using namespace preflight;

namespace {

struct Sample {
    CLI::App app{"tool: does things.", "tool"};
    std::string format = "text", file;
    std::vector<std::string> dirs;
    bool quiet = false;
    Sample() {
        app.footer(".starts with a dot\n'and a quote\nExample: tool run x.toml");
        auto* run = app.add_subcommand("run", "Run it");
        run->add_option("file", file, "The input")->required()->type_name("JOB.toml");
        run->add_option("--format", format, "Output format")->check(CLI::IsMember({"text", "json"}))->capture_default_str();
        run->add_option("--rules", dirs, "Rule directory")->type_name("DIR");
        run->add_flag("-q,--quiet", quiet, "Say less");
        app.add_subcommand("secret", "Hidden")->group("");
    }
};

const output::CliOption* find(const output::CliCommand& c, const std::string& name) {
    for (const auto& o : c.options)
        for (const auto& n : o.names())
            if (n == name) return &o;
    return nullptr;
}

TEST(CliDescription, ReadsOptionsChoicesDefaultsAndSkipsHiddenCommands) {
    Sample s;
    auto cli = app::describe_cli(s.app);
    EXPECT_EQ(cli.program, "tool");
    ASSERT_EQ(cli.root.commands.size(), 1u);  // "secret" is hidden
    const auto& run = cli.root.commands[0];
    EXPECT_EQ(run.path, std::vector<std::string>{"run"});
    ASSERT_EQ(run.positionals.size(), 1u);
    EXPECT_EQ(run.positionals[0].value_name, "JOB.toml");
    EXPECT_EQ(run.positionals[0].kind, output::ValueKind::file);
    EXPECT_TRUE(run.positionals[0].required);

    const auto* format = find(run, "--format");
    ASSERT_NE(format, nullptr);
    EXPECT_EQ(format->choices, (std::vector<std::string>{"text", "json"}));
    EXPECT_EQ(format->value_name, "TEXT");  // the validator's "{text,json}" is not part of the name
    EXPECT_EQ(format->default_value, "text");
    EXPECT_EQ(format->kind, output::ValueKind::choice);

    const auto* rules = find(run, "--rules");
    ASSERT_NE(rules, nullptr);
    EXPECT_EQ(rules->kind, output::ValueKind::directory);
    EXPECT_TRUE(rules->repeatable);

    const auto* quiet = find(run, "-q");
    ASSERT_NE(quiet, nullptr);
    EXPECT_FALSE(quiet->takes_value());
    EXPECT_EQ(quiet->long_names, std::vector<std::string>{"--quiet"});
}

TEST(ManPage, EscapesRoffMarkup) {
    EXPECT_EQ(output::roff_escape("a-b"), "a\\-b");
    EXPECT_EQ(output::roff_escape("back\\slash"), "back\\eslash");
    EXPECT_EQ(output::roff_escape("it's \"x\""), "it\\(aqs \\(dqx\\(dq");
    EXPECT_EQ(output::roff_escape("caf\xc3\xa9 \xe2\x80\xa6"), "caf\\[u00E9] \\[u2026]");
    EXPECT_EQ(output::roff_escape("bad\xff"), "bad\\[uFFFD]");
    EXPECT_EQ(output::roff_escape("bell\x07"), "bell");
}

TEST(ManPage, NoTextLineIsReadAsARequest) {
    Sample s;
    std::string page = output::man_page(app::describe_cli(s.app));
    EXPECT_NE(page.find("\n\\&.starts with a dot\n"), std::string::npos) << page;
    EXPECT_NE(page.find("\n\\(aqand a quote\n"), std::string::npos) << page;
    EXPECT_EQ(page.find("Hidden"), std::string::npos) << page;  // the hidden command
    EXPECT_NE(page.find(".SS \"tool run\""), std::string::npos) << page;
    EXPECT_NE(page.find("One of: text, json. Default: text."), std::string::npos) << page;
    // Every line is a request, a comment or text that cannot start one.
    std::size_t start = 0;
    while (start < page.size()) {
        std::size_t nl = page.find('\n', start);
        std::string line = page.substr(start, nl - start);
        if (line.starts_with("'")) ADD_FAILURE() << "line starts with a quote: " << line;
        start = nl + 1;
    }
}

TEST(Completions, OfferChoicesAndQuoteHelpText) {
    Sample s;
    auto cli = app::describe_cli(s.app);
    std::string bash = output::bash_completion(cli);
    EXPECT_NE(bash.find("'run|--format') COMPREPLY=($(compgen -W 'text json' -- \"$cur\"))"), std::string::npos) << bash;
    EXPECT_NE(bash.find("'run|--rules') _tool_directories"), std::string::npos) << bash;
    EXPECT_NE(bash.find("complete -F _tool tool\n"), std::string::npos);
    std::string zsh = output::zsh_completion(cli);
    EXPECT_NE(zsh.find("'--format=[Output format]:TEXT:(text json)'"), std::string::npos) << zsh;
    EXPECT_NE(zsh.find("'(-q --quiet)'{-q,--quiet}'[Say less]'"), std::string::npos) << zsh;
    std::string fish = output::fish_completion(cli);
    EXPECT_NE(fish.find("complete -c tool -n '__tool_at \\'run\\'' -l 'format' -x -a 'text json' -d 'Output format'"),
              std::string::npos)
        << fish;
}

}  // namespace
