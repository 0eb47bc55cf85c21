#include <gtest/gtest.h>

#include "fake_world.hpp"
#include "lang/compiler.hpp"
#include "lang/evaluator.hpp"
#include "lang/functions.hpp"
#include "lang/message_template.hpp"
#include "lang/parser.hpp"

using namespace preflight;
using namespace preflight::lang;

namespace {

class LangTest : public ::testing::Test {
protected:
    test_support::FakeWorld world;

    void SetUp() override {
        world.types["parallel.tp"] = {TypeKind::integer};
        world.types["parallel.cp"] = {TypeKind::integer};
        world.types["train.packing"] = {TypeKind::boolean};
        world.types["model.arch"] = {TypeKind::string};
        world.types["model.heads"] = {TypeKind::integer};
        world.schemes["cann"] = version::Scheme::cann;
        world.facts["parallel.tp"] = Value(std::int64_t{4});
        world.facts["parallel.cp"] = Value(std::int64_t{2});
        world.facts["train.packing"] = Value(true);
        world.facts["model.arch"] = Value("qwen3_5");
        world.packages["megatron-core"] = Value(*version::Version::parse(version::Scheme::pep440, "0.15.3"));
        world.packages["cann"] = Value(*version::Version::parse(version::Scheme::cann, "8.0.RC3"));
        world.packages["ms-swift"] = Value(*version::Version::parse(version::Scheme::pep440, "4.4.0.dev0"));
        world.packages["vllm"] = Value(*version::Version::parse(version::Scheme::pep440, "0.11.0rc1"));
        world.env_vars["PYTORCH_NPU_ALLOC_CONF"] = Value("expandable_segments:True,pinned_use_background_threads:True");
    }

    Value eval(const std::string& src) {
        auto e = compile(src, world);
        EXPECT_TRUE(e.has_value()) << src << ": " << (e ? "" : e.error().message);
        if (!e) return Value::unknown_because("compile failed");
        return evaluate(*e, world);
    }

    Error compile_error(const std::string& src) {
        auto e = compile(src, world, Type{TypeKind::boolean});
        EXPECT_FALSE(e.has_value()) << src;
        return e ? Error{} : e.error();
    }
};

}  // namespace

TEST_F(LangTest, SyntaxErrorsPointAtTheOffendingColumn) {
    EXPECT_EQ(compile_error("parallel.tp = 2").location.column, 12);
    auto e = compile_error("parallel.tp == 2 &&");
    EXPECT_EQ(e.location.column, 19);
    EXPECT_NE(e.message.find("ends"), std::string::npos);
    EXPECT_EQ(compile_error("(parallel.tp == 2").location.column, 17);
    EXPECT_EQ(compile_error("'open").location.column, 0);
    EXPECT_NE(compile_error("1 < 2 < 3").message.find("chain"), std::string::npos);
}

TEST_F(LangTest, NestingIsBounded) {
    std::string deep(200, '(');
    deep += "true" + std::string(200, ')');
    EXPECT_NE(compile_error(deep).message.find("nested deeper"), std::string::npos);
    std::string nots(200, '!');
    EXPECT_NE(compile_error(nots + "true").message.find("nested deeper"), std::string::npos);
    std::string ok(40, '(');
    ok += "true" + std::string(40, ')');
    EXPECT_TRUE(compile(ok, world).has_value());
}

TEST_F(LangTest, FlatChainsAreBoundedToo) {
    // No parentheses, but the tree of 20,000 '&&' terms is 20,000 levels deep: it
    // crashed the checker before the parser bounded the tree's height.
    std::string chain = "true";
    for (int i = 0; i < 20000; ++i) chain += " && parallel.tp > 1";
    auto long_chain = compile_error(chain);
    EXPECT_NE(long_chain.message.find("expression too long"), std::string::npos) << long_chain.message;
    std::string sum = "1";
    for (int i = 0; i < 20000; ++i) sum += " + 1";
    EXPECT_NE(compile_error(sum + " > 0").message.find("expression too long"), std::string::npos);
    std::string list = "[1";
    for (int i = 0; i < 20000; ++i) list += ", 1";
    EXPECT_NE(compile_error("parallel.tp in " + list + "]").message.find("more than"), std::string::npos);
    // A chain within the bound evaluates.
    std::string fine = "true";
    for (int i = 0; i < 200; ++i) fine += " && parallel.tp > 1";
    EXPECT_EQ(eval(fine), Value(true));
}

