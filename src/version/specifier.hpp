// PEP 440 specifier sets (`>=0.15,<0.16`, `~=2.7`, `==8.5.*`, `===foo`),
// with membership decided exactly as Python's `packaging` 23 does.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "version/pep440.hpp"

namespace preflight::version {

struct Specifier {
    std::string op;       // ~= == != <= >= < > ===
    std::string version;  // as written, stripped

    static std::optional<Specifier> parse(std::string_view text);
    bool allows_prereleases() const;
    bool contains(const Pep440& v, bool prereleases) const;
};

class SpecifierSet {
public:
    // Empty text is the set that admits every final release.
    static std::optional<SpecifierSet> parse(std::string_view text);

    bool contains(const Pep440& v) const;
    const std::vector<Specifier>& specifiers() const { return specs_; }
    std::string str() const;

private:
    std::vector<Specifier> specs_;
};

}  // namespace preflight::version
