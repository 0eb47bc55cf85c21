#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace preflight {

// Ordered so that a larger value is more severe.
enum class Severity { info = 0, warning = 1, error = 2 };

inline std::string_view to_string(Severity s) {
    switch (s) {
        case Severity::info: return "info";
        case Severity::warning: return "warning";
        case Severity::error: return "error";
    }
    return "info";
}

inline std::optional<Severity> parse_severity(std::string_view text) {
    if (text == "info") return Severity::info;
    if (text == "warning") return Severity::warning;
    if (text == "error") return Severity::error;
    return std::nullopt;
}

}  // namespace preflight
