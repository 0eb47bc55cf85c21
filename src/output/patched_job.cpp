#include "output/patched_job.hpp"

#include <filesystem>
#include <optional>
#include <vector>

#include "output/toml_edit.hpp"

namespace preflight::output {
namespace {

namespace fs = std::filesystem;

std::vector<TomlEdit> edits_of(const rules::Patch& patch) {
    std::vector<TomlEdit> edits;
    for (const auto& [key, entry] : patch.config) {
        auto dot = key.find('.');
        edits.push_back({key.substr(0, dot), key.substr(dot + 1), entry.value});
    }
    for (const auto& [name, entry] : patch.env) edits.push_back({"env", name, entry.value});
    return edits;
}

// The job's relative model.config as seen from the target's directory, when that differs.
std::optional<std::string> moved_model_config(const std::string& job_path, const std::string& target,
                                              const facts::FactSet& facts) {
    auto mc = facts.config.find("model.config");
    if (target == "-" || mc == facts.config.end() || mc->second.origin.kind != OriginKind::job) return std::nullopt;
    const auto* path = mc->second.value.get<std::string>();
    fs::path from = fs::absolute(job_path).parent_path().lexically_normal();
    fs::path to = fs::absolute(target).parent_path().lexically_normal();
    if (!path || !fs::path(*path).is_relative() || from == to) return std::nullopt;
    return (from / *path).lexically_normal().lexically_relative(to).generic_string();
}

}  // namespace

Result<PatchedJob> patched_job(const std::string& job_text, const std::string& job_path, const std::string& target,
                               const rules::Patch& patch, const facts::FactSet& facts) {
    auto edits = edits_of(patch);
    PatchedJob out{PREFLIGHT_TRY(apply_toml_edits(job_text, job_path, edits)), edits.size()};
    if (auto moved = moved_model_config(job_path, target, facts))
        out.text = PREFLIGHT_TRY(apply_toml_edits(out.text, job_path, {{"model", "config", Value(*moved)}}));
    return out;
}

}  // namespace preflight::output
