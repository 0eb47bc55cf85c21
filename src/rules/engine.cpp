#include "rules/engine.hpp"

#include <algorithm>
#include <set>
#include <unordered_map>

#include <fmt/format.h>

#include "lang/evaluator.hpp"
#include "rules/fix_text.hpp"

namespace preflight::rules {
namespace {

// The facts as a rule sees them in one iteration: the job's facts under the patch
// accumulated so far, plus derived facts computed on demand.
class StateContext : public lang::EvalContext {
public:
    StateContext(const RuleSet& rules, const facts::FactSet& facts, const Patch& patch)
        : rules_(rules), facts_(facts), patch_(patch) {}

    Value fact(std::string_view name) override {
        std::string key(name);
        if (const DerivedFact* d = rules_.find_derived(key)) {
            if (auto it = memo_.find(key); it != memo_.end()) return it->second;
            Value v = lang::evaluate(*d->expr.root, *this);
            memo_[key] = v;
            return v;
        }
        if (auto it = patch_.config.find(key); it != patch_.config.end()) return *it->second.value;
        auto it = facts_.config.find(key);
        if (it != facts_.config.end() && it->second.origin.kind != OriginKind::default_value) return it->second.value;
        if (auto v = from_defaults(key)) return *v;
        if (it != facts_.config.end()) return it->second.value;  // the key table's own default
        return Value::unknown(key);
    }

    Value env(std::string_view name) override {
        std::string key(name);
        if (auto it = patch_.env.find(key); it != patch_.env.end()) return it->second.value ? *it->second.value : Value(Null{});
        if (auto it = facts_.env.find(key); it != facts_.env.end()) return it->second.value;
        if (!facts_.env_complete) return Value::unknown("env(" + key + ")");
        if (auto v = from_defaults("env." + key)) return *v;
        return Value(Null{});
    }

    Value package(std::string_view name) override {
        std::string key(name);
        if (auto it = facts_.packages.find(key); it != facts_.packages.end()) return it->second.value;
        bool absent = facts_.packages_complete && !facts_.packages_uncovered.count(key);
        return absent ? Value(Null{}) : Value::unknown("pkg(" + key + ")");
    }

    Value revision(std::string_view name) override {
        std::string key(name);
        if (auto it = facts_.revisions.find(key); it != facts_.revisions.end()) return it->second.value;
        if (Value v = package(name); v.is_null()) return v;
        return Value::unknown("revision(" + key + ")");
    }

    Value lookup(std::string_view table, std::string_view key_column, const Value& key, std::string_view value_column) override {
        auto t = rules_.tables.find(std::string(table));
        if (t == rules_.tables.end()) return Value(Null{});
        for (const auto& row : t->second.rows) {
            auto k = row.cells.find(std::string(key_column));
            if (k != row.cells.end() && k->second == key) {
                auto v = row.cells.find(std::string(value_column));
                return v == row.cells.end() ? Value(Null{}) : v->second;
            }
        }
        return Value(Null{});
    }

    bool given(std::string_view name) override {
        std::string key(name);
        if (patch_.config.count(key)) return true;
        auto it = facts_.config.find(key);
        return it != facts_.config.end() && it->second.origin.kind != OriginKind::default_value;
    }

