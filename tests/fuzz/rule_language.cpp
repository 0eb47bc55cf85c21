// A rule condition and a message template, compiled against a small fake world and
// evaluated.
#include "fake_world.hpp"
#include "fuzz_targets.hpp"
#include "lang/compiler.hpp"
#include "lang/evaluator.hpp"
#include "lang/message_template.hpp"

namespace preflight::fuzz {

int rule_language(const std::uint8_t* data, std::size_t size) {
    static test_support::FakeWorld* world = [] {
        auto* w = new test_support::FakeWorld();
        w->types["parallel.tp"] = {lang::TypeKind::integer};
        w->types["train.packing"] = {lang::TypeKind::boolean};
        w->types["model.arch"] = {lang::TypeKind::string};
        w->facts["parallel.tp"] = Value(std::int64_t{2});
        w->facts["model.arch"] = Value(std::string("qwen3_5"));
        return w;
    }();
    auto source = as_text(data, size);
    if (auto e = lang::compile(source, *world)) (void)lang::evaluate(*e, *world);
    if (auto t = lang::MessageTemplate::compile(source, *world)) (void)t->render(*world);
    return 0;
}

}  // namespace preflight::fuzz
