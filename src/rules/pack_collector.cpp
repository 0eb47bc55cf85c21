#include "rules/pack_collector.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "version/version.hpp"

namespace preflight::rules {
namespace fs = std::filesystem;

std::vector<std::string> rule_search_path(const std::vector<std::string>& cli_dirs, const std::string& exe_path) {
    if (!cli_dirs.empty()) return cli_dirs;
    if (const char* env = std::getenv("PREFLIGHT_RULES_PATH"); env && *env) {
        std::vector<std::string> dirs;
        std::string all = env;
        std::size_t start = 0;
        while (start <= all.size()) {
            std::size_t colon = all.find(':', start);
            std::string dir = all.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
            if (!dir.empty()) dirs.push_back(dir);
            if (colon == std::string::npos) break;
            start = colon + 1;
        }
        return dirs;
    }
    std::vector<std::string> dirs;
    std::error_code ec;
    fs::path exe = fs::weakly_canonical(exe_path, ec);
    fs::path installed = exe.parent_path().parent_path() / "share" / "preflight" / "rules";
    if (fs::is_directory(installed, ec)) dirs.push_back(installed.string());
    fs::path build = fs::weakly_canonical(PREFLIGHT_BINARY_DIR, ec);
    auto rel = exe.lexically_relative(build);
    if (!rel.empty() && *rel.begin() != "..") {
        fs::path source_rules = fs::path(PREFLIGHT_SOURCE_DIR) / "rules";
        if (fs::is_directory(source_rules, ec)) dirs.push_back(source_rules.string());
    }
    return dirs;
}

Result<std::vector<PackSource>> collect_packs(const std::vector<std::string>& dirs, const std::string& engine_version) {
    std::vector<std::string> files;
    for (const auto& dir : dirs) {
        std::error_code ec;
        if (!fs::is_directory(dir, ec)) return fail("rules directory does not exist or is not a directory", Location{dir});
        if (fs::exists(fs::path(dir) / "pack.toml", ec)) {
            files.push_back((fs::path(dir) / "pack.toml").string());
            continue;
        }
        std::vector<std::string> found;
        fs::directory_iterator it(dir, ec);
        if (ec) return fail("cannot list rules directory: " + ec.message(), Location{dir});
        for (const auto& entry : it) {
            fs::path candidate = entry.path() / "pack.toml";
            if (entry.is_directory(ec) && fs::exists(candidate, ec)) found.push_back(candidate.string());
        }
        std::sort(found.begin(), found.end());
        files.insert(files.end(), found.begin(), found.end());
    }

    auto engine = version::Version::parse(version::Scheme::pep440, engine_version);
    std::vector<PackSource> packs;
    std::map<std::string, std::string> seen;  // pack name → file
    for (const auto& file : files) {
        auto pack = read_pack(file);
        if (!pack) return tl::unexpected(pack.error());
        if (auto it = seen.find(pack->name); it != seen.end())
            return fail(fmt::format("pack '{}' is defined twice: here and in {}", pack->name, it->second), pack->where);
        seen[pack->name] = file;
        auto range = version::VersionRange::parse(version::Scheme::pep440, pack->engine);
        if (!range) return fail(fmt::format("pack '{}': engine = \"{}\" is not a version range", pack->name, pack->engine), pack->engine_where);
        if (!range->contains(*engine).value_or(false))
            return fail(fmt::format("pack '{}' needs preflight {}, but this is preflight {}", pack->name, pack->engine, engine_version),
                        pack->engine_where);
        if (!version::Version::parse(version::Scheme::pep440, pack->version))
            return fail(fmt::format("pack '{}': version \"{}\" is not a PEP 440 version", pack->name, pack->version), pack->where);
        packs.push_back(std::move(*pack));
    }
    return packs;
}

}  // namespace preflight::rules
