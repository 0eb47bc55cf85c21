// The command-line options of waivers and baselines (--waivers, --baseline …), which
// fill rules::GatePolicy (rules/gates.hpp, where the policy lives).
#pragma once

#include <CLI/CLI.hpp>

#include "rules/gates.hpp"

namespace preflight::app {

using GateOptions = rules::GatePolicy;
using rules::apply_gates;
using rules::GateInput;

void add_gate_options(CLI::App* cmd, GateOptions& gates);

}  // namespace preflight::app
