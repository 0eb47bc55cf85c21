#include "fleet/check_key.hpp"

namespace preflight::fleet {
namespace {

// Fields end in \x1f and entries in \x1e, which no fact name or value holds
// unescaped, so two different nodes never spell one key.
void field(std::string& key, std::string_view text) {
    key += text;
    key += '\x1f';
}

void facts_of(std::string& key, const char* section, const FactMap& map) {
    field(key, section);
    for (const auto& [name, f] : map) {
        field(key, name);
        field(key, f.value.is_null() ? "\x01null" : display(f.value));
    }
    key += '\x1e';
}

}  // namespace

std::string check_key(const facts::NodeFacts& node, const std::set<FactRef>& read) {
    std::string key;
    facts_of(key, "packages", node.packages);
    facts_of(key, "revisions", node.revisions);
    facts_of(key, "hardware", node.hardware);
    field(key, "env");
    for (const auto& ref : read) {
        if (ref.kind != FactRef::Kind::env) continue;
        auto it = node.env.find(ref.name);
        field(key, ref.name);
        field(key, it == node.env.end() ? "\x01unset" : it->second.value.is_null() ? "\x01null" : display(it->second.value));
    }
    key += '\x1e';
    field(key, node.env_complete ? "env complete" : "env partial");
    field(key, node.packages_complete ? "packages complete" : "packages partial");
    for (const auto& name : node.uncovered) field(key, name);
    key += '\x1e';
    for (const auto& d : node.findings) {
        field(key, to_string(d.severity));
        field(key, d.code);
        field(key, d.message);
        field(key, d.location.file);
    }
    return key;
}

}  // namespace preflight::fleet
