// `preflight args JOB.toml --style STYLE`: the patched configuration as the launcher
// flags of one framework, spelled by the `launcher_flags` table of the packs.
#include <iostream>

#include <fmt/format.h>

#include "app/evaluate.hpp"
#include "core/exit_code.hpp"
#include "output/generator_notes.hpp"
#include "output/printable.hpp"

namespace preflight::app {
namespace {

struct ArgsArgs {
    std::string job;
    std::string style;
    RuleOptions rules;
    FactOptions facts;
    OutputOptions output;
};

// Shell words need quotes only when they hold something a shell would read.
std::string shell_word(const std::string& s) {
    bool plain = !s.empty() && s.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.,:/=+@%") ==
                                   std::string::npos;
    if (plain) return s;
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string python_literal(const Value& v) {
    if (const auto* b = v.get<bool>()) return *b ? "True" : "False";
    if (v.get<std::string>()) {
        std::string out = "'";
        for (char c : *v.get<std::string>()) out += (c == '\'' || c == '\\') ? std::string("\\") + c : std::string(1, c);
        return out + "'";
    }
    return display(v);
}

int run(const ArgsArgs& args) {
    auto evaluation = evaluate_job(args.job, args.rules, args.facts, rules::CheckOptions{});
    if (!evaluation) return report_input_error(evaluation.error(), args.output);
    if (refuse_unsettled(evaluation->result)) return exit_findings;
    const auto& rules = evaluation->rules;
    auto table = rules.tables.find("launcher_flags");
    if (table == rules.tables.end())
        return report_input_error(Error{"no loaded pack has a launcher_flags table (the launcher-flags pack)", {}}, args.output);

    std::vector<std::string> styles, words;
    std::set<std::string> mapped;
    for (const auto& row : table->second.rows) {
        auto cell = [&](const char* c) { return display(row.cells.at(c)); };
        if (std::find(styles.begin(), styles.end(), cell("style")) == styles.end()) styles.push_back(cell("style"));
        if (cell("style") != args.style) continue;
        std::string key = cell("key"), flag = cell("flag"), form = cell("form");
        mapped.insert(key);
        // Only what the job sets or the patch changes; defaults are the launcher's own.
        const Value* value = nullptr;
        if (auto p = evaluation->result.patch.config.find(key); p != evaluation->result.patch.config.end()) value = &*p->second.value;
        else if (auto f = evaluation->facts.config.find(key); f != evaluation->facts.config.end() && f->second.origin.kind == OriginKind::job)
            value = &f->second.value;
        if (!value) continue;
        if (form == "switch") {
            if (value->get<bool>() && *value->get<bool>()) words.push_back(flag);
        } else if (form == "kwarg") {
            words.push_back(flag + "=" + python_literal(*value));
        } else {
            words.push_back(flag);
            words.push_back(shell_word(display(*value)));
        }
    }
    if (std::find(styles.begin(), styles.end(), args.style) == styles.end()) {
        std::string known;
        for (const auto& s : styles) known += (known.empty() ? "" : ", ") + s;
        return report_input_error(Error{fmt::format("no launcher style '{}'; the packs know {}", args.style, known), {}}, args.output);
    }
    bool kwargs = !words.empty() && words.front().find('=') != std::string::npos && words.front().rfind("--", 0) != 0;
    std::string line;
    for (const auto& w : words) line += (line.empty() ? "" : kwargs ? ", " : " ") + w;
    std::cout << line << "\n";
    // Say which set keys have no spelling in this launcher, rather than drop them silently.
    std::string unmapped;
    for (const auto& [key, fact] : evaluation->facts.config) {
        bool launcher_key = key.rfind("parallel.", 0) == 0 || key.rfind("train.", 0) == 0 || key.rfind("rollout.", 0) == 0;
        if (launcher_key && fact.origin.kind == OriginKind::job && !mapped.count(key))
            unmapped += (unmapped.empty() ? "" : ", ") + key;
    }
    if (!unmapped.empty()) std::cerr << output::printable(fmt::format("preflight: note: no {} flag for {}", args.style, unmapped)) << "\n";
    std::cerr << output::remaining_errors_note(evaluation->result);
    return exit_pass;
}

}  // namespace

Command register_args(CLI::App& app, const std::string& exe_path) {
    auto args = std::make_shared<ArgsArgs>();
    args->rules.exe_path = exe_path;
    auto* cmd = app.add_subcommand("args", "Print the patched configuration as one framework's launcher flags");
    cmd->footer(
        "Prints the keys the job sets or the fixes change, in the spelling of the launcher_flags\n"
        "table of the loaded packs; keys with no flag in that launcher are named on stderr.\n"
        "Example: swift sft $(preflight args job.toml --style ms-swift) ...");
    cmd->add_option("job", args->job, "The run configuration (job.toml)")->required()->type_name("JOB.toml");
    cmd->add_option("--style", args->style, "Launcher: ms-swift, megatron, twinkle (DeviceMesh.from_sizes keywords) or vime")
        ->required();
    add_rules_option(cmd, args->rules);
    add_fact_options(cmd, args->facts, true);
    return {cmd, [args] { return run(*args); }};
}

}  // namespace preflight::app
