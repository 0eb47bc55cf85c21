#pragma once

namespace preflight::app {

// Parses the command line, runs the command and returns the exit code (SPEC §5).
int run(int argc, char** argv);

}  // namespace preflight::app
