#include "output/generator_notes.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "output/printable.hpp"

namespace preflight::output {

std::string unsettled_refusal(const rules::CheckResult& result) {
    if (result.unsettled.empty()) return "";
    std::vector<std::string> keys;
    for (const auto& ref : result.unsettled) keys.push_back(ref.key());
    return printable(fmt::format(
               "preflight: error: the fixes for {} conflict or never settle, so nothing is written; run 'preflight check' "
               "for details",
               fmt::join(keys, ", "))) +
           "\n";
}

std::string remaining_errors_note(const rules::CheckResult& result) {
    auto open = std::count_if(result.findings.begin(), result.findings.end(),
                              [](const rules::Finding& f) { return f.severity == Severity::error && !f.fixable; });
    if (open == 0) return "";
    return fmt::format("preflight: note: {} error finding{} no safe fix resolves; run 'preflight check' for details\n", open,
                       open == 1 ? "" : "s");
}

}  // namespace preflight::output
