// Rule-set images and their cache: an image holds the compiled set as the compiler
// left it (read back, it checks a job to the same findings), a damaged image is
// refused, and the cache serves a set only for the very pack files it was made from.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "config/run_config.hpp"
#include "facts/fact_set.hpp"
#include "lang/functions.hpp"
#include "rules/engine.hpp"
#include "rules/pack_cache.hpp"
#include "rules/pack_collector.hpp"
#include "rules/rule_set_cache.hpp"
#include "rules/rule_set_image.hpp"
#include "scoped_env.hpp"
#include "temp_dir.hpp"
#include "util/build_id.hpp"
#include "util/lasting_heap.hpp"

using namespace preflight;
using namespace preflight::rules;
namespace fs = std::filesystem;

namespace {

const char* kEngine = "0.2.0";

RuleSet bundled_set() {
    auto collected = collect_packs(std::vector<RuleRoot>{{std::string(PREFLIGHT_SOURCE_DIR) + "/rules", true}}, kEngine);
    EXPECT_TRUE(collected.has_value()) << collected.error().message;
    auto set = compile_packs(std::move(collected->packs));
    EXPECT_TRUE(set.has_value()) << set.error().message;
    return std::move(*set);
}

// Findings, undetermined rules and the patch of one job, as text to compare.
std::string outcome(const RuleSet& set, const std::string& job) {
    auto cfg = config::load_run_config(job, [&](const std::string& p) { return set.scheme_of(p); });
    EXPECT_TRUE(cfg.has_value()) << cfg.error().message;
    auto result = run_check(set, facts::from_run_config(*cfg), job, {});
    std::string out;
    for (const auto* list : {&result.findings, &result.undetermined})
        for (const auto& f : *list) {
            out += f.rule + " " + std::to_string(static_cast<int>(f.severity)) + " " + f.message + " @" +
                   std::to_string(f.location.line);
            for (const auto& fix : f.fixes) out += " fix:" + fix;
            out += "\n";
        }
    out += "rounds " + std::to_string(result.rounds) + ", applied " + std::to_string(result.coverage.applied) + "\n";
    return out;
}

std::size_t files_in(const std::string& dir, const char* extension) {
    std::size_t n = 0;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) n += e.path().extension() == extension;
    return n;
}

const char* kSetPack =
    "[pack]\nname = \"p\"\nversion = \"0.1.0\"\nengine = \">=0.2\"\nsummary = \"s\"\n"
    "[[tables.t]]\nname = \"a\"\nn = 3\n"
    "[[rules]]\nid = \"r\"\nseverity = \"warning\"\nsummary = \"s\"\nwhen = \"parallel.tp > 4\"\n"
    "message = \"m {parallel.tp}\"\nreferences = [\"r\"]\n";

// Whether this build has a lasting heap (a sanitizer build keeps the standard operator new).
struct LastingProbe {
    bool works = [] {
        util::LastingScope scope;
        auto p = std::make_unique<int>(0);
        return util::is_lasting(p.get());
    }();
};

}  // namespace

