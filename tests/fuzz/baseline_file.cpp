// A baseline file (--baseline), as `check` reads it; what it accepts is written back
// as `--write-baseline` writes it and must read back the same.
#include <set>

#include "fuzz_targets.hpp"
#include "rules/baseline.hpp"

namespace preflight::fuzz {

int baseline_file(const std::uint8_t* data, std::size_t size) {
    auto path = scratch_file("baseline.json", as_text(data, size));
    auto baseline = rules::read_baseline(path);
    if (!baseline) return 0;
    auto again = rules::read_baseline(scratch_file("baseline-again.json", rules::baseline_json(baseline->entries)));
    check(again.has_value(), "a baseline written from an accepted one reads back");
    std::set<std::string> before, after;
    for (const auto& e : baseline->entries) before.insert(e.fingerprint);
    for (const auto& e : again->entries) after.insert(e.fingerprint);
    check(before == after, "a baseline written back keeps its fingerprints");
    return 0;
}

}  // namespace preflight::fuzz
