#include <gtest/gtest.h>

#include "config/run_config.hpp"
#include "temp_dir.hpp"

using namespace preflight;

namespace {

Result<config::RunConfig> load(const test_support::TempDir& dir, const std::string& text) {
    auto path = dir.write("job.toml", text);
    return config::load_run_config(path, [](const std::string& p) {
        return p == "cann" ? version::Scheme::cann : version::Scheme::pep440;
    });
}

}  // namespace

TEST(RunConfig, ValuesKeepTheirLocations) {
    test_support::TempDir dir;
    auto cfg = load(dir, "schema = 1\n[parallel]\n  tp = 4\n[env]\nUSE_MCORE_GDN = \"0\"\n");
    ASSERT_TRUE(cfg.has_value()) << cfg.error().message;
    const Fact& tp = cfg->values.at("parallel.tp");
    EXPECT_EQ(tp.value, Value(std::int64_t{4}));
    EXPECT_EQ(tp.origin.where.line, 3);
    EXPECT_EQ(tp.origin.where.column, 3);
    EXPECT_EQ(cfg->env.at("USE_MCORE_GDN").origin.where.line, 5);
    EXPECT_EQ(cfg->values.at("parallel.pp").origin.kind, OriginKind::default_value);
    EXPECT_FALSE(cfg->values.count("model.num_attention_heads"));  // no default: unknown
}

TEST(RunConfig, WrongTypeIsAnErrorNamingKeyAndType) {
    test_support::TempDir dir;
    auto cfg = load(dir, "[parallel]\ntp = \"two\"\n");
    ASSERT_FALSE(cfg.has_value());
    EXPECT_EQ(cfg.error().message, "'parallel.tp' must be an integer, not a string");
    EXPECT_EQ(cfg.error().location.line, 2);
    EXPECT_EQ(cfg.error().location.key, "parallel.tp");
}

TEST(RunConfig, UnknownKeysWarnWithASuggestion) {
    test_support::TempDir dir;
    auto cfg = load(dir, "[parallel]\ntensor_parallel = 2\n[train]\npaking = true\n[trian]\nx = 1\n");
    ASSERT_TRUE(cfg.has_value());
    ASSERT_EQ(cfg->diagnostics.size(), 3u);
    EXPECT_NE(cfg->diagnostics[0].message.find("did you mean 'tp'?"), std::string::npos);
    EXPECT_NE(cfg->diagnostics[1].message.find("did you mean 'packing'?"), std::string::npos);
    EXPECT_NE(cfg->diagnostics[2].message.find("did you mean [train]?"), std::string::npos);
    EXPECT_EQ(cfg->diagnostics[0].location.line, 2);
}

TEST(RunConfig, EnumsVersionsAndNamesAreChecked) {
    test_support::TempDir dir;
    auto e1 = load(dir, "[hardware]\naccelerator = \"npuu\"\n");
    ASSERT_FALSE(e1.has_value());
    EXPECT_NE(e1.error().message.find("did you mean \"npu\""), std::string::npos);
    auto e2 = load(dir, "[packages]\ncann = \"8.5\"\n");
    ASSERT_FALSE(e2.has_value());
    EXPECT_NE(e2.error().message.find("not a valid cann version"), std::string::npos);
    auto e3 = load(dir, "[env]\n\"BAD-NAME\" = \"1\"\n");
    ASSERT_FALSE(e3.has_value());
    EXPECT_NE(e3.error().message.find("not a valid environment variable name"), std::string::npos);
    auto e4 = load(dir, "[parallel]\ntp = 0\n");
    ASSERT_FALSE(e4.has_value());
    auto e5 = load(dir, "schema = 2\n");
    ASSERT_FALSE(e5.has_value());
    EXPECT_NE(e5.error().message.find("schema"), std::string::npos);
}

TEST(RunConfig, PackagesAreNormalized) {
    test_support::TempDir dir;
    auto cfg = load(dir, "[packages]\ntorch_npu = \"2.7.1.post2\"\ncann = \"8.0.RC3\"\n");
    ASSERT_TRUE(cfg.has_value());
    EXPECT_TRUE(cfg->packages.count("torch-npu"));
    EXPECT_EQ(cfg->packages.at("cann").value.get<version::Version>()->scheme(), version::Scheme::cann);
}

TEST(RunConfig, SyntaxErrorsCarryALine) {
    test_support::TempDir dir;
    auto cfg = load(dir, "[job]\nname = \"x\"\nbad line here\n");
    ASSERT_FALSE(cfg.has_value());
    EXPECT_EQ(cfg.error().location.line, 3);
    auto missing = config::load_run_config(dir.path() + "/absent.toml", [](const std::string&) { return version::Scheme::pep440; });
    ASSERT_FALSE(missing.has_value());
    EXPECT_NE(missing.error().message.find("cannot read"), std::string::npos);
}

TEST(RunConfig, ModelConfigReadsTextConfigAndInlineKeysWin) {
    test_support::TempDir dir;
    dir.write("m/config.json",
              R"({"model_type": "qwen3_5", "text_config": {"num_attention_heads": 24, "linear_num_key_heads": 16}})");
    auto cfg = load(dir, "[model]\nconfig = \"m/config.json\"\nlinear_num_key_heads = 8\ncustom_hf_key = 3\n");
    ASSERT_TRUE(cfg.has_value()) << cfg.error().message;
    EXPECT_EQ(cfg->values.at("model.arch").value, Value("qwen3_5"));
    EXPECT_EQ(cfg->values.at("model.num_attention_heads").value, Value(std::int64_t{24}));
    EXPECT_EQ(cfg->values.at("model.num_attention_heads").origin.kind, OriginKind::model_config);
    EXPECT_EQ(cfg->values.at("model.linear_num_key_heads").value, Value(std::int64_t{8}));
    EXPECT_TRUE(cfg->diagnostics.empty());
    auto broken = load(dir, "[model]\nconfig = \"missing.json\"\n");
    ASSERT_FALSE(broken.has_value());
    EXPECT_EQ(broken.error().location.line, 2);
}
