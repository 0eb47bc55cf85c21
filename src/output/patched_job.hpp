// `fix`'s output: the job file's own text with the patch applied as text edits
// (output/toml_edit.hpp), so comments and key order survive.
#pragma once

#include <string>

#include "core/error.hpp"
#include "facts/fact_set.hpp"
#include "rules/engine.hpp"

namespace preflight::output {

struct PatchedJob {
    std::string text;
    std::size_t changes = 0;  // keys set or removed by the patch
};

// `job_text` is the text of `job_path`; `target` where the result goes ("-":
// stdout). A relative model.config the job sets is re-pointed when the target
// lies in another directory, so it names the same file.
Result<PatchedJob> patched_job(const std::string& job_text, const std::string& job_path, const std::string& target,
                               const rules::Patch& patch, const facts::FactSet& facts);

}  // namespace preflight::output
