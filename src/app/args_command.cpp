// `preflight args JOB.toml --style STYLE`: the patched configuration as the launcher
// flags of one framework, spelled by the `launcher_flags` table of the packs.
#include <iostream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "app/evaluate.hpp"
#include "core/exit_code.hpp"
#include "launch/launcher.hpp"
#include "output/generator_notes.hpp"
#include "output/printable.hpp"
#include "output/shell_words.hpp"

namespace preflight::app {
namespace {

struct ArgsArgs {
    std::string job;
    std::string style;
    RuleOptions rules;
    FactOptions facts;
    OutputOptions output;
};

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
    auto launchers = launch::compile_launchers(evaluation->rules);
    if (!launchers) return report_input_error(launchers.error(), args.output);
    const launch::Launcher* launcher = launchers->find(args.style);
    if (!launcher) {
        // A framework named as the style (`ms-swift`): its launcher for the job's backend.
        const Value* backend = nullptr;
        if (auto b = evaluation->facts.config.find("job.backend"); b != evaluation->facts.config.end())
            backend = &b->second.value;
        auto of = launchers->of_framework(args.style, backend && backend->get<std::string>() ? *backend->get<std::string>() : "");
        if (of.size() == 1 ||
            (of.size() > 1 && backend && backend->get<std::string>() && of[0]->backend == *backend->get<std::string>()))
            launcher = of.front();
        if (!launcher && of.size() > 1) {
            std::vector<std::string> names;
            for (const auto* l : of) names.push_back(l->name);
            return report_input_error(Error{fmt::format("style '{}' is a framework with several launchers ({}); job.backend "
                                                        "does not pick one: name the launcher",
                                                        args.style, fmt::join(names, ", ")),
                                            {}},
                                      args.output);
        }
    }
    if (!launcher) {
        if (launchers->launchers.empty())
            return report_input_error(Error{"no loaded pack has a launchers table (the launcher-flags pack)", {}}, args.output);
        return report_input_error(
            Error{fmt::format("no launcher style '{}'; the packs know {}", args.style, fmt::join(launchers->names(), ", ")), {}},
            args.output);
    }

    // Only what the job sets or the patch changes; defaults are the launcher's own.
    auto given = [&](const std::string& key) -> const Value* {
        if (auto p = evaluation->result.patch.config.find(key); p != evaluation->result.patch.config.end())
            return &*p->second.value;
        if (auto f = evaluation->facts.config.find(key);
            f != evaluation->facts.config.end() && f->second.origin.kind == OriginKind::job)
            return &f->second.value;
        return nullptr;
    };
    std::vector<std::string> words;
    for (const auto& spelled : launch::spell(*launcher, given)) {
        if (spelled.flag->form == launch::FlagForm::kwarg) {
            words.push_back(spelled.flag->flag + "=" + python_literal(*spelled.value));
            continue;
        }
        words.push_back(spelled.flag->flag);
        if (spelled.word) words.push_back(output::shell_word(*spelled.word));
    }
    auto keys = launch::writable_keys(*launcher);
    std::set<std::string> mapped(keys.begin(), keys.end());
    bool kwargs = !words.empty() && words.front().find('=') != std::string::npos && !words.front().starts_with("--");
    std::cout << fmt::format("{}", fmt::join(words, kwargs ? ", " : " ")) << "\n";
    // Say which set keys have no spelling in this launcher, rather than drop them silently.
    std::vector<std::string> unmapped;
    for (const auto& [key, fact] : evaluation->facts.config) {
        bool launcher_key = key.starts_with("parallel.") || key.starts_with("train.") || key.starts_with("rollout.");
        if (launcher_key && fact.origin.kind == OriginKind::job && !mapped.count(key)) unmapped.push_back(key);
    }
    if (!unmapped.empty())
        std::cerr << output::printable(
                         fmt::format("preflight: note: no {} flag for {}", launcher->name, fmt::join(unmapped, ", ")))
                  << "\n";
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
        "table of the loaded packs (the same table reads launches back); keys with no flag in that launcher are named on "
        "stderr.\n"
        "Example: megatron sft $(preflight args job.toml --style megatron-swift) ...");
    cmd->add_option("job", args->job, "The run configuration (job.toml)")->required()->type_name("JOB.toml");
    cmd->add_option("--style", args->style,
                    "Launcher: a launcher of the launchers table (megatron-swift, swift, megatron, accelerate, torchrun, vime, "
                    "twinkle: DeviceMesh.from_sizes keywords), or a framework (ms-swift: its launcher for the job's backend); "
                    "'preflight rules list --format styles' lists the launchers")
        ->required()
        ->type_name("STYLE");
    add_rules_option(cmd, args->rules);
    add_fact_options(cmd, args->facts, true);
    return {cmd, [args] { return run(*args); }};
}

}  // namespace preflight::app
