#include "version/pep440.hpp"

#include <algorithm>
#include <cctype>
#include <regex>

namespace preflight::version {
namespace {

// packaging.version.VERSION_PATTERN, with numbered groups:
// 1 epoch, 2 release, 4 pre_l, 5 pre_n, 6 post, 7 post_n1, 8 post_l, 9 post_n2,
// 10 dev, 12 dev_n, 13 local.
const std::regex& version_regex() {
    static const std::regex re(
        R"(^\s*v?(?:(?:([0-9]+)!)?([0-9]+(?:\.[0-9]+)*))"
        R"(([-_\.]?(alpha|beta|preview|pre|a|b|c|rc)[-_\.]?([0-9]+)?)?)"
        R"(((?:-([0-9]+))|(?:[-_\.]?(post|rev|r)[-_\.]?([0-9]+)?))?)"
        R"(([-_\.]?(dev)[-_\.]?([0-9]+)?)?)"
        R"()(?:\+([a-z0-9]+(?:[-_\.][a-z0-9]+)*))?\s*$)",
        std::regex::icase | std::regex::optimize);
    return re;
}

Number canonical_number(std::string_view digits) {
    std::size_t first = digits.find_first_not_of('0');
    if (first == std::string_view::npos) return "0";
    return Number(digits.substr(first));
}

bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string join(const std::vector<std::string>& parts, char sep) {
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i) out += sep;
        out += parts[i];
    }
    return out;
}

// Sort-key pieces with the ±infinity sentinels packaging uses.
enum class Bound { neg_inf, value, pos_inf };

int cmp_release(const std::vector<Number>& a, const std::vector<Number>& b) {
    // Trailing zeros do not count: 1.0 == 1.0.0.
    auto trimmed = [](const std::vector<Number>& r) {
        std::size_t n = r.size();
        while (n > 0 && r[n - 1] == "0") --n;
        return n;
    };
    std::size_t na = trimmed(a), nb = trimmed(b);
    for (std::size_t i = 0; i < std::min(na, nb); ++i) {
        if (int c = compare_numbers(a[i], b[i])) return c;
    }
    return na < nb ? -1 : (na > nb ? 1 : 0);
}

int cmp_local(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    // Numeric parts sort above alphanumeric ones; numbers by value, strings lexically.
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
        bool da = all_digits(a[i]), db = all_digits(b[i]);
        int c = 0;
        if (da && db) c = compare_numbers(a[i], b[i]);
        else if (da) c = 1;
        else if (db) c = -1;
        else c = a[i] < b[i] ? -1 : (a[i] > b[i] ? 1 : 0);
        if (c) return c;
    }
    return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
}

template <class T, class Cmp>
int cmp_bounded(Bound ba, const T* va, Bound bb, const T* vb, Cmp cmp) {
    if (ba != bb) return static_cast<int>(ba) < static_cast<int>(bb) ? -1 : 1;
    if (ba != Bound::value) return 0;
    return cmp(*va, *vb);
}

}  // namespace

int compare_numbers(const Number& a, const Number& b) {
    if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
    return a < b ? -1 : (a > b ? 1 : 0);
}

std::optional<Pep440> Pep440::parse(std::string_view text) {
    std::match_results<std::string_view::const_iterator> m;
    if (!std::regex_match(text.begin(), text.end(), m, version_regex())) return std::nullopt;
    auto group = [&](int i) { return std::string(m[i].first, m[i].second); };
    Pep440 v;
    if (m[1].matched) v.epoch = canonical_number(group(1));
    std::string release = group(2);
    std::size_t start = 0;
    while (true) {
        std::size_t dot = release.find('.', start);
        v.release.push_back(canonical_number(std::string_view(release).substr(start, dot - start)));
        if (dot == std::string::npos) break;
        start = dot + 1;
    }
    if (m[4].matched) {
        std::string letter = lower(group(4));
        if (letter == "alpha") letter = "a";
        else if (letter == "beta") letter = "b";
        else if (letter == "c" || letter == "pre" || letter == "preview") letter = "rc";
        v.pre = std::make_pair(letter, m[5].matched ? canonical_number(group(5)) : Number("0"));
    }
    if (m[6].matched) {
        if (m[7].matched) v.post = canonical_number(group(7));
        else v.post = m[9].matched ? canonical_number(group(9)) : Number("0");
    }
    if (m[10].matched) v.dev = m[12].matched ? canonical_number(group(12)) : Number("0");
    if (m[13].matched) {
        std::vector<std::string> parts;
        std::string local = lower(group(13));
        std::string current;
        for (char c : local + ".") {
            if (c == '.' || c == '-' || c == '_') {
                parts.push_back(all_digits(current) ? canonical_number(current) : current);
                current.clear();
            } else {
                current += c;
            }
        }
        v.local = std::move(parts);
    }
    return v;
}

std::string Pep440::base_version() const {
    std::string out;
    if (epoch != "0") out += epoch + "!";
    out += join(release, '.');
    return out;
}

std::string Pep440::public_str() const {
    std::string out = base_version();
    if (pre) out += pre->first + pre->second;
    if (post) out += ".post" + *post;
    if (dev) out += ".dev" + *dev;
    return out;
}

std::string Pep440::str() const {
    std::string out = public_str();
    if (local) out += "+" + join(*local, '.');
    return out;
}

int compare(const Pep440& a, const Pep440& b) {
    if (int c = compare_numbers(a.epoch, b.epoch)) return c;
    if (int c = cmp_release(a.release, b.release)) return c;

    // A dev release of a final version sorts before its pre-releases: 1.0.dev0 < 1.0a0.
    auto pre_bound = [](const Pep440& v) {
        if (!v.pre && !v.post && v.dev) return Bound::neg_inf;
        return v.pre ? Bound::value : Bound::pos_inf;
    };
    auto cmp_pre = [](const std::pair<std::string, Number>& x, const std::pair<std::string, Number>& y) {
        if (x.first != y.first) return x.first < y.first ? -1 : 1;
        return compare_numbers(x.second, y.second);
    };
    const auto* pa = a.pre ? &*a.pre : nullptr;
    const auto* pb = b.pre ? &*b.pre : nullptr;
    if (int c = cmp_bounded(pre_bound(a), pa, pre_bound(b), pb, cmp_pre)) return c;

    auto bound_of = [](bool present, Bound missing) { return present ? Bound::value : missing; };
    const Number* qa = a.post ? &*a.post : nullptr;
    const Number* qb = b.post ? &*b.post : nullptr;
    if (int c = cmp_bounded(bound_of(a.post.has_value(), Bound::neg_inf), qa,
                            bound_of(b.post.has_value(), Bound::neg_inf), qb, compare_numbers))
        return c;
    const Number* da = a.dev ? &*a.dev : nullptr;
    const Number* db = b.dev ? &*b.dev : nullptr;
    if (int c = cmp_bounded(bound_of(a.dev.has_value(), Bound::pos_inf), da,
                            bound_of(b.dev.has_value(), Bound::pos_inf), db, compare_numbers))
        return c;
    const auto* la = a.local ? &*a.local : nullptr;
    const auto* lb = b.local ? &*b.local : nullptr;
    return cmp_bounded(bound_of(a.local.has_value(), Bound::neg_inf), la,
                       bound_of(b.local.has_value(), Bound::neg_inf), lb, cmp_local);
}

}  // namespace preflight::version
