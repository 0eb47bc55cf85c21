#include "plan/planner.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace preflight::plan {
namespace {

using Moves = std::map<std::string, const Release*>;  // package → release

bool counts(const rules::Finding& f) { return !f.undetermined && !f.suppressed; }

int count_at(const rules::CheckResult& result, Severity severity) {
    return static_cast<int>(std::count_if(result.findings.begin(), result.findings.end(),
                                          [&](const rules::Finding& f) { return counts(f) && f.severity == severity; }));
}

// The rules that fired at warning or error.
std::set<std::string> fired(const rules::CheckResult& result) {
    std::set<std::string> ids;
    for (const auto& f : result.findings)
        if (counts(f) && f.severity >= Severity::warning) ids.insert(f.rule);
    return ids;
}

// What `after` brings that `before` did not have, and what it clears.
void compare_findings(const rules::CheckResult& before, const rules::CheckResult& after, std::vector<std::string>& clears,
                      std::vector<rules::Finding>& brings) {
    auto was = fired(before), is = fired(after);
    for (const auto& id : was)
        if (!is.count(id)) clears.push_back(id);
    for (const auto& f : after.findings)
        if (counts(f) && f.severity >= Severity::warning && !was.count(f.rule)) brings.push_back(f);
}

// The packages a finding rests on: its evidence's packages, and those whose releases
// retire its rule.
std::set<std::string> packages_of(const rules::Finding& f, const rules::RuleSet& rules) {
    std::set<std::string> out;
    for (const auto& e : f.evidence)
        if (e.ref.kind == FactRef::Kind::package) out.insert(e.ref.name);
    if (const auto* rule = rules.find_rule(f.rule))
        for (const auto& fixed : rule->fixed_in) out.insert(fixed.package);
    return out;
}

Fact planned_fact(Value value, const Fact* was) {
    Origin origin{OriginKind::patch, was ? was->origin.where : Location{}, "plan"};
    return Fact{std::move(value), std::move(origin)};
}

config::RunConfig with_moves(const config::RunConfig& config, const Moves& moves) {
    config::RunConfig out = config;
    for (const auto& [package, release] : moves) {
        auto it = config.packages.find(package);
        out.packages[package] = planned_fact(Value(release->version), it == config.packages.end() ? nullptr : &it->second);
    }
    return out;
}

config::RunConfig with_patch(const config::RunConfig& config, const rules::Patch& patch) {
    config::RunConfig out = config;
    for (const auto& [name, entry] : patch.env) {
        auto it = config.env.find(name);
        out.env[name] = planned_fact(entry.value ? *entry.value : Value(Null{}), it == config.env.end() ? nullptr : &it->second);
    }
    for (const auto& [key, entry] : patch.config) {
        if (!entry.value) continue;
        auto it = config.values.find(key);
        out.values[key] = planned_fact(*entry.value, it == config.values.end() ? nullptr : &it->second);
    }
    return out;
}

bool offers_suggested(const rules::CheckResult& result) {
    for (const auto& f : result.findings)
        for (const auto& fix : f.fixes)
            if (fix.find("(suggested)") != std::string::npos) return true;
    return false;
}

struct Choice {
    const Release* release;
    int distance;
    bool upgrade;
};

// The order candidates are ranked in: no more warnings than needed (the fewest), then
// fewest packages moved, fewest settings changed, fewest pre-releases, fewest
// downgrades, nearest versions; then by
// name and version, so equal costs are ordered the same on every run. Upgrades come
// before nearer downgrades: a rule's range usually ends where upstream fixed the
// problem, and begins where the feature came, so a downgrade that leaves the range
// often leaves the feature too (ms-swift 3.2.1 has no sequence parallelism to refuse).
auto rank_key(const Candidate& c) {
    int distance = 0, downgrades = 0, pre = 0;
    std::vector<std::string> names;
    for (const auto& m : c.moves) {
        distance += m.distance;
        downgrades += m.upgrade ? 0 : 1;
        pre += m.release && m.release->pre ? 1 : 0;
        names.push_back(m.package + "=" + m.to);
    }
    for (const auto& s : c.settings) names.push_back(s.target.key());
    return std::make_tuple(c.errors, c.warnings, c.moves.size(), c.settings.size(), pre, downgrades, distance, names);
}

// Whether `big` makes every move and setting change `small` makes.
bool contains(const Candidate& big, const Candidate& small) {
    for (const auto& m : small.moves)
        if (std::none_of(big.moves.begin(), big.moves.end(),
                         [&](const PackageMove& b) { return b.package == m.package && b.to == m.to; }))
            return false;
    for (const auto& s : small.settings)
        if (std::none_of(big.settings.begin(), big.settings.end(),
                         [&](const SettingChange& b) { return b.target == s.target && b.value == s.value; }))
            return false;
    return true;
}

class Search {
public:
    Search(const rules::RuleSet& rules, const ReleaseLists& releases, const config::RunConfig& config,
           const facts::NodeFacts* node, const PlanOptions& options, Plan& plan)
        : rules_(rules), releases_(releases), config_(config), node_(node), options_(options), plan_(plan) {
        for (const auto& f : plan_.before.result.findings)
            if (counts(f) && f.severity == Severity::error) launch_errors_.insert(f.rule);
    }

