// A model's config.json, read through the job's model.config.
#include "config/run_config.hpp"
#include "fuzz_targets.hpp"

namespace preflight::fuzz {

int config_json(const std::uint8_t* data, std::size_t size) {
    scratch_file("config.json", as_text(data, size));
    auto job = scratch_file("model-job.toml", "schema = 1\n[job]\nbackend = \"megatron\"\n[model]\nconfig = \"config.json\"\n");
    (void)config::load_run_config(job, [](const std::string&) { return version::Scheme::pep440; });
    return 0;
}

}  // namespace preflight::fuzz
