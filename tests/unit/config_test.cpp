#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <limits>

#include "config/key_table.hpp"
#include "config/run_config.hpp"
#include "temp_dir.hpp"

using namespace preflight;

namespace {

// Every job declares `schema` and `[job]`; the cases below add them where they do
// not care (schema first, so the lines of the case's text move down by one).
std::string as_job(const std::string& text) {
    std::string out = text.find("schema") == std::string::npos ? "schema = 1\n" + text : text;
    if (out.find("[job]") == std::string::npos) out += (out.empty() || out.back() == '\n' ? "" : "\n") + std::string("[job]\n");
    return out;
}

Result<config::RunConfig> load_config(const test_support::TempDir& dir, const std::string& text) {
    auto path = dir.write("job.toml", as_job(text));
    return config::load_run_config(
        path, [](const std::string& p) { return p == "cann" ? version::Scheme::cann : version::Scheme::pep440; });
}

}  // namespace

TEST(RunConfig, ValuesKeepTheirLocations) {
    test_support::TempDir dir;
    auto cfg = load_config(dir, "schema = 1\n[parallel]\n  tp = 4\n[env]\nUSE_MCORE_GDN = \"0\"\n");
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
    auto cfg = load_config(dir, "[parallel]\ntp = \"two\"\n");
    ASSERT_FALSE(cfg.has_value());
    EXPECT_EQ(cfg.error().message, "'parallel.tp' must be an integer, not a string");
    EXPECT_EQ(cfg.error().location.line, 3);
    EXPECT_EQ(cfg.error().location.key, "parallel.tp");
}

// A list key takes an array of its element type, and nothing else.
TEST(RunConfig, ListKeysTakeArrays) {
    test_support::TempDir dir;
    auto cfg = load_config(dir, "[train]\nrecompute_modules = [\"core_attn\", \"mlp\"]\n");
    ASSERT_TRUE(cfg.has_value()) << cfg.error().message;
    EXPECT_EQ(cfg->values.at("train.recompute_modules").value, Value(List{Value("core_attn"), Value("mlp")}));
    auto empty = load_config(dir, "[train]\nrecompute_modules = []\n");
    ASSERT_TRUE(empty.has_value()) << empty.error().message;
    EXPECT_EQ(empty->values.at("train.recompute_modules").value, Value(List{}));
    auto scalar = load_config(dir, "[train]\nrecompute_modules = \"mlp\"\n");
    ASSERT_FALSE(scalar.has_value());
    EXPECT_EQ(scalar.error().message, "'train.recompute_modules' must be an array of strings, not a string");
    auto mixed = load_config(dir, "[train]\nrecompute_modules = [\"mlp\", 2]\n");
    ASSERT_FALSE(mixed.has_value());
    EXPECT_EQ(mixed.error().message, "'train.recompute_modules' must be an array of strings, not an array");
}

TEST(RunConfig, UnknownKeysWarnWithASuggestion) {
    test_support::TempDir dir;
    auto cfg = load_config(dir, "[parallel]\ntensor_parallel = 2\n[train]\npaking = true\n[trian]\nx = 1\n");
    ASSERT_TRUE(cfg.has_value());
    ASSERT_EQ(cfg->diagnostics.size(), 3u);
    EXPECT_NE(cfg->diagnostics[0].message.find("did you mean 'tp'?"), std::string::npos);
    EXPECT_NE(cfg->diagnostics[1].message.find("did you mean 'packing'?"), std::string::npos);
    EXPECT_NE(cfg->diagnostics[2].message.find("did you mean [train]?"), std::string::npos);
    EXPECT_EQ(cfg->diagnostics[0].location.line, 3);
}

TEST(RunConfig, EnumsVersionsAndNamesAreChecked) {
    test_support::TempDir dir;
    auto e1 = load_config(dir, "[hardware]\naccelerator = \"npuu\"\n");
    ASSERT_FALSE(e1.has_value());
    EXPECT_NE(e1.error().message.find("did you mean \"npu\""), std::string::npos);
    auto e2 = load_config(dir, "[packages]\ncann = \"8.5\"\n");
    ASSERT_FALSE(e2.has_value());
    EXPECT_NE(e2.error().message.find("not a valid cann version"), std::string::npos);
    auto e3 = load_config(dir, "[env]\n\"BAD-NAME\" = \"1\"\n");
    ASSERT_FALSE(e3.has_value());
    EXPECT_NE(e3.error().message.find("not a valid environment variable name"), std::string::npos);
    auto e4 = load_config(dir, "[parallel]\ntp = 0\n");
    ASSERT_FALSE(e4.has_value());
    auto e5 = load_config(dir, "schema = 2\n");
    ASSERT_FALSE(e5.has_value());
    EXPECT_NE(e5.error().message.find("schema"), std::string::npos);
}

TEST(RunConfig, PackagesAreNormalized) {
    test_support::TempDir dir;
    auto cfg = load_config(dir, "[packages]\ntorch_npu = \"2.7.1.post2\"\ncann = \"8.0.RC3\"\n");
    ASSERT_TRUE(cfg.has_value());
    EXPECT_TRUE(cfg->packages.count("torch-npu"));
    EXPECT_EQ(cfg->packages.at("cann").value.get<version::Version>()->scheme(), version::Scheme::cann);
}