    // What a rule read, with the origin of each value.
    Evidence describe_fact(const std::string& name) {
        std::string origin = "unknown";
        bool derived = rules_.find_derived(name) != nullptr;
        if (derived) origin = "derived";
        else if (auto p = patch_.config.find(name); p != patch_.config.end()) origin = "patch: " + p->second.rule;
        else if (auto f = facts_.config.find(name); f != facts_.config.end() && f->second.origin.kind != OriginKind::default_value)
            origin = describe(f->second.origin);
        else if (fact(name); chosen_.count(name)) origin = describe_default(*chosen_[name]);
        else if (f != facts_.config.end()) origin = describe(f->second.origin);
        return Evidence{origin, name, display(fact(name)), derived};
    }
    Evidence describe_env(const std::string& name) {
        std::string origin = facts_.env_complete ? "not in [env]" : "unknown";
        Value v = env(name);
        if (auto p = patch_.env.find(name); p != patch_.env.end()) origin = "patch: " + p->second.rule;
        else if (auto f = facts_.env.find(name); f != facts_.env.end()) origin = describe(f->second.origin);
        else if (auto c = chosen_.find("env." + name); c != chosen_.end()) origin = describe_default(*c->second);
        return Evidence{origin, "env " + name, display(v), false};
    }
    Evidence describe_revision(const std::string& name) {
        std::string origin = "unknown";
        if (auto f = facts_.revisions.find(name); f != facts_.revisions.end()) origin = describe(f->second.origin);
        Value v = revision(name);
        return Evidence{origin, "revision " + name, v.is_null() ? "not installed" : display(v), false};
    }
    Evidence describe_package(const std::string& name) {
        std::string origin = facts_.packages_complete && !facts_.packages_uncovered.count(name) ? "listing" : "unknown";
        if (auto f = facts_.packages.find(name); f != facts_.packages.end()) origin = describe(f->second.origin);
        Value v = package(name);
        return Evidence{origin, "pkg " + name, v.is_null() ? "not installed" : display(v), false};
    }

private:
    const RuleSet& rules_;
    const facts::FactSet& facts_;
    const Patch& patch_;
    std::unordered_map<std::string, Value> memo_;
    std::unordered_map<std::string, std::optional<Value>> default_memo_;
    std::unordered_map<std::string, const Default*> chosen_;  // target → the default that gave its value

    static std::string describe_default(const Default& d) {
        return fmt::format("{} {}, pack {}", d.applied ? "set by" : "default of", d.by, d.pack);
    }

