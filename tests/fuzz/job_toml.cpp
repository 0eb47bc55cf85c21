// A run configuration (job.toml), as `check JOB.toml` reads it.
#include "config/run_config.hpp"
#include "fuzz_targets.hpp"

namespace preflight::fuzz {

int job_toml(const std::uint8_t* data, std::size_t size) {
    auto path = scratch_file("job.toml", as_text(data, size));
    (void)config::load_run_config(
        path, [](const std::string& p) { return p == "cann" ? version::Scheme::cann : version::Scheme::pep440; });
    return 0;
}

}  // namespace preflight::fuzz