    Result<void> run() {
        auto level0 = PREFLIGHT_TRY(evaluate({}));
        std::vector<std::pair<Moves, Candidate>> tried{{Moves{}, std::move(level0)}};
        std::set<std::string> pool;
        for (const auto* result : {&plan_.before.result, &tried.front().second.planned})
            for (const auto& f : result->findings)
                if (counts(f) && f.severity == Severity::error)
                    for (const auto& p : packages_of(f, rules_)) consider(p, pool);
        std::vector<std::pair<Moves, Candidate>> frontier = {tried.front()};
        for (std::size_t level = 1; level <= options_.max_packages && !plan_.capped; ++level) {
            // Level 1 is always tried: a move may beat a setting change on warnings. Past it, a
            // level is tried only while no stack has cleared every error and warning.
            if (level > 1 && solved_cleanly(tried)) break;
            // Expand the closest stacks first, those that change no setting before the others.
            std::stable_sort(frontier.begin(), frontier.end(), [](const auto& a, const auto& b) {
                return std::make_pair(a.second.settings.size(), rank_key(a.second)) <
                       std::make_pair(b.second.settings.size(), rank_key(b.second));
            });
            std::vector<std::pair<Moves, Candidate>> next;
            std::size_t grown = 0;
            for (const auto& [moves, candidate] : frontier) {
                // Past level 1, only a stack that cleared one of the launch's errors grows, by
                // the packages its errors rest on (megatron-core 0.16 clears the GDN error and
                // asks for MindSpeed's 0.16 line), or where it has none, its warnings.
                std::set<std::string> more = level == 1 ? pool : std::set<std::string>{};
                // A stack whose warnings come with a setting change is not grown on them: the
                // setting, not a package, brought them.
                if (level > 1 && (!clears_an_error(candidate) || (candidate.errors == 0 && candidate.warnings == 0) ||
                                  (candidate.errors == 0 && !candidate.settings.empty())))
                    continue;
                if (level > 1 && ++grown > options_.frontier) break;
                Severity grow_on = candidate.errors > 0 ? Severity::error : Severity::warning;
                for (const auto& f : candidate.planned.findings)
                    if (counts(f) && f.severity == grow_on)
                        for (const auto& p : packages_of(f, rules_)) consider(p, more);
                for (const auto& package : more) {
                    if (moves.count(package)) continue;
                    for (const auto& choice : choices(package)) {
                        Moves m = moves;
                        m[package] = choice.release;
                        if (!seen_.insert(signature(m)).second) continue;
                        if (plan_.checks >= options_.max_checks) {
                            plan_.capped = true;
                            break;
                        }
                        auto c = PREFLIGHT_TRY(evaluate(m));
                        next.emplace_back(m, std::move(c));
                    }
                    if (plan_.capped) break;
                }
                if (plan_.capped) break;
            }
            for (const auto& t : next) tried.push_back(t);
            frontier = std::move(next);
        }
        finish(tried);
        return {};
    }

private:
    // A package the search may move: one the release lists know, the launch has a
    // version of, and --keep does not pin.
    void consider(const std::string& package, std::set<std::string>& pool) {
        if (!releases_.count(package) || !current(package)) return;
        if (options_.keep.count(package)) {
            plan_.kept.insert(package);
            return;
        }
        pool.insert(package);
    }

    const version::Version* current(const std::string& package) const {
        auto it = plan_.before.facts.packages.find(package);
        return it == plan_.before.facts.packages.end() ? nullptr : it->second.value.get<version::Version>();
    }

