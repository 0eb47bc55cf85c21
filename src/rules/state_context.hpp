// The facts as a rule sees them in one round, and what a rule's outcome depends on.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "core/fact_ref.hpp"
#include "facts/fact_set.hpp"
#include "lang/schema.hpp"
#include "rules/engine.hpp"
#include "rules/rule_set.hpp"
#include "util/digest.hpp"

namespace preflight::rules {

// A key or variable that a patch may hold. The name is a view of a name in the rule
// set's trees (the evaluator passes those), which outlive a check.
struct PatchSlot {
    FactRef::Kind kind;  // config or env
    std::string_view name;
    bool operator==(const PatchSlot&) const = default;
    bool operator<(const PatchSlot& other) const { return std::tie(kind, name) < std::tie(other.kind, other.name); }
};

// The job's configuration facts by name, hashed: a check looks them up hundreds of
// times, and the ordered map (hundreds of keys, the key table's defaults among them)
// compared their long common prefixes at every level. Made once a check (Check).
using ConfigIndex = std::unordered_map<std::string_view, const Fact*, util::NameHash, std::equal_to<>>;
ConfigIndex index_config(const facts::FactSet& facts);

// The job's facts under the patch accumulated so far, plus derived facts computed on
// demand. While a read frame is open it notes every patch slot that evaluation reads,
// through derived facts and defaults too (a memoized one adds the slots it read when
// it was computed), so a rule's outcome can be kept for a round whose patch differs
// only in slots it never read.
class StateContext : public lang::EvalContext {
public:
    // `config` indexes facts.config (index_config) and outlives the context.
    StateContext(const RuleSet& rules, const facts::FactSet& facts, const ConfigIndex& config, const Patch& patch)
        : rules_(rules), facts_(facts), config_(config), patch_(patch) {}

    Value fact(std::string_view name) override;
    Value env(std::string_view name) override;
    Value package(std::string_view name) override;
    Value revision(std::string_view name) override;
    Value lookup(std::string_view table, std::string_view key_column, const Value& key, std::string_view value_column) override;
    bool given(std::string_view name) override;

    // What a rule read, with the origin of each value.
    Evidence evidence(const FactRef& ref);

    // Frames nest; the outermost one's slots are what a rule read. Evaluations outside
    // any frame (a finding's evidence and message) note nothing.
    void open_frame() { frames_.push_back(reads_.size()); }
    // The slots noted since the frame opened, each once (state_context.cpp). They stay noted in
    // the frames around it: what a derived fact or a default read, its reader read.
    std::vector<PatchSlot> close_frame();

private:
    struct Memo {
        std::optional<Value> value;
        std::vector<PatchSlot> reads;
    };

    const RuleSet& rules_;
    const facts::FactSet& facts_;
    const ConfigIndex& config_;
    const Patch& patch_;
    NameIndex<Memo> memo_;  // derived fact → value
    std::unordered_map<FactRef, Memo> default_memo_;
    std::unordered_map<FactRef, const Default*> chosen_;  // target → the default that gave its value
    std::vector<PatchSlot> reads_;                        // slots noted in the open frames, innermost last
    std::vector<std::size_t> frames_;                     // where each open frame's slots start in reads_

    // The job's configuration fact `name`; null where it has none.
    const Fact* config_fact(std::string_view name) const {
        auto it = config_.find(name);
        return it == config_.end() ? nullptr : it->second;
    }
    void note(FactRef::Kind kind, std::string_view name) {
        if (!frames_.empty()) reads_.push_back({kind, name});
    }
    void note_all(const std::vector<PatchSlot>& slots) {
        if (!frames_.empty()) reads_.insert(reads_.end(), slots.begin(), slots.end());
    }
    Evidence describe_fact(const FactRef& ref);
    Evidence describe_env(const FactRef& ref);
    Evidence describe_revision(const FactRef& ref);
    Evidence describe_package(const FactRef& ref);
    std::optional<Value> from_defaults(const FactRef& target);
};

}  // namespace preflight::rules
