// Terminal colour, decided once per run (--color auto|always|never, NO_COLOR).
#pragma once

#include <string>
#include <string_view>

#include "core/severity.hpp"

namespace preflight::output {

enum class ColorMode { auto_detect, always, never };

struct Style {
    bool color = false;
    std::string paint(std::string_view text, const char* sgr) const {
        if (!color) return std::string(text);
        return std::string("\x1b[") + sgr + "m" + std::string(text) + "\x1b[0m";
    }
    std::string severity(Severity s) const {
        return paint(to_string(s), s == Severity::error ? "1;31" : s == Severity::warning ? "1;35" : "1;36");
    }
    std::string bold(std::string_view t) const { return paint(t, "1"); }
};

Style make_style(ColorMode mode, int fd);

}  // namespace preflight::output
