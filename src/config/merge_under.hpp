// A partial run configuration (`--with site.toml`: hardware, packages, the image's
// environment) laid under a launch: it fills what the launch leaves out or gives a value
// preflight could not read; where both
// give a key and disagree, the launch wins and the disagreement is a finding, since
// one of the two files is wrong about the job.
#pragma once

#include "config/run_config.hpp"

namespace preflight::config {

// Appends a warning diagnostic (code "with-conflict") to over.diagnostics for every key
// both give differently; under's own diagnostics are appended too.
void merge_under(RunConfig& over, const RunConfig& under);

}  // namespace preflight::config
