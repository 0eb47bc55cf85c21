#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace preflight::util {

std::size_t edit_distance(std::string_view a, std::string_view b);

// The closest candidate, if it is close enough to be a plausible typo.
std::optional<std::string> closest(std::string_view word, const std::vector<std::string>& candidates);
std::optional<std::string> closest(std::string_view word, const std::vector<std::string_view>& candidates);

}  // namespace preflight::util
