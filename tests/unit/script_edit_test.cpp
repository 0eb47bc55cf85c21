// Script edits: values replaced where they stand, lines inserted whole, everything else
// byte for byte.
#include <gtest/gtest.h>

#include "output/script_edit.hpp"

namespace preflight::output {
namespace {

TEST(ScriptEdit, ReplacesAndInsertsKeepingTheRest) {
    std::string text =
        "# train\n"
        "export A=1  # keep me\n"
        "megatron sft \\\n"
        "    --tensor_model_parallel_size 2 \\\n"
        "    --padding_free false\n";
    std::vector<ScriptEdit> edits = {
        {ScriptEdit::Kind::replace, {2, 10, 11}, "2"},
        {ScriptEdit::Kind::replace, {5, 20, 25}, "true"},
        {ScriptEdit::Kind::insert_line_before, {3, 0, 0}, "export B=x"},
        {ScriptEdit::Kind::insert_line_before, {3, 0, 0}, "export C=y"},
        {ScriptEdit::Kind::insert_line_before, {4, 0, 0}, "    --packing true \\"},
    };
    auto out = apply_script_edits(text, "t.sh", edits);
    ASSERT_TRUE(out) << out.error().message;
    EXPECT_EQ(*out,
              "# train\n"
              "export A=2  # keep me\n"
              "export B=x\n"
              "export C=y\n"
              "megatron sft \\\n"
              "    --packing true \\\n"
              "    --tensor_model_parallel_size 2 \\\n"
              "    --padding_free true\n");
}

TEST(ScriptEdit, KeepsAMissingFinalNewlineAndRefusesEditsThatDoNotFit) {
    auto out = apply_script_edits("a=1", "t.sh", {{ScriptEdit::Kind::replace, {1, 3, 4}, "22"}});
    ASSERT_TRUE(out);
    EXPECT_EQ(*out, "a=22");
    auto bad = apply_script_edits("a=1\n", "t.sh", {{ScriptEdit::Kind::replace, {3, 1, 2}, "x"}});
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().location.line, 3);
    auto overlap = apply_script_edits("abcdef\n", "t.sh",
                                      {{ScriptEdit::Kind::replace, {1, 1, 4}, "x"}, {ScriptEdit::Kind::replace, {1, 3, 5}, "y"}});
    EXPECT_FALSE(overlap);
}

TEST(ScriptEdit, RemovesLinesAndInsertsBeforeARemovedLineInOrder) {
    std::string text =
        "megatron sft \\\n"
        "    --use_distributed_optimizer \\\n"
        "    --lr 1e-4\n";
    std::vector<ScriptEdit> edits = {
        {ScriptEdit::Kind::insert_line_before, {1, 0, 0}, "export A=1"},
        {ScriptEdit::Kind::remove_line, {2, 0, 0}, ""},
        {ScriptEdit::Kind::insert_line_before, {2, 0, 0}, "    --lr_warmup 10 \\"},
        {ScriptEdit::Kind::insert_line_before, {1, 0, 0}, "export B=2"},
        {ScriptEdit::Kind::insert_line_before, {1, 0, 0}, "export A=1"},  // the same edit again: once
    };
    auto out = apply_script_edits(text, "t.sh", edits);
    ASSERT_TRUE(out) << out.error().message;
    EXPECT_EQ(*out,
              "export A=1\n"
              "export B=2\n"
              "megatron sft \\\n"
              "    --lr_warmup 10 \\\n"
              "    --lr 1e-4\n");
}

}  // namespace
}  // namespace preflight::output