    // The first default for `target` whose condition holds, if any. A condition that
    // cannot be decided before one holds makes the value unknown: which default
    // applies is then not known either.
    std::optional<Value> from_defaults(const std::string& target) {
        if (auto it = default_memo_.find(target); it != default_memo_.end()) return it->second;
        default_memo_[target] = std::nullopt;  // a re-entry (compiled out as a cycle) finds none
        std::optional<Value> out;
        for (const Default* d : rules_.defaults_for(target)) {
            if (d->when) {
                Value w = lang::evaluate(*d->when->root, *this);
                if (w.is_unknown()) {
                    out = w;
                    break;
                }
                if (!w.get<bool>() || !*w.get<bool>()) continue;
            }
            out = d->literal ? *d->literal : lang::evaluate(*d->expr->root, *this);
            chosen_[target] = d;
            break;
        }
        default_memo_[target] = out;
        return out;
    }
};

struct Reads {
    std::set<std::string> facts, packages, env_vars, revisions;
};

// What a rule's conditions read, looking through derived facts to the facts under them,
// so a finding shows the job and environment values that decided it.
Reads reads_of(const Rule& rule, const RuleSet& rules) {
    Reads out;
    std::vector<const lang::Expression*> todo{&rule.when};
    if (rule.error_when) todo.push_back(&*rule.error_when);
    while (!todo.empty()) {
        const lang::Expression* x = todo.back();
        todo.pop_back();
        out.packages.insert(x->packages.begin(), x->packages.end());
        out.env_vars.insert(x->env_vars.begin(), x->env_vars.end());
        out.revisions.insert(x->revisions.begin(), x->revisions.end());
        for (const auto& name : x->facts) {
            if (!out.facts.insert(name).second) continue;
            if (const DerivedFact* d = rules.find_derived(name)) todo.push_back(&d->expr);
        }
    }
    return out;
}

// true / false / Unknown: the condition, less the versions where upstream fixed it.
// A rule retires once every fixed_in package is at a fixed version; a package below
// its fix keeps the rule as its condition says; an unknown one leaves it undecided.
// The versions are installed ones, so a dev build past the fix (4.4.0.dev0 against
// `>=4.2.0`) retires the rule.
Value fires(const Rule& rule, StateContext& ctx) {
    Value when = lang::evaluate(*rule.when.root, ctx);
    if (rule.fixed_in.empty() || (when.get<bool>() && !*when.get<bool>())) return when;
    std::set<std::string> unknown_packages;
    for (const auto& f : rule.fixed_in) {
        Value v = ctx.package(f.package);
        if (v.is_unknown()) {
            unknown_packages.insert("pkg(" + f.package + ")");
            continue;
        }
        const auto* ver = v.get<version::Version>();
        if (!ver || !f.range.contains(*ver, version::Membership::installed).value_or(false)) return when;
    }
    if (unknown_packages.empty()) return Value(false);
    if (const auto* u = when.get<Unknown>()) unknown_packages.insert(u->missing.begin(), u->missing.end());
    return Value(Unknown{unknown_packages});
}

// The patch slot a fix writes: "env.NAME" or the config key.
std::string target_of(const Fix& f) { return (f.target == Fix::Target::env ? "env." : "") + f.key; }

Location locate_finding(const Rule& rule, const facts::FactSet& facts, const std::string& config_path) {
    for (const auto& key : rule.about) {
        const Fact* fact = nullptr;
        if (key.rfind("env.", 0) == 0) {
            if (auto it = facts.env.find(key.substr(4)); it != facts.env.end()) fact = &it->second;
        } else if (key.rfind("packages.", 0) == 0) {
            if (auto it = facts.packages.find(version::normalize_package_name(key.substr(9))); it != facts.packages.end())
                fact = &it->second;
        } else if (auto it = facts.config.find(key); it != facts.config.end()) {
            fact = &it->second;
        }
        if (fact && fact->origin.kind == OriginKind::job) {
            Location l = fact->origin.where;
            l.key = key;
            return l;
        }
    }
    Location l;
    l.file = config_path;
    l.key = rule.about.empty() ? "" : rule.about.front();
    return l;
}

// What a user can give so that the missing facts become known, grouped by kind:
// "unknown: pkg(megatron-core), pkg(ms-swift): give --probe, --env or [packages]".
std::string how_to_know(const std::vector<std::string>& missing) {
    std::vector<std::string> packages, revisions, env, model, config, other;
    for (const auto& m : missing) {
        if (m.rfind("pkg(", 0) == 0) packages.push_back(m);
        else if (m.rfind("revision(", 0) == 0) revisions.push_back(m);
        else if (m.rfind("env(", 0) == 0) env.push_back(m);
        else if (m.rfind("model.", 0) == 0) model.push_back(m);
        else if (!m.empty() && m.front() == '(') other.push_back(m.substr(1, m.size() - 2));
        else config.push_back(m);
    }
    auto join = [](const std::vector<std::string>& v) {
        std::string out;
        for (const auto& x : v) out += (out.empty() ? "" : ", ") + x;
        return out;
    };
    std::vector<std::string> parts;
    if (!packages.empty()) parts.push_back(fmt::format("{} unknown: give --probe, --env or [packages]", join(packages)));
    if (!revisions.empty())
        parts.push_back(fmt::format("{} unknown: give --probe on the node (a source install records its branch) or "
                                    "[revisions]", join(revisions)));
    if (!env.empty()) parts.push_back(fmt::format("{} unknown: give --probe or --env, or set it in [env]", join(env)));
    if (!model.empty()) parts.push_back(fmt::format("{} unknown: set it in [model] or point model.config at a config.json", join(model)));
    if (!config.empty()) parts.push_back(fmt::format("{} unknown: set it in the job file", join(config)));
    for (const auto& o : other) parts.push_back(o);
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : "; ") + p;
    return out;
}

std::string join(const std::set<std::string>& items) {
    std::string out;
    for (const auto& x : items) out += (out.empty() ? "" : ", ") + x;
    return out;
}

// The keys ("env.NAME" for variables) that do not hold one value in all `states`.
std::set<std::string> changed_keys(const std::vector<Patch>& states) {
    std::set<std::string> all, changing;
    for (const auto& s : states) {
        for (const auto& [k, e] : s.env) all.insert("env." + k);
        for (const auto& [k, e] : s.config) all.insert(k);
    }
    for (const auto& key : all) {
        bool env = key.rfind("env.", 0) == 0;
        // (present, value): an absent key and an unset variable differ.
        std::optional<std::pair<bool, std::optional<Value>>> first;
        for (const auto& s : states) {
            const auto& slot = env ? s.env : s.config;
            auto it = slot.find(env ? key.substr(4) : key);
            auto here = it == slot.end() ? std::pair{false, std::optional<Value>()} : std::pair{true, it->second.value};
            if (!first) first = here;
            else if (*first != here) changing.insert(key);
        }
    }
    return changing;
}

}  // namespace

Severity CheckResult::worst() const {
    Severity w = Severity::info;
    for (const auto& f : findings) w = std::max(w, f.severity);
    return w;
}

bool CheckResult::has_at_least(Severity s) const {
    return std::any_of(findings.begin(), findings.end(), [&](const Finding& f) { return f.severity >= s; });
}

