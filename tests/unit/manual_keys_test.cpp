// The manual documents every run-configuration key that a bundled rule, derived fact,
// default or fix reads or writes, so a user can learn what a finding rests on.
#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <sstream>

#include "config/key_table.hpp"
#include "rules/pack_collector.hpp"
#include "rules/rule_set.hpp"
#include "util/files.hpp"

using namespace preflight;

namespace {

std::set<std::string> keys_the_packs_use(const rules::RuleSet& set) {
    std::set<std::string> out;
    auto add = [&](const lang::Expression& e) {
        for (const auto& f : e.reads())
            if (f.kind == FactRef::Kind::config && config::find_key(f.name)) out.insert(f.name);
    };
    for (const auto& r : set.rules) {
        add(r.when);
        if (r.error_when) add(*r.error_when);
        for (const auto& fix : r.fixes) {
            if (fix.target == rules::Fix::Target::config) out.insert(fix.key);
            if (fix.expr) add(*fix.expr);
        }
    }
    for (const auto& d : set.derived) add(d.expr);
    for (const auto& d : set.defaults) {
        if (d.target.kind == FactRef::Kind::config) out.insert(d.target.name);
        if (d.when) add(*d.when);
        if (d.expr) add(*d.expr);
    }
    return out;
}

// A key is documented by a row of the manual's key table: `section.leaf`, or `leaf` in a
// row that starts with another key of the same section ("| `parallel.tp`, `pp`, …").
bool documented(const std::string& manual, const std::string& key) {
    std::string section = key.substr(0, key.find('.')), leaf = key.substr(key.find('.') + 1);
    std::istringstream lines(manual);
    for (std::string line; std::getline(lines, line);) {
        if (!line.starts_with("| `" + section + ".")) continue;
        std::string cell = line.substr(0, line.find(" | ", 2));
        if (cell.find("`" + key + "`") != std::string::npos || cell.find("`" + leaf + "`") != std::string::npos) return true;
    }
    return false;
}

}  // namespace

TEST(Manual, DocumentsEveryKeyTheBundledPacksUse) {
    const std::string root = PREFLIGHT_SOURCE_DIR;
    auto collected = rules::collect_packs({{root + "/rules", true}}, PREFLIGHT_VERSION);
    ASSERT_TRUE(collected.has_value()) << collected.error().message;
    auto set = rules::compile_packs(collected->packs);
    ASSERT_TRUE(set.has_value()) << set.error().message;
    auto manual = util::read_file(root + "/docs/manual.md");
    ASSERT_TRUE(manual.has_value());
    auto keys = keys_the_packs_use(*set);
    EXPECT_GT(keys.size(), 20u);
    for (const auto& key : keys) EXPECT_TRUE(documented(*manual, key)) << key << " is read by a pack but not in docs/manual.md";
}

TEST(Manual, KeyLookupIsNotFooledByOtherSections) {
    EXPECT_TRUE(documented("| `parallel.tp`, `pp`, `cp` | int |", "parallel.pp"));
    EXPECT_FALSE(documented("| `rollout.tp` | int |", "parallel.tp"));
    EXPECT_FALSE(documented("| `parallel.tp` | int | see `pp` |", "parallel.pp"));
}
