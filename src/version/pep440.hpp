// PEP 440 versions, parsed and ordered exactly as Python's `packaging` does. Where
// packaging 23 and 26 differ, as 26: a version is ASCII (23 also took letters such as
// U+017F that fold to ASCII), and white space around it is any Unicode space.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace preflight::version {

// Release and other numbers are kept as canonical digit strings (no leading zeros),
// so arbitrarily large numbers compare correctly without overflow.
using Number = std::string;

struct Pep440 {
    Number epoch = "0";
    std::vector<Number> release;
    std::optional<std::pair<std::string, Number>> pre;  // ("a"|"b"|"rc", n)
    std::optional<Number> post;
    std::optional<Number> dev;
    std::optional<std::vector<std::string>> local;  // parts, lower-case, numbers canonical
    std::string text;                               // as given to parse(); `===` compares this, not the normalized form

    static std::optional<Pep440> parse(std::string_view text);

    bool is_prerelease() const { return pre.has_value() || dev.has_value(); }
    bool is_postrelease() const { return post.has_value(); }

    std::string str() const;           // normalized form, as str(Version)
    std::string public_str() const;    // without the local part
    std::string base_version() const;  // epoch + release
};

int compare(const Pep440& a, const Pep440& b);
int compare_numbers(const Number& a, const Number& b);

}  // namespace preflight::version
