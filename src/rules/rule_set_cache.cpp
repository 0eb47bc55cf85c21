#include "rules/rule_set_cache.hpp"

#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>
#include <deque>
#include <optional>

#include "lang/functions.hpp"
#include "rules/pack_cache.hpp"
#include "rules/rule_set_image.hpp"
#include "util/build_id.hpp"
#include "util/digest.hpp"
#include "util/embedded_files.hpp"
#include "util/input_file.hpp"
#include "util/output_target.hpp"

namespace preflight::rules {
namespace {

// Every function a pack's expression may call, as the checker sees it.
std::string function_table() {
    std::string out;
    auto add = [&out](const lang::FunctionDef& f) {
        out.append(f.name).append("\n").append(f.signature).append("\n");
        out.append(std::to_string(f.min_args)).append(" ").append(std::to_string(f.max_args)).append("\n");
    };
    for (const auto& f : lang::all_functions()) add(f);
    for (const auto& f : lang::added_functions()) add(f);
    return out;
}

bool all_embedded(const std::vector<PackFile>& files) {
    return std::all_of(files.begin(), files.end(), [](const PackFile& f) { return f.file.starts_with(util::kEmbeddedPrefix); });
}

// The image's file name for these pack files; nullopt when one of them cannot be read
// (the collector then reports it as it always has).
std::optional<std::string> set_image_name(const std::vector<PackFile>& files, const std::string& engine_version) {
    std::deque<std::string> owned;  // what the parts below point into (a deque: they stay put)
    std::string functions = function_table();
    std::vector<std::string_view> parts = {"rule-set", util::executable_build_id(), engine_version, functions};
    for (const auto& f : files) {
        parts.push_back(owned.emplace_back(std::to_string(f.root)));
        parts.push_back(f.file);
        if (f.file.starts_with(util::kEmbeddedPrefix)) continue;
        auto text = util::read_input(f.file, util::kPackFile);
        if (!text) return std::nullopt;
        parts.push_back(owned.emplace_back(std::move(*text)));
    }
    return util::content_hash_hex(parts) + ".set";
}

}  // namespace

std::string embedded_rule_set_key(const std::vector<PackFile>& files, const std::string& engine_version) {
    std::string functions = function_table();
    std::vector<std::string_view> parts = {"embedded rule-set", engine_version, functions};
    for (const auto& f : files) parts.push_back(f.file);
    return util::content_hash_hex(parts);
}

Result<RuleSet> load_rule_set(const std::vector<RuleRoot>& roots, const std::string& engine_version) {
    auto files = PREFLIGHT_TRY(find_pack_files(roots));
    // Only the packs compiled in, and the set of them that was compiled with them.
    if (!files.empty() && all_embedded(files))
        if (auto key = util::embedded_pack_image(kEmbeddedSetKey); key && *key == embedded_rule_set_key(files, engine_version))
            if (auto image = util::embedded_pack_image(kEmbeddedSetImage))
                if (auto set = decode_static_rule_set_image(*image)) return std::move(*set);
    std::optional<std::string> path;
    if (auto dir = private_pack_cache_dir(); dir && !files.empty())
        if (auto name = set_image_name(files, engine_version)) path = *dir + "/" + *name;
    if (path)
        if (auto bytes = util::read_input(*path, util::kPackFile))
            if (auto set = decode_rule_set_image(std::move(*bytes))) {
                // Used now: pruning removes the least recently used images first.
                ::utimensat(AT_FDCWD, path->c_str(), nullptr, 0);
                return std::move(*set);
            }
    auto collected = PREFLIGHT_TRY(collect_packs(files, engine_version));
    if (collected.packs.empty()) return RuleSet{};
    auto set = PREFLIGHT_TRY(compile_packs(std::move(collected.packs)));
    set.shadowed = std::move(collected.shadowed);
    if (path)
        if (auto image = encode_rule_set_image(set)) {
            prune_cache(path->substr(0, path->rfind('/')), ".set", kMaxCachedRuleSets);
            (void)util::write_output(*path, *image);  // best effort: the next run compiles again
        }
    return set;
}

}  // namespace preflight::rules
