// `file:line:col: severity: message` followed by the source line and a caret,
// the one text shape every diagnostic and input error takes.
#pragma once

#include <string>

#include "core/error.hpp"
#include "core/severity.hpp"
#include "output/style.hpp"

namespace preflight::output {

std::string location_prefix(const Location& l);
std::string excerpt(const Location& l, const Style& style);
std::string format_error(const Error& e, const Style& style);

}  // namespace preflight::output
