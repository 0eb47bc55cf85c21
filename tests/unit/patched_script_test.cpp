// patched_script: each edit of a launch's plan lands in the script's own text, and what
// cannot be placed is named instead of guessed.
#include <gtest/gtest.h>

#include "launch/shell_script.hpp"
#include "output/patched_script.hpp"

namespace preflight::output {
namespace {

struct Read {
    std::string text;
    launch::Script script;
};

Read read(const std::string& text) {
    auto script = launch::read_script_text(text, "t.sh", launch::ReadOptions{});
    EXPECT_TRUE(script) << script.error().message;
    return {text, *script};
}

std::string patched(const Read& r, launch::LaunchPatch plan, std::vector<std::string>* notes = nullptr) {
    auto out = patched_script(r.text, "t.sh", {{&r.script.commands.back(), std::move(plan), "megatron-swift"}});
    EXPECT_TRUE(out) << out.error().message;
    if (notes) *notes = out->notes;
    return out ? out->text : "";
}

TEST(PatchedScript, TakesASwitchOutWithItsLineWhenNothingElseIsOnIt) {
    auto r = read(
        "megatron sft \\\n"
        "    --use_distributed_optimizer \\\n"
        "    --lr 1e-4 --finetune \\\n"
        "    --save out\n");
    launch::LaunchPatch plan;
    plan.argv = {{"a", 2, 1, {}}, {"b", 5, 1, {}}};  // the two switches
    EXPECT_EQ(patched(r, plan),
              "megatron sft \\\n"
              "    --lr 1e-4 \\\n"
              "    --save out\n");
}

TEST(PatchedScript, EditsInlineValuesGivesBareFlagsAValueAndDropsExtraWords) {
    auto r = read("megatron sft --padding-free=true --packing --dataset a 'b c' d --lr 1\n");
    launch::LaunchPatch plan;
    plan.argv = {
        {"train.padding_free", 2, 1, {"--padding-free=false"}},
        {"train.packing", 3, 1, {"--packing", "false"}},
        {"data.dataset", 4, 4, {"--dataset", "x y"}},
    };
    EXPECT_EQ(patched(r, plan), "megatron sft --padding-free=false --packing false --dataset 'x y' --lr 1\n");
}

TEST(PatchedScript, AValueFromAVariableIsGivenAgainAfterItAndASwitchFromOneIsNamed) {
    auto r = read(
        "ARGS='--sequence_parallel false --use_distributed_optimizer'\n"
        "megatron sft $ARGS \\\n"
        "    --lr 1\n");
    launch::LaunchPatch plan;
    plan.argv = {{"parallel.sequence_parallel", 2, 2, {"--sequence_parallel", "true"}}, {"x", 4, 1, {}}};
    std::vector<std::string> notes;
    EXPECT_EQ(patched(r, plan, &notes),
              "ARGS='--sequence_parallel false --use_distributed_optimizer'\n"
              "megatron sft $ARGS \\\n"
              "    --lr 1 \\\n"
              "    --sequence_parallel true\n");
    ASSERT_EQ(notes.size(), 1u);
    EXPECT_NE(notes[0].find("x: the words to take out are not written"), std::string::npos) << notes[0];
}

TEST(PatchedScript, SetsVariablesWhereTheCommandSeesThem) {
    auto r = read(
        "export A=1  # image default\n"
        "  B=2 \\\n"
        "  megatron sft --lr 1\n");
    const launch::Command& cmd = r.script.commands.back();
    launch::LaunchPatch plan;
    plan.env = {{"A", "0", &cmd.env.at("A")}, {"B", std::nullopt, &cmd.env.at("B")}, {"C", "x y", nullptr}};
    EXPECT_EQ(patched(r, plan),
              "export A=0  # image default\n"
              "  C='x y' megatron sft --lr 1\n");  // B's prefix line had nothing else: it goes whole
}

}  // namespace
}  // namespace preflight::output
