// `preflight scan PATH`: distributions and shared-library digests inside wheels,
// sdists, tarballs, .debs and directories, compared with the packs' known digests.
#include <sys/stat.h>
#include <unistd.h>

#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/common.hpp"
#include "core/exit_code.hpp"
#include "facts/scan.hpp"
#include "util/input_file.hpp"
#include "output/printable.hpp"

namespace preflight::app {
namespace {

int run(const std::string& path, Common& common) {
    auto rules = load_rules(common);
    if (!rules) return report_input_error(rules.error(), common);
    // A directory is walked; anything else must be a regular file (a FIFO would block
    // the archive reader, a device would be read without end).
    if (struct stat st {}; ::stat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        if (auto file = util::open_input(path, util::kScanArchive); !file) return report_input_error(file.error(), common);
    facts::ScanOptions options;
    if (isatty(STDERR_FILENO))
        options.progress = [](std::uint64_t bytes) { std::cerr << fmt::format("\rscanned {} MiB", bytes >> 20) << std::flush; };
    auto result = facts::scan_path(path, options);
    if (options.progress) std::cerr << "\r" << std::string(24, ' ') << "\r";
    if (!result) return report_input_error(result.error(), common);

    // Known-good digests: rows of any pack's `known_binaries` table (sha256, note).
    auto known = [&](const std::string& sha) -> std::string {
        auto t = rules->tables.find("known_binaries");
        if (t == rules->tables.end()) return "";
        for (const auto& row : t->second.rows)
            if (auto s = row.cells.find("sha256"); s != row.cells.end() && display(s->second) == sha) {
                auto note = row.cells.find("note");
                return note == row.cells.end() ? "known" : display(note->second);
            }
        return "";
    };
    if (common.format == "json") {
        nlohmann::ordered_json j;
        j["path"] = path;
        j["distributions"] = nlohmann::ordered_json::array();
        for (const auto& d : result->dists) j["distributions"].push_back({{"name", d.name}, {"version", d.version}, {"member", d.member}});
        j["libraries"] = nlohmann::ordered_json::array();
        for (const auto& l : result->libraries) {
            std::string k = known(l.sha256);
            j["libraries"].push_back({{"member", l.member}, {"sha256", l.sha256}, {"size", l.size},
                                      {"known", k.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(k)}});
        }
        j["skipped"] = nlohmann::ordered_json::array();
        for (const auto& s : result->skipped) j["skipped"].push_back({{"member", s.member}, {"reason", s.reason}});
        std::cout << j.dump(2) << "\n";
        return exit_pass;
    }
    using output::printable;
    for (const auto& d : result->dists)
        std::cout << fmt::format("dist {} {}  ({})\n", printable(d.name), printable(d.version), printable(d.member));
    for (const auto& l : result->libraries) {
        std::string k = known(l.sha256);
        std::cout << fmt::format("lib  {}  sha256 {}  {} bytes  [{}]\n", printable(l.member), l.sha256, l.size,
                                 k.empty() ? "unknown digest" : "known: " + printable(k));
    }
    for (const auto& s : result->skipped) std::cout << fmt::format("skip {}  ({})\n", printable(s.member), printable(s.reason));
    return exit_pass;
}

}  // namespace

void register_scan(CLI::App& app, Common& common) {
    auto path = std::make_shared<std::string>();
    auto* cmd = app.add_subcommand("scan", "List the distributions and shared-library digests inside an archive or directory");
    cmd->footer(
        "Reads wheels, sdists, .tar(.gz|.xz|.zst), .deb (its data.tar) and directories as a stream, extracting\n"
        "nothing: distributions come from their own METADATA / PKG-INFO, and every shared library (*.so,\n"
        "*.so.N) gets its SHA-256, matched against the packs' known_binaries tables. Archives with '..' or\n"
        "absolute paths, links, devices, duplicates, corrupt data or decompression bombs are refused.\n"
        "What is not read (an archive inside an archive or in a directory, links, special or unreadable\n"
        "files) is listed as skipped, with the reason.\n"
        "Example: preflight scan torch_memory_saver-0.0.8-cp312-cp312-linux_aarch64.whl");
    cmd->add_option("path", *path, "Archive or directory")->required()->type_name("PATH");
    add_rules_option(cmd, common);
    add_output_options(cmd, common, {"text", "json"});
    cmd->callback([path, &common] { common.exit_code = run(*path, common); });
}

}  // namespace preflight::app
