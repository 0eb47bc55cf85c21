#include "output/fact_lines.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "output/printable.hpp"

namespace preflight::output {
namespace {

std::string package_value(const Fact& fact) { return fact.value.is_null() ? "not installed" : display(fact.value); }

}  // namespace

std::string fact_line(std::string_view origin, std::string_view name, std::string_view value) {
    return printable(fmt::format("({}) {} = {}", origin, name, value));
}

std::string fact_set_lines(const facts::FactSet& facts) {
    std::vector<std::pair<std::string, std::string>> lines;  // sort key, line
    auto add = [&](std::string name, const Fact& fact, const std::string& value) {
        std::string line = fact_line(describe(fact.origin), name, value);
        lines.emplace_back(std::move(name), std::move(line));
    };
    for (const auto& [key, fact] : facts.config) add(key, fact, display(fact.value));
    for (const auto& [name, fact] : facts.env) add("env " + name, fact, display(fact.value));
    for (const auto& [name, fact] : facts.packages) add("pkg " + name, fact, package_value(fact));
    std::sort(lines.begin(), lines.end());
    std::string out;
    for (const auto& [name, line] : lines) out += line + "\n";
    return out;
}

std::string node_fact_lines(const facts::NodeFacts& node) {
    std::string out;
    for (const auto& [name, fact] : node.hardware) out += fact_line(describe(fact.origin), name, display(fact.value)) + "\n";
    for (const auto& [name, fact] : node.packages)
        out += fact_line(describe(fact.origin), "pkg " + name, display(fact.value)) + "\n";
    for (const auto& [name, fact] : node.env) {
        // The value is already the redaction marker; say which rule hid it.
        auto why = node.redacted.find(name);
        std::string value = display(fact.value) + (why == node.redacted.end() ? "" : "  [" + why->second + "]");
        out += fact_line(origin_kind_name(OriginKind::probe), "env " + name, value) + "\n";
    }
    return out;
}

}  // namespace preflight::output
