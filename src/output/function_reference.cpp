#include "output/function_reference.hpp"

#include <algorithm>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "lang/functions.hpp"

namespace preflight::output {
namespace {

// A '|' would end a Markdown table cell, inside code spans too.
std::string table_cell(std::string text) {
    for (std::size_t at = 0; (at = text.find('|', at)) != std::string::npos; at += 2) text.replace(at, 1, "\\|");
    return text;
}

}  // namespace

std::string function_reference() {
    std::vector<const lang::FunctionDef*> defs;
    for (const auto& f : lang::all_functions()) defs.push_back(&f);
    std::sort(defs.begin(), defs.end(), [](const auto* a, const auto* b) { return std::string_view(a->name) < b->name; });
    std::string out = "| function | meaning |\n| --- | --- |\n";
    for (const auto* f : defs) out += fmt::format("| `{}` | {} |\n", table_cell(f->signature), table_cell(f->doc));
    return out;
}

}  // namespace preflight::output
