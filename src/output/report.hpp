// Check results as text (for people) and JSON (docs/manual.md, "JSON output", for machines).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "output/style.hpp"
#include "rules/engine.hpp"

namespace preflight::output {

struct ReportInput {
    std::string config_path;
    const rules::CheckResult* result = nullptr;
    std::string verdict;  // pass | warn | fail
    bool quiet = false;
};

std::string text_report(const ReportInput& in, const Style& style);
nlohmann::ordered_json json_report(const ReportInput& in);

}  // namespace preflight::output