// Encoding is a function of every field (the lazily read parts included: writing
// them reads them), so an image that encodes to itself again holds the whole set.
TEST(RuleSetImage, TheBundledSetComesBackAsCompiled) {
    RuleSet set = bundled_set();
    set.shadowed = {"x: a is shadowed by b"};
    auto image = encode_rule_set_image(set);
    ASSERT_TRUE(image);
    auto back = decode_rule_set_image(*image);
    ASSERT_TRUE(back);
    // Read from its image, the set lives in the lasting heap (where the build has one),
    // and so do the trees read later; the compiled set does not.
    LastingProbe probe;
    if (probe.works) {
        EXPECT_TRUE(util::is_lasting(back->rules.data()));
        // An expression's program is read where it lies in the image, not copied.
        EXPECT_FALSE(util::is_lasting(back->rules.front().when.program.bytes().data()));
        EXPECT_FALSE(util::is_lasting(set.rules.data()));
        // A rule's text is read when first asked for, not with the rule.
        auto fresh = decode_rule_set_image(*image);
        ASSERT_TRUE(fresh);
        std::size_t before = util::lasting_bytes();
        EXPECT_EQ(fresh->rules.front().text().summary, set.rules.front().text().summary);
        EXPECT_GT(util::lasting_bytes(), before);
        // So is a default's.
        std::size_t defaults_read = util::lasting_bytes();
        EXPECT_EQ(fresh->defaults.front().text().where.file, set.defaults.front().text().where.file);
        EXPECT_GT(util::lasting_bytes(), defaults_read);
        // An expression's text and reads are read when first asked for.
        const lang::Expression& when = fresh->rules.front().when;
        std::size_t tree_read = util::lasting_bytes();
        EXPECT_EQ(when.reads(), set.rules.front().when.reads());
        EXPECT_GT(util::lasting_bytes(), tree_read);
    }
    EXPECT_EQ(encode_rule_set_image(*back), image);
    // What the set reads comes back from the image as it was found when compiled.
    EXPECT_FALSE(set.reads.get().empty());
    EXPECT_TRUE(std::is_sorted(set.reads.get().begin(), set.reads.get().end()));
    EXPECT_EQ(back->reads.get(), set.reads.get());
    EXPECT_TRUE(std::binary_search(set.variables_read.get().begin(), set.variables_read.get().end(), "USE_MCORE_GDN"));
    EXPECT_EQ(back->variables_read.get(), set.variables_read.get());
    ASSERT_EQ(back->rules.size(), set.rules.size());
    // Every program comes back byte for byte, a view of the image: what the compiled
    // set evaluates, the set read back evaluates.
    for (std::size_t i = 0; i < set.rules.size(); ++i) {
        EXPECT_EQ(back->rules[i].when.program.bytes(), set.rules[i].when.program.bytes()) << set.rules[i].id;
        EXPECT_NE(back->rules[i].when.program.bytes().data(), set.rules[i].when.program.bytes().data());
    }
    EXPECT_EQ(back->shadowed, set.shadowed);
    for (const auto& rule : set.rules) {
        const Rule* found = back->find_rule(rule.id);
        ASSERT_NE(found, nullptr) << rule.id;
        EXPECT_EQ(found->when.source(), rule.when.source());
        EXPECT_EQ(found->text().where.line, rule.text().where.line);
        EXPECT_EQ(found->text().message.source(), rule.text().message.source());
    }
    for (const auto& [name, table] : set.tables) EXPECT_EQ(back->tables.at(name).rows.get().size(), table.rows.get().size());
    ASSERT_EQ(back->defaults.size(), set.defaults.size());
    for (std::size_t i = 0; i < set.defaults.size(); ++i) {
        const DefaultText& text = back->defaults[i].text();
        EXPECT_EQ(text.by, set.defaults[i].text().by);
        EXPECT_EQ(text.pack, set.defaults[i].text().pack);
        EXPECT_EQ(text.references, set.defaults[i].text().references);
        EXPECT_EQ(text.where.line, set.defaults[i].text().where.line);
        EXPECT_EQ(back->defaults[i].applied, set.defaults[i].applied);
    }
    EXPECT_EQ(back->derived_index, set.derived_index);
    EXPECT_EQ(back->defaults_index.size(), set.defaults_index.size());
}

// Every expression comes back as the program it was compiled to, conditions and
// derived facts alike.
TEST(RuleSetImage, ProgramsComeBackAsCompiled) {
    RuleSet set = bundled_set();
    auto back = decode_rule_set_image(*encode_rule_set_image(set));
    ASSERT_TRUE(back);
    std::size_t compared = 0;
    auto compare = [&](const lang::Expression& compiled, const lang::Expression& read, const std::string& what) {
        EXPECT_FALSE(compiled.program.empty()) << what;
        EXPECT_EQ(read.program.bytes(), compiled.program.bytes()) << what << ": " << compiled.source();
        ++compared;
    };
    for (std::size_t i = 0; i < set.rules.size(); ++i) {
        compare(set.rules[i].when, back->rules[i].when, set.rules[i].id);
        if (set.rules[i].applies) compare(*set.rules[i].applies, *back->rules[i].applies, set.rules[i].id);
    }
    for (std::size_t i = 0; i < set.derived.size(); ++i) compare(set.derived[i].expr, back->derived[i].expr, set.derived[i].name);
    EXPECT_GT(compared, 100U);
}

