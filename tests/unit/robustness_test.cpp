// Seeded random and mutated inputs for every parser. Nothing is asserted about the
// answers, only that each parser returns one: run under ASan/UBSan (as CI does),
// any out-of-bounds read, overflow or crash fails the test. (libFuzzer needs clang,
// which the build machines do not have; these seeds are deterministic instead.)
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
            case 0: if (at < s.size()) s.erase(at, 1); break;
            case 1: if (at < s.size()) s.insert(at, 1, s[at]); break;
            case 2: if (at < s.size()) s[at] = c; break;
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
    const std::vector<std::string> samples = {"1!2.0rc1.post3.dev4+local.7", ">=0.16.0.dev0,<0.20,!=0.17.*", "~=2.7.1", "8.1.RC1.alpha001",
                                              "==8.5.*", "===foo"};
    for (int i = 0; i < kRounds; ++i) {
        std::string s = i % 2 ? mutate(samples[rng() % samples.size()], rng, alphabet) : random_text(rng, alphabet, 40);
        auto v = version::Pep440::parse(s);
        if (v) (void)v->str();
        auto set = version::SpecifierSet::parse(s);
        if (set && v) (void)set->contains(*v, version::Membership::candidate);
        if (set && v) (void)set->contains(*v, version::Membership::installed);
        (void)version::Cann::parse(s);
        (void)version::VersionRange::parse(version::Scheme::cann, s);
    }
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
    for (int i = 0; i < kRounds; ++i) {
        std::string s = i % 2 ? mutate(samples[rng() % samples.size()], rng, alphabet) : random_text(rng, alphabet, 60);
        auto e = lang::compile(s, world);
        if (e) (void)lang::evaluate(*e->root, world);
        auto t = lang::MessageTemplate::compile(s, world);
        if (t) (void)t->render(world);
    }
}

TEST(Robustness, ConfigPackAndKvReadersTakeAnyText) {
    std::mt19937 rng(3);
    test_support::TempDir dir;
    const std::string alphabet = "abcdefghijklmnopqrstuvwxyz_.0123456789[]{}=\"'#,: \n\t\\";
    const std::string job = "schema = 1\n[job]\nbackend = \"megatron\"\n[parallel]\ntp = 2\n[env]\nX = \"a\\\"b\"\n[packages]\ncann = \"8.5.1\"\n";
    const std::string pack = "[pack]\nname = \"p\"\nversion = \"1\"\nengine = \">=0\"\nsummary = \"s\"\n[[tables.t]]\na = 1\n"
                             "[[rules]]\nid = \"r\"\nseverity = \"error\"\nsummary = \"s\"\nreferences = [\"x\"]\nmessage = \"m\"\n"
                             "when = '''\nparallel.tp > 1\n'''\n[[rules.fix]]\nenv = \"X\"\nset = \"1\"\n";
    for (int i = 0; i < 600; ++i) {
        auto job_path = dir.write("job.toml", mutate(job, rng, alphabet));
        (void)config::load_run_config(job_path, [](const std::string&) { return version::Scheme::pep440; });
        auto pack_path = dir.write("pack.toml", mutate(pack, rng, alphabet));
        if (auto read = rules::read_pack(pack_path)) (void)rules::compile_packs({*read});
        std::string conf = random_text(rng, "expandable_segments:True,[]0123 ", 50);
        if (auto kv = util::KvList::parse(conf)) {
            kv->set("expandable_segments", "False");
            (void)kv->str();
        }
    }
}
