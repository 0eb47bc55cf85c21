#pragma once

namespace preflight::app {

// Parses the command line, runs the command and returns the exit code (docs/manual.md, "Exit codes").
int run(int argc, char** argv);

}  // namespace preflight::app
