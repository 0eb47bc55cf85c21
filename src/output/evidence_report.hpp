// What `rules verify` and `rules outdated` found: text for a terminal, JSON, SARIF (a
// mismatched reference as a result at its place in the pack file), and the Markdown
// page docs/evidence.md is generated as.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "output/style.hpp"
#include "rules/outdated.hpp"
#include "rules/verify.hpp"

namespace preflight::output {

// The citation a moved quote asks for: the same reference at the line where the quote
// stands now (a range keeps its length).
std::string moved_citation(const rules::CheckedReference& c);

// One line per code reference (`quiet`: mismatches only), then the tally.
std::string verify_text(const rules::VerifyReport& report, bool quiet, const Style& style);
nlohmann::ordered_json verify_json(const rules::VerifyReport& report);
nlohmann::ordered_json verify_sarif(const rules::VerifyReport& report);
// `mirrors` names the directory read, as the page says it.
std::string verify_markdown(const rules::VerifyReport& report, const std::string& mirrors);

std::string outdated_text(const rules::OutdatedReport& report, const Style& style);
nlohmann::ordered_json outdated_json(const rules::OutdatedReport& report);

}  // namespace preflight::output
