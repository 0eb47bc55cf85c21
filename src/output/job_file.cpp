#include "output/job_file.hpp"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "config/key_table.hpp"
#include "output/printable.hpp"
#include "output/toml_edit.hpp"

namespace preflight::output {
namespace {

// "train.sh:14", or "config.json" for a value read from a whole file.
std::string place(const Origin& origin) {
    const Location& at = origin.where;
    if (at.file.empty()) return "";
    std::string file = std::filesystem::path(at.file).filename().string();
    return at.line > 0 ? fmt::format("{}:{}", file, at.line) : file;
}

// One `key = value  # place` line; an unknown value becomes a comment saying why.
std::string entry(const std::string& key, const Fact& fact) {
    std::string where = place(fact.origin);
    if (fact.value.is_unknown()) {
        std::vector<std::string> parts;
        for (const auto& m : fact.value.get<Unknown>()->missing) parts.push_back(m.display());
        for (const auto& r : fact.value.get<Unknown>()->reasons) parts.push_back(r);
        std::string why = fmt::format("{}", fmt::join(parts, ", "));
        return printable(fmt::format("# {} = ?  ({}{}{})", toml_key(key), where, where.empty() ? "" : ": ",
                                     why.empty() ? "unknown" : why)) +
               "\n";
    }
    std::string line = toml_key(key) + " = " + toml_literal(fact.value);
    return where.empty() ? line + "\n" : fmt::format("{}  # {}\n", line, printable(where));
}

bool written(const Fact& fact) { return fact.origin.kind != OriginKind::default_value; }

}  // namespace

std::string job_file_text(const JobFileInput& in) {
    const auto& cfg = *in.config;
    std::string out = fmt::format("# Run configuration of {}, written by `preflight import`.\n", printable(in.source));
    out +=
        "# Each value names the line it came from; keys the launch leaves out keep the launcher's\n"
        "# defaults, which the rule packs know. Check it with `preflight check` like any job file.\n";
    out += "schema = 1\n";

    // Sections in the key table's order, keys in the table's order within each.
    std::vector<std::string> sections;
    for (const auto& k : config::key_table()) {
        auto dot = k.key.find('.');
        if (dot == std::string::npos) continue;
        std::string section(k.key.substr(0, dot));
        if (std::find(sections.begin(), sections.end(), section) == sections.end()) sections.push_back(section);
    }
    for (const auto& section : sections) {
        std::string body;
        for (const auto& k : config::key_table()) {
            if (!k.key.starts_with(section + ".")) continue;
            auto it = cfg.values.find(k.key);
            if (it == cfg.values.end() || !written(it->second)) continue;
            body += entry(std::string(k.key.substr(section.size() + 1)), it->second);
        }
        // [model] also holds config.json keys the table does not list.
        if (section == config::kModelSection)
            for (const auto& [key, fact] : cfg.values)
                if (key.starts_with(section + ".") && !config::find_key(key) && written(fact))
                    body += entry(key.substr(section.size() + 1), fact);
        // [job] always: a job file needs it.
        if (!body.empty() || section == "job") out += fmt::format("\n[{}]\n{}", section, body);
    }
    auto free_form = [&](std::string_view name, const FactMap& facts) {
        std::string body;
        for (const auto& [key, fact] : facts)
            if (written(fact)) body += entry(key, fact);
        if (!body.empty()) out += fmt::format("\n[{}]\n{}", name, body);
    };
    free_form(config::kEnvSection, cfg.env);
    free_form(config::kPackagesSection, cfg.packages);
    free_form(config::kRevisionsSection, cfg.revisions);

    if (!in.not_read.empty()) {
        out += "\n# Not interpreted (no key of the run configuration):\n";
        for (const auto& d : in.not_read) {
            std::string where =
                d.location.file.empty()
                    ? ""
                    : fmt::format("{}:{}: ", std::filesystem::path(d.location.file).filename().string(), d.location.line);
            out += printable(fmt::format("#   {}{}", where, d.message)) + "\n";
        }
    }
    return out;
}

}  // namespace preflight::output
