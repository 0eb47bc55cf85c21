// A non-fatal message produced while reading inputs (unknown keys, lapsed waivers …).
#pragma once

#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/severity.hpp"

namespace preflight {

struct Diagnostic {
    Severity severity = Severity::warning;
    std::string code;  // stable kebab-case id, e.g. "config-unknown-key"
    std::string message;
    Location location;
};

using Diagnostics = std::vector<Diagnostic>;

}  // namespace preflight
