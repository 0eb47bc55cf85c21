#include "util/did_you_mean.hpp"

#include <algorithm>
#include <vector>

namespace preflight::util {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diag = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diag = up;
        }
    }
    return row[b.size()];
}

namespace {

template <class Candidates>
std::optional<std::string> closest_of(std::string_view word, const Candidates& candidates) {
    std::optional<std::string_view> best;
    std::size_t best_distance = 0;
    for (std::string_view c : candidates) {
        std::size_t d = edit_distance(word, c);
        if (!best || d < best_distance) {
            best = c;
            best_distance = d;
        }
    }
    // Allow roughly one edit in three characters.
    if (best && best_distance <= std::max<std::size_t>(2, word.size() / 3)) return std::string(*best);
    return std::nullopt;
}

}  // namespace

std::optional<std::string> closest(std::string_view word, const std::vector<std::string>& candidates) {
    return closest_of(word, candidates);
}
std::optional<std::string> closest(std::string_view word, const std::vector<std::string_view>& candidates) {
    return closest_of(word, candidates);
}

}  // namespace preflight::util
