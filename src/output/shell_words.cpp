#include "output/shell_words.hpp"

namespace preflight::output {

std::string shell_word(const std::string& word) {
    // Characters no shell gives a meaning to anywhere in a word ('=' only matters before
    // the command word, and these are arguments).
    static constexpr const char* kPlain = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.,:/=+@%";
    if (!word.empty() && word.find_first_not_of(kPlain) == std::string::npos) return word;
    std::string out = "'";
    for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string shell_line(const std::vector<std::string>& words) {
    std::string line;
    for (const auto& w : words) line += (line.empty() ? "" : " ") + shell_word(w);
    return line;
}

}  // namespace preflight::output