CheckResult run_check(const RuleSet& rules, const facts::FactSet& facts, const std::string& config_path,
                      const CheckOptions& options) {
    CheckResult result;
    std::map<std::string, Finding> fired;       // rule id → first firing
    std::map<std::string, Finding> engine_errors;
    std::vector<Patch> history{Patch{}};
    Patch patch;
    std::map<std::string, std::set<std::string>> undetermined_now;  // in the last iteration

    for (int iteration = 1;; ++iteration) {
        result.iterations = iteration;
        StateContext ctx(rules, facts, patch);
        undetermined_now.clear();
        std::vector<const Rule*> firing;
        // Proposals of this iteration: target key → (value, rule).
        std::map<std::string, std::vector<std::pair<PatchEntry, const Fix*>>> proposals;
        for (const auto& rule : rules.rules) {
            Value verdict = fires(rule, ctx);
            if (const auto* u = verdict.get<Unknown>()) {
                undetermined_now[rule.id] = u->missing;
                continue;
            }
            if (!verdict.get<bool>() || !*verdict.get<bool>()) continue;
            firing.push_back(&rule);
            if (!fired.count(rule.id)) {
                Finding f;
                f.rule = rule.id;
                f.pack = rule.pack;
                f.severity = rule.severity;
                if (rule.error_when) {
                    Value escalate = lang::evaluate(*rule.error_when->root, ctx);
                    if (escalate.get<bool>() && *escalate.get<bool>()) f.severity = Severity::error;
                }
                f.message = rule.message.render(ctx);
                f.location = locate_finding(rule, facts, config_path);
                f.references = rule.references;
                auto reads = reads_of(rule, rules);
                for (const auto& name : reads.facts) f.evidence.push_back(ctx.describe_fact(name));
                for (const auto& name : reads.packages) f.evidence.push_back(ctx.describe_package(name));
                for (const auto& name : reads.env_vars) f.evidence.push_back(ctx.describe_env(name));
                for (const auto& name : reads.revisions) f.evidence.push_back(ctx.describe_revision(name));
                for (const auto& fix : rule.fixes) {
                    std::optional<Value> value = fix.unset ? std::nullopt : fix.literal;
                    if (fix.expr) value = lang::evaluate(*fix.expr->root, ctx);
                    f.fixes.push_back(fix_text(fix, value));
                    if (fix.safe || options.apply_suggested) f.fixable = true;
                }
                fired[rule.id] = std::move(f);
            }
            for (const auto& fix : rule.fixes) {
                if (!fix.safe && !options.apply_suggested) continue;
                std::optional<Value> value = fix.unset ? std::nullopt : fix.literal;
                if (fix.expr) {
                    value = lang::evaluate(*fix.expr->root, ctx);
                    if (value->is_unknown()) continue;  // cannot compute it yet
                }
                proposals[target_of(fix)].push_back({PatchEntry{value, rule.id}, &fix});
            }
        }

        Patch next = patch;
        for (auto& [target, list] : proposals) {
            bool env = target.rfind("env.", 0) == 0;
            std::string key = env ? target.substr(4) : target;
            auto& slot = env ? next.env : next.config;
            // Two rules wanting one key to hold different values is a conflict.
            std::set<std::string> rules_involved;
            bool conflict = false;
            for (const auto& [entry, fix] : list) {
                rules_involved.insert(entry.rule);
                if (entry.value != list.front().first.value) conflict = true;
            }
            if (auto it = slot.find(key); it != slot.end()) {
                for (const auto& [entry, fix] : list)
                    if (entry.rule != it->second.rule && entry.value != it->second.value) {
                        conflict = true;
                        rules_involved.insert(it->second.rule);
                    }
            }
            if (conflict) {
                std::string names;
                for (const auto& r : rules_involved) names += (names.empty() ? "" : ", ") + r;
                Finding f;
                f.rule = "preflight-fix-conflict";
                f.pack = "preflight";
                f.severity = Severity::error;
                f.message = fmt::format("rules {} set {} to different values; fix the job by hand and tell the pack owners", names,
                                        env ? "env " + key : key);
                f.location.file = config_path;
                f.location.key = target;
                engine_errors[f.rule + ":" + target] = f;
                result.unsettled.insert(target);
                continue;
            }
            if (auto it = slot.find(key); it == slot.end() || it->second.value != list.front().first.value)
                slot[key] = list.front().first;
        }

        if (next == patch || iteration >= options.max_iterations) {
            if (next != patch) {
                Finding f;
                f.rule = "preflight-fix-no-fixpoint";
                f.pack = "preflight";
                f.severity = Severity::error;
                auto changing = changed_keys({patch, next});
                f.message = fmt::format("fixes kept changing {} after {} rounds; none of it is applied", join(changing),
                                        options.max_iterations);
                f.location.file = config_path;
                engine_errors[f.rule] = f;
                result.unsettled.insert(changing.begin(), changing.end());
            }
            // Fallbacks and limitations describe the patched state: the rules firing now.
            for (const Rule* rule : firing) {
                for (const auto& fb : rule->fallbacks) result.fallbacks.push_back({fb.kernel, fb.implementation, rule->id, fb.reason});
                for (const auto& lim : rule->limitations) result.limitations.push_back({lim.feature, rule->id, lim.reason});
            }
            break;
        }
        if (auto seen = std::find(history.begin(), history.end(), next); seen != history.end()) {
            // The states from the repeated one to this one (history ends with `patch`)
            // form the cycle; what differs among them never settles.
            std::vector<Patch> cycle(seen, history.end());
            auto changing = changed_keys(cycle);
            std::set<std::string> involved;
            for (const auto& state : cycle) {
                for (const auto& [k, e] : state.env)
                    if (changing.count("env." + k)) involved.insert(e.rule);
                for (const auto& [k, e] : state.config)
                    if (changing.count(k)) involved.insert(e.rule);
            }
            Finding f;
            f.rule = "preflight-fix-oscillation";
            f.pack = "preflight";
            f.severity = Severity::error;
            f.message = fmt::format("the fixes of rules {} undo each other on {}; the patch never settles, and none of it is applied",
                                    join(involved), join(changing));
            f.location.file = config_path;
            engine_errors[f.rule] = f;
            result.unsettled.insert(changing.begin(), changing.end());
            break;
        }
        history.push_back(next);
        patch = std::move(next);
    }

    result.patch = patch;
    for (const auto& target : result.unsettled) {
        if (target.rfind("env.", 0) == 0) result.patch.env.erase(target.substr(4));
        else result.patch.config.erase(target);
    }
    // A fix whose key did not settle is shown but not applied, so its finding is not
    // fixable through it.
    for (auto& [id, f] : fired) {
        const Rule* rule = rules.find_rule(id);
        bool applied = false;
        for (std::size_t i = 0; i < rule->fixes.size(); ++i) {
            const Fix& fix = rule->fixes[i];
            if (result.unsettled.count(target_of(fix))) {
                if (i < f.fixes.size()) f.fixes[i] += " (not applied: the fixes for this key do not settle)";
            } else if (fix.safe || options.apply_suggested) {
                applied = true;
            }
        }
        f.fixable = applied;
    }
    for (auto& [id, f] : fired) result.findings.push_back(std::move(f));
    for (auto& [id, f] : engine_errors) result.findings.push_back(std::move(f));
    for (const auto& [id, missing] : undetermined_now) {
        if (fired.count(id)) continue;
        const Rule* rule = rules.find_rule(id);
        Finding f;
        f.rule = id;
        f.pack = rule->pack;
        f.undetermined = true;
        f.missing.assign(missing.begin(), missing.end());
        f.severity = options.strict && rule->severity == Severity::error ? Severity::error : Severity::info;
        f.message = fmt::format("undetermined: {} ({})", rule->summary, how_to_know(f.missing));
        f.location = locate_finding(*rule, facts, config_path);
        f.references = rule->references;
        result.findings.push_back(std::move(f));
    }
    // For a reader: errors first, then warnings, then notes (undetermined ones last), each
    // group in file order.
    std::stable_sort(result.findings.begin(), result.findings.end(), [](const Finding& a, const Finding& b) {
        auto key = [](const Finding& f) {
            return std::tuple(-static_cast<int>(f.severity), f.undetermined, f.location.line == 0, f.location.line, f.location.column,
                              f.rule);
        };
        return key(a) < key(b);
    });
    std::sort(result.fallbacks.begin(), result.fallbacks.end(),
              [](const auto& a, const auto& b) { return std::tie(a.kernel, a.rule) < std::tie(b.kernel, b.rule); });
    std::sort(result.limitations.begin(), result.limitations.end(),
              [](const auto& a, const auto& b) { return std::tie(a.feature, a.rule) < std::tie(b.feature, b.rule); });
    return result;
}

}  // namespace preflight::rules
