// Times and durations written as text: the UTC time a snapshot manifest records
// ("2026-07-01T12:00:00Z") and the ages a command line gives ("30m", "2h", "1h30m").
// Seconds since the epoch throughout; the calendar is the proleptic Gregorian one.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace preflight::util {

// "YYYY-MM-DD", a real calendar day (a waiver's expiry, check's --now); nullopt otherwise.
std::optional<std::chrono::year_month_day> parse_day(std::string_view text);

// "YYYY-MM-DDTHH:MM:SSZ", or "YYYY-MM-DD" (that day's midnight, UTC); nullopt for any
// other text or a day or time that does not exist.
std::optional<std::int64_t> parse_utc_time(std::string_view text);
std::string format_utc_time(std::int64_t seconds);  // "YYYY-MM-DDTHH:MM:SSZ"

// One or more NUMBER UNIT pairs, units s, m, h, d ("90s", "30m", "1h30m", "2d");
// nullopt for anything else, an empty text or a total past a century.
std::optional<std::int64_t> parse_duration(std::string_view text);

}  // namespace preflight::util