    // The package's releases: final releases before pre-releases, upgrades before
    // downgrades, each nearest its current version first.
    std::vector<Choice> choices(const std::string& package) {
        auto cached = choices_.find(package);
        if (cached != choices_.end()) return cached->second;
        const auto& list = releases_.at(package);
        const auto* now = current(package);
        // A pre-release is tried only past the newest final release (vllm-ascend's lines
        // open with rcs) or where the launch already runs one: pip takes none unless named.
        const version::Version* newest_final = nullptr;
        for (const auto& r : list)
            if (!r.pre) newest_final = &r.version;
        bool runs_pre = false;
        if (const auto* pep = std::get_if<version::Pep440>(&now->parsed())) runs_pre = pep->is_prerelease();
        std::vector<Choice> up, down;
        for (const auto& r : list) {
            auto c = compare(r.version, *now);
            if (!c || *c == 0) continue;
            if (r.pre && !runs_pre && newest_final && compare(r.version, *newest_final).value_or(1) <= 0) continue;
            (*c > 0 ? up : down).push_back({&r, 0, *c > 0});
        }
        std::reverse(down.begin(), down.end());
        std::vector<Choice> all;
        for (auto* side : {&up, &down}) {
            int finals = 0, pres = 0;
            for (auto& c : *side) c.distance = c.release->pre ? ++pres : ++finals;
            all.insert(all.end(), side->begin(), side->end());
        }
        std::stable_sort(all.begin(), all.end(), [](const Choice& a, const Choice& b) {
            return std::make_tuple(a.release->pre, !a.upgrade, a.distance) <
                   std::make_tuple(b.release->pre, !b.upgrade, b.distance);
        });
        // Downgrades keep a share of the tries however many upgrades there are.
        std::vector<Choice> kept;
        std::size_t ups = 0, downs = 0, pres = 0;
        for (const auto& c : all) {
            std::size_t& n = c.release->pre ? pres : c.upgrade ? ups : downs;
            std::size_t cap = c.release->pre ? options_.versions_per_package / 6
                              : c.upgrade    ? options_.versions_per_package / 2
                                             : options_.versions_per_package / 3;
            if (n < cap) {
                ++n;
                kept.push_back(c);
            }
        }
        all = std::move(kept);
        return choices_[package] = all;
    }

    static std::string signature(const Moves& moves) {
        std::string s;
        for (const auto& [p, r] : moves) s += p + "=" + r->version.text() + ";";
        return s;
    }

    static bool solved_cleanly(const std::vector<std::pair<Moves, Candidate>>& tried) {
        return std::any_of(tried.begin(), tried.end(),
                           [](const auto& t) { return t.second.errors == 0 && t.second.warnings == 0; });
    }

    bool clears_an_error(const Candidate& c) const {
        return std::any_of(c.clears.begin(), c.clears.end(), [&](const std::string& id) { return launch_errors_.count(id) > 0; });
    }

    Result<rules::CheckedJob> check(const config::RunConfig& config, bool suggested) {
        auto o = options_.check;
        o.apply_suggested = suggested;
        return rules::check_job(rules_, config, node_, o);
    }

    // The stack with these moves, its fixes written in, checked as `check` checks it.
    Result<Candidate> evaluate(const Moves& moves) {
        ++plan_.checks;
        auto moved = with_moves(config_, moves);
        std::optional<Candidate> best;
        for (bool suggested : {false, true}) {
            auto fixed = PREFLIGHT_TRY(check(moved, suggested));
            if (!fixed.result.unsettled.empty()) continue;
            Candidate c;
            c.suggested = suggested;
            for (const auto& [name, entry] : fixed.result.patch.env)
                c.settings.push_back({FactRef::env(name), entry.value, entry.rule});
            for (const auto& [key, entry] : fixed.result.patch.config)
                c.settings.push_back({FactRef::config(key), entry.value, entry.rule});
            // With nothing to write in, the planned stack is the stack just checked.
            c.planned = fixed.result.patch.empty() && !suggested
                            ? std::move(fixed.result)
                            : PREFLIGHT_TRY(check(with_patch(moved, fixed.result.patch), false)).result;
            c.errors = count_errors(c.planned);
            c.warnings = count_at(c.planned, Severity::warning);
            for (const auto& [package, release] : moves) {
                PackageMove m;
                m.package = package;
                m.release = release;
                const auto* now = current(package);
                m.from = now ? now->text() : "";
                m.to = release->version.text();
                m.upgrade = !now || compare(release->version, *now).value_or(1) > 0;
                for (const auto& choice : choices(package))
                    if (choice.release == release) m.distance = choice.distance;
                c.moves.push_back(std::move(m));
            }
            compare_findings(plan_.before.result, c.planned, c.clears, c.brings);
            bool better = !best || rank_key(c) < rank_key(*best);
            if (better) best = std::move(c);
            // Suggested fixes are tried only where the safe ones leave an error.
            if (best->errors == 0 || !offers_suggested(best->planned)) break;
        }
        if (!best) {
            // Every variant left a setting unsettled: no plan can write it.
            Candidate c;
            c.errors = 1 << 20;
            best = std::move(c);
        }
        return std::move(*best);
    }

