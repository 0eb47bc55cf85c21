// Finds packs on the rule path and reads them (stages 1–2 of reader → collector →
// compiler): the engine-version gate, duplicate and shadowed pack names.
#pragma once

#include <string>
#include <vector>

#include "core/error.hpp"
#include "rules/pack_source.hpp"

namespace preflight::rules {

struct RuleRoot {
    std::string dir;
    bool required = false;  // named by the user: a missing directory is an error
};

// The roots searched, in order: `--rules` directories, PREFLIGHT_RULES_PATH
// (':'-separated), then, unless `defaults` is false, the installed
// share/preflight/rules, when running from a build tree, the source tree's rules/, and
// last the packs compiled into the binary (`embedded:`), if any: a pack found earlier
// shadows an embedded one of its name silently, and one in a directory of the embedded
// pack's directory name keeps it from being read at all.
std::vector<RuleRoot> rule_search_path(const std::vector<std::string>& cli_dirs, const std::string& exe_path, bool defaults);

// A pack file found on the rule path, and which root it was found under.
struct PackFile {
    std::size_t root = 0;
    std::string file;  // a path, or embedded:NAME/pack.toml
};

// The pack files on the path, root by root in path order: each root is a pack (has
// pack.toml) or holds packs one level down; the embedded packs a directory of their
// name does not stand in for come last. A missing root the user named is an error.
Result<std::vector<PackFile>> find_pack_files(const std::vector<RuleRoot>& roots);

struct Collected {
    std::vector<PackSource> packs;
    std::vector<std::string> shadowed;  // "name: skipped FILE, shadowed by FILE"
};

// Each root is a pack (has pack.toml) or holds packs one level down. A pack name
// found again in a later root is shadowed by the earlier one; twice in one root is
// an error.
Result<Collected> collect_packs(const std::vector<PackFile>& files, const std::string& engine_version);
Result<Collected> collect_packs(const std::vector<RuleRoot>& roots, const std::string& engine_version);

}  // namespace preflight::rules
