#include "app/rules_evidence.hpp"

#include <algorithm>
#include <cctype>
#include <iostream>
#include <map>
#include <memory>
#include <set>

#include <fmt/format.h>

#include "app/build_info.hpp"
#include "core/exit_code.hpp"
#include "output/evidence_report.hpp"
#include "output/printable.hpp"
#include "output/progress_line.hpp"
#include "output/quote_edit.hpp"
#include "plugin/real_host.hpp"
#include "rules/pack_collector.hpp"
#include "util/files.hpp"
#include "util/output_target.hpp"

namespace preflight::app {
namespace {

struct EvidenceArgs {
    RuleOptions rules;
    OutputOptions output;
    std::string mirrors;
    std::vector<std::string> only_packs;
    bool progress = false;
    bool write_quotes = false;
};

// The packs as read (references with their quotes and places), as load_rules finds
// them; verify and outdated need no compiled rules.
Result<std::vector<rules::PackSource>> read_packs(const EvidenceArgs& args) {
    auto roots = rules::rule_search_path(args.rules.dirs, args.rules.exe_path, !args.rules.no_default_rules);
    for (const auto& p : loaded_plugins().plugins)
        if (!p.rules_dir.empty() && !args.rules.no_default_rules) roots.push_back({p.rules_dir, false});
    auto collected = PREFLIGHT_TRY(rules::collect_packs(roots, std::string(engine_version())));
    std::vector<rules::PackSource> packs;
    for (auto& p : collected.packs)
        if (args.only_packs.empty() || std::count(args.only_packs.begin(), args.only_packs.end(), p.name))
            packs.push_back(std::move(p));
    if (packs.empty())
        return fail("no rule packs found" + std::string(args.only_packs.empty() ? "" : " of the names given with --pack"));
    return packs;
}

// A quote worth keeping names something: a line such as ")" or "else:" would be found
// almost anywhere, so it proves nothing.
bool says_something(const std::string& quote) {
    return std::count_if(quote.begin(), quote.end(), [](unsigned char c) { return std::isalnum(c); }) >= 3 &&
           !rules::quote_problem(quote);
}

// Rewrites each pack file whose unquoted references have a cited line to quote; the
// file is read back, and restored should it no longer load as it did.
int write_quotes(const rules::VerifyReport& report, const OutputOptions& output) {
    std::map<std::string, std::vector<output::QuoteEdit>> by_file;
    std::size_t skipped = 0;
    for (const auto& c : report.references) {
        if (c.verdict != rules::Verdict::unquoted || c.ref.inline_table || c.line_quote.empty()) continue;
        if (!says_something(c.line_quote)) {
            ++skipped;
            continue;
        }
        by_file[c.pack_file].push_back({c.ref.where, c.line_quote, c.ref.row_cell});
    }
    std::size_t written = 0;
    for (const auto& [file, edits] : by_file) {
        auto text = util::read_file(file);
        if (!text)
            return report_input_error(fail("cannot read the pack file to add quotes", Location{file, 0, 0, "", ""}).value(),
                                      output);
        auto edited = output::add_quotes(*text, file, edits);
        if (!edited) return report_input_error(edited.error(), output);
        if (auto w = util::write_output(file, *edited); !w) return report_input_error(Error(w.error()), output);
        auto again = rules::read_pack(file);
        if (!again) {
            (void)util::write_output(file, *text);
            return report_input_error(again.error(), output);
        }
        written += edits.size();
    }
    std::cerr << fmt::format("quoted {} reference{} in {} pack file{}", written, written == 1 ? "" : "s", by_file.size(),
                             by_file.size() == 1 ? "" : "s");
    if (skipped) std::cerr << fmt::format("; left {} unquoted whose cited line says too little to quote", skipped);
    std::cerr << "\n";
    return exit_pass;
}

int verify(const EvidenceArgs& args) {
    auto packs = read_packs(args);
    if (!packs) return report_input_error(packs.error(), args.output);
    plugin::RealHost host;
    rules::Mirrors mirrors(args.mirrors, host);
    std::size_t total = 0;
    for (const auto& p : *packs) {
        for (const auto& r : p.rules) total += r.references.size();
        for (const auto& d : p.defaults) total += d.references.size();
    }
    bool wanted = args.progress || output::progress_wanted(args.output.quiet);
    output::ProgressLine line("verifying references", total, output::ProgressUnit::items, wanted, "references");
    auto report = rules::verify_references(*packs, mirrors, [&](std::size_t done, std::size_t) { line.update(done); });
    line.finish();
    const auto& f = args.output.format;
    if (f == "json") std::cout << output::verify_json(report).dump(2) << "\n";
    else if (f == "sarif") std::cout << output::verify_sarif(report).dump(2) << "\n";
    else if (f == "markdown") std::cout << output::verify_markdown(report, args.mirrors);
    else std::cout << output::verify_text(report, args.output.quiet, args.output.stdout_style());
    if (args.write_quotes)
        if (int rc = write_quotes(report, args.output); rc != exit_pass) return rc;
    return report.mismatch() ? exit_findings : exit_pass;
}

int outdated(const EvidenceArgs& args) {
    auto packs = read_packs(args);
    if (!packs) return report_input_error(packs.error(), args.output);
    plugin::RealHost host;
    rules::Mirrors mirrors(args.mirrors, host);
    auto report = rules::outdated_references(*packs, mirrors);
    if (args.output.format == "json") std::cout << output::outdated_json(report).dump(2) << "\n";
    else std::cout << output::outdated_text(report, args.output.stdout_style());
    return report.reading() ? exit_findings : exit_pass;
}

void add_common(CLI::App* cmd, EvidenceArgs& args) {
    cmd->add_option("--mirrors", args.mirrors,
                    "Directory of git mirrors, one per cited repository: DIR/owner/repo, DIR/owner+repo or DIR/owner+repo/repo, "
                    "bare or not")
        ->required()
        ->type_name("DIR")
        ->check(CLI::ExistingDirectory);
    cmd->add_option("--pack", args.only_packs, "Only this pack (repeatable)")->type_name("NAME");
    add_rules_option(cmd, args.rules);
}

}  // namespace

std::vector<Command> register_rules_evidence(CLI::App* rules_cmd, const std::string& exe_path) {
    auto new_args = [&exe_path] {
        auto args = std::make_shared<EvidenceArgs>();
        args->rules.exe_path = exe_path;
        return args;
    };
    auto verify_args = new_args();
    auto* verify_cmd = rules_cmd->add_subcommand(
        "verify", "Read every pack reference at its tag in a mirror of its repository: is the quoted line still there?");
    add_common(verify_cmd, *verify_args);
    add_output_options(verify_cmd, verify_args->output, {"text", "json", "sarif", "markdown"});
    verify_cmd->add_flag("--progress", verify_args->progress,
                         "Show the progress line on standard error even when it is not a terminal");
    verify_cmd->add_flag(
        "--write-quotes", verify_args->write_quotes,
        "Quote the cited line into each unquoted reference whose tag, file and line exist (rewrites pack files)");

    auto outdated_args = new_args();
    auto* outdated_cmd = rules_cmd->add_subcommand(
        "outdated", "List upstream releases newer than each pack's checked_through, with the cited files they changed");
    add_common(outdated_cmd, *outdated_args);
    add_output_options(outdated_cmd, outdated_args->output, {"text", "json"});

    return {{verify_cmd, [verify_args] { return verify(*verify_args); }},
            {outdated_cmd, [outdated_args] { return outdated(*outdated_args); }}};
}

}  // namespace preflight::app