    // What each move of a chosen stack does on its own.
    Result<void> explain_moves(Candidate& c) {
        for (auto& m : c.moves) {
            if (c.moves.size() == 1) {
                m.clears = c.clears;
                m.brings = c.brings;
                continue;
            }
            auto alone = PREFLIGHT_TRY(check(with_moves(config_, Moves{{m.package, m.release}}), false));
            compare_findings(plan_.before.result, alone.result, m.clears, m.brings);
        }
        return {};
    }

    void finish(std::vector<std::pair<Moves, Candidate>>& tried) {
        std::vector<Candidate*> solutions;
        for (auto& [moves, c] : tried)
            if (c.errors == 0 && c.changes() > 0) solutions.push_back(&c);
        std::stable_sort(solutions.begin(), solutions.end(),
                         [](const Candidate* a, const Candidate* b) { return rank_key(*a) < rank_key(*b); });
        // A plan that holds a better one and adds moves of its own adds nothing to it.
        std::vector<Candidate*> kept;
        for (auto* c : solutions)
            if (std::none_of(kept.begin(), kept.end(), [&](const Candidate* better) { return contains(*c, *better); }))
                kept.push_back(c);
        solutions = std::move(kept);
        for (std::size_t i = 0; i < solutions.size() && i <= options_.alternatives; ++i) {
            if (!explain_moves(*solutions[i])) continue;
            if (i == 0) plan_.best = std::move(*solutions[i]);
            else plan_.alternatives.push_back(std::move(*solutions[i]));
        }
        if (plan_.best) return;
        // The closest stack tried: its errors are what no known release clears.
        Candidate* closest = nullptr;
        for (auto& [moves, c] : tried)
            if (!closest || rank_key(c) < rank_key(*closest)) closest = &c;
        for (const auto& f : closest->planned.findings) {
            if (!counts(f) || f.severity != Severity::error) continue;
            Blocker b{f, {}};
            std::set<std::string> movable, kept;
            for (const auto& p : packages_of(f, rules_)) {
                if (options_.keep.count(p)) kept.insert(p);
                else if (releases_.count(p) && current(p)) movable.insert(p);
            }
            const auto* rule = rules_.find_rule(f.rule);
            bool has_fix = rule && !rule->fixes.empty();
            auto join = [](const std::set<std::string>& s) {
                std::string out;
                for (const auto& p : s) out += (out.empty() ? "" : ", ") + p;
                return out;
            };
            if (!movable.empty())
                b.why = "no known release of " + join(movable) + " clears it" + (has_fix ? ", nor does its fix" : "");
            else if (!kept.empty()) b.why = "it rests on " + join(kept) + ", which --keep pins";
            else
                b.why =
                    std::string("it rests on no package version the release lists know") +
                    (has_fix ? ", and its fix leaves an error" : ", and its rule offers no fix: change the launch's settings");
            plan_.blockers.push_back(std::move(b));
        }
    }

    const rules::RuleSet& rules_;
    const ReleaseLists& releases_;
    const config::RunConfig& config_;
    const facts::NodeFacts* node_;
    const PlanOptions& options_;
    Plan& plan_;
    std::set<std::string> launch_errors_;  // the rules the launch's own errors come from
    std::set<std::string> seen_;
    std::map<std::string, std::vector<Choice>> choices_;
};

}  // namespace

int count_errors(const rules::CheckResult& result) { return count_at(result, Severity::error); }

Result<Plan> make_plan(const rules::RuleSet& rules, const ReleaseLists& releases, const config::RunConfig& config,
                       const facts::NodeFacts* node, const PlanOptions& options) {
    Plan plan;
    plan.before = PREFLIGHT_TRY(rules::check_job(rules, config, node, options.check));
    ++plan.checks;
    for (const auto& p : options.keep)
        if (plan.before.facts.packages.count(p)) plan.kept.insert(p);
    if (count_errors(plan.before.result) == 0) {
        plan.nothing_to_do = true;
        return plan;
    }
    Search search(rules, releases, config, node, options, plan);
    PREFLIGHT_TRY(search.run());
    return plan;
}

}  // namespace preflight::plan
