// Seeded random and mutated inputs for every parser, in every build (the libFuzzer
// targets of tests/fuzz run only in the clang tree). Each parser must return, and what
// it accepts must keep the parser's round-trip properties; each test also checks that
// its inputs reached both the accepting and the refusing side, so none passes by
// never parsing anything. Under ASan/UBSan (as CI runs them) a bad read fails too.
#include <gtest/gtest.h>

#include <random>

#include "config/run_config.hpp"
#include "fake_world.hpp"
#include "lang/compiler.hpp"
#include "lang/evaluator.hpp"
#include "lang/message_template.hpp"
#include "rules/pack_source.hpp"
#include "rules/rule_set.hpp"
#include "temp_dir.hpp"
#include "util/kv_list.hpp"
#include "version/version.hpp"

using namespace preflight;

namespace {

constexpr int kRounds = 3000;

// Mutations of valid samples: drop, duplicate, replace or insert a character.
std::string mutate(std::string s, std::mt19937& rng, const std::string& alphabet) {
    int edits = 1 + static_cast<int>(rng() % 4);
    for (int i = 0; i < edits; ++i) {
        std::size_t at = s.empty() ? 0 : rng() % (s.size() + 1);
        char c = alphabet[rng() % alphabet.size()];
        switch (rng() % 4) {
            case 0:
                if (at < s.size()) s.erase(at, 1);
                break;
            case 1:
                if (at < s.size()) s.insert(at, 1, s[at]);
                break;
            case 2:
                if (at < s.size()) s[at] = c;
                break;
            default: s.insert(at, 1, c);
        }
    }
    return s;
}

std::string random_text(std::mt19937& rng, const std::string& alphabet, std::size_t max_len) {
    std::string s(rng() % (max_len + 1), ' ');
    for (auto& c : s) c = alphabet[rng() % alphabet.size()];
    return s;
}

}  // namespace

TEST(Robustness, VersionParsersTakeAnyText) {
    std::mt19937 rng(1);
    // Bytes of UTF-8 spaces too (U+00A0, U+2000.., U+3000), whole and in pieces.
    const std::string alphabet = "0123456789.!+-_vVaAbBrRcCpPoOsStTdDeE*<>=~,; \t\n\xc2\xa0\xe2\x80\xe3";
    const std::vector<std::string> samples = {
        "1!2.0rc1.post3.dev4+local.7", ">=0.16.0.dev0,<0.20,!=0.17.*", "~=2.7.1", "8.1.RC1.alpha001", "==8.5.*", "===foo"};
    int versions = 0, sets = 0, canns = 0, refused = 0;
    const auto probe = version::Pep440::parse("2.7.1");
    for (int i = 0; i < kRounds; ++i) {
        std::string s = i % 2 ? mutate(samples[rng() % samples.size()], rng, alphabet) : random_text(rng, alphabet, 40);
        auto v = version::Pep440::parse(s);
        if (v) {
            ++versions;
            auto again = version::Pep440::parse(v->str());
            ASSERT_TRUE(again) << s;
            EXPECT_EQ(version::compare(*v, *again), 0) << s;
        }
        auto set = version::SpecifierSet::parse(s);
        if (set) {
            ++sets;
            auto again = version::SpecifierSet::parse(set->str());
            ASSERT_TRUE(again) << s;
            for (auto m : {version::Membership::candidate, version::Membership::installed}) {
                EXPECT_EQ(set->contains(*probe, m), again->contains(*probe, m)) << s;
                if (v) {
                    EXPECT_EQ(set->contains(*v, m), again->contains(*v, m)) << s;
                }
            }
        }
        auto c = version::Cann::parse(s);
        if (c) {
            ++canns;
            auto again = version::Cann::parse(c->text);
            ASSERT_TRUE(again) << s;
            EXPECT_EQ(version::compare(*c, *again), 0) << s;
        }
        (void)version::VersionRange::parse(version::Scheme::cann, s);
        refused += !v && !set && !c;
    }
    EXPECT_GT(versions, 30);
    EXPECT_GT(sets, 100);
    EXPECT_GT(canns, 10);
    EXPECT_GT(refused, 100);
}

