// Programs (lang/program.hpp): an expression is evaluated from its bytes where they
// lie. The right operand of a decided `&&` or `||` and the items after an unknown one
// are stepped over, unread; the names a function passes on are views of the program
// (a check's patch slots keep them); bytes cut short or followed by more are an
// exception, never a read past their end.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "fake_world.hpp"
#include "lang/compiler.hpp"
#include "lang/evaluator.hpp"

using namespace preflight;
using namespace preflight::lang;

namespace {

// Notes every name it is asked for, as the view it was given.
struct Recording : test_support::FakeWorld {
    std::vector<std::string_view> asked;
    Value fact(std::string_view name) override {
        asked.push_back(name);
        return FakeWorld::fact(name);
    }
    Value env(std::string_view name) override {
        asked.push_back(name);
        return FakeWorld::env(name);
    }
    Value package(std::string_view name) override {
        asked.push_back(name);
        return FakeWorld::package(name);
    }
};

class ProgramTest : public ::testing::Test {
protected:
    Recording world;

    void SetUp() override {
        world.types["parallel.tp"] = {TypeKind::integer};
        world.types["model.heads"] = {TypeKind::integer};  // given no value: unknown
        world.types["train.packing"] = {TypeKind::boolean};
        world.facts["parallel.tp"] = Value(std::int64_t{4});
        world.facts["train.packing"] = Value(true);
        world.packages["megatron-core"] = Value(*version::Version::parse(version::Scheme::pep440, "0.15.3"));
    }

    Expression compiled(const std::string& source) {
        auto e = compile(source, world);
        EXPECT_TRUE(e.has_value()) << source << ": " << (e ? "" : e.error().message);
        return e ? std::move(*e) : Expression{};
    }
    // What evaluating `source` asked the world for, by name.
    std::vector<std::string> asked_by(const std::string& source) {
        world.asked.clear();
        Expression e = compiled(source);
        (void)evaluate(e, world);
        return {world.asked.begin(), world.asked.end()};
    }
};

}  // namespace

TEST_F(ProgramTest, ADecidedOperatorStepsOverItsRightOperand) {
    using Names = std::vector<std::string>;
    EXPECT_EQ(asked_by("train.packing || parallel.tp == 9"), Names{"train.packing"});
    EXPECT_EQ(asked_by("!train.packing && parallel.tp == 9"), Names{"train.packing"});
    EXPECT_EQ(asked_by("train.packing && parallel.tp == 9"), (Names{"train.packing", "parallel.tp"}));
    // An unknown item decides its list: the items after it are not read.
    EXPECT_EQ(asked_by("[model.heads, parallel.tp] == [1, 2]"), Names{"model.heads"});
    EXPECT_EQ(asked_by("[parallel.tp, model.heads] == [1, 2]"), (Names{"parallel.tp", "model.heads"}));
    // What it stepped over leaves the rest read in order.
    EXPECT_EQ(asked_by("(train.packing || model.heads == 1) && parallel.tp == 4"), (Names{"train.packing", "parallel.tp"}));
    EXPECT_EQ(display(evaluate(compiled("(train.packing || model.heads == 1) && parallel.tp == 4"), world)), "true");
}

TEST_F(ProgramTest, TheNamesAFunctionPassesOnLieInTheProgram) {
    Expression e = compiled("satisfies(pkg('megatron-core'), '>=0.16') || env('USE_MCORE_GDN') == '1' || parallel.tp > 2");
    world.asked.clear();
    EXPECT_EQ(display(evaluate(e, world)), "true");
    ASSERT_EQ(world.asked.size(), 3U);
    std::string_view bytes = e.program.bytes();
    for (std::string_view name : world.asked) {
        EXPECT_GE(name.data(), bytes.data()) << name;
        EXPECT_LE(name.data() + name.size(), bytes.data() + bytes.size()) << name;
    }
    EXPECT_EQ(world.asked[0], "megatron-core");
    EXPECT_EQ(world.asked[1], "USE_MCORE_GDN");
    // A copy shares the bytes: the views stay good while any copy lives.
    Expression copy = e;
    e = Expression{};
    EXPECT_EQ(copy.program.bytes().data(), bytes.data());
    EXPECT_EQ(display(evaluate(copy, world)), "true");
}

TEST_F(ProgramTest, BytesCutShortOrFollowedByMoreAreAnException) {
    Expression e = compiled("satisfies(pkg('megatron-core'), '>=0.15') && [parallel.tp, 2] == [4, 2] && -parallel.tp < 0.5");
    EXPECT_EQ(display(evaluate(e, world)), "true");
    std::string bytes(e.program.bytes());
    for (std::size_t n = 0; n < bytes.size(); ++n) {
        std::string cut = bytes.substr(0, n);
        EXPECT_THROW((void)evaluate(Program::view(cut, nullptr), world), std::runtime_error) << n;
    }
    std::string longer = bytes + '\0';
    EXPECT_THROW((void)evaluate(Program::view(longer, nullptr), world), std::runtime_error);
    EXPECT_THROW((void)evaluate(Program{}, world), std::runtime_error);
}
