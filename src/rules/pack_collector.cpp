#include "rules/pack_collector.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>

#include <fmt/format.h>

#include "version/version.hpp"

namespace preflight::rules {
namespace fs = std::filesystem;

std::vector<RuleRoot> rule_search_path(const std::vector<std::string>& cli_dirs, const std::string& exe_path, bool defaults) {
    std::vector<RuleRoot> roots;
    for (const auto& d : cli_dirs) roots.push_back({d, true});
    if (const char* env = std::getenv("PREFLIGHT_RULES_PATH"); env && *env) {
        std::string all = env;
        std::size_t start = 0;
        while (start <= all.size()) {
            std::size_t colon = all.find(':', start);
            std::string dir = all.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
            if (!dir.empty()) roots.push_back({dir, true});
            if (colon == std::string::npos) break;
            start = colon + 1;
        }
    }
    if (!defaults) return roots;
    std::error_code ec;
    fs::path exe = fs::weakly_canonical(exe_path, ec);
    roots.push_back({(exe.parent_path().parent_path() / "share" / "preflight" / "rules").string(), false});
    fs::path build = fs::weakly_canonical(PREFLIGHT_BINARY_DIR, ec);
    auto rel = exe.lexically_relative(build);
    if (!rel.empty() && *rel.begin() != "..") roots.push_back({(fs::path(PREFLIGHT_SOURCE_DIR) / "rules").string(), false});
    return roots;
}

Result<Collected> collect_packs(const std::vector<RuleRoot>& roots, const std::string& engine_version) {
    auto engine = version::Version::parse(version::Scheme::pep440, engine_version);
    Collected out;
    std::map<std::string, std::string> seen;  // pack name → file
    std::set<std::string> visited_roots;
    for (const auto& root : roots) {
        std::error_code ec;
        if (!fs::is_directory(root.dir, ec)) {
            if (root.required) return fail("rules directory does not exist or is not a directory", Location{root.dir});
            continue;
        }
        std::string canonical = fs::canonical(root.dir, ec).string();
        if (!visited_roots.insert(canonical).second) continue;  // named twice on the path
        std::vector<std::string> files;
        if (fs::exists(fs::path(root.dir) / "pack.toml", ec)) {
            files.push_back((fs::path(root.dir) / "pack.toml").string());
        } else {
            fs::directory_iterator it(root.dir, ec);
            if (ec) return fail("cannot list rules directory: " + ec.message(), Location{root.dir});
            for (const auto& entry : it) {
                fs::path candidate = entry.path() / "pack.toml";
                if (entry.is_directory(ec) && fs::exists(candidate, ec)) files.push_back(candidate.string());
            }
            std::sort(files.begin(), files.end());
        }
        std::map<std::string, std::string> in_this_root;
        for (const auto& file : files) {
            auto pack = read_pack(file);
            if (!pack) return tl::unexpected(pack.error());
            if (auto it = in_this_root.find(pack->name); it != in_this_root.end())
                return fail(fmt::format("pack '{}' is defined twice: here and in {}", pack->name, it->second), pack->where);
            in_this_root[pack->name] = file;
            if (auto it = seen.find(pack->name); it != seen.end()) {
                out.shadowed.push_back(fmt::format("{}: {} is shadowed by {}", pack->name, file, it->second));
                continue;
            }
            seen[pack->name] = file;
            auto range = version::VersionRange::parse(version::Scheme::pep440, pack->engine);
            if (!range)
                return fail(fmt::format("pack '{}': engine = \"{}\" is not a version range", pack->name, pack->engine), pack->engine_where);
            if (!range->contains(*engine).value_or(false))
                return fail(fmt::format("pack '{}' needs preflight {}, but this is preflight {}", pack->name, pack->engine, engine_version),
                            pack->engine_where);
            if (!version::Version::parse(version::Scheme::pep440, pack->version))
                return fail(fmt::format("pack '{}': version \"{}\" is not a PEP 440 version", pack->name, pack->version), pack->where);
            out.packs.push_back(std::move(*pack));
        }
    }
    return out;
}

}  // namespace preflight::rules