TEST(RunConfig, SyntaxErrorsCarryALine) {
    test_support::TempDir dir;
    auto cfg = load_config(dir, "[job]\nname = \"x\"\nbad line here\n");
    ASSERT_FALSE(cfg.has_value());
    EXPECT_EQ(cfg.error().location.line, 4);
    auto missing =
        config::load_run_config(dir.path() + "/absent.toml", [](const std::string&) { return version::Scheme::pep440; });
    ASSERT_FALSE(missing.has_value());
    EXPECT_NE(missing.error().message.find("cannot read"), std::string::npos);
}

TEST(RunConfig, ModelConfigReadsTextConfigAndInlineKeysWin) {
    test_support::TempDir dir;
    dir.write("m/config.json",
              R"({"model_type": "qwen3_5", "text_config": {"num_attention_heads": 24, "linear_num_key_heads": 16}})");
    auto cfg = load_config(dir, "[model]\nconfig = \"m/config.json\"\nlinear_num_key_heads = 8\ncustom_hf_key = 3\n");
    ASSERT_TRUE(cfg.has_value()) << cfg.error().message;
    EXPECT_EQ(cfg->values.at("model.arch").value, Value("qwen3_5"));
    EXPECT_EQ(cfg->values.at("model.num_attention_heads").value, Value(std::int64_t{24}));
    EXPECT_EQ(cfg->values.at("model.num_attention_heads").origin.kind, OriginKind::model_config);
    EXPECT_EQ(cfg->values.at("model.linear_num_key_heads").value, Value(std::int64_t{8}));
    EXPECT_TRUE(cfg->diagnostics.empty());
    auto broken = load_config(dir, "[model]\nconfig = \"missing.json\"\n");
    ASSERT_FALSE(broken.has_value());
    EXPECT_EQ(broken.error().location.line, 3);
}

TEST(RunConfig, AJobDeclaresSchemaAndAJobTable) {
    test_support::TempDir dir;
    auto scheme = [](const std::string&) { return version::Scheme::pep440; };
    for (const char* text : {"", "\n# nothing\n", "[job]\nname = \"x\"\n", "schema = 1\n", "schema = 1\njob = 3\n"}) {
        auto cfg = config::load_run_config(dir.write("j.toml", text), scheme);
        ASSERT_FALSE(cfg.has_value()) << "accepted: " << text;
        EXPECT_NE(cfg.error().message.find("not a run configuration"), std::string::npos) << cfg.error().message;
        EXPECT_EQ(cfg.error().location.line, 1);
    }
    EXPECT_TRUE(config::load_run_config(dir.write("ok.toml", "schema = 1\n[job]\n"), scheme).has_value());
}

TEST(RunConfig, OnlyRegularFilesAreRead) {
    test_support::TempDir dir;
    auto scheme = [](const std::string&) { return version::Scheme::pep440; };
    auto d = config::load_run_config(dir.path(), scheme);
    ASSERT_FALSE(d.has_value());
    EXPECT_NE(d.error().message.find("must be a regular file, but this is a directory"), std::string::npos) << d.error().message;
    auto z = config::load_run_config("/dev/zero", scheme);  // would grow until memory runs out
    ASSERT_FALSE(z.has_value());
    EXPECT_NE(z.error().message.find("a character device"), std::string::npos) << z.error().message;
}

TEST(RunConfig, DeepNestingIsRefusedBeforeTheParserRecurses) {
    test_support::TempDir dir;
    // 10,000 levels segfaulted toml11; both arrays and inline tables are counted.
    std::string arrays = "schema = 1\n[job]\nx = " + std::string(10000, '[') + std::string(10000, ']') + "\n";
    auto a = load_config(dir, arrays);
    ASSERT_FALSE(a.has_value());
    EXPECT_NE(a.error().message.find("nest deeper than 64 levels"), std::string::npos) << a.error().message;
    EXPECT_EQ(a.error().location.line, 3);
    std::string tables = "schema = 1\n[job]\nx = ";
    for (int i = 0; i < 10000; ++i) tables += "{a = ";
    tables += "1" + std::string(10000, '}') + "\n";
    auto t = load_config(dir, tables);
    ASSERT_FALSE(t.has_value());
    EXPECT_NE(t.error().message.find("nest deeper"), std::string::npos);
    // Brackets inside strings and comments are not nesting.
    auto quoted = load_config(dir, "schema = 1\n[job]\nname = \"" + std::string(200, '[') + "\" # " + std::string(200, '{') +
                                       "\n[model]\nx = '''" + std::string(200, '[') + "'''\n");
    EXPECT_TRUE(quoted.has_value()) << quoted.error().message;
}

