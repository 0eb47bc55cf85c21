// `preflight scan PATH`: distributions and shared-library digests inside wheels,
// sdists, tarballs, .debs and directories, compared with the packs' known digests.
#include <sys/stat.h>
#include <unistd.h>

#include <iostream>

#include <fmt/format.h>

#include "app/common.hpp"
#include "core/exit_code.hpp"
#include "facts/scan.hpp"
#include "output/printable.hpp"
#include "output/progress_line.hpp"
#include "output/scan_report.hpp"
#include "util/input_file.hpp"

namespace preflight::app {
namespace {

struct ScanArgs {
    std::string path;
    RuleOptions rules;
    OutputOptions output;
};

// Known-good digests: rows of any pack's `known_binaries` table (sha256, note);
// the first row of a digest wins.
output::KnownDigests known_digests(const rules::RuleSet& rules) {
    output::KnownDigests known;
    auto table = rules.tables.find("known_binaries");
    if (table == rules.tables.end()) return known;
    for (const auto& row : table->second.rows.get()) {
        auto sha = row.cells.find("sha256");
        if (sha == row.cells.end()) continue;
        auto note = row.cells.find("note");
        std::string text = note == row.cells.end() ? "" : display(note->second);
        known.emplace(display(sha->second), text.empty() ? "known" : text);
    }
    return known;
}

int run(const ScanArgs& args) {
    auto rules = load_rules(args.rules);
    if (!rules) return report_input_error(rules.error(), args.output);
    // A directory is walked; anything else must be a regular file (a FIFO would block
    // the archive reader, a device would be read without end).
    if (struct stat st{}; ::stat(args.path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        if (auto file = util::open_input(args.path, util::kScanArchive); !file)
            return report_input_error(file.error(), args.output);
    facts::ScanOptions options;
    // On a terminal: how far into the file the scan is, and the time left (by the
    // compressed bytes consumed, which is what the file's size counts).
    output::ProgressLine line("scanning " + output::printable(args.path), 0, output::ProgressUnit::bytes,
                              output::progress_wanted(args.output.quiet));
    options.progress = [&](std::uint64_t bytes, std::uint64_t consumed, std::uint64_t total) {
        if (total > 0) line.update(consumed, total);
        else line.update(bytes);
    };
    auto result = facts::scan_path(args.path, options);
    line.finish();
    if (!result) return report_input_error(result.error(), args.output);

    auto known = known_digests(*rules);
    if (args.output.format == "json") std::cout << output::scan_json(args.path, *result, known).dump(2) << "\n";
    else std::cout << output::scan_text(*result, known);
    return exit_pass;
}

}  // namespace

Command register_scan(CLI::App& app, const std::string& exe_path) {
    auto args = std::make_shared<ScanArgs>();
    args->rules.exe_path = exe_path;
    auto* cmd = app.add_subcommand("scan", "List the distributions and shared-library digests inside an archive or directory");
    cmd->footer(
        "Reads wheels, sdists, .tar(.gz|.xz|.zst), .deb (its data.tar) and directories as a stream, extracting\n"
        "nothing: distributions come from their own METADATA / PKG-INFO, and every shared library (*.so,\n"
        "*.so.N) gets its SHA-256, matched against the packs' known_binaries tables. Archives with '..' or\n"
        "absolute paths, links, devices, duplicates, corrupt data or decompression bombs are refused.\n"
        "What is not read (an archive inside an archive or in a directory, links, special or unreadable\n"
        "files) is listed as skipped, with the reason.\n"
        "Example: preflight scan torch_memory_saver-0.0.8-cp312-cp312-linux_aarch64.whl");
    cmd->add_option("path", args->path, "Archive or directory")->required()->type_name("PATH");
    add_rules_option(cmd, args->rules);
    add_output_options(cmd, args->output, {"text", "json"});
    return {cmd, [args] { return run(*args); }};
}

}  // namespace preflight::app
