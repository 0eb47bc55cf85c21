#pragma once

namespace preflight {

// The exit codes every command returns (docs/manual.md, "Exit codes").
enum ExitCode : int {
    exit_pass = 0,
    exit_findings = 1,
    exit_bad_input = 2,
    exit_internal = 3,
};

}  // namespace preflight