TEST(RunConfig, IntegersPast64BitsAreRefusedNotClamped) {
    test_support::TempDir dir;
    auto big = load_config(dir, "[parallel]\ntp = 99999999999999999999\n");
    ASSERT_FALSE(big.has_value());
    EXPECT_NE(big.error().message.find("'parallel.tp' = 99999999999999999999 is out of range"), std::string::npos)
        << big.error().message;
    EXPECT_EQ(big.error().location.line, 3);
    EXPECT_EQ(big.error().location.key, "parallel.tp");
    EXPECT_FALSE(load_config(dir, "[model]\ncustom = -99999999999999999999\n").has_value());
    EXPECT_FALSE(load_config(dir, "[parallel]\ntp = 0x1_0000_0000_0000_0000\n").has_value());
    auto max = load_config(dir, "[model]\ncustom = 9_223_372_036_854_775_807\nhex = 0xff\n");
    ASSERT_TRUE(max.has_value()) << max.error().message;
    EXPECT_EQ(max->values.at("model.custom").value, Value(std::numeric_limits<std::int64_t>::max()));
    EXPECT_EQ(max->values.at("model.hex").value, Value(std::int64_t{255}));
}

TEST(RunConfig, CountsAndDegreesBelowTheirMinimumAreRefused) {
    test_support::TempDir dir;
    for (const char* text :
         {"[parallel]\ntp = 0\n", "[parallel]\ncp = -2\n", "[hardware]\nnodes = 0\n", "[model]\nnum_attention_heads = -4\n",
          "[rollout]\ntp = 0\n", "[train]\noptimization_level = -1\n"}) {
        auto cfg = load_config(dir, text);
        ASSERT_FALSE(cfg.has_value()) << "accepted: " << text;
        EXPECT_NE(cfg.error().message.find("it must be at least"), std::string::npos) << cfg.error().message;
    }
    EXPECT_TRUE(load_config(dir, "[train]\noptimization_level = 0\n[model]\nnum_experts = 0\n").has_value());
    dir.write("m/config.json", R"({"num_attention_heads": 0})");
    auto from_json = load_config(dir, "[model]\nconfig = \"m/config.json\"\n");
    ASSERT_FALSE(from_json.has_value());
    EXPECT_NE(from_json.error().message.find("'num_attention_heads' in"), std::string::npos) << from_json.error().message;
    dir.write("m/big.json", R"({"num_attention_heads": 18446744073709551615})");
    EXPECT_FALSE(load_config(dir, "[model]\nconfig = \"m/big.json\"\n").has_value());
    dir.write("m/deep.json", std::string(10000, '[') + std::string(10000, ']'));
    auto deep = load_config(dir, "[model]\nconfig = \"m/deep.json\"\n");
    ASSERT_FALSE(deep.has_value());
    EXPECT_NE(deep.error().message.find("nests deeper"), std::string::npos) << deep.error().message;
}

// Built with AddressSanitizer (gcc defines __SANITIZE_ADDRESS__, clang answers
// __has_feature): the sanitizer tree of scripts/test.sh, PREFLIGHT_SANITIZE or PREFLIGHT_FUZZ.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool sanitized = true;
#else
constexpr bool sanitized = false;
#endif
#else
constexpr bool sanitized = false;
#endif

TEST(RunConfig, LoadingIsLinearInTheNumberOfKeys) {
    // Every value's line used to be counted from the start of the file (toml11's
    // location()), so 4x the keys took about 16x the time (50,000 keys: 8 s and
    // more). Linear, 4x the keys take about 4x; the bound leaves room for noise, and
    // the best of three loads each (not two) for a machine busy with other tests: two
    // once gave more than 8x while CI built beside them.
    // What it measures is time, which the plain build measures: under the sanitizers
    // (an unoptimised build, 47 s for the four loads) one load of 4,000 keys is checked,
    // what ASan and UBSan watch, and the timing is left to the plain build.
    test_support::TempDir dir;
    auto seconds_for = [&](int keys) {
        std::string text = "schema = 1\n[job]\n[env]\n";
        for (int i = 0; i < keys; ++i) text += "VAR_" + std::to_string(i) + " = \"value-" + std::to_string(i) + "\"\n";
        double best = 1e9;
        for (int round = 0; round < (sanitized ? 1 : 3); ++round) {
            auto start = std::chrono::steady_clock::now();
            auto cfg = load_config(dir, text);
            best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
            EXPECT_TRUE(cfg.has_value());
            if (cfg) EXPECT_EQ(cfg->env.at("VAR_" + std::to_string(keys - 1)).origin.where.line, keys + 3);
        }
        return best;
    };
    if (sanitized) {
        seconds_for(4000);
        return;
    }
    double small = seconds_for(4000), large = seconds_for(16000);
    EXPECT_LT(large / small, 8.0) << "4,000 keys: " << small << " s; 16,000 keys: " << large << " s";
}

TEST(KeyTable, ItsRowsFitTheRoomMadeForThem) {
    // Past the reserve the vector grows and the check's lasting region keeps both
    // blocks: raise kKeyRowsReserved with the rows.
    EXPECT_LE(preflight::config::key_table().size(), preflight::config::kKeyRowsReserved);
    EXPECT_GT(preflight::config::key_table().size(), preflight::config::kKeyRowsReserved * 3 / 4)
        << "kKeyRowsReserved is far above the rows: lower it";
}