// A plugin's function is not in this build's table of built-ins: its calls are kept by
// name, and found again in the process's table when read.
TEST(RuleSetImage, APluginsFunctionIsKeptByName) {
    static const bool added = lang::add_function(lang::FunctionDef{
        .name = "imagetest_double",
        .signature = "imagetest_double(n: int) -> int",
        .doc = "twice n",
        .min_args = 1,
        .max_args = 1,
        .check = [](lang::Node&, const lang::Schema&) -> Result<lang::Type> { return lang::Type{lang::TypeKind::integer}; },
        .eval = [](const lang::CallSite&, const std::vector<Value>& args,
                   lang::EvalContext&) { return Value(*args[0].get<std::int64_t>() * 2); },
    });
    ASSERT_TRUE(added);
    test_support::TempDir dir;
    std::string pack = kSetPack;
    pack.replace(pack.find("parallel.tp > 4"), 15, "imagetest_double(parallel.tp) > 4");
    dir.write("p/pack.toml", pack);
    auto collected = collect_packs(std::vector<RuleRoot>{{dir.path(), true}}, kEngine);
    ASSERT_TRUE(collected.has_value());
    auto set = compile_packs(std::move(collected->packs));
    ASSERT_TRUE(set.has_value()) << set.error().message;
    auto back = decode_rule_set_image(*encode_rule_set_image(*set));
    ASSERT_TRUE(back);
    // Named in the program, and called when the program read back is evaluated.
    std::string_view program = back->rules.front().when.program.bytes();
    EXPECT_NE(program.find("imagetest_double"), std::string_view::npos);
    EXPECT_EQ(program, set->rules.front().when.program.bytes());
    for (int tp : {2, 3}) {
        std::string job = "job" + std::to_string(tp) + ".toml";
        dir.write(job, "schema = 1\n[job]\nframework = \"other\"\n[parallel]\ntp = " + std::to_string(tp) + "\n");
        std::string found = outcome(*back, dir.path() + "/" + job);
        EXPECT_EQ(found, outcome(*set, dir.path() + "/" + job)) << tp;
        EXPECT_EQ(found.starts_with("r "), tp == 3) << found;
    }
}

// A table comes back by column: lookup() reads the columns alone and finds what the
// compiled table's rows hold, and the rows, made of the columns and the locations,
// are the compiled rows, cell for cell and location for location.
TEST(RuleSetImage, TablesComeBackByColumn) {
    RuleSet set = bundled_set();
    auto back = decode_rule_set_image(*encode_rule_set_image(set));
    ASSERT_TRUE(back);
    std::size_t lookups = 0;
    for (const auto& [name, table] : set.tables) {
        const Table& read = back->tables.at(name);
        ASSERT_EQ(read.cells.size(), table.columns.size()) << name;
        const auto& rows = table.rows.get();
        // Every row's key, in every column, against the first column: the first row
        // holding it answers, as a scan of the rows finds.
        for (const auto& column : table.columns) {
            const std::string& key_column = column.first;  // a lambda below reads it (clang 14 captures no binding)
            const std::string& value_column = table.columns.begin()->first;
            for (const auto& row : rows) {
                const Value& key = row.cells.at(key_column);
                auto first =
                    std::find_if(rows.begin(), rows.end(), [&](const TableRow& r) { return r.cells.at(key_column) == key; });
                EXPECT_EQ(read.lookup(key_column, key, value_column), first->cells.at(value_column)) << name << "." << key_column;
                ++lookups;
            }
        }
        EXPECT_TRUE(read.lookup("no such column", Value(std::string("x")), table.columns.begin()->first).is_null()) << name;
        ASSERT_EQ(read.rows.get().size(), rows.size()) << name;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const TableRow& r = read.rows.get()[i];
            EXPECT_EQ(r.cells, rows[i].cells) << name << " row " << i;
            EXPECT_EQ(r.where.line, rows[i].where.line) << name << " row " << i;
            ASSERT_EQ(r.cell_where.size(), rows[i].cell_where.size()) << name << " row " << i;
            for (const auto& [column, where] : rows[i].cell_where) {
                EXPECT_EQ(r.cell_where.at(column).line, where.line) << name << "." << column;
                EXPECT_EQ(r.cell_where.at(column).column, where.column) << name << "." << column;
                EXPECT_EQ(r.cell_where.at(column).file, where.file) << name << "." << column;
            }
        }
    }
    EXPECT_GT(lookups, 1000U);
    EXPECT_TRUE(back->tables.begin()
                    ->second
                    .lookup(back->tables.begin()->second.columns.begin()->first, Value(std::string("no such key")),
                            back->tables.begin()->second.columns.begin()->first)
                    .is_null());
}

// The set read back checks every bundled example to what the compiled set finds.
TEST(RuleSetImage, ChecksTheExamplesAsTheCompiledSetDoes) {
    RuleSet set = bundled_set();
    auto back = decode_rule_set_image(*encode_rule_set_image(set));
    ASSERT_TRUE(back);
    std::size_t jobs = 0;
    for (const auto& entry : fs::directory_iterator(fs::path(PREFLIGHT_SOURCE_DIR) / "share" / "examples")) {
        if (entry.path().extension() != ".toml") continue;
        ++jobs;
        std::string compiled = outcome(set, entry.path().string());
        EXPECT_NE(compiled.find("applied"), std::string::npos);
        EXPECT_EQ(outcome(*back, entry.path().string()), compiled) << entry.path();
    }
    EXPECT_GE(jobs, 3U);
}

