// plan_patch: a fix replaces the value of the flag that gives its key, adds the flag in
// the launcher's spelling when the launch gives none, and names keys no flag can give.
#include <gtest/gtest.h>

#include "launch/launch_patch.hpp"
#include "rules/pack_collector.hpp"
#include "rules/rule_set.hpp"

namespace preflight::launch {
namespace {

const LauncherSet& bundled() {
    static const LauncherSet set = [] {
        auto collected = rules::collect_packs({{std::string(PREFLIGHT_SOURCE_DIR) + "/rules", true}}, PREFLIGHT_VERSION);
        auto rules = rules::compile_packs(collected->packs);
        return *compile_launchers(*rules);
    }();
    return set;
}

Command command(const std::vector<std::string>& words, const std::map<std::string, std::string>& env = {}) {
    Command c;
    for (std::size_t i = 0; i < words.size(); ++i) c.argv.push_back(Word{words[i], "", Location{"", 0, static_cast<int>(i) + 1}});
    for (const auto& [name, value] : env) c.env[name] = Binding{value, "", Location{}, true};
    return c;
}

rules::Patch patch(std::map<std::string, Value> config, std::map<std::string, std::optional<std::string>> env = {}) {
    rules::Patch p;
    for (auto& [k, v] : config) p.config[k] = rules::PatchEntry{v, "rule"};
    for (auto& [k, v] : env) p.env[k] = rules::PatchEntry{v ? std::optional<Value>(Value(*v)) : std::nullopt, "rule"};
    return p;
}

std::vector<std::string> apply(const std::vector<std::string>& words, const rules::Patch& p, LaunchPatch* out = nullptr) {
    auto c = command(words);
    auto launch = read_launch(c, bundled());
    EXPECT_TRUE(launch) << launch.error().message;
    auto plan = plan_patch(c, *launch, p);
    if (out) *out = plan;
    return patched_argv(words, plan);
}

using Words = std::vector<std::string>;

TEST(LaunchPatch, ReplacesTheValueWhereItStands) {
    EXPECT_EQ(apply({"megatron", "sft", "--padding_free", "true", "--lr", "1e-4"}, patch({{"train.padding_free", Value(false)}})),
              (Words{"megatron", "sft", "--padding_free", "false", "--lr", "1e-4"}));
    EXPECT_EQ(apply({"megatron", "sft", "--padding-free=true"}, patch({{"train.padding_free", Value(false)}})),
              (Words{"megatron", "sft", "--padding-free=false"}));
    // A bare boolean flag gets its value.
    EXPECT_EQ(apply({"megatron", "sft", "--padding_free", "--lr", "1"}, patch({{"train.padding_free", Value(false)}})),
              (Words{"megatron", "sft", "--padding_free", "false", "--lr", "1"}));
}

TEST(LaunchPatch, AddsAFlagTheLaunchDoesNotGive) {
    EXPECT_EQ(
        apply({"megatron", "sft", "--model", "Qwen/Qwen3-8B"},
              patch({{"parallel.tp", Value(2)}, {"train.padding_free", Value(false)}})),
        (Words{"megatron", "sft", "--model", "Qwen/Qwen3-8B", "--tensor_model_parallel_size", "2", "--padding_free", "false"}));
    // Megatron-LM's switches: on adds the switch, off takes it away.
    EXPECT_EQ(apply({"torchrun", "pretrain_gpt.py", "--sequence-parallel", "--bf16"},
                    patch({{"parallel.sequence_parallel", Value(false)}})),
              (Words{"torchrun", "pretrain_gpt.py", "--bf16"}));
}

TEST(LaunchPatch, NamesKeysNoFlagCanGiveAndPlansEnvironmentChanges) {
    LaunchPatch plan;
    apply({"megatron", "sft"}, patch({{"hardware.chip", Value("Ascend910B3")}}, {{"USE_MCORE_GDN", "0"}, {"OLD", std::nullopt}}),
          &plan);
    EXPECT_EQ(plan.unspellable, (Words{"hardware.chip"}));
    ASSERT_EQ(plan.env.size(), 2u);
    EXPECT_EQ(plan.env[0].name, "OLD");
    EXPECT_FALSE(plan.env[0].value);
    EXPECT_EQ(plan.env[1].value, std::optional<std::string>("0"));
}

}  // namespace
}  // namespace preflight::launch