TEST_F(LangTest, TypeErrorsAreFoundAtLoad) {
    EXPECT_NE(compile_error("parallel.tp == 'two'").message.find("cannot compare int with string"), std::string::npos);
    auto unknown = compile_error("parallel.tpp == 2");
    EXPECT_NE(unknown.message.find("unknown fact 'parallel.tpp'"), std::string::npos);
    EXPECT_EQ(unknown.location.column, 0);
    EXPECT_NE(compile_error("train.packing && parallel.tp").message.find("bool operands"), std::string::npos);
    EXPECT_NE(compile_error("parallel.tp").message.find("bool is needed"), std::string::npos);
    auto spec = compile_error("satisfies(pkg('megatron-core'), '>=0.16,<<1')");
    EXPECT_EQ(spec.location.column, 32);
    EXPECT_NE(compile_error("pkg(model.arch) == null").message.find("string literal"), std::string::npos);
    EXPECT_NE(compile_error("nosuch(1)").message.find("unknown function"), std::string::npos);
    EXPECT_NE(compile_error("env('1BAD') == null").message.find("not a valid environment variable"), std::string::npos);
    EXPECT_NE(compile_error("pkg('cann') >= '8.x'").message.find("not a valid cann version"), std::string::npos);
    EXPECT_NE(compile_error("parallel.tp % 1.5 == 0").message.find("integers"), std::string::npos);
    EXPECT_NE(compile_error("contains('a')").message.find("takes 2"), std::string::npos);
}

TEST_F(LangTest, ThreeValuedLogic) {
    EXPECT_EQ(eval("model.heads > 1 && false"), Value(false));
    EXPECT_EQ(eval("model.heads > 1 || true"), Value(true));
    Value u = eval("model.heads > 1 && true");
    ASSERT_TRUE(u.is_unknown());
    EXPECT_EQ(u.get<Unknown>()->missing, std::set<FactRef>{FactRef::config("model.heads")});
    Value both = eval("model.heads % parallel.tp == 0 || pkg('mcore-bridge') >= '1.2'");
    ASSERT_TRUE(both.is_unknown());
    EXPECT_EQ(both.get<Unknown>()->missing,
              (std::set<FactRef>{FactRef::config("model.heads"), FactRef::package("mcore-bridge")}));
    EXPECT_TRUE(eval("!(model.heads > 1)").is_unknown());
    EXPECT_EQ(eval("known(model.heads)"), Value(false));
    EXPECT_EQ(eval("known(parallel.tp)"), Value(true));
}

TEST_F(LangTest, VersionsCompareInTheirScheme) {
    EXPECT_EQ(eval("pkg('megatron-core') < '0.16'"), Value(true));
    EXPECT_EQ(eval("pkg('megatron_core') < version('0.16.0rc1')"), Value(true));
    EXPECT_EQ(eval("satisfies(pkg('megatron-core'), '>=0.15,<0.16')"), Value(true));
    EXPECT_EQ(eval("pkg('cann') < '8.0.0'"), Value(true));  // 8.0.RC3 precedes 8.0.0
    EXPECT_EQ(eval("satisfies(pkg('cann'), '>=8.0.RC2,<8.0.0')"), Value(true));
    EXPECT_EQ(eval("pkg('megatron-core') in ['0.15.3', '0.16.0']"), Value(true));
}

