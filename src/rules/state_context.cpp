#include "rules/state_context.hpp"

#include <algorithm>
#include <cstdint>
#include <tuple>

#include <fmt/format.h>

#include "lang/evaluator.hpp"

namespace preflight::rules {

namespace {

// Each slot once, as far as the tree nodes it was read through tell: ordered and
// compared by where the name lies, not by its text (no string comparison). A key read
// through two nodes may stay twice; what a memo passes on is bounded all the same.
std::vector<PatchSlot> each_once(std::vector<PatchSlot> slots) {
    auto place = [](const PatchSlot& s) {
        return std::tuple(s.kind, reinterpret_cast<std::uintptr_t>(s.name.data()), s.name.size());
    };
    std::sort(slots.begin(), slots.end(), [&](const PatchSlot& a, const PatchSlot& b) { return place(a) < place(b); });
    slots.erase(
        std::unique(slots.begin(), slots.end(), [&](const PatchSlot& a, const PatchSlot& b) { return place(a) == place(b); }),
        slots.end());
    return slots;
}

}  // namespace

ConfigIndex index_config(const facts::FactSet& facts) {
    ConfigIndex index;
    index.reserve(facts.config.size());
    for (const auto& [name, fact] : facts.config) index.emplace(name, &fact);
    return index;
}

std::vector<PatchSlot> StateContext::close_frame() {
    std::size_t start = frames_.back();
    frames_.pop_back();
    std::vector<PatchSlot> out(reads_.begin() + static_cast<std::ptrdiff_t>(start), reads_.end());
    if (frames_.empty()) reads_.clear();
    return each_once(std::move(out));
}

Value StateContext::fact(std::string_view name) {
    note(FactRef::Kind::config, name);
    if (const DerivedFact* d = rules_.find_derived(name)) {
        if (auto it = memo_.find(name); it != memo_.end()) {
            note_all(it->second.reads);
            return *it->second.value;
        }
        open_frame();
        Value v = lang::evaluate(d->expr, *this);
        memo_.insert_or_assign(std::string(name), Memo{v, close_frame()});
        return v;
    }
    if (auto it = patch_.config.find(name); it != patch_.config.end()) return *it->second.value;
    const Fact* given = config_fact(name);
    if (given && given->origin.kind != OriginKind::default_value) return given->value;
    if (auto v = from_defaults(FactRef::config(std::string(name)))) return *v;
    if (given) return given->value;  // the key table's own default
    return Value::unknown(FactRef::config(std::string(name)));
}

Value StateContext::env(std::string_view name) {
    note(FactRef::Kind::env, name);
    if (auto it = patch_.env.find(name); it != patch_.env.end()) return it->second.value ? *it->second.value : Value(Null{});
    if (auto it = facts_.env.find(name); it != facts_.env.end()) return it->second.value;
    if (!facts_.env_complete) return Value::unknown(FactRef::env(std::string(name)));
    if (auto v = from_defaults(FactRef::env(std::string(name)))) return *v;
    return Value(Null{});
}

Value StateContext::package(std::string_view name) {
    if (auto it = facts_.packages.find(name); it != facts_.packages.end()) return it->second.value;
    std::string key(name);
    bool absent = facts_.packages_complete && !facts_.packages_uncovered.count(key);
    return absent ? Value(Null{}) : Value::unknown(FactRef::package(key));
}

Value StateContext::revision(std::string_view name) {
    if (auto it = facts_.revisions.find(name); it != facts_.revisions.end()) return it->second.value;
    if (Value v = package(name); v.is_null()) return v;
    return Value::unknown(FactRef::revision(std::string(name)));
}

Value StateContext::lookup(std::string_view table, std::string_view key_column, const Value& key, std::string_view value_column) {
    auto t = rules_.tables.find(std::string(table));
    if (t == rules_.tables.end()) return Value(Null{});
    return t->second.lookup(key_column, key, value_column);
}

bool StateContext::given(std::string_view name) {
    note(FactRef::Kind::config, name);
    if (patch_.config.contains(name)) return true;
    const Fact* f = config_fact(name);
    return f && f->origin.kind != OriginKind::default_value;
}

Evidence StateContext::evidence(const FactRef& ref) {
    switch (ref.kind) {
        case FactRef::Kind::config: return describe_fact(ref);
        case FactRef::Kind::env: return describe_env(ref);
        case FactRef::Kind::package: return describe_package(ref);
        case FactRef::Kind::revision: return describe_revision(ref);
    }
    return Evidence{"unknown", ref.phrase(), "unknown", false, ref};
}

namespace {

std::string describe_default(const Default& d) {
    return fmt::format("{} {}, pack {}", d.applied ? "set by" : "default of", d.text().by, d.text().pack);
}

}  // namespace

Evidence StateContext::describe_fact(const FactRef& ref) {
    const std::string& name = ref.name;
    std::string origin = "unknown";
    bool derived = rules_.find_derived(name) != nullptr;
    if (derived) origin = "derived";
    else if (auto p = patch_.config.find(name); p != patch_.config.end()) origin = "patch: " + p->second.rule;
    else if (auto f = facts_.config.find(name); f != facts_.config.end() && f->second.origin.kind != OriginKind::default_value)
        origin = describe(f->second.origin);
    else if (fact(name); chosen_.count(ref)) origin = describe_default(*chosen_[ref]);
    else if (f != facts_.config.end()) origin = describe(f->second.origin);
    return Evidence{origin, ref.phrase(), display(fact(name)), derived, ref};
}

Evidence StateContext::describe_env(const FactRef& ref) {
    std::string origin = facts_.env_complete ? "not in [env]" : "unknown";
    Value v = env(ref.name);
    if (auto p = patch_.env.find(ref.name); p != patch_.env.end()) origin = "patch: " + p->second.rule;
    else if (auto f = facts_.env.find(ref.name); f != facts_.env.end()) origin = describe(f->second.origin);
    else if (auto c = chosen_.find(ref); c != chosen_.end()) origin = describe_default(*c->second);
    return Evidence{origin, ref.phrase(), display(v), false, ref};
}

Evidence StateContext::describe_revision(const FactRef& ref) {
    std::string origin = "unknown";
    if (auto f = facts_.revisions.find(ref.name); f != facts_.revisions.end()) origin = describe(f->second.origin);
    Value v = revision(ref.name);
    return Evidence{origin, ref.phrase(), v.is_null() ? "not installed" : display(v), false, ref};
}

Evidence StateContext::describe_package(const FactRef& ref) {
    std::string origin = facts_.packages_complete && !facts_.packages_uncovered.count(ref.name) ? "listing" : "unknown";
    if (auto f = facts_.packages.find(ref.name); f != facts_.packages.end()) origin = describe(f->second.origin);
    Value v = package(ref.name);
    return Evidence{origin, ref.phrase(), v.is_null() ? "not installed" : display(v), false, ref};
}

// The first default for `target` whose condition holds, if any. A condition that
// cannot be decided before one holds makes the value unknown: which default applies
// is then not known either.
std::optional<Value> StateContext::from_defaults(const FactRef& target) {
    auto place = rules_.defaults_for(target);
    if (place.empty()) return std::nullopt;                // nothing read, nothing to remember
    auto [it, first] = default_memo_.try_emplace(target);  // a re-entry (compiled out as a cycle) finds none
    if (!first) {
        note_all(it->second.reads);
        return it->second.value;
    }
    // The element stays where it is while evaluation adds others (a node-based map).
    Memo& memo = it->second;
    open_frame();
    std::optional<Value> out;
    for (std::size_t i : place) {
        const Default* d = &rules_.defaults[i];
        if (d->when) {
            Value w = lang::evaluate(*d->when, *this);
            if (w.is_unknown()) {
                out = w;
                break;
            }
            if (!w.get<bool>() || !*w.get<bool>()) continue;
        }
        out = d->literal ? *d->literal : lang::evaluate(*d->expr, *this);
        chosen_[target] = d;
        break;
    }
    memo = Memo{out, close_frame()};
    return out;
}

}  // namespace preflight::rules
