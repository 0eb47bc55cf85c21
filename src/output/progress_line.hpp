// One line on a terminal that says how long work has left: `scan` of a large archive,
// `fleet` over many bundles. Rewritten in place (carriage return) at most ten times a
// second and cleared at the end; nothing at all unless the line is wanted.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace preflight::output {

enum class ProgressUnit { bytes, items };

// "scanning x.tar: 1.2 GiB of 3.4 GiB (35%), 180 MiB/s, 0:12 left"; without a total
// (0), the amount and the rate only. `items_name` names counted things ("bundles").
std::string progress_text(const std::string& what, std::uint64_t done, std::uint64_t total, double seconds, ProgressUnit unit,
                          const std::string& items_name = "");

// Whether a progress line belongs on standard error: it is a terminal, the user did
// not ask for --quiet, TERM is not "dumb", and neither NO_PROGRESS nor CI is set.
bool progress_wanted(bool quiet);

class ProgressLine {
public:
    ProgressLine(std::string what, std::uint64_t total, ProgressUnit unit, bool enabled, std::string items_name = "");
    ~ProgressLine();
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    void update(std::uint64_t done);
    void update(std::uint64_t done, std::uint64_t total);  // where the total is learnt on the way
    void finish();                                         // clears the line; called by the destructor too

private:
    std::string what_, items_name_;
    std::uint64_t total_;
    ProgressUnit unit_;
    bool enabled_;
    std::chrono::steady_clock::time_point start_, last_;
    std::size_t shown_ = 0;  // width of the line on screen, to clear it
};

}  // namespace preflight::output
