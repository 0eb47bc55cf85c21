#include "output/pack_test_report.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "output/printable.hpp"

namespace preflight::output {

std::string pack_test_report(const rules::TestReport& report, bool quiet, const Style& style) {
    std::string out;
    std::string fail = style.paint("FAIL", "1;31");
    for (const auto& c : report.cases) {
        if (c.passed && quiet) continue;
        out += fmt::format("{} {}/{}\n", c.passed ? style.paint("PASS", "32") : fail, printable(c.pack), printable(c.name));
        for (const auto& d : c.diff) out += "    " + printable(d) + "\n";
    }
    for (const auto& gap : report.coverage_gaps) out += fail + " coverage: " + printable(gap) + "\n";
    if (!report.untested.empty())
        out += fmt::format(
            "note: {} pack{} compiled into this binary carry no tests ({}); run `preflight rules test --rules "
            "DIR` on a source checkout's rules/\n",
            report.untested.size(), report.untested.size() == 1 ? "" : "s",
            printable(fmt::format("{}", fmt::join(report.untested, ", "))));
    std::size_t failed = report.failed();
    out += fmt::format("rules test: {} passed, {} failed\n", report.cases.size() + report.coverage_gaps.size() - failed, failed);
    return out;
}

}  // namespace preflight::output
