#include <gtest/gtest.h>

#include "output/toml_edit.hpp"

using namespace preflight;
using output::apply_toml_edits;

TEST(TomlEdit, ReplacesAValueWhereItStandsAndKeepsComments) {
    std::string in = "# job\n[train]\n  packing   =   true   # why\npadding_free = false\n";
    auto out = apply_toml_edits(in, "j.toml", {{"train", "packing", Value(false)}});
    ASSERT_TRUE(out.has_value()) << out.error().message;
    EXPECT_EQ(*out, "# job\n[train]\n  packing   =   false   # why\npadding_free = false\n");
}

TEST(TomlEdit, NewKeysGoUnderTheHeaderAndNewTablesAtTheEnd) {
    std::string in = "[job]\nname = \"x\"\n\n[env]\nA = \"1\"\n";
    auto out = apply_toml_edits(in, "j.toml", {{"env", "USE_MCORE_GDN", Value("0")}, {"train", "packing", Value(false)}});
    ASSERT_TRUE(out.has_value()) << out.error().message;
    EXPECT_EQ(*out, "[job]\nname = \"x\"\n\n[env]\nUSE_MCORE_GDN = \"0\"\nA = \"1\"\n\n[train]\npacking = false\n");
}

TEST(TomlEdit, StringsAreEscaped) {
    auto out = apply_toml_edits("[env]\nX = \"a\"\n", "j.toml", {{"env", "X", Value("q\"b\\s\nl\x01")}});
    ASSERT_TRUE(out.has_value());
    EXPECT_EQ(*out, "[env]\nX = \"q\\\"b\\\\s\\nl\\u0001\"\n");
}

TEST(TomlEdit, RemovesAKeyLine) {
    auto out = apply_toml_edits("[env]\nX = \"1\"  # gone\nY = \"2\"\n", "j.toml", {{"env", "X", std::nullopt}});
    ASSERT_TRUE(out.has_value());
    EXPECT_EQ(*out, "[env]\nY = \"2\"\n");
}

TEST(TomlEdit, RefusesWhatItCannotEditFaithfully) {
    auto dotted = apply_toml_edits("train.lora = true\n", "j.toml", {{"train", "packing", Value(false)}});
    ASSERT_FALSE(dotted.has_value());
    EXPECT_NE(dotted.error().message.find("no header line"), std::string::npos);
    auto multi = apply_toml_edits("[env]\nX = \"\"\"a\nb\"\"\"\n", "j.toml", {{"env", "X", Value("c")}});
    ASSERT_FALSE(multi.has_value());
    EXPECT_NE(multi.error().message.find("spans lines"), std::string::npos);
}

TEST(TomlEdit, NoEditsIsTheSameText) {
    std::string in = "a = 1\n# trailing comment, no newline";
    EXPECT_EQ(*apply_toml_edits(in, "j.toml", {}), in);
}

// A list key's value is written as a TOML array of its elements' literals.
TEST(TomlEdit, ListsAreArrays) {
    EXPECT_EQ(output::toml_literal(Value(List{Value("core_attn"), Value("a\"b")})), "[\"core_attn\", \"a\\\"b\"]");
    EXPECT_EQ(output::toml_literal(Value(List{})), "[]");
    EXPECT_EQ(output::toml_literal(Value(List{Value(1), Value(2)})), "[1, 2]");
}
