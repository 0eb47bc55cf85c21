// Launcher tables compiled from a pack: malformed rows are errors at their cell.
#include <gtest/gtest.h>

#include "launch/launcher.hpp"
#include "rules/pack_collector.hpp"
#include "rules/rule_set.hpp"
#include "temp_dir.hpp"

namespace preflight::launch {
namespace {

constexpr const char* kHeader = R"([pack]
name = "l"
version = "1.0"
engine = ">=0.1"
summary = "launchers"

[tables]
launchers = [
  { launcher = "go", program = "go run", subcommands = "", script = "", runner = "", framework = "other", backend = "", separators = "either", true_words = "on", false_words = "off", all_train = true },
]
)";

Result<LauncherSet> compile(const std::string& tables) {
    test_support::TempDir dir;
    dir.write("packs/l/pack.toml", std::string(kHeader) + tables);
    auto collected = rules::collect_packs({{dir.path() + "/packs", true}}, "0.1.0");
    if (!collected) return tl::unexpected(collected.error());
    auto rules = rules::compile_packs(collected->packs);
    if (!rules) return tl::unexpected(rules.error());
    return compile_launchers(*rules);
}

std::string flag_row(const std::string& cells) { return "launcher_flags = [\n  { " + cells + " },\n]\n"; }

TEST(Launcher, CompilesRows) {
    auto set = compile(
        flag_row(R"(style = "go", key = "parallel.tp", flag = "--tp", form = "value", aliases = "-t --tensor", map = "")"));
    ASSERT_TRUE(set.has_value()) << set.error().message;
    const Launcher* go = set->find("go");
    ASSERT_NE(go, nullptr);
    EXPECT_EQ(go->recognised_by.front().program, (std::vector<std::string>{"go", "run"}));
    EXPECT_EQ(go->true_words, std::vector<std::string>{"on"});
    EXPECT_TRUE(go->either_separator);
    EXPECT_EQ(go->find_flag("--tensor")->flag, "--tp");
    EXPECT_EQ(go->find_flag("-t")->flag, "--tp");
    EXPECT_EQ(go->find_flag("--tp_x"), nullptr);
}

TEST(Launcher, MalformedRowsNameTheirCell) {
    auto bad_key =
        compile(flag_row(R"(style = "go", key = "parallel.tpp", flag = "--tp", form = "value", aliases = "", map = "")"));
    ASSERT_FALSE(bad_key.has_value());
    EXPECT_NE(bad_key.error().message.find("'parallel.tpp' is not a run-configuration key"), std::string::npos);
    EXPECT_EQ(bad_key.error().location.line, 12);
    EXPECT_NE(bad_key.error().location.file.find("pack.toml"), std::string::npos);

    auto bad_form = compile(flag_row(R"(style = "go", key = "", flag = "--x", form = "flag", aliases = "", map = "")"));
    ASSERT_FALSE(bad_form.has_value());
    EXPECT_NE(bad_form.error().message.find("form 'flag'"), std::string::npos);

    auto bad_style = compile(flag_row(R"(style = "stop", key = "", flag = "--x", form = "value", aliases = "", map = "")"));
    ASSERT_FALSE(bad_style.has_value());
    EXPECT_NE(bad_style.error().message.find("style 'stop'"), std::string::npos);

    auto bad_map =
        compile(flag_row(R"(style = "go", key = "rollout.engine", flag = "--v", form = "value", aliases = "", map = "x")"));
    ASSERT_FALSE(bad_map.has_value());
    EXPECT_NE(bad_map.error().message.find("not FROM=TO"), std::string::npos);

    auto bad_accel = compile(
        flag_row(R"(style = "go", key = "rollout.engine", flag = "--v", form = "value", aliases = "", map = "a@tpu=vllm")"));
    ASSERT_FALSE(bad_accel.has_value());

    auto twice = compile(
        "launcher_flags = [\n"
        R"(  { style = "go", key = "", flag = "--a-b", form = "value", aliases = "", map = "" },)"
        "\n"
        R"(  { style = "go", key = "", flag = "--a_b", form = "value", aliases = "", map = "" },)"
        "\n]\n");
    ASSERT_FALSE(twice.has_value());
    EXPECT_NE(twice.error().message.find("already reads"), std::string::npos);

    auto values_key =
        compile(flag_row(R"(style = "go", key = "parallel.tp", flag = "--tp", form = "values", aliases = "", map = "")"));
    ASSERT_FALSE(values_key.has_value());

    auto env = compile(
        "launcher_env = [\n"
        R"(  { launcher = "go", variable = "N", key = "hardware.devices_per_node", form = "length", map = "" },)"
        "\n]\n");
    ASSERT_FALSE(env.has_value());
    EXPECT_NE(env.error().message.find("form 'length'"), std::string::npos);
}

TEST(Launcher, ValueMaps) {
    std::vector<ValueMapping> map{{"true", "npu", "vllm-ascend"}, {"true", "", "vllm"}, {"*", "", "other"}};
    EXPECT_EQ(*apply_map(map, "true", Value("npu")), Value("vllm-ascend"));
    EXPECT_EQ(*apply_map(map, "true", Value("cuda")), Value("vllm"));
    EXPECT_TRUE(apply_map(map, "true", Value::unknown(FactRef::config("hardware.accelerator")))->is_unknown());
    EXPECT_EQ(*apply_map(map, "zero3", Value("cuda")), Value("other"));
    EXPECT_FALSE(apply_map({{"a", "", "b"}}, "c", Value()).has_value());
}

}  // namespace
}  // namespace preflight::launch
