#include "config/toml_node.hpp"

#include <sstream>

#include <fmt/format.h>

namespace preflight::config {

std::string toml_type_name(const toml::node& node) {
    switch (node.type()) {
        case toml::node_type::boolean: return "a bool";
        case toml::node_type::integer: return "an integer";
        case toml::node_type::floating_point: return "a float";
        case toml::node_type::string: return "a string";
        case toml::node_type::array: return "an array";
        case toml::node_type::table: return "a table";
        default: return "a date/time";
    }
}

RawTable raw_table(const toml::table& table, const std::string& dotted, const NodeLocation& locate) {
    RawTable raw;
    raw.where = locate(table, dotted);
    for (const auto& [leaf, value] : table) {
        std::string key(leaf.str());
        std::string path = dotted + "." + key;
        if (const auto* sub = value.as_table()) {
            raw.tables[key] = raw_table(*sub, path, locate);
            continue;
        }
        RawEntry entry{value.is_date() ? "a date" : toml_type_name(value), "", locate(value, path)};
        if (const auto* text = value.as_string()) {
            entry.text = text->get();
        } else if (const auto* d = value.as_date()) {
            entry.text = fmt::format("{:04}-{:02}-{:02}", d->get().year, d->get().month, d->get().day);
        } else {
            std::ostringstream written;
            written << toml::toml_formatter{value};
            entry.text = written.str();
        }
        raw.values[key] = std::move(entry);
    }
    return raw;
}

}  // namespace preflight::config
