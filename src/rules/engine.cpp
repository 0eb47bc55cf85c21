#include "rules/engine.hpp"

#include <algorithm>
#include <set>
#include <unordered_map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "lang/evaluator.hpp"
#include "rules/fix_text.hpp"
#include "rules/state_context.hpp"
#include "version/version.hpp"

namespace preflight::rules {
namespace {

// What a rule's conditions read, looking through derived facts to the facts under them,
// so a finding shows the job and environment values that decided it.
std::set<FactRef> reads_of(const Rule& rule, const RuleSet& rules) {
    std::set<FactRef> out;
    std::vector<const lang::Expression*> todo{&rule.when};
    if (rule.error_when) todo.push_back(&*rule.error_when);
    while (!todo.empty()) {
        const lang::Expression* x = todo.back();
        todo.pop_back();
        for (const auto& ref : x->reads()) {
            if (!out.insert(ref).second || ref.kind != FactRef::Kind::config) continue;
            if (const DerivedFact* d = rules.find_derived(ref.name)) todo.push_back(&d->expr);
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
    Value when = lang::evaluate(rule.when, ctx);
    if (rule.fixed_in.empty() || (when.get<bool>() && !*when.get<bool>())) return when;
    Unknown unknown_packages;
    for (const auto& f : rule.fixed_in) {
        Value v = ctx.package(f.package);
        if (const auto* u = v.get<Unknown>()) {
            unknown_packages.add(*u);
            continue;
        }
        const auto* ver = v.get<version::Version>();
        if (!ver || !f.range.contains(*ver, version::Membership::installed).value_or(false)) return when;
    }
    if (unknown_packages.empty()) return Value(false);
    if (const auto* u = when.get<Unknown>()) unknown_packages.add(*u);
    return Value(unknown_packages);
}

// Where a finding points: the job-file line of the first fact in the rule's `about`
// that the job sets, else the job file as a whole.
Location locate_finding(const Rule& rule, const facts::FactSet& facts, const std::string& config_path) {
    const auto& about = rule.text().about;
    for (const auto& ref : about) {
        const FactMap* table = nullptr;
        switch (ref.kind) {
            case FactRef::Kind::config: table = &facts.config; break;
            case FactRef::Kind::env: table = &facts.env; break;
            case FactRef::Kind::package: table = &facts.packages; break;
            case FactRef::Kind::revision: table = &facts.revisions; break;
        }
        auto it = table->find(ref.name);
        if (it != table->end() && it->second.origin.kind == OriginKind::job) {
            Location l = it->second.origin.where;
            l.key = ref.key();
            return l;
        }
    }
    Location l;
    l.file = config_path;
    l.key = about.empty() ? "" : about.front().key();
    return l;
}

// Relevance. A package is involved in a launch when its facts name it (the job's
// [packages], a --with file, a probe) or a configuration value does (job.framework =
// "ms-swift", rollout.engine = "vllm-ascend"). A rule that is undecided only because
// of packages the launch does not involve is about another stack: not applicable,
// and silent. Anything else unknown (a config key, a variable, a model figure, a
// package the launch names) leaves it undetermined.
class Involvement {
public:
    explicit Involvement(const facts::FactSet& facts) : facts_(facts) {
        for (const auto& [key, fact] : facts.config)
            if (const auto* s = fact.value.get<std::string>()) named_.insert(version::normalize_package_name(*s));
    }

    bool involves(const FactRef& ref) const {
        if (ref.kind != FactRef::Kind::package && ref.kind != FactRef::Kind::revision) return true;
        return facts_.packages.count(ref.name) || facts_.revisions.count(ref.name) || named_.count(ref.name);
    }

    // Whether `unknown` lacks only packages (or their revisions) the launch does not involve.
    bool only_uninvolved(const Unknown& unknown) const {
        if (!unknown.reasons.empty() || unknown.missing.empty()) return false;
        return std::none_of(unknown.missing.begin(), unknown.missing.end(), [&](const FactRef& r) { return involves(r); });
    }

private:
    const facts::FactSet& facts_;
    std::set<std::string> named_;  // normalized package names that configuration values spell
};

// What a user can give so that the missing facts become known, grouped by kind:
// "pkg(megatron-core), pkg(ms-swift) unknown: give --probe, --env or [packages]".
std::string how_to_know(const Unknown& unknown) {
    std::vector<std::string> packages, revisions, env, model, config;
    for (const auto& ref : unknown.missing) {
        switch (ref.kind) {
            case FactRef::Kind::package: packages.push_back(ref.display()); break;
            case FactRef::Kind::revision: revisions.push_back(ref.display()); break;
            case FactRef::Kind::env: env.push_back(ref.display()); break;
            case FactRef::Kind::config: (ref.name.starts_with("model.") ? model : config).push_back(ref.display()); break;
        }
    }
    std::vector<std::string> parts;
    if (!packages.empty())
        parts.push_back(fmt::format("{} unknown: give --probe, --env or [packages]", fmt::join(packages, ", ")));
    if (!revisions.empty())
        parts.push_back(fmt::format("{} unknown: give --probe on the node (a source install records its branch) or [revisions]",
                                    fmt::join(revisions, ", ")));
    if (!env.empty()) parts.push_back(fmt::format("{} unknown: give --probe or --env, or set it in [env]", fmt::join(env, ", ")));
    if (!model.empty())
        parts.push_back(
            fmt::format("{} unknown: set it in [model] or point model.config at a config.json", fmt::join(model, ", ")));
    if (!config.empty()) parts.push_back(fmt::format("{} unknown: set it in the job file", fmt::join(config, ", ")));
    parts.insert(parts.end(), unknown.reasons.begin(), unknown.reasons.end());
    return fmt::format("{}", fmt::join(parts, "; "));
}

// An undetermined finding's list of what was missing: other causes (in parentheses)
// first, then the facts, each group in order.
std::vector<std::string> missing_list(const Unknown& unknown) {
    std::vector<std::string> out;
    for (const auto& why : unknown.reasons) out.push_back("(" + why + ")");
    for (const auto& ref : unknown.missing) out.push_back(ref.display());
    return out;
}

std::string join_keys(const std::set<FactRef>& refs) {
    std::vector<std::string> keys;
    for (const auto& r : refs) keys.push_back(r.key());
    return fmt::format("{}", fmt::join(keys, ", "));
}

// The config keys and variables that do not hold one value in all `states`.
std::set<FactRef> changed_keys(const std::vector<Patch>& states) {
    std::set<FactRef> all, changing;
    for (const auto& s : states) {
        for (const auto& [k, e] : s.env) all.insert(FactRef::env(k));
        for (const auto& [k, e] : s.config) all.insert(FactRef::config(k));
    }
    for (const auto& ref : all) {
        // (present, value): an absent key and an unset variable differ.
        std::optional<std::pair<bool, std::optional<Value>>> first;
        for (const auto& s : states) {
            const auto& slot = s.slot(ref);
            auto it = slot.find(ref.name);
            auto here = it == slot.end() ? std::pair{false, std::optional<Value>()} : std::pair{true, it->second.value};
            if (!first) first = here;
            else if (*first != here) changing.insert(ref);
        }
    }
    return changing;
}

Finding engine_finding(std::string rule, std::string message, const std::string& config_path) {
    Finding f;
    f.rule = std::move(rule);
    f.pack = "preflight";
    f.severity = Severity::error;
    f.message = std::move(message);
    f.location.file = config_path;
    return f;
}

// A safe fix (or a suggested one, when asked) that a firing rule wants applied.
struct Proposal {
    PatchEntry entry;
    const Fix* fix;
};

// One evaluation of every rule over the facts under the patch so far.
struct Round {
    std::vector<const Rule*> firing;
    std::map<std::string, Unknown> undetermined;         // rule id → what it missed
    std::map<FactRef, std::vector<Proposal>> proposals;  // patch slot → the fixes for it
};

enum class Verdict { not_applicable, undetermined, quiet, fires };

// What one rule came to in a round, and the patch slots it read on the way. A rule
// reads nothing else that a round changes, so the next round keeps the outcome
// when its patch differs from this one's in none of those slots.
struct Outcome {
    Verdict verdict = Verdict::quiet;
    Unknown missing;                                      // undetermined: what it lacked
    std::vector<std::pair<FactRef, Proposal>> proposals;  // fires: its fixes, by slot
    std::vector<PatchSlot> reads;
};

// A check runs rounds until the patch stops changing: a fix can make another rule fire
// (or stop firing), so its consequences are found too. Each round's patch is kept, as
// a patch seen before means the fixes go round in a cycle and never settle.
class Check {
public:
    Check(const RuleSet& rules, const facts::FactSet& facts, const std::string& config_path, const CheckOptions& options)
        : rules_(rules),
          facts_(facts),
          config_path_(config_path),
          options_(options),
          involvement_(facts),
          config_(index_config(facts)),
          outcomes_(rules.rules.size()),
          selected_(rules.rules.size()),
          ever_fired_(rules.rules.size()) {
        for (std::size_t i = 0; i < rules.rules.size(); ++i)
            selected_[i] = options.selects(rules.rules[i].id, rules.rules[i].pack);
    }

    CheckResult run() {
        Round round;
        for (int round_number = 1;; ++round_number) {
            result_.rounds = round_number;
            StateContext ctx(rules_, facts_, config_, patch_);
            round = evaluate_round(ctx);
            Patch next = apply(round.proposals);
            if (next == patch_ || round_number >= options_.max_rounds) {
                if (next != patch_) give_up(next);
                describe_final_state(round);
                break;
            }
            if (auto seen = std::find(history_.begin(), history_.end(), next); seen != history_.end()) {
                report_oscillation(std::vector<Patch>(seen, history_.end()));
                break;  // no state is final: fallbacks and limitations are not known
            }
            history_.push_back(next);
            auto changed = changed_keys({patch_, next});
            changed_.assign(changed.begin(), changed.end());
            patch_ = std::move(next);
        }
        settle_patch();
        collect_findings(round.undetermined);
        count_coverage();
        sort_for_reader();
        return std::move(result_);
    }

private:
    const RuleSet& rules_;
    const facts::FactSet& facts_;
    const std::string& config_path_;
    const CheckOptions& options_;
    Involvement involvement_;
    ConfigIndex config_;  // facts_.config by name
    CheckResult result_;
    Patch patch_;
    std::vector<Patch> history_{Patch{}};
    std::map<std::string, Finding> fired_;          // rule id → its finding, from the round it first fired
    std::map<std::string, Finding> engine_errors_;  // conflicts and unsettled fixes, by a key that keeps one each
    std::vector<std::optional<Outcome>> outcomes_;  // by rule, from the last round that evaluated it
    std::vector<FactRef> changed_;                  // the slots this round's patch changed
    // By rule, as outcomes_: whether --select and --ignore leave it to run, and whether
    // it fired in any round (so that a check looks neither up by id, rule by rule).
    std::vector<bool> selected_;
    std::vector<bool> ever_fired_;

    bool applies(const Fix& fix) const { return fix.safe || options_.apply_suggested; }

    bool reads_stated(const Rule& rule) const {
        for (const auto& ref : reads_of(rule, rules_)) {
            if (ref.kind == FactRef::Kind::config) {
                auto it = config_.find(ref.name);
                if (it != config_.end() && it->second->origin.kind == OriginKind::job) return true;
            } else if (ref.kind == FactRef::Kind::env) {
                auto it = facts_.env.find(ref.name);
                if (it != facts_.env.end() && it->second.origin.kind == OriginKind::job) return true;
            }
        }
        return false;
    }

    Round evaluate_round(StateContext& ctx) {
        Round round;
        for (std::size_t i = 0; i < rules_.rules.size(); ++i) {
            const Rule& rule = rules_.rules[i];
            if (!selected_[i]) continue;
            std::optional<Outcome>& outcome = outcomes_[i];
            if (!outcome || !options_.keep_outcomes || reads_changed(*outcome)) outcome = evaluate_rule(rule, ctx);
            switch (outcome->verdict) {
                case Verdict::not_applicable: break;  // counted from outcomes_ (count_coverage)
                case Verdict::undetermined: round.undetermined[rule.id] = outcome->missing; break;
                case Verdict::quiet: break;
                case Verdict::fires:
                    round.firing.push_back(&rule);
                    // A finding describes the state the rule first fired in, before fixes
                    // that its own fix may have set off.
                    if (!ever_fired_[i]) fired_[rule.id] = first_finding(rule, ctx);
                    ever_fired_[i] = true;
                    for (const auto& [slot, proposal] : outcome->proposals) round.proposals[slot].push_back(proposal);
                    break;
            }
        }
        return round;
    }

    bool reads_changed(const Outcome& outcome) const {
        for (const auto& read : outcome.reads)
            for (const auto& slot : changed_)
                if (read.kind == slot.kind && read.name == slot.name) return true;
        return false;
    }

    Outcome evaluate_rule(const Rule& rule, StateContext& ctx) {
        Outcome outcome;
        ctx.open_frame();
        outcome.verdict = judge(rule, ctx, outcome);
        outcome.reads = ctx.close_frame();
        return outcome;
    }

    Verdict judge(const Rule& rule, StateContext& ctx, Outcome& outcome) {
        // Relevance first: a declared `applies` decides it; without one, a rule
        // undecided only for packages the launch does not involve is not applicable.
        if (rule.applies) {
            Value applies = lang::evaluate(*rule.applies, ctx);
            if (const auto* u = applies.get<Unknown>()) {
                if (involvement_.only_uninvolved(*u)) return Verdict::not_applicable;
                outcome.missing = *u;
                return Verdict::undetermined;
            }
            if (!applies.get<bool>() || !*applies.get<bool>()) return Verdict::not_applicable;
        }
        Value verdict = fires(rule, ctx);
        if (const auto* u = verdict.get<Unknown>()) {
            // A rule that reads something the launch states itself (a key it sets, a
            // variable it exports) is about this launch, whatever it lacks.
            if (!rule.applies && involvement_.only_uninvolved(*u) && !reads_stated(rule)) return Verdict::not_applicable;
            outcome.missing = *u;
            return Verdict::undetermined;
        }
        if (!verdict.get<bool>() || !*verdict.get<bool>()) return Verdict::quiet;
        for (const auto& fix : rule.fixes) {
            if (!applies(fix)) continue;
            std::optional<Value> value = fix.unset ? std::nullopt : fix.literal;
            if (fix.expr) {
                value = lang::evaluate(*fix.expr, ctx);
                if (value->is_unknown()) continue;  // cannot compute it yet
            }
            outcome.proposals.emplace_back(fix.slot(), Proposal{PatchEntry{value, rule.id}, &fix});
        }
        return Verdict::fires;
    }

    Finding first_finding(const Rule& rule, StateContext& ctx) const {
        Finding f;
        f.rule = rule.id;
        f.pack = rule.pack;
        f.severity = rule.severity;
        if (rule.error_when) {
            Value escalate = lang::evaluate(*rule.error_when, ctx);
            if (escalate.get<bool>() && *escalate.get<bool>()) f.severity = Severity::error;
        }
        f.message = rule.text().message.render(ctx);
        f.location = locate_finding(rule, facts_, config_path_);
        f.references = rule.text().references;
        // Evidence by kind: facts, then packages, variables and revisions.
        auto reads = reads_of(rule, rules_);
        for (auto kind : {FactRef::Kind::config, FactRef::Kind::package, FactRef::Kind::env, FactRef::Kind::revision})
            for (const auto& ref : reads)
                if (ref.kind == kind) f.evidence.push_back(ctx.evidence(ref));
        for (const auto& fix : rule.fixes) {
            std::optional<Value> value = fix.unset ? std::nullopt : fix.literal;
            if (fix.expr) value = lang::evaluate(*fix.expr, ctx);
            f.fixes.push_back(fix_text(fix, value));
            if (applies(fix)) f.fixable = true;
        }
        return f;
    }

    // The patch with this round's proposals. Two rules wanting one slot to hold
    // different values — in this round, or against what an earlier round set — is a
    // conflict: never resolved silently, so the slot is left alone and reported.
    Patch apply(const std::map<FactRef, std::vector<Proposal>>& proposals) {
        Patch next = patch_;
        for (const auto& [target, list] : proposals) {
            auto& slot = next.slot(target);
            std::set<std::string> rules_involved;
            bool conflict = false;
            for (const auto& p : list) {
                rules_involved.insert(p.entry.rule);
                if (p.entry.value != list.front().entry.value) conflict = true;
            }
            auto set_before = slot.find(target.name);
            if (set_before != slot.end()) {
                for (const auto& p : list)
                    if (p.entry.rule != set_before->second.rule && p.entry.value != set_before->second.value) {
                        conflict = true;
                        rules_involved.insert(set_before->second.rule);
                    }
            }
            if (conflict) {
                Finding f = engine_finding(
                    "preflight-fix-conflict",
                    fmt::format("rules {} set {} to different values; fix the job by hand and tell the pack owners",
                                fmt::join(rules_involved, ", "), target.phrase()),
                    config_path_);
                f.location.key = target.key();
                engine_errors_[f.rule + ":" + target.key()] = f;
                result_.unsettled.insert(target);
                continue;
            }
            if (set_before == slot.end() || set_before->second.value != list.front().entry.value)
                slot[target.name] = list.front().entry;
        }
        return next;
    }

    // Fallbacks and limitations describe the patched state, what will actually run:
    // the rules firing in the last round.
    void describe_final_state(const Round& round) {
        for (const Rule* rule : round.firing) {
            for (const auto& fb : rule->text().fallbacks)
                result_.fallbacks.push_back({fb.kernel, fb.implementation, rule->id, fb.reason});
            for (const auto& lim : rule->text().limitations) result_.limitations.push_back({lim.feature, rule->id, lim.reason});
        }
    }

    // The rounds ran out with the patch still changing.
    void give_up(const Patch& next) {
        auto changing = changed_keys({patch_, next});
        engine_errors_["preflight-fix-no-fixpoint"] =
            engine_finding("preflight-fix-no-fixpoint",
                           fmt::format("fixes kept changing {} after {} rounds; none of it is applied", join_keys(changing),
                                       options_.max_rounds),
                           config_path_);
        result_.unsettled.insert(changing.begin(), changing.end());
    }

    // `cycle`: the states from the repeated one to the last (history ends with the
    // current patch); what differs among them never settles.
    void report_oscillation(const std::vector<Patch>& cycle) {
        auto changing = changed_keys(cycle);
        std::set<std::string> involved;
        for (const auto& state : cycle) {
            for (const auto& [k, e] : state.env)
                if (changing.count(FactRef::env(k))) involved.insert(e.rule);
            for (const auto& [k, e] : state.config)
                if (changing.count(FactRef::config(k))) involved.insert(e.rule);
        }
        engine_errors_["preflight-fix-oscillation"] = engine_finding(
            "preflight-fix-oscillation",
            fmt::format("the fixes of rules {} undo each other on {}; the patch never settles, and none of it is applied",
                        fmt::join(involved, ", "), join_keys(changing)),
            config_path_);
        result_.unsettled.insert(changing.begin(), changing.end());
    }

    // Unsettled slots stay out of the patch, so nothing writes them. A fix for one is
    // shown but not applied, and its finding is not fixable through it.
    void settle_patch() {
        result_.patch = patch_;
        for (const auto& target : result_.unsettled) result_.patch.slot(target).erase(target.name);
        for (auto& [id, f] : fired_) {
            const Rule* rule = rules_.find_rule(id);
            bool applied = false;
            for (std::size_t i = 0; i < rule->fixes.size(); ++i) {
                const Fix& fix = rule->fixes[i];
                if (result_.unsettled.count(fix.slot())) {
                    if (i < f.fixes.size()) f.fixes[i] += " (not applied: the fixes for this key do not settle)";
                } else if (applies(fix)) {
                    applied = true;
                }
            }
            f.fixable = applied;
        }
    }

    // Rules undetermined in the last round (the patched state) that never fired: never
    // a silent pass. Each is kept in `undetermined`; the findings get one note for them
    // all, naming what was missing and how to give it. Under --strict the note counts
    // at the highest severity among them, as if they had fired.
    void collect_findings(const std::map<std::string, Unknown>& undetermined) {
        for (auto& [id, f] : fired_) result_.findings.push_back(std::move(f));
        for (auto& [id, f] : engine_errors_) result_.findings.push_back(std::move(f));
        Unknown all;
        Severity worst = Severity::info;
        std::vector<std::string> details;
        for (const auto& [id, missing] : undetermined) {
            if (fired_.count(id)) continue;
            const Rule* rule = rules_.find_rule(id);
            Finding f;
            f.rule = id;
            f.pack = rule->pack;
            f.undetermined = true;
            f.missing = missing_list(missing);
            f.severity = options_.strict ? rule->severity : Severity::info;
            f.message = fmt::format("undetermined: {} ({})", rule->text().summary, how_to_know(missing));
            f.location = locate_finding(*rule, facts_, config_path_);
            f.references = rule->text().references;
            details.push_back(fmt::format("{}: {} (missing {})", id, rule->text().summary, fmt::join(f.missing, ", ")));
            worst = std::max(worst, rule->severity);
            all.add(missing);
            result_.undetermined.push_back(std::move(f));
        }
        if (result_.undetermined.empty()) return;
        Finding note;
        note.rule = kUndeterminedRule;
        note.pack = "preflight";
        note.undetermined = true;
        note.severity = options_.strict ? worst : Severity::info;
        std::size_t n = result_.undetermined.size();
        note.message = fmt::format("{} rule{} apply but could not decide ({})", n, n == 1 ? "" : "s", how_to_know(all));
        note.location.file = config_path_;
        note.missing = missing_list(all);
        note.details = std::move(details);
        result_.coverage.missing = note.missing;
        result_.findings.push_back(std::move(note));
    }

    // Every loaded rule is counted once: fired or quiet (applied), not applicable, or
    // undetermined, as the last round (the patched state) left it.
    // The last round's verdicts are its rules' outcomes (outcomes_).
    void count_coverage() {
        auto& c = result_.coverage;
        c.undetermined = static_cast<int>(result_.undetermined.size());
        for (std::size_t i = 0; i < rules_.rules.size(); ++i) {
            if (!selected_[i]) ++c.ignored;
            else if (ever_fired_[i] || outcomes_[i]->verdict == Verdict::undetermined) continue;
            else if (outcomes_[i]->verdict == Verdict::not_applicable) ++c.not_applicable;
        }
        c.applied = static_cast<int>(rules_.rules.size()) - c.not_applicable - c.undetermined - c.ignored;
    }

    void sort_for_reader() {
        sort_findings(result_.findings);
        std::sort(result_.fallbacks.begin(), result_.fallbacks.end(),
                  [](const auto& a, const auto& b) { return std::tie(a.kernel, a.rule) < std::tie(b.kernel, b.rule); });
        std::sort(result_.limitations.begin(), result_.limitations.end(),
                  [](const auto& a, const auto& b) { return std::tie(a.feature, a.rule) < std::tie(b.feature, b.rule); });
    }
};

}  // namespace

bool CheckOptions::selects(const std::string& rule, const std::string& pack) const {
    auto named = [&](const std::vector<std::string>& names) {
        return std::find(names.begin(), names.end(), rule) != names.end() ||
               std::find(names.begin(), names.end(), pack) != names.end();
    };
    return (select.empty() || named(select)) && !named(ignore);
}

void sort_findings(std::vector<Finding>& findings) {
    std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
        auto key = [](const Finding& f) {
            return std::tuple(f.suppressed.has_value(), -static_cast<int>(f.severity), f.undetermined, f.location.line == 0,
                              f.location.line, f.location.column, f.rule);
        };
        return key(a) < key(b);
    });
}

bool CheckResult::has_at_least(Severity s) const {
    // A suppressed finding is reported but accepted: it decides no verdict.
    return std::any_of(findings.begin(), findings.end(), [&](const Finding& f) { return f.severity >= s && !f.suppressed; });
}

CheckResult run_check(const RuleSet& rules, const facts::FactSet& facts, const std::string& config_path,
                      const CheckOptions& options) {
    return Check(rules, facts, config_path, options).run();
}

}  // namespace preflight::rules
