// A waiver file (.preflight-waivers.toml, --waivers), read and checked against a small
// rule set as `check` does, then each waiver matched against a path and a day.
#include "rules/waiver_file.hpp"
#include "fuzz_targets.hpp"
#include "rules/pack_source.hpp"
#include "rules/rule_set.hpp"
#include "rules/waiver.hpp"

namespace preflight::fuzz {
namespace {

const rules::RuleSet& small_rules() {
    static const rules::RuleSet* rules = [] {
        auto path = scratch_file("waiver-pack.toml", R"([pack]
name = "fuzz"
version = "1.0.0"
engine = ">=0.1"
summary = "the waiver target's rules"

[[rules]]
id = "fuzz-tp"
severity = "warning"
summary = "tp above one"
references = ["none"]
message = "tp is {parallel.tp}"
when = "parallel.tp > 1"
)");
        auto read = rules::read_pack(path);
        check(read.has_value(), "the waiver target's pack reads");
        auto compiled = rules::compile_packs({*read});
        check(compiled.has_value(), "the waiver target's pack compiles");
        return new rules::RuleSet(std::move(*compiled));
    }();
    return *rules;
}

}  // namespace

int waiver_file(const std::uint8_t* data, std::size_t size) {
    const auto& rules = small_rules();
    auto path = scratch_file("waivers.toml", as_text(data, size));
    auto tables = rules::read_waiver_file(path);
    if (!tables) return 0;
    auto waivers = rules::read_waivers(*tables, scratch_dir(), rules);
    if (!waivers) return 0;
    static const facts::FactSet no_facts;
    for (const auto& w : *waivers) {
        check(rules::waivable_rule(rules, w.rule), "an accepted waiver names a waivable rule");
        (void)rules::path_matches(w, scratch_dir() + "/jobs/job.toml");
        (void)rules::path_matches(w, "job.toml");
        (void)rules::standing(w, no_facts, rules::today());
    }
    return 0;
}

}  // namespace preflight::fuzz
