// A run configuration written back as a job file (`preflight import`): every value the
// launch gave, commented with the place it came from, so a reader can check the
// translation line by line; what could not be read is listed, never dropped.
#pragma once

#include <string>

#include "config/run_config.hpp"
#include "core/diagnostic.hpp"

namespace preflight::output {

struct JobFileInput {
    const config::RunConfig* config = nullptr;
    std::string source;    // "train.sh:14: megatron sft", for the header
    Diagnostics not_read;  // flags with no key, values not interpreted
};

std::string job_file_text(const JobFileInput& in);

}  // namespace preflight::output
