#include "version/specifier.hpp"

#include <algorithm>
#include <cctype>

#include "util/text.hpp"

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

// The operand forms packaging's Specifier regex admits, per operator family.
bool valid_operand(std::string_view op, std::string_view version) {
    if (op == "==" || op == "!=") {
        if (version.size() >= 2 && version.substr(version.size() - 2) == ".*")
            return is_release_prefix(version.substr(0, version.size() - 2));
        return Pep440::parse(version).has_value();
    }
    auto v = Pep440::parse(version);
    if (!v || v->local) return false;                   // ordered and ~= take no local part
    if (op == "~=" && v->release.size() < 2) return false;  // ~= needs at least N.N
    return true;
}

bool ends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool is_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

Pep440 must_parse(std::string_view text) { return *Pep440::parse(text); }

// packaging.utils.canonicalize_version
std::string canonicalize(std::string_view text, bool strip_trailing_zero) {
    auto v = Pep440::parse(text);
    if (!v) return std::string(text);
    std::string out;
    if (v->epoch != "0") out += v->epoch + "!";
    std::vector<Number> release = v->release;
    if (strip_trailing_zero) {
        while (release.size() > 1 && release.back() == "0") release.pop_back();
        // `re.sub(r"(\.0)+$", "", "0")` keeps a lone "0".
    }
    for (std::size_t i = 0; i < release.size(); ++i) out += (i ? "." : "") + release[i];
    if (v->pre) out += v->pre->first + v->pre->second;
    if (v->post) out += ".post" + *v->post;
    if (v->dev) out += ".dev" + *v->dev;
    if (v->local) {
        out += "+";
        for (std::size_t i = 0; i < v->local->size(); ++i) out += (i ? "." : "") + (*v->local)[i];
    }
    return out;
}

// packaging.specifiers._version_split: "1.4rc2" → ["1", "4", "rc2"] via the
// prefix rule ^([0-9]+)((?:a|b|c|rc)[0-9]+)$ (case-sensitive).
std::vector<std::string> version_split(std::string_view text) {
    auto split_prefix = [](const std::string& item, std::vector<std::string>& out) {
        std::size_t n = 0;
        while (n < item.size() && std::isdigit(static_cast<unsigned char>(item[n]))) ++n;
        if (n == 0 || n == item.size()) return false;
        std::size_t label = item.compare(n, 2, "rc") == 0 ? 2 : (item[n] == 'a' || item[n] == 'b' || item[n] == 'c') ? 1 : 0;
        if (label == 0 || n + label >= item.size() || !is_digits(std::string_view(item).substr(n + label))) return false;
        out.push_back(item.substr(0, n));
        out.push_back(item.substr(n));
        return true;
    };
    std::vector<std::string> out;
    std::size_t start = 0;
    while (true) {
        std::size_t dot = text.find('.', start);
        std::string item(text.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
        if (!split_prefix(item, out)) out.push_back(item);
        if (dot == std::string_view::npos) break;
        start = dot + 1;
    }
    return out;
}

bool is_not_suffix(const std::string& seg) {
    for (std::string_view p : {"dev", "a", "b", "rc", "post"})
        if (seg.rfind(p, 0) == 0) return false;
    return true;
}

// packaging.specifiers._pad_version
std::pair<std::vector<std::string>, std::vector<std::string>> pad_version(const std::vector<std::string>& left,
                                                                          const std::vector<std::string>& right) {
    auto digits_prefix = [](const std::vector<std::string>& v) {
        std::size_t n = 0;
        while (n < v.size() && is_digits(v[n])) ++n;
        return n;
    };
    std::size_t nl = digits_prefix(left), nr = digits_prefix(right);
    std::vector<std::string> l(left.begin(), left.begin() + static_cast<long>(nl));
    std::vector<std::string> r(right.begin(), right.begin() + static_cast<long>(nr));
    if (nr > nl) l.insert(l.end(), nr - nl, "0");
    if (nl > nr) r.insert(r.end(), nl - nr, "0");
    l.insert(l.end(), left.begin() + static_cast<long>(nl), left.end());
    r.insert(r.end(), right.begin() + static_cast<long>(nr), right.end());
    return {l, r};
}

Pep440 public_of(const Pep440& v) {
    Pep440 p = v;
    p.local.reset();
    return p;
}

Pep440 base_of(const Pep440& v) { return must_parse(v.base_version()); }

bool compare_equal(const Pep440& prospective, const std::string& spec) {
    if (ends_with(spec, ".*")) {
        auto split_spec = version_split(canonicalize(spec.substr(0, spec.size() - 2), false));
        auto split_prospective = version_split(canonicalize(prospective.public_str(), true));
        auto padded = pad_version(split_prospective, split_spec).first;
        padded.resize(std::min(padded.size(), split_spec.size()));
        return padded == split_spec;
    }
    Pep440 spec_version = must_parse(spec);
    if (!spec_version.local) return compare(public_of(prospective), spec_version) == 0;
    return compare(prospective, spec_version) == 0;
}

bool compare_op(const std::string& op, const Pep440& prospective, const std::string& spec);

bool compare_compatible(const Pep440& prospective, const std::string& spec) {
    std::vector<std::string> kept;
    for (const auto& seg : version_split(spec)) {
        if (!is_not_suffix(seg)) break;
        kept.push_back(seg);
    }
    if (!kept.empty()) kept.pop_back();
    std::string prefix;
    for (std::size_t i = 0; i < kept.size(); ++i) prefix += (i ? "." : "") + kept[i];
    prefix += ".*";
    return compare_op(">=", prospective, spec) && compare_op("==", prospective, prefix);
}

bool compare_op(const std::string& op, const Pep440& prospective, const std::string& spec) {
    if (op == "~=") return compare_compatible(prospective, spec);
    if (op == "==") return compare_equal(prospective, spec);
    if (op == "!=") return !compare_equal(prospective, spec);
    if (op == "<=") return compare(public_of(prospective), must_parse(spec)) <= 0;
    if (op == ">=") return compare(public_of(prospective), must_parse(spec)) >= 0;
    if (op == "<") {
        Pep440 s = must_parse(spec);
        if (!(compare(prospective, s) < 0)) return false;
        if (!s.is_prerelease() && prospective.is_prerelease() &&
            compare(base_of(prospective), base_of(s)) == 0)
            return false;
        return true;
    }
    if (op == ">") {
        Pep440 s = must_parse(spec);
        if (!(compare(prospective, s) > 0)) return false;
        if (!s.is_postrelease() && prospective.is_postrelease() &&
            compare(base_of(prospective), base_of(s)) == 0)
            return false;
        if (prospective.local && compare(base_of(prospective), base_of(s)) == 0) return false;
        return true;
    }
    // "===": string identity of the normalized prospective version.
    return lower(prospective.str()) == lower(spec);
}

}  // namespace

