// `file:line:col: severity: message` followed by the source line and a caret,
// the one text shape every diagnostic and input error takes.
#pragma once

#include <string>
#include <string_view>

#include "core/error.hpp"
#include "core/severity.hpp"
#include "output/style.hpp"

namespace preflight::output {

std::string location_prefix(const Location& l);
// `file:line:col: severity: message [code]` and a newline; message and code made printable.
std::string diagnostic_line(const Location& l, Severity severity, std::string_view message, std::string_view code,
                            const Style& style);
std::string excerpt(const Location& l, const Style& style);
std::string format_error(const Error& e, const Style& style);

}  // namespace preflight::output
