#include "util/time_text.hpp"

#include <chrono>
#include <cstdio>

namespace preflight::util {
namespace {

// Exactly `width` digits at `at`, as a number; nullopt otherwise.
std::optional<int> digits(std::string_view text, std::size_t at, std::size_t width) {
    if (at + width > text.size()) return std::nullopt;
    int n = 0;
    for (std::size_t i = at; i < at + width; ++i) {
        if (text[i] < '0' || text[i] > '9') return std::nullopt;
        n = n * 10 + (text[i] - '0');
    }
    return n;
}

constexpr std::int64_t kCentury = 100LL * 366 * 24 * 3600;

}  // namespace

std::optional<std::chrono::year_month_day> parse_day(std::string_view text) {
    using namespace std::chrono;
    if (text.size() != 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
    auto y = digits(text, 0, 4), mo = digits(text, 5, 2), d = digits(text, 8, 2);
    if (!y || !mo || !d) return std::nullopt;
    const year_month_day day{year{*y}, month{static_cast<unsigned>(*mo)}, std::chrono::day{static_cast<unsigned>(*d)}};
    if (!day.ok()) return std::nullopt;
    return day;
}

std::optional<std::int64_t> parse_utc_time(std::string_view text) {
    using namespace std::chrono;
    if (text.size() != 10 && text.size() != 20) return std::nullopt;
    auto day = parse_day(text.substr(0, 10));
    if (!day) return std::nullopt;
    std::int64_t seconds = duration_cast<std::chrono::seconds>(sys_days{*day}.time_since_epoch()).count();
    if (text.size() == 10) return seconds;
    auto h = digits(text, 11, 2), mi = digits(text, 14, 2), s = digits(text, 17, 2);
    if (!h || !mi || !s || text[10] != 'T' || text[13] != ':' || text[16] != ':' || text[19] != 'Z') return std::nullopt;
    if (*h > 23 || *mi > 59 || *s > 59) return std::nullopt;
    return seconds + *h * 3600 + *mi * 60 + *s;
}

std::string format_utc_time(std::int64_t seconds) {
    using namespace std::chrono;
    const sys_seconds t{std::chrono::seconds{seconds}};
    const auto day = floor<days>(t);
    const year_month_day ymd{day};
    const hh_mm_ss hms{t - day};
    char out[64];
    std::snprintf(out, sizeof out, "%04d-%02u-%02uT%02d:%02d:%02dZ", static_cast<int>(ymd.year()),
                  static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()), static_cast<int>(hms.hours().count()),
                  static_cast<int>(hms.minutes().count()), static_cast<int>(hms.seconds().count()));
    return out;
}

std::optional<std::int64_t> parse_duration(std::string_view text) {
    if (text.empty()) return std::nullopt;
    std::int64_t total = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        std::int64_t n = 0;
        std::size_t start = i;
        for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
            n = n * 10 + (text[i] - '0');
            if (n > kCentury) return std::nullopt;
        }
        if (i == start || i == text.size()) return std::nullopt;
        switch (text[i++]) {
            case 's': total += n; break;
            case 'm': total += n * 60; break;
            case 'h': total += n * 3600; break;
            case 'd': total += n * 86400; break;
            default: return std::nullopt;
        }
        if (total > kCentury) return std::nullopt;
    }
    return total;
}

}  // namespace preflight::util