std::optional<Specifier> Specifier::parse(std::string_view text) {
    text = util::trim(text);
    static const std::vector<std::string_view> ops = {"===", "~=", "==", "!=", "<=", ">=", "<", ">"};
    for (auto op : ops) {
        if (text.substr(0, op.size()) != op) continue;
        std::string_view rest = util::trim(text.substr(op.size()));
        Specifier s{std::string(op), std::string(rest)};
        if (op == "===") {
            if (rest.find_first_of(" \t\n\r\f\v;)") != std::string_view::npos) return std::nullopt;
            return s;
        }
        if (!valid_operand(op, rest)) return std::nullopt;
        return s;
    }
    return std::nullopt;
}

bool Specifier::allows_prereleases() const {
    if (op != "==" && op != ">=" && op != "<=" && op != "~=" && op != "===") return false;
    std::string v = version;
    if (op == "==" && ends_with(v, ".*")) v.resize(v.size() - 2);
    auto parsed = Pep440::parse(v);
    // packaging would raise on an unparsable "===" operand; treat it as "no".
    return parsed && parsed->is_prerelease();
}

bool Specifier::contains(const Pep440& v, bool prereleases) const {
    if (v.is_prerelease() && !prereleases) return false;
    return compare_op(op, v, version);
}

std::optional<SpecifierSet> SpecifierSet::parse(std::string_view text) {
    SpecifierSet set;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t comma = text.find(',', start);
        std::string_view item = util::trim(text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        if (!item.empty()) {
            auto s = Specifier::parse(item);
            if (!s) return std::nullopt;
            set.specs_.push_back(*s);
        }
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return set;
}

bool SpecifierSet::contains(const Pep440& v) const {
    bool prereleases = std::any_of(specs_.begin(), specs_.end(), [](const Specifier& s) { return s.allows_prereleases(); });
    if (!prereleases && v.is_prerelease()) return false;
    return std::all_of(specs_.begin(), specs_.end(), [&](const Specifier& s) { return s.contains(v, prereleases); });
}

std::string SpecifierSet::str() const {
    std::string out;
    for (std::size_t i = 0; i < specs_.size(); ++i) out += (i ? "," : "") + specs_[i].op + specs_[i].version;
    return out;
}

}  // namespace preflight::version