// Package versions are installed ones: a source build's dev version past a bound is
// inside the range, a release candidate of the bound itself is below it.
TEST_F(LangTest, SatisfiesJudgesInstalledVersions) {
    EXPECT_EQ(eval("satisfies(pkg('ms-swift'), '>=4.2.0')"), Value(true));
    EXPECT_EQ(eval("satisfies(pkg('ms-swift'), '>=4.2.0,<4.5')"), Value(true));
    EXPECT_EQ(eval("satisfies(pkg('ms-swift'), '<4.4.0')"), Value(false));  // < excludes 4.4.0's own dev builds
    EXPECT_EQ(eval("in_range(pkg('ms-swift'), '>=4.2.0')"), Value(true));
    EXPECT_EQ(eval("satisfies(pkg('vllm'), '>=0.11.0')"), Value(false));  // 0.11.0rc1 < 0.11.0
    EXPECT_EQ(eval("satisfies(pkg('vllm'), '>=0.10.2')"), Value(true));
    EXPECT_EQ(eval("pkg('ms-swift') >= '4.2.0'"), Value(true));
}

TEST_F(LangTest, NullIsAbsentNotUnknown) {
    EXPECT_EQ(eval("env('USE_MCORE_GDN') == null"), Value(true));
    EXPECT_EQ(eval("env('USE_MCORE_GDN') == '1'"), Value(false));
    EXPECT_EQ(eval("env('USE_MCORE_GDN') > 'a'"), Value(false));
    EXPECT_EQ(eval("contains(env('LD_PRELOAD'), 'tms')"), Value(false));
    EXPECT_EQ(eval("lookup('models', 'arch', 'llama', 'has_gdn') == true"), Value(false));
    EXPECT_EQ(eval("lookup('models', 'arch', model.arch, 'has_gdn') == true"), Value(true));
}

TEST_F(LangTest, ArithmeticAndMembership) {
    EXPECT_EQ(eval("16 % (parallel.tp * parallel.cp) == 0"), Value(true));
    EXPECT_EQ(eval("48 % parallel.tp"), Value(std::int64_t{0}));
    EXPECT_TRUE(eval("1 % (parallel.tp - 4) == 0").is_unknown());  // division by zero
    EXPECT_TRUE(eval("9223372036854775807 + 1 > 0").is_unknown());
    EXPECT_EQ(eval("model.arch in ['qwen3_5', 'qwen3_5_moe']"), Value(true));
    EXPECT_EQ(eval("'wen' in model.arch"), Value(true));
    EXPECT_EQ(eval("len(split('a:b:c', ':')) == 3"), Value(true));
    EXPECT_EQ(eval("count_containing(split('/x/torch_memory_saver.so:/y/torch_memory_saver.so', ':'), 'torch_memory_saver')"),
              Value(std::int64_t{2}));
}

TEST_F(LangTest, AllocatorConfigFunctions) {
    EXPECT_EQ(eval("alloc_conf(env('PYTORCH_NPU_ALLOC_CONF'), 'expandable_segments')"), Value("True"));
    EXPECT_EQ(eval("alloc_conf(env('PYTORCH_CUDA_ALLOC_CONF'), 'expandable_segments') == null"), Value(true));
    EXPECT_EQ(eval("alloc_conf_set(env('PYTORCH_NPU_ALLOC_CONF'), 'expandable_segments', 'False')"),
              Value("expandable_segments:False,pinned_use_background_threads:True"));
    EXPECT_EQ(eval("alloc_conf_valid('expandable_segments')"), Value(false));
}

TEST_F(LangTest, MessagesInterpolateFacts) {
    auto t = MessageTemplate::compile("tp={parallel.tp}, core {pkg('megatron-core')}, heads {model.heads} {{x}}", world);
    ASSERT_TRUE(t.has_value());
    EXPECT_EQ(t->render(world), "tp=4, core 0.15.3, heads unknown {x}");
    auto bad = MessageTemplate::compile("tp={parallel.tq}", world);
    ASSERT_FALSE(bad.has_value());
    EXPECT_EQ(bad.error().location.column, 4);
    EXPECT_FALSE(MessageTemplate::compile("open {", world).has_value());
}

