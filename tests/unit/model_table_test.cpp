// Every row of the bundled known_models table fills the model's shape for its id, and
// stays quiet where a config.json was read or another arch is given.
#include <gtest/gtest.h>

#include "rules/model_table.hpp"
#include "rules/pack_collector.hpp"

namespace preflight::rules {
namespace {

const RuleSet& bundled() {
    static const RuleSet set = [] {
        auto collected = collect_packs({{std::string(PREFLIGHT_SOURCE_DIR) + "/rules", true}}, PREFLIGHT_VERSION);
        EXPECT_TRUE(collected.has_value());
        auto rules = compile_packs(collected->packs);
        EXPECT_TRUE(rules.has_value()) << rules.error().message;
        return std::move(*rules);
    }();
    return set;
}

facts::FactSet with(const std::map<std::string, Value>& values) {
    facts::FactSet f;
    for (const auto& [k, v] : values) f.config[k] = Fact{v, Origin{OriginKind::job, Location{"job.toml", 3, 1}, {}}};
    return f;
}

TEST(ModelTable, EveryRowFillsItsModel) {
    const auto& table = bundled().tables.at("known_models");
    ASSERT_GE(table.rows.get().size(), 7u);
    for (const auto& row : table.rows.get()) {
        const Value& id = row.cells.at("id");
        auto f = with({{"model.id", id}});
        fill_from_model_table(bundled(), f);
        ASSERT_TRUE(f.config.count("model.arch")) << display(id);
        EXPECT_EQ(f.config.at("model.arch").value, row.cells.at("arch"));
        EXPECT_EQ(f.config.at("model.arch").origin.kind, OriginKind::model_table);
        EXPECT_EQ(describe(f.config.at("model.arch").origin), "model table: model-catalog");
        EXPECT_EQ(f.config.at("model.num_attention_heads").value, row.cells.at("num_attention_heads")) << display(id);
        // A 0 is a count the table does not know: left out, unknown.
        for (const char* column : {"linear_num_key_heads", "linear_num_value_heads", "num_experts"})
            EXPECT_EQ(f.config.count(std::string("model.") + column), row.cells.at(column) == Value(std::int64_t{0}) ? 0u : 1u)
                << display(id) << " " << column;

        // Quiet: a config.json was read; another arch is given; a key is given.
        auto read = with({{"model.id", id}, {"model.config", Value("/m/config.json")}});
        fill_from_model_table(bundled(), read);
        EXPECT_FALSE(read.config.count("model.arch"));
        auto other = with({{"model.id", id}, {"model.arch", Value("llama")}});
        fill_from_model_table(bundled(), other);
        EXPECT_FALSE(other.config.count("model.num_attention_heads")) << display(id);
        auto given = with({{"model.id", id}, {"model.num_attention_heads", Value(std::int64_t{7})}});
        fill_from_model_table(bundled(), given);
        EXPECT_EQ(given.config.at("model.num_attention_heads").value, Value(std::int64_t{7}));
        EXPECT_EQ(given.config.at("model.arch").origin.kind, OriginKind::model_table);
    }
}

TEST(ModelTable, AnUnknownIdFillsNothing) {
    auto f = with({{"model.id", Value("Example/Unknown-7B")}});
    fill_from_model_table(bundled(), f);
    EXPECT_EQ(f.config.size(), 1u);
    auto path = with({{"model.id", Value("/data/Qwen/Qwen3-8B")}});
    fill_from_model_table(bundled(), path);
    EXPECT_EQ(path.config.size(), 1u);
}

}  // namespace
}  // namespace preflight::rules