TEST(RuleSetImage, RefusesDamageTruncationAndTrailingBytes) {
    test_support::TempDir dir;
    dir.write("p/pack.toml", kSetPack);
    auto collected = collect_packs(std::vector<RuleRoot>{{dir.path(), true}}, kEngine);
    ASSERT_TRUE(collected.has_value());
    auto set = compile_packs(std::move(collected->packs));
    ASSERT_TRUE(set.has_value()) << set.error().message;
    auto image = *encode_rule_set_image(*set);
    ASSERT_TRUE(decode_rule_set_image(image));
    for (std::size_t n = 0; n < image.size(); ++n) EXPECT_FALSE(decode_rule_set_image(image.substr(0, n))) << n;
    EXPECT_FALSE(decode_rule_set_image(image + "x"));
    // Any changed byte, inside a part read only later (a table's rows, a tree) too.
    for (std::size_t i = 0; i < image.size(); ++i) {
        std::string damaged = image;
        damaged[i] = static_cast<char>(damaged[i] ^ 0x20);
        EXPECT_FALSE(decode_rule_set_image(damaged)) << i;
    }
}

TEST(RuleSetCache, ServesTheSetForTheSameFilesOnly) {
    if (util::executable_build_id().empty()) GTEST_SKIP() << "this test binary has no build ID, so nothing is cached";
    test_support::TempDir dir;
    test_support::ScopedEnv env("PREFLIGHT_CACHE_DIR", dir.path() + "/cache");
    dir.write("packs/p/pack.toml", kSetPack);
    std::vector<RuleRoot> roots = {{dir.path() + "/packs", true}};
    auto first = load_rule_set(roots, kEngine);
    ASSERT_TRUE(first.has_value()) << first.error().message;
    std::string cache = pack_cache_dir();
    EXPECT_EQ(files_in(cache, ".set"), 1U);
    auto second = load_rule_set(roots, kEngine);
    ASSERT_TRUE(second.has_value());
    EXPECT_EQ(encode_rule_set_image(*second), encode_rule_set_image(*first));
    EXPECT_EQ(files_in(cache, ".set"), 1U);  // read, not made again

    // Edited, the packs are compiled anew.
    dir.write("packs/p/pack.toml", std::string(kSetPack) + "explain = \"e\"\n");
    auto edited = load_rule_set(roots, kEngine);
    ASSERT_TRUE(edited.has_value());
    EXPECT_EQ(edited->rules.at(0).text().explain, "e");
    EXPECT_EQ(files_in(cache, ".set"), 2U);

    // The same files under other roots are another set: two packs of one name in one
    // root are an error, in two roots the later is shadowed.
    dir.write("packs/q/pack.toml", kSetPack);
    EXPECT_FALSE(load_rule_set(roots, kEngine).has_value());
    auto shadowing = load_rule_set({{dir.path() + "/packs/p", true}, {dir.path() + "/packs/q", true}}, kEngine);
    ASSERT_TRUE(shadowing.has_value()) << shadowing.error().message;
    ASSERT_EQ(shadowing->shadowed.size(), 1U);
    auto again = load_rule_set({{dir.path() + "/packs/p", true}, {dir.path() + "/packs/q", true}}, kEngine);
    ASSERT_TRUE(again.has_value());
    EXPECT_EQ(again->shadowed, shadowing->shadowed);          // from the image now
    EXPECT_FALSE(load_rule_set(roots, kEngine).has_value());  // an error is never cached
}

TEST(RuleSetCache, ADamagedImageIsCompiledAgain) {
    if (util::executable_build_id().empty()) GTEST_SKIP() << "this test binary has no build ID, so nothing is cached";
    test_support::TempDir dir;
    test_support::ScopedEnv env("PREFLIGHT_CACHE_DIR", dir.path() + "/cache");
    dir.write("packs/p/pack.toml", kSetPack);
    std::vector<RuleRoot> roots = {{dir.path() + "/packs", true}};
    ASSERT_TRUE(load_rule_set(roots, kEngine).has_value());
    std::string cache = pack_cache_dir();
    for (const auto& e : fs::directory_iterator(cache))
        if (e.path().extension() == ".set") dir.write(e.path().string().substr(dir.path().size() + 1), "damaged");
    auto set = load_rule_set(roots, kEngine);
    ASSERT_TRUE(set.has_value());
    EXPECT_EQ(set->rules.at(0).id, "r");
    EXPECT_EQ(set->tables.at("t").rows.get().size(), 1U);
}