TEST(Robustness, RuleLanguageTakesAnyText) {
    std::mt19937 rng(2);
    test_support::FakeWorld world;
    world.types["parallel.tp"] = {lang::TypeKind::integer};
    world.types["train.packing"] = {lang::TypeKind::boolean};
    world.types["model.arch"] = {lang::TypeKind::string};
    world.facts["parallel.tp"] = Value(std::int64_t{2});
    const std::string alphabet = "abcdefghijklmnopqrstuvwxyz_.0123456789()[],'\"!&|=<>+-*/% \\{}";
    const std::vector<std::string> samples = {
        "parallel.tp > 1 && (train.packing || !known(model.arch))",
        "satisfies(pkg('megatron-core'), '>=0.16') && env('X') in ['1', 'true']",
        "alloc_conf_set(env('PYTORCH_NPU_ALLOC_CONF'), 'expandable_segments', 'False') == 'x'",
        "div(16, parallel.tp) % 3 == 0 && len(split('a:b', ':')) > lookup('models', 'arch', 'qwen3_5', 'has_gdn')",
    };
    int compiled = 0, refused = 0;
    for (int i = 0; i < kRounds; ++i) {
        std::string s = i % 2 ? mutate(samples[rng() % samples.size()], rng, alphabet) : random_text(rng, alphabet, 60);
        auto e = lang::compile(s, world);
        if (e) {
            ++compiled;
            // Evaluation reads the world and nothing else: the same answer twice.
            EXPECT_EQ(display(lang::evaluate(*e, world)), display(lang::evaluate(*e, world))) << s;
        } else {
            ++refused;
            EXPECT_FALSE(e.error().message.empty()) << s;
        }
        auto t = lang::MessageTemplate::compile(s, world);
        if (t) {
            EXPECT_EQ(t->render(world), t->render(world)) << s;
        }
    }
    EXPECT_GT(compiled, 50);
    EXPECT_GT(refused, 500);
}

TEST(Robustness, ConfigPackAndKvReadersTakeAnyText) {
    std::mt19937 rng(3);
    test_support::TempDir dir;
    const std::string alphabet = "abcdefghijklmnopqrstuvwxyz_.0123456789[]{}=\"'#,: \n\t\\";
    const std::string job =
        "schema = 1\n[job]\nbackend = \"megatron\"\n[parallel]\ntp = 2\n[env]\nX = \"a\\\"b\"\n[packages]\ncann = \"8.5.1\"\n";
    const std::string pack =
        "[pack]\nname = \"p\"\nversion = \"1\"\nengine = \">=0\"\nsummary = \"s\"\n[[tables.t]]\na = 1\n"
        "[[rules]]\nid = \"r\"\nseverity = \"error\"\nsummary = \"s\"\nreferences = [\"x\"]\nmessage = \"m\"\n"
        "when = '''\nparallel.tp > 1\n'''\n[[rules.fix]]\nenv = \"X\"\nset = \"1\"\n";
    int jobs = 0, packs = 0, kvs = 0, refused = 0;
    for (int i = 0; i < 600; ++i) {
        auto job_path = dir.write("job.toml", mutate(job, rng, alphabet));
        auto config = config::load_run_config(job_path, [](const std::string&) { return version::Scheme::pep440; });
        jobs += config.has_value();
        auto pack_path = dir.write("pack.toml", mutate(pack, rng, alphabet));
        auto read = rules::read_pack(pack_path);
        if (read) {
            packs += rules::compile_packs({*read}).has_value();
        } else {
            EXPECT_FALSE(read.error().message.empty());
        }
        refused += !config + !read;
        std::string conf = random_text(rng, "expandable_segments:True,[]0123 ", 50);
        if (auto kv = util::KvList::parse(conf)) {
            ++kvs;
            auto again = util::KvList::parse(kv->str());
            ASSERT_TRUE(again) << conf;
            EXPECT_EQ(again->str(), kv->str()) << conf;
            kv->set("expandable_segments", "False");
            EXPECT_EQ(kv->get("expandable_segments"), "False") << conf;
        }
    }
    EXPECT_GT(jobs, 50);
    EXPECT_GT(packs, 10);
    EXPECT_GT(kvs, 50);
    EXPECT_GT(refused, 100);
}
