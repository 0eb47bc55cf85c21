#include "rules/model_table.hpp"

#include "config/key_table.hpp"

namespace preflight::rules {
namespace {

constexpr const char* kTable = "known_models";
constexpr const char* kIdColumn = "id";

bool given(const facts::FactSet& facts, const std::string& key) {
    auto it = facts.config.find(key);
    return it != facts.config.end() && it->second.origin.kind != OriginKind::default_value && !it->second.value.is_unknown();
}

// The pack whose file holds the row (a table belongs to one pack).
std::string pack_of(const RuleSet& rules, const Location& row) {
    for (const auto& p : rules.packs)
        if (p.file == row.file) return p.name;
    return row.file;
}

}  // namespace

void fill_from_model_table(const RuleSet& rules, facts::FactSet& facts) {
    auto table = rules.tables.find(kTable);
    auto id = facts.config.find("model.id");
    if (table == rules.tables.end() || id == facts.config.end() || given(facts, "model.config")) return;
    const std::string* model = id->second.value.get<std::string>();
    if (!model) return;
    const TableRow* row = nullptr;
    for (const auto& r : table->second.rows.get())
        if (auto cell = r.cells.find(kIdColumn); cell != r.cells.end() && cell->second == Value(*model)) row = &r;
    if (!row) return;
    if (auto arch = row->cells.find("arch");
        arch != row->cells.end() && given(facts, "model.arch") && !(facts.config.at("model.arch").value == arch->second))
        return;
    Origin origin{OriginKind::model_table, row->where, pack_of(rules, row->where)};
    for (const auto& [column, cell] : row->cells) {
        std::string key = "model." + column;
        if (column == kIdColumn || !config::find_key(key) || given(facts, key)) continue;
        if (const auto* n = cell.get<std::int64_t>(); n && *n == 0) continue;
        Origin at = origin;
        if (auto w = row->cell_where.find(column); w != row->cell_where.end()) at.where = w->second;
        facts.config[key] = Fact{cell, at};
    }
}

}  // namespace preflight::rules
