#include "rules/pack_collector.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "rules/pack_cache.hpp"
#include "util/embedded_files.hpp"
#include "util/parallel.hpp"
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
    // Last, the packs compiled into this binary: a copied binary checks with nothing beside it.
    if (!util::embedded_files().empty()) roots.push_back({std::string(util::kEmbeddedPrefix), false});
    return roots;
}

namespace {

// Reads every pack file, spreading them over the cores; the results come back in
// the order of `files`, so what follows stays deterministic.
std::vector<Result<PackSource>> read_all(const std::vector<std::string>& files) {
    std::vector<std::optional<Result<PackSource>>> slots(files.size());
    util::parallel_for(files.size(), [&](std::size_t i) { slots[i] = load_pack(files[i]); });
    std::vector<Result<PackSource>> out;
    for (auto& s : slots) out.push_back(std::move(*s));
    return out;
}

}  // namespace

Result<std::vector<PackFile>> find_pack_files(const std::vector<RuleRoot>& roots) {
    std::vector<PackFile> files;
    std::set<std::string> visited_roots;
    for (std::size_t r = 0; r < roots.size(); ++r) {
        const auto& root = roots[r];
        if (root.dir == util::kEmbeddedPrefix) {
            // A pack directory of the same name found earlier stands in for the embedded
            // pack: it is not even read (reading and compiling packs is most of a check).
            std::set<std::string> found_dirs;
            for (const auto& f : files) found_dirs.insert(fs::path(f.file).parent_path().filename().string());
            for (const auto& f : util::embedded_files()) {
                if (!f.path.ends_with("/pack.toml")) continue;
                std::string dir = fs::path(std::string(f.path.substr(util::kEmbeddedPrefix.size()))).parent_path().string();
                if (!found_dirs.contains(dir)) files.push_back({r, std::string(f.path)});
            }
            continue;
        }
        std::error_code ec;
        if (!fs::is_directory(root.dir, ec)) {
            if (root.required) return fail("rules directory does not exist or is not a directory", Location{root.dir});
            continue;
        }
        std::string canonical = fs::canonical(root.dir, ec).string();
        if (!visited_roots.insert(canonical).second) continue;  // named twice on the path
        if (fs::exists(fs::path(root.dir) / "pack.toml", ec)) {
            files.push_back({r, (fs::path(root.dir) / "pack.toml").string()});
            continue;
        }
        fs::directory_iterator it(root.dir, ec);
        if (ec) return fail("cannot list rules directory: " + ec.message(), Location{root.dir});
        std::vector<std::string> found;
        for (const auto& entry : it) {
            fs::path candidate = entry.path() / "pack.toml";
            if (entry.is_directory(ec) && fs::exists(candidate, ec)) found.push_back(candidate.string());
        }
        std::sort(found.begin(), found.end());
        for (auto& f : found) files.push_back({r, std::move(f)});
    }
    return files;
}

Result<Collected> collect_packs(const std::vector<RuleRoot>& roots, const std::string& engine_version) {
    auto files = PREFLIGHT_TRY(find_pack_files(roots));
    return collect_packs(files, engine_version);
}

Result<Collected> collect_packs(const std::vector<PackFile>& files, const std::string& engine_version) {
    auto engine = version::Version::parse(version::Scheme::pep440, engine_version);
    std::vector<std::string> paths;
    for (const auto& f : files) paths.push_back(f.file);
    auto sources = read_all(paths);

    Collected out;
    std::map<std::string, std::string> seen;                             // pack name → file
    std::map<std::string, std::pair<std::size_t, std::string>> in_root;  // pack name → (root, file)
    for (std::size_t i = 0; i < files.size(); ++i) {
        const auto& [root, file] = files[i];
        auto& pack = sources[i];
        if (!pack) return tl::unexpected(pack.error());
        if (auto it = in_root.find(pack->name); it != in_root.end() && it->second.first == root)
            return fail(fmt::format("pack '{}' is defined twice: here and in {}", pack->name, it->second.second), pack->where);
        in_root[pack->name] = {root, file};
        if (auto it = seen.find(pack->name); it != seen.end()) {
            // An embedded pack stands in for a missing one; shadowed, it is no news.
            if (file.starts_with(util::kEmbeddedPrefix)) continue;
            out.shadowed.push_back(fmt::format("{}: {} is shadowed by {}", pack->name, file, it->second));
            continue;
        }
        seen[pack->name] = file;
        auto range = version::VersionRange::parse(version::Scheme::pep440, pack->engine);
        if (!range)
            return fail(fmt::format("pack '{}': engine = \"{}\" is not a version range", pack->name, pack->engine),
                        pack->engine_where);
        // This preflight is installed: a dev build of it is judged by the bounds alone.
        if (!range->contains(*engine, version::Membership::installed).value_or(false))
            return fail(
                fmt::format("pack '{}' needs preflight {}, but this is preflight {}", pack->name, pack->engine, engine_version),
                pack->engine_where);
        if (!version::Version::parse(version::Scheme::pep440, pack->version))
            return fail(fmt::format("pack '{}': version \"{}\" is not a PEP 440 version", pack->name, pack->version),
                        pack->where);
        out.packs.push_back(std::move(*pack));
    }
    return out;
}

}  // namespace preflight::rules
