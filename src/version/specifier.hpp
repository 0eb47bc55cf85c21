// PEP 440 specifier sets (`>=0.15,<0.16`, `~=2.7`, `==8.5.*`, `===foo`).
//
// Each clause follows the PEP's text as Python's `packaging` 26.3 implements it;
// packaging 23 (what Debian ships) differs on a few clauses, which the differential
// test lists. Whether a pre-release is admitted depends on who asks (Membership).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "version/pep440.hpp"

namespace preflight::version {

// PEP 440 leaves pre-releases (and dev releases) out of every specifier unless they
// are already installed, asked for, or the only choice. So the answer depends on
// the question:
//   candidate: "may an installer pick this version?": a pre-release is admitted
//              only when a clause of the set names one (`>=0.16.0.dev0`);
//   installed: "is the version that is installed inside the range?": every version
//              is judged by the clauses alone, so 4.4.0.dev0 is inside `>=4.2.0`
//              while 4.2.0rc1, which sorts below 4.2.0, is not.
// preflight judges installed versions; `candidate` is what packaging's default
// `contains()` answered up to 25.x and what the differential test compares with.
enum class Membership { candidate, installed };

struct Specifier {
    std::string op;       // ~= == != <= >= < > ===
    std::string version;  // the operand as written, without surrounding white space
    bool prefix = false;  // `==V.*` / `!=V.*`
    // The operand as a version (for a prefix, without `.*`); none for a `===`
    // operand that is no PEP 440 version.
    std::optional<Pep440> operand;

    static std::optional<Specifier> parse(std::string_view text);
    // Whether the clause names a pre-release, which lets a candidate set admit them.
    bool names_prerelease() const;
    // The clause's own test; whether pre-releases are admitted at all is the set's.
    bool matches(const Pep440& v) const;
};

class SpecifierSet {
public:
    // Empty text is the set that admits every final release (and, for an installed
    // version, every version).
    static std::optional<SpecifierSet> parse(std::string_view text);

    bool contains(const Pep440& v, Membership who) const;
    const std::vector<Specifier>& specifiers() const { return specs_; }
    std::string str() const;

private:
    std::vector<Specifier> specs_;
};

}  // namespace preflight::version
