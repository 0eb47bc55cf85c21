#include "fleet/rule_reads.hpp"

namespace preflight::fleet {

std::set<FactRef> facts_read_by(const rules::RuleSet& rules) {
    std::set<FactRef> reads;
    auto add = [&reads](const lang::Expression& e) { reads.insert(e.reads().begin(), e.reads().end()); };
    for (const auto& rule : rules.rules) {
        add(rule.when);
        if (rule.error_when) add(*rule.error_when);
        if (rule.applies) add(*rule.applies);
        for (const auto& fix : rule.fixes)
            if (fix.expr) add(*fix.expr);
    }
    for (const auto& derived : rules.derived) add(derived.expr);
    for (const auto& d : rules.defaults) {
        if (d.expr) add(*d.expr);
        if (d.when) add(*d.when);
    }
    return reads;
}

}  // namespace preflight::fleet
