#include "util/hostlist.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace preflight::util {
namespace {

using Names = std::vector<std::string>;
using Expanded = tl::expected<Names, HostlistError>;

tl::unexpected<HostlistError> error(std::string message, std::size_t offset) {
    return tl::unexpected<HostlistError>(HostlistError{std::move(message), static_cast<int>(offset) + 1});
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string padded(unsigned long long n, std::size_t width) {
    std::string s = std::to_string(n);
    if (s.size() < width) s.insert(0, width - s.size(), '0');
    return s;
}

// A number of a bracket; `at` is the offset of `digits` in the whole text.
tl::expected<unsigned long long, HostlistError> number(std::string_view digits, std::size_t at) {
    if (digits.empty()) return error("expected a number", at);
    if (digits.size() > 18) return error("the number is too large", at);
    unsigned long long n = 0;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (!is_digit(digits[i])) return error(std::string("expected a digit, not '") + digits[i] + "'", at + i);
        n = n * 10 + static_cast<unsigned long long>(digits[i] - '0');
    }
    return n;
}

// The values of one bracket's inside ("1-3,07"), each already padded.
Expanded bracket_values(std::string_view inside, std::size_t at, std::size_t limit) {
    Names values;
    std::size_t start = 0;
    while (true) {
        std::size_t comma = inside.find(',', start);
        std::string_view part = inside.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        std::size_t part_at = at + start;
        if (part.empty()) return error("empty range in brackets", part_at);
        std::size_t dash = part.find('-');
        std::string_view lo_text = part.substr(0, dash);
        auto lo = number(lo_text, part_at);
        if (!lo) return tl::unexpected(lo.error());
        auto hi = lo;
        if (dash != std::string_view::npos) {
            hi = number(part.substr(dash + 1), part_at + dash + 1);
            if (!hi) return tl::unexpected(hi.error());
            if (*hi < *lo) return error("the range's end is below its start", part_at);
        }
        if (*hi - *lo >= limit || values.size() + (*hi - *lo) >= limit)
            return error("the list spells more than " + std::to_string(limit) + " names", part_at);
        for (auto n = *lo; n <= *hi; ++n) values.push_back(padded(n, lo_text.size()));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return values;
}

// One name pattern (no top-level commas): literal text and bracket groups, crossed.
tl::expected<void, HostlistError> expand_item(std::string_view item, std::size_t at, std::size_t limit, Names& out) {
    if (item.empty()) return error("empty name", at);
    Names partial{""};
    std::size_t i = 0;
    while (i < item.size()) {
        if (item[i] == ']') return error("']' without '['", at + i);
        if (item[i] != '[') {
            std::size_t next = item.find_first_of("[]", i);
            std::string_view text = item.substr(i, next == std::string_view::npos ? std::string_view::npos : next - i);
            for (auto& p : partial) p += text;
            i += text.size();
            continue;
        }
        std::size_t close = item.find_first_of("[]", i + 1);
        if (close == std::string_view::npos || item[close] != ']')
            return close == std::string_view::npos ? error("'[' is never closed", at + i) : error("nested '['", at + close);
        auto values = bracket_values(item.substr(i + 1, close - i - 1), at + i + 1, limit);
        if (!values) return tl::unexpected(values.error());
        if (partial.size() * values->size() + out.size() > limit)
            return error("the list spells more than " + std::to_string(limit) + " names", at + i);
        Names crossed;
        crossed.reserve(partial.size() * values->size());
        for (const auto& p : partial)
            for (const auto& v : *values) crossed.push_back(p + v);
        partial = std::move(crossed);
        i = close + 1;
    }
    if (out.size() + partial.size() > limit) return error("the list spells more than " + std::to_string(limit) + " names", at);
    out.insert(out.end(), partial.begin(), partial.end());
    return {};
}

}  // namespace

tl::expected<std::vector<std::string>, HostlistError> expand_hostlist(std::string_view text, std::size_t limit) {
    Names out;
    std::size_t start = 0;
    int depth = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        char c = i < text.size() ? text[i] : ',';
        if (c == '[') ++depth;
        if (c == ']') --depth;
        if (i < text.size() && (c != ',' || depth > 0)) continue;
        if (auto ok = expand_item(text.substr(start, i - start), start, limit, out); !ok) return tl::unexpected(ok.error());
        depth = 0;
        start = i + 1;
    }
    return out;
}

std::string compress_hostlist(std::vector<std::string> names) {
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    // A name's prefix (text before its trailing digits) and those digits.
    struct Numbered {
        unsigned long long n;
        std::size_t digits;
    };
    std::map<std::string, std::vector<Numbered>> by_prefix;
    std::vector<std::string> bare;  // names that do not end in a number
    for (const auto& name : names) {
        std::size_t d = name.size();
        while (d > 0 && is_digit(name[d - 1])) --d;
        std::size_t count = name.size() - d;
        if (count == 0 || count > 18) {
            bare.push_back(name);
            continue;
        }
        by_prefix[name.substr(0, d)].push_back({std::stoull(name.substr(d)), count});
    }
    // Within a prefix, a group per padding width: a zero-padded number fixes the
    // width; a number without padding joins the widest group it prints the same in
    // (n09 and n10 both belong to width 2), else the unpadded group (width 0).
    std::vector<std::tuple<std::string, std::size_t, std::vector<unsigned long long>>> groups;
    for (auto& [prefix, numbered] : by_prefix) {
        std::map<std::size_t, std::vector<unsigned long long>> by_width;
        std::vector<std::size_t> widths;
        for (const auto& x : numbered)
            if (x.digits > 1 && padded(x.n, 0).size() < x.digits) widths.push_back(x.digits);
        for (const auto& x : numbered) {
            std::size_t width = 0;
            bool is_padded = padded(x.n, 0).size() < x.digits;
            if (is_padded) width = x.digits;
            else
                for (auto w : widths)
                    if (w <= x.digits) width = std::max(width, w);
            by_width[width].push_back(x.n);
        }
        for (auto& [width, numbers] : by_width) {
            std::sort(numbers.begin(), numbers.end());
            groups.emplace_back(prefix, width, std::move(numbers));
        }
    }
    std::string out;
    auto append = [&out](const std::string& part) {
        if (!out.empty()) out += ',';
        out += part;
    };
    for (const auto& [prefix, width, numbers] : groups) {
        if (numbers.size() == 1) {
            append(prefix + padded(numbers.front(), width));
            continue;
        }
        std::string ranges;
        for (std::size_t i = 0; i < numbers.size();) {
            std::size_t j = i;
            while (j + 1 < numbers.size() && numbers[j + 1] == numbers[j] + 1) ++j;
            if (!ranges.empty()) ranges += ',';
            ranges += padded(numbers[i], width);
            if (j > i) ranges += '-' + padded(numbers[j], width);
            i = j + 1;
        }
        append(prefix + '[' + ranges + ']');
    }
    for (const auto& name : bare) append(name);
    return out;
}

}  // namespace preflight::util
