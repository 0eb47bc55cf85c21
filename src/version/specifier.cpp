#include "version/specifier.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "version/python_space.hpp"

namespace preflight::version {
namespace {

// `v? (N!)? N(.N)*`: the part of a version a `==X.*` / `!=X.*` prefix may hold.
bool is_release_prefix(std::string_view s) {
    std::size_t i = 0;
    if (i < s.size() && (s[i] == 'v' || s[i] == 'V')) ++i;
    auto digits = [&] {
        std::size_t start = i;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
        return i > start;
    };
    if (!digits()) return false;
    if (i < s.size() && s[i] == '!') {
        ++i;
        if (!digits()) return false;
    }
    while (i < s.size() && s[i] == '.') {
        ++i;
        if (!digits()) return false;
    }
    return i == s.size();
}

// The operand of `op`, parsed once, in the forms packaging's Specifier pattern admits
// per operator family (a prefix `N.N.*` without its `.*`); nullopt for any other.
std::optional<Pep440> operand_of(std::string_view op, std::string_view version) {
    if (op == "==" || op == "!=") {
        if (!version.ends_with(".*")) return Pep440::parse(version);
        std::string_view release = version.substr(0, version.size() - 2);
        return is_release_prefix(release) ? Pep440::parse(release) : std::nullopt;
    }
    auto v = Pep440::parse(version);
    if (!v || v->local) return std::nullopt;                       // ordered and ~= take no local part
    if (op == "~=" && v->release.size() < 2) return std::nullopt;  // ~= needs at least N.N
    return v;
}

std::string ascii_lower(std::string_view s) {
    std::string out(s);
    for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

Pep440 public_of(const Pep440& v) {
    Pep440 p = v;
    p.local.reset();
    return p;
}

// What `v` is a post-release of: 1.0.post1 → 1.0, 1.0a1.post0 → 1.0a1.
Pep440 post_base_of(const Pep440& v) {
    Pep440 p = public_of(v);
    p.post.reset();
    p.dev.reset();
    return p;
}

// The first pre-release of `v`: 1.2 → 1.2.dev0, 1.2.post1 → 1.2.post1.dev0.
Pep440 earliest_prerelease_of(const Pep440& v) {
    Pep440 p = public_of(v);
    p.dev = Number(1, '0');  // (not = "0": GCC 12 gives a false -Wrestrict on that)
    return p;
}

// Prefix matching (`==1.4.*`): same epoch, and the release, padded with zeros, starts
// with the prefix's release. Everything after the release is ignored, the local part
// included ("Version matching").
bool has_prefix(const Pep440& v, const Pep440& prefix) {
    if (v.epoch != prefix.epoch) return false;
    for (std::size_t i = 0; i < prefix.release.size(); ++i) {
        const Number& part = i < v.release.size() ? v.release[i] : Number("0");
        if (part != prefix.release[i]) return false;  // both canonical digit strings
    }
    return true;
}

// `~=V.N[.suffix]` is `>=V.N[.suffix], ==V.*`: the prefix is the release less its last
// number, whatever the suffix ("Compatible release").
bool compatible(const Pep440& v, const Pep440& spec) {
    Pep440 prefix;
    prefix.epoch = spec.epoch;
    prefix.release.assign(spec.release.begin(), spec.release.end() - 1);
    return compare(public_of(v), spec) >= 0 && has_prefix(v, prefix);
}

// Strict matching ignores the candidate's local label unless the specifier has one.
bool equal(const Pep440& v, const Pep440& spec) { return compare(spec.local ? v : public_of(v), spec) == 0; }

// "Exclusive ordered comparison": `<V` takes no pre-release of V unless V is one
// itself. A pre-release of V.postN is one of V.postN (1.0.post1.dev0), not 1.0a1.
bool less_than(const Pep440& v, const Pep440& spec) {
    if (compare(v, spec) >= 0) return false;
    return spec.is_prerelease() || !v.is_prerelease() || compare(v, earliest_prerelease_of(spec)) < 0;
}

// `>V` takes no post-release of V unless V is one itself, and no local version of V.
// A post-release of 1.0 is no post-release of 1.0a1, so >1.0a1 takes 1.0.post0.
bool greater_than(const Pep440& v, const Pep440& spec) {
    if (compare(v, spec) <= 0) return false;
    if (!spec.is_postrelease() && v.is_postrelease() && compare(post_base_of(v), spec) == 0) return false;
    if (v.local && compare(public_of(v), spec) == 0) return false;
    return true;
}

}  // namespace

std::optional<Specifier> Specifier::parse(std::string_view text) {
    text = strip_python_space(text);
    static const std::vector<std::string_view> ops = {"===", "~=", "==", "!=", "<=", ">=", "<", ">"};
    for (auto op : ops) {
        if (text.substr(0, op.size()) != op) continue;
        std::string_view rest = strip_python_space(text.substr(op.size()));
        Specifier s{std::string(op), std::string(rest)};
        if (op == "===") {
            // Anything but white space, `;` and `)`; compared as a string, so it need
            // not be a version.
            if (has_python_space(rest) || rest.find_first_of(";)") != std::string_view::npos) return std::nullopt;
            s.operand = Pep440::parse(rest);
            return s;
        }
        s.operand = operand_of(op, rest);
        if (!s.operand) return std::nullopt;
        s.prefix = rest.ends_with(".*");
        return s;
    }
    return std::nullopt;
}

// Every clause but `!=` and a prefix opts in by naming a pre-release (packaging
// 26.0 on; 23 counted only == >= <= ~= ===, so `<2.0a2` did not admit 2.0a1).
bool Specifier::names_prerelease() const { return op != "!=" && !prefix && operand && operand->is_prerelease(); }

bool Specifier::matches(const Pep440& v) const {
    // "Arbitrary equality" is on the text as given, not the normalized version, so
    // ===1.01 matches "1.01" and not "1.1" (packaging 26.1 on; 23 normalized first).
    if (op == "===") return ascii_lower(v.text) == ascii_lower(version);
    const Pep440& spec = *operand;
    if (prefix) return has_prefix(v, spec) == (op == "==");
    if (op == "==") return equal(v, spec);
    if (op == "!=") return !equal(v, spec);
    if (op == "~=") return compatible(v, spec);
    if (op == "<=") return compare(public_of(v), spec) <= 0;
    if (op == ">=") return compare(public_of(v), spec) >= 0;
    if (op == "<") return less_than(v, spec);
    return greater_than(v, spec);
}

std::optional<SpecifierSet> SpecifierSet::parse(std::string_view text) {
    SpecifierSet set;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t comma = text.find(',', start);
        std::string_view item =
            strip_python_space(text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        if (!item.empty()) {
            auto s = Specifier::parse(item);
            if (!s) return std::nullopt;
            set.specs_.push_back(std::move(*s));
        }
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return set;
}

bool SpecifierSet::contains(const Pep440& v, Membership who) const {
    if (who == Membership::candidate && v.is_prerelease() &&
        std::none_of(specs_.begin(), specs_.end(), [](const Specifier& s) { return s.names_prerelease(); }))
        return false;
    return std::all_of(specs_.begin(), specs_.end(), [&](const Specifier& s) { return s.matches(v); });
}

std::string SpecifierSet::str() const {
    std::vector<std::string> written;  // not a views::transform: clang 14 cannot read libstdc++ 12's ranges
    for (const auto& s : specs_) written.push_back(s.op + s.version);
    return fmt::format("{}", fmt::join(written, ","));
}

}  // namespace preflight::version
