// A version of some scheme, and a range of them. The scheme of a package comes from
// the rule packs (`[schemes]`), so the engine itself knows no package by name.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "version/cann.hpp"
#include "version/pep440.hpp"
#include "version/specifier.hpp"

namespace preflight::version {

enum class Scheme { pep440, cann };

std::string_view to_string(Scheme s);
std::optional<Scheme> parse_scheme(std::string_view text);

class Version {
public:
    static std::optional<Version> parse(Scheme scheme, std::string_view text);

    Scheme scheme() const { return scheme_; }
    const std::string& text() const { return text_; }  // as written
    std::string normalized() const;

    // nullopt when the two versions are of different schemes.
    friend std::optional<int> compare(const Version& a, const Version& b);

    const std::variant<Pep440, Cann>& parsed() const { return parsed_; }

private:
    Scheme scheme_ = Scheme::pep440;
    std::string text_;
    std::variant<Pep440, Cann> parsed_;
};

// A comma-separated range. PEP 440 ranges are full specifier sets; CANN ranges take
// `== != < <= > >=` and `==X.Y.*` prefixes.
//
// Membership (specifier.hpp) matters only to PEP 440, whose specifiers leave
// pre-releases out when choosing what to install. CANN has no such rule: an RC or an
// alpha/beta build is simply ordered below its release, and a range compares by that
// order alone, so 8.5.RC1 is outside `>=8.5.0` (below the bound, as 4.2.0rc1 is
// outside `>=4.2.0`) and inside `<8.5.0` whoever asks.
class VersionRange {
public:
    static std::optional<VersionRange> parse(Scheme scheme, std::string_view text);

    Scheme scheme() const { return scheme_; }
    const std::string& text() const { return text_; }
    // nullopt when the version is of another scheme.
    std::optional<bool> contains(const Version& v, Membership who) const;

private:
    struct CannClause {
        std::string op;
        std::optional<Cann> version;
        std::vector<std::string> prefix;  // for `==X.Y.*` / `!=X.Y.*`
    };
    Scheme scheme_ = Scheme::pep440;
    std::string text_;
    std::optional<SpecifierSet> pep_;
    std::vector<CannClause> cann_;
};

// PEP 503: runs of `-`, `_`, `.` become one `-`, and the name is lower-cased.
std::string normalize_package_name(std::string_view name);

}  // namespace preflight::version
