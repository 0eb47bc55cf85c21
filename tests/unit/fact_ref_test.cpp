// FactRef: the one place the spellings of a fact reference are made and read back.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "core/fact_ref.hpp"
#include "core/value.hpp"

using namespace preflight;

TEST(FactRef, SpellsEachKindAsTheTextsDo) {
    EXPECT_EQ(FactRef::config("parallel.tp").display(), "parallel.tp");
    EXPECT_EQ(FactRef::env("HCCL_BUFFSIZE").display(), "env(HCCL_BUFFSIZE)");
    EXPECT_EQ(FactRef::package("megatron-core").display(), "pkg(megatron-core)");
    EXPECT_EQ(FactRef::revision("ms-swift").display(), "revision(ms-swift)");
    EXPECT_EQ(FactRef::env("X").key(), "env.X");
    EXPECT_EQ(FactRef::package("torch-npu").key(), "packages.torch-npu");
    EXPECT_EQ(FactRef::revision("ms-swift").key(), "revisions.ms-swift");
    EXPECT_EQ(FactRef::env("X").phrase(), "env X");
    EXPECT_EQ(FactRef::package("torch").phrase(), "pkg torch");
}

TEST(FactRef, ReadsKeysBack) {
    for (const auto& ref :
         {FactRef::config("model.arch"), FactRef::env("A_B"), FactRef::package("torch-npu"), FactRef::revision("x")})
        EXPECT_EQ(FactRef::from_key(ref.key()), ref) << ref.key();
    EXPECT_EQ(FactRef::from_key("packages.Torch_NPU"), FactRef::package("torch-npu"));  // normalized, as the facts are
    EXPECT_EQ(FactRef::from_key("envx.A").kind, FactRef::Kind::config);
}

// Lists of missing facts read as they did when they were strings.
TEST(FactRef, OrdersAsItsDisplayText) {
    std::vector<FactRef> refs = {FactRef::package("a"),   FactRef::config("parallel.tp"),
                                 FactRef::env("Z"),       FactRef::config("envoy"),
                                 FactRef::revision("b"),  FactRef::config("packages"),
                                 FactRef::package("a-b"), FactRef::env("A"),
                                 FactRef::config("pkg"),  FactRef::package("a)"),
                                 FactRef::package("a)x"), FactRef::package("a("),
                                 FactRef::env("A)"),      FactRef::env("AB"),
                                 FactRef::config("a"),    FactRef::config("ab"),
                                 FactRef::config("a)"),   FactRef::revision("a"),
                                 FactRef::revision("a0"), FactRef::package("")};
    for (const auto& a : refs)
        for (const auto& b : refs) {
            EXPECT_EQ(a < b, a.display() < b.display()) << a.display() << " vs " << b.display();
            EXPECT_EQ(a == b, a.display() == b.display()) << a.display() << " vs " << b.display();
            EXPECT_EQ(a > b, a.display() > b.display()) << a.display() << " vs " << b.display();
        }
}

TEST(FactRef, UnknownValuesKeepFactsAndReasonsApart) {
    Unknown u = *Value::unknown(FactRef::package("torch")).get<Unknown>();
    u.add(*Value::unknown_because("division by zero").get<Unknown>());
    EXPECT_EQ(u.missing, std::set<FactRef>{FactRef::package("torch")});
    EXPECT_EQ(u.reasons, std::set<std::string>{"division by zero"});
    EXPECT_NE(Value(u), Value::unknown(FactRef::package("torch")));
}
