#include "output/progress_line.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include <fmt/format.h>

namespace preflight::output {
namespace {

std::string amount(std::uint64_t n, ProgressUnit unit) {
    if (unit == ProgressUnit::items) return fmt::format("{}", n);
    constexpr const char* names[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = static_cast<double>(n);
    int i = 0;
    while (v >= 1024.0 && i < 4) {
        v /= 1024.0;
        ++i;
    }
    return i == 0 ? fmt::format("{} B", n) : fmt::format("{:.1f} {}", v, names[i]);
}

std::string duration(double seconds) {
    auto s = static_cast<std::uint64_t>(std::llround(seconds));
    if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    return fmt::format("{}:{:02}", s / 60, s % 60);
}

}  // namespace

std::string progress_text(const std::string& what, std::uint64_t done, std::uint64_t total, double seconds, ProgressUnit unit,
                          const std::string& items_name) {
    std::string suffix = unit == ProgressUnit::items && !items_name.empty() ? " " + items_name : "";
    std::string out = fmt::format("{}: {}", what, amount(done, unit));
    if (total > 0) out += fmt::format(" of {}{} ({}%)", amount(total, unit), suffix, done * 100 / total);
    else out += suffix;
    if (seconds > 0.0 && done > 0) {
        double rate = static_cast<double>(done) / seconds;
        out += unit == ProgressUnit::bytes ? fmt::format(", {}/s", amount(static_cast<std::uint64_t>(rate), unit))
                                           : fmt::format(", {:.0f}/s", rate);
        if (total > done) out += fmt::format(", {} left", duration(static_cast<double>(total - done) / rate));
    }
    return out;
}

bool progress_wanted(bool quiet) {
    if (quiet || !isatty(STDERR_FILENO)) return false;
    const char* term = std::getenv("TERM");
    if (term && std::string_view(term) == "dumb") return false;
    return !std::getenv("NO_PROGRESS") && !std::getenv("CI");
}

ProgressLine::ProgressLine(std::string what, std::uint64_t total, ProgressUnit unit, bool enabled, std::string items_name)
    : what_(std::move(what)),
      items_name_(std::move(items_name)),
      total_(total),
      unit_(unit),
      enabled_(enabled),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

ProgressLine::~ProgressLine() { finish(); }

void ProgressLine::update(std::uint64_t done) {
    if (!enabled_) return;
    auto now = std::chrono::steady_clock::now();
    if (shown_ > 0 && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    double seconds = std::chrono::duration<double>(now - start_).count();
    std::string line = progress_text(what_, done, total_, seconds, unit_, items_name_);
    // Pad over the previous line's tail, which may have been longer.
    std::string padded = line + std::string(shown_ > line.size() ? shown_ - line.size() : 0, ' ');
    std::fputs(("\r" + padded).c_str(), stderr);
    std::fflush(stderr);
    shown_ = line.size();
}

void ProgressLine::update(std::uint64_t done, std::uint64_t total) {
    total_ = total;
    update(done);
}

void ProgressLine::finish() {
    if (!enabled_ || shown_ == 0) return;
    std::fputs(("\r" + std::string(shown_, ' ') + "\r").c_str(), stderr);
    std::fflush(stderr);
    shown_ = 0;
}

}  // namespace preflight::output