// Tables keyed on exact releases: a release the table lacks leaves the rule undetermined.
TEST_F(LangTest, LookupRequiredIsUnknownForAKeyWithoutARow) {
    EXPECT_EQ(eval("lookup_required('models', 'arch', model.arch, 'has_gdn')"), Value(true));
    Value missing = eval("lookup_required('models', 'arch', 'llama', 'has_gdn')");
    ASSERT_TRUE(missing.is_unknown());
    EXPECT_EQ(missing.get<Unknown>()->reasons.count("table 'models' has no row with arch = llama"), 1u);
    EXPECT_EQ(eval("lookup('models', 'arch', 'llama', 'has_gdn') == null"), Value(true));  // lookup() stays null
    EXPECT_EQ(eval("lookup_required('models', 'arch', env('UNSET'), 'has_gdn') == null"), Value(true));
    EXPECT_EQ(eval("false && lookup_required('models', 'arch', 'llama', 'has_gdn')"), Value(false));
}

TEST_F(LangTest, PublicVersionDropsOnlyTheLocalLabel) {
    world.packages["torch-npu"] = Value(*version::Version::parse(version::Scheme::pep440, "2.9.0.post1+git4c901a4"));
    EXPECT_EQ(eval("public_version(pkg('torch-npu'))"), Value("2.9.0.post1"));
    EXPECT_EQ(eval("public_version(pkg('megatron-core'))"), Value("0.15.3"));
    EXPECT_EQ(eval("public_version(version('2.10.0-post5'))"), Value("2.10.0.post5"));  // normalized
    EXPECT_EQ(eval("public_version(pkg('cann'))"), Value("8.0.RC3"));
    EXPECT_EQ(eval("public_version(null) == null"), Value(true));
}

// What an expression reads comes from the function table's `reads`, not from names.
TEST_F(LangTest, ExpressionsListWhatTheyRead) {
    auto e = compile("installed('Megatron_Core') && env('X') == 'y' && revision('ms-swift') == 'main' && parallel.tp > 1", world);
    ASSERT_TRUE(e.has_value()) << e.error().message;
    EXPECT_EQ(e->reads(), (std::set<FactRef>{FactRef::package("megatron-core"), FactRef::env("X"), FactRef::revision("ms-swift"),
                                             FactRef::config("parallel.tp")}));
    for (const auto& f : all_functions())
        EXPECT_EQ(f.reads.has_value(), std::string(f.signature).find("name: string literal") != std::string::npos) << f.name;
    auto bad = compile("pkg(parallel.tp)", world);
    ASSERT_FALSE(bad.has_value());
    EXPECT_EQ(bad.error().message, "pkg(): the package name must be a string literal");
}

// A node's operator views its one spelling in kOperators: reading a tree copies none,
// and the evaluator and the image codecs rely on every operator being one of them.
TEST(Lang, AnOperatorIsHeldAsItsOneSpelling) {
    auto tree = lang::parse_expression("!(1 + 2 * 3 - 4 / 5 % 6 in [7]) || 1 <= 2 && 3 != 4 && \"a\" == \"b\"");
    ASSERT_TRUE(tree) << tree.error().message;
    std::size_t seen = 0;
    auto walk = [&](auto& self, const lang::Node& n) -> void {
        if (n.kind == lang::NodeKind::unary || n.kind == lang::NodeKind::binary) {
            ++seen;
            bool interned = false;
            for (std::string_view op : lang::kOperators) interned = interned || op.data() == n.op.data();
            EXPECT_TRUE(interned) << n.op;
        }
        for (const auto& c : n.children) self(self, *c);
    };
    walk(walk, **tree);
    EXPECT_EQ(seen, 13U);
    EXPECT_EQ(lang::operator_spelling("&&").data(), lang::kOperators[1].data());
    EXPECT_TRUE(lang::operator_spelling("&").empty());
    EXPECT_TRUE(lang::operator_spelling("").empty());
}
