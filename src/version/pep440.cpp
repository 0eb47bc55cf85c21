#include "version/pep440.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "util/text.hpp"
#include "version/python_space.hpp"

namespace preflight::version {
namespace {

Number canonical_number(std::string_view digits) {
    std::size_t first = digits.find_first_not_of('0');
    if (first == std::string_view::npos) return "0";
    return Number(digits.substr(first));
}

bool all_digits(std::string_view s) { return !s.empty() && std::all_of(s.begin(), s.end(), util::is_ascii_digit); }

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

namespace {

// A scanner over packaging's VERSION_PATTERN (case-insensitive):
//   v? (N!)? N(.N)* pre? post? dev? (+local)?   (white space around it is stripped first),
//   pre  = [-_.]? (alpha|beta|preview|pre|a|b|c|rc) [-_.]? N?
//   post = -N | [-_.]? (post|rev|r) [-_.]? N?
//   dev  = [-_.]? dev [-_.]? N?
//   local = [a-z0-9]+ ([-_.][a-z0-9]+)*
// Each optional part is taken greedily; none of them can make a later part fail that
// would otherwise match, so no backtracking is needed (the differential test checks
// this against packaging).
class Scanner {
public:
    explicit Scanner(std::string_view s) : s_(s) {}
    std::size_t pos = 0;

    bool done() const { return pos >= s_.size(); }
    char peek(std::size_t ahead = 0) const { return pos + ahead < s_.size() ? util::ascii_lower(s_[pos + ahead]) : '\0'; }
    static bool is_sep(char c) { return c == '-' || c == '_' || c == '.'; }
    std::string_view digits() {
        std::size_t start = pos;
        while (!done() && util::is_ascii_digit(s_[pos])) ++pos;
        return s_.substr(start, pos - start);
    }
    // Consumes `word` (lower case) if it is next.
    bool word(std::string_view w) {
        for (std::size_t i = 0; i < w.size(); ++i)
            if (peek(i) != w[i]) return false;
        pos += w.size();
        return true;
    }
    bool optional_sep() {
        if (is_sep(peek())) {
            ++pos;
            return true;
        }
        return false;
    }
    std::string_view text() const { return s_; }

private:
    std::string_view s_;
};

// Tries `[-_.]? label [-_.]? N?`; restores the position when no label follows.
std::optional<std::pair<std::string, Number>> labelled(Scanner& sc, std::initializer_list<std::string_view> labels) {
    std::size_t start = sc.pos;
    sc.optional_sep();
    for (auto label : labels) {
        if (sc.word(label)) {
            sc.optional_sep();
            auto n = sc.digits();
            return std::make_pair(std::string(label), n.empty() ? Number("0") : canonical_number(n));
        }
    }
    sc.pos = start;
    return std::nullopt;
}

}  // namespace

std::optional<Pep440> Pep440::parse(std::string_view text) {
    Scanner sc(strip_python_space(text));
    Pep440 v;
    v.text = std::string(text);
    if (sc.peek() == 'v') ++sc.pos;
    auto first = sc.digits();
    if (first.empty()) return std::nullopt;
    if (sc.peek() == '!') {
        ++sc.pos;
        v.epoch = canonical_number(first);
        first = sc.digits();
        if (first.empty()) return std::nullopt;
    }
    v.release.push_back(canonical_number(first));
    while (sc.peek() == '.' && util::is_ascii_digit(sc.peek(1))) {
        ++sc.pos;
        v.release.push_back(canonical_number(sc.digits()));
    }
    if (auto pre = labelled(sc, {"alpha", "beta", "preview", "pre", "a", "b", "c", "rc"})) {
        std::string letter = pre->first;
        if (letter == "alpha") letter = "a";
        else if (letter == "beta") letter = "b";
        else if (letter == "c" || letter == "pre" || letter == "preview") letter = "rc";
        v.pre = std::make_pair(letter, pre->second);
    }
    if (sc.peek() == '-' && util::is_ascii_digit(sc.peek(1))) {
        ++sc.pos;
        v.post = canonical_number(sc.digits());
    } else if (auto post = labelled(sc, {"post", "rev", "r"})) {
        v.post = post->second;
    }
    if (auto dev = labelled(sc, {"dev"})) v.dev = dev->second;
    if (sc.peek() == '+') {
        ++sc.pos;
        std::vector<std::string> parts;
        std::string current;
        while (!sc.done()) {
            char c = sc.peek();
            if (util::is_ascii_alnum(c)) {
                current += c;
                ++sc.pos;
            } else if (Scanner::is_sep(c) && !current.empty() && util::is_ascii_alnum(sc.peek(1))) {
                parts.push_back(all_digits(current) ? canonical_number(current) : current);
                current.clear();
                ++sc.pos;
            } else {
                break;
            }
        }
        if (current.empty()) return std::nullopt;
        parts.push_back(all_digits(current) ? canonical_number(current) : current);
        v.local = std::move(parts);
    }
    if (!sc.done()) return std::nullopt;
    return v;
}

std::string Pep440::base_version() const {
    std::string out;
    if (epoch != "0") out += epoch + "!";
    out += fmt::format("{}", fmt::join(release, "."));
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
    if (local) out += fmt::format("+{}", fmt::join(*local, "."));
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
    if (int c = cmp_bounded(bound_of(a.post.has_value(), Bound::neg_inf), qa, bound_of(b.post.has_value(), Bound::neg_inf), qb,
                            compare_numbers))
        return c;
    const Number* da = a.dev ? &*a.dev : nullptr;
    const Number* db = b.dev ? &*b.dev : nullptr;
    if (int c = cmp_bounded(bound_of(a.dev.has_value(), Bound::pos_inf), da, bound_of(b.dev.has_value(), Bound::pos_inf), db,
                            compare_numbers))
        return c;
    const auto* la = a.local ? &*a.local : nullptr;
    const auto* lb = b.local ? &*b.local : nullptr;
    return cmp_bounded(bound_of(a.local.has_value(), Bound::neg_inf), la, bound_of(b.local.has_value(), Bound::neg_inf), lb,
                       cmp_local);
}

}  // namespace preflight::version
