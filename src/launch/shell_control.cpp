#include "launch/shell_interpreter.hpp"

#include <fnmatch.h>

#include <algorithm>

namespace preflight::launch::interp {

// --- lists -------------------------------------------------------------------

Result<void> Interpreter::run_list(const Source& src, const List& list, Shell& sh) {
    for (const auto& item : list.items) {
        if (sh.stopped || sh.returned) break;
        PREFLIGHT_TRY(within_budget(src, item.pipelines[0].elements[0].offset));
        PREFLIGHT_TRY(run_and_or(src, item, sh));
    }
    return {};
}

Result<void> Interpreter::run_and_or(const Source& src, const AndOr& item, Shell& sh) {
    if (item.background) {  // a subshell: its assignments stay in it
        Shell copy = PREFLIGHT_TRY(copy_of(sh, src, item.pipelines[0].elements[0].offset));
        return run_and_or_in(src, item, copy);
    }
    return run_and_or_in(src, item, sh);
}

Result<void> Interpreter::run_and_or_in(const Source& src, const AndOr& item, Shell& sh) {
    {
        Exempt exempt(exempt_, item.pipelines.size() > 1);
        PREFLIGHT_TRY(run_pipeline(src, item.pipelines[0], sh));
    }
    for (std::size_t k = 1; k < item.pipelines.size() && !sh.stopped && !sh.returned; ++k) {
        // may or may not run: what it changes is unknown afterwards
        Shell maybe = PREFLIGHT_TRY(copy_of(sh, src, item.operators[k - 1]->offset));
        Exempt exempt(exempt_, k + 1 < item.pipelines.size());
        PREFLIGHT_TRY(run_pipeline(src, item.pipelines[k], maybe));
        const Token& op = *item.operators[k - 1];
        merge(sh, maybe, "set after '" + std::string(op.raw) + "' on " + at_line(src, op.offset) + ", which may not run");
    }
    return {};
}

void Interpreter::make_unknown(Var& v, const std::string& because) {
    v.value.reset();
    v.array.reset();
    v.set = true;
    v.because = because;
}

// A copy of the shell for a subshell or a command that may not run. Copies cost
// the variables they copy; a hostile script of 20,000 variables and 60,000
// `a && a` would otherwise take minutes, so the work is bounded.
Result<Shell> Interpreter::copy_of(const Shell& sh, const Source& src, std::size_t offset) {
    work_ += sh.vars.size() + sh.functions.size() + (sh.positional ? sh.positional->size() : 0) + 1;
    PREFLIGHT_TRY(within_budget(src, offset));
    return sh;
}

Result<void> Interpreter::within_budget(const Source& src, std::size_t offset) const {
    if (work_ <= kMaxWork) return {};
    return fail("the script is too large to read: more than " + std::to_string(kMaxWork / 1000000) +
                    " million variable copies for its subshells, conditional commands, evals and function calls",
                loc(src, offset));
}

void Interpreter::merge(Shell& sh, const Shell& maybe, const std::string& because) {
    work_ += sh.vars.size() + maybe.vars.size();
    for (const auto& [name, v] : maybe.vars) {
        auto it = sh.vars.find(name);
        if (it == sh.vars.end()) {
            Var u = v;
            make_unknown(u, because);
            sh.vars[name] = std::move(u);
        } else if (!it->second.same_as(v)) {
            it->second.exported = it->second.exported || v.exported;
            it->second.where = v.where;
            make_unknown(it->second, because);
        }
    }
    for (auto& [name, v] : sh.vars)
        if (!maybe.vars.contains(name)) make_unknown(v, because);
    if (sh.anything_may_be_set.empty()) sh.anything_may_be_set = maybe.anything_may_be_set;
    if (sh.positional != maybe.positional) {
        sh.positional.reset();
        sh.positional_because = because;
    }
    if (sh.allexport != maybe.allexport) sh.allexport.reset();
    if (sh.nounset != maybe.nounset) sh.nounset.reset();
    if (sh.errexit != maybe.errexit) sh.errexit.reset();
    if (sh.cwd != maybe.cwd) sh.cwd.reset();
    for (const auto& [name, f] : maybe.functions) sh.functions.emplace(name, f);
}

Result<void> Interpreter::run_pipeline(const Source& src, const Pipeline& pipe, Shell& sh) {
    Exempt exempt(exempt_, pipe.negated);
    if (pipe.elements.size() == 1) return run_element(src, pipe.elements[0], sh);
    for (const auto& e : pipe.elements) {  // each part of a pipeline runs in a subshell
        Shell copy = PREFLIGHT_TRY(copy_of(sh, src, e.offset));
        PREFLIGHT_TRY(run_element(src, e, copy));
    }
    return {};
}

Result<void> Interpreter::run_element(const Source& src, const Element& e, Shell& sh) {
    switch (e.kind) {
        case Element::Kind::simple: return run_simple(src, e.simple, sh);
        case Element::Kind::group: return run_list(src, *e.body, sh);
        case Element::Kind::subshell: {
            Shell copy = PREFLIGHT_TRY(copy_of(sh, src, e.offset));
            return run_list(src, *e.body, copy);
        }
        case Element::Kind::test:
            // [[ … ]] decides nothing the reader follows, but under `set -u` its words'
            // expansion stops the script as a command's does.
            if (sh.nounset == true)
                for (const Token* t : e.simple.words) {
                    std::string because;
                    expand_value(src, t->parts, sh, because);
                    if (sh.stopped) break;
                }
            return {};
        case Element::Kind::function_def:
            sh.functions[e.what] = FunctionInfo{loc(src, e.offset), e.effects, e.body, &src};
            if (!e.body) note(src, e.offset, "not interpreted: function definition '" + e.what + "'");
            return {};
        case Element::Kind::branches: return run_branches(src, e, sh);
        case Element::Kind::loop: return run_loop(src, e, sh);
        case Element::Kind::skipped: {
            int first = src.lines->line_of(e.offset), last = src.lines->line_of(e.end_offset);
            note(src, e.offset, "not interpreted: " + e.what + (first == last ? "" : " (" + line_range(first, last) + ")"),
                 e.effects.first_words);
            apply_effects(sh, e.effects,
                          "set in the " + e.what + " on " + at_line(src, e.offset) + ", which the reader does not run");
            return {};
        }
    }
    return {};
}

// --- if, case, loops -------------------------------------------------------------

// The arm of a case whose subject and patterns are known and plain: bash runs that
// one (or none); nullopt when it cannot be told.
std::optional<std::optional<std::size_t>> Interpreter::chosen_arm(const Source& src, const Element& e, Shell& sh) {
    if (!e.subject) return std::nullopt;
    std::string because;
    auto subject = expand_value(src, e.subject->parts, sh, because);
    if (!subject) return std::nullopt;
    for (std::size_t a = 0; a < e.arms.size(); ++a)
        for (const Token* p : e.arms[a].patterns) {
            auto pattern = expand_value(src, p->parts, sh, because);
            if (!pattern) return std::nullopt;
            bool quoted = std::all_of(p->parts.begin(), p->parts.end(), [](const Part& x) { return x.quoted; });
            bool match = quoted || !p->has_glob ? *pattern == *subject : fnmatch(pattern->c_str(), subject->c_str(), 0) == 0;
            if (match) return std::optional<std::size_t>(a);
        }
    return std::optional<std::optional<std::size_t>>(std::optional<std::size_t>{});
}

// Each arm is read on its own copy of the shell, its launches said to be in it; a
// variable the arms leave different is unknown after them.
Result<void> Interpreter::run_branches(const Source& src, const Element& e, Shell& sh) {
    {
        Exempt exempt(exempt_, true);
        for (const auto& c : e.conditions) PREFLIGHT_TRY(run_list(src, *c, sh));
    }
    if (sh.stopped || sh.returned) return {};
    int line = src.lines->line_of(e.offset);
    if (auto chosen = chosen_arm(src, e, sh)) {
        if (!*chosen) return {};
        return run_list(src, *e.arms[**chosen].body, sh);
    }
    std::vector<Shell> outcomes;
    std::optional<Shell> stopped;  // an arm bash stops the script in, for when every arm does
    for (const auto& arm : e.arms) {
        Shell copy = PREFLIGHT_TRY(copy_of(sh, src, e.offset));
        context_.push_back("in " + arm.what + " on line " + std::to_string(line));
        auto ran = run_list(src, *arm.body, copy);
        context_.pop_back();
        PREFLIGHT_TRY(ran);
        if (!copy.stopped) outcomes.push_back(std::move(copy));
        else if (!stopped && !copy.stop_why.empty()) stopped = std::move(copy);
    }
    if (!e.exhaustive) outcomes.push_back(PREFLIGHT_TRY(copy_of(sh, src, e.offset)));  // no arm runs
    if (outcomes.empty()) {
        sh.stopped = true;
        if (stopped) {
            sh.stop_why = stopped->stop_why;
            sh.stop_at = stopped->stop_at;
        }
        return {};
    }
    std::string because = "assigned differently in the branches of the " + e.what + " on line " + std::to_string(line);
    Shell result = std::move(outcomes.front());
    for (std::size_t k = 1; k < outcomes.size(); ++k) merge(result, outcomes[k], because);
    result.returned = false;
    sh = std::move(result);
    return {};
}

// A loop's body runs any number of times: read once, its variable unknown, on a copy
// whose changes are unknown after it.
Result<void> Interpreter::run_loop(const Source& src, const Element& e, Shell& sh) {
    int line = src.lines->line_of(e.offset);
    std::string because = "changed in the " + e.what + " on line " + std::to_string(line);
    // A for loop's words are expanded once, before it: under `set -u` an unset variable
    // there stops the script.
    if (sh.nounset == true)
        for (const Token* t : e.simple.words) {
            std::string why;
            expand_value(src, t->parts, sh, why);
            if (sh.stopped) return {};
        }
    Shell copy = PREFLIGHT_TRY(copy_of(sh, src, e.offset));
    {
        Exempt exempt(exempt_, true);
        for (const auto& c : e.conditions) PREFLIGHT_TRY(run_list(src, *c, copy));
    }
    if (!e.loop_var.empty())
        make_unknown(copy.vars[e.loop_var], "the variable of the " + e.what + " on line " + std::to_string(line));
    context_.push_back("in the " + e.what + " on line " + std::to_string(line));
    auto ran = run_list(src, *e.arms.front().body, copy);
    context_.pop_back();
    PREFLIGHT_TRY(ran);
    copy.stopped = copy.returned = false;
    if (!e.loop_var.empty()) copy.vars[e.loop_var].where = loc(src, e.offset);
    merge(sh, copy, because);
    if (!e.loop_var.empty()) make_unknown(sh.vars[e.loop_var], because);
    return {};
}

void Interpreter::apply_effects(Shell& sh, const Effects& effects, const std::string& because) {
    for (const auto& name : effects.assigns) make_unknown(sh.vars[name], because);
    for (const auto& name : effects.exports) sh.vars[name].exported = true;
    if (effects.anything) everything_unknown(sh, because);
    if (effects.cwd) sh.cwd.reset();
    for (const auto& w : effects.first_words)
        if (auto f = sh.functions.find(w); f != sh.functions.end() && &f->second.effects != &effects) {
            auto inner = f->second.effects;  // copy: the map may change below
            inner.first_words.clear();       // calls inside calls: one level is enough to mark names
            apply_effects(sh, inner, because);
        }
}

void Interpreter::everything_unknown(Shell& sh, const std::string& because) {
    work_ += sh.vars.size();
    for (auto& [name, v] : sh.vars) make_unknown(v, because);
    sh.anything_may_be_set = because;
    sh.positional.reset();
    sh.positional_because = because;
    sh.cwd.reset();
    sh.allexport.reset();
    sh.nounset.reset();
    sh.errexit.reset();
}

// A function runs where it is called, with the call's words as $1…$N; its `local`
// variables are restored after it. Recursion is read two calls deep, then its
// effects are applied as for a block the reader does not run.
Result<void> Interpreter::call_function(const Source& src, const Simple& s, std::size_t first, const std::string& name,
                                        const FunctionInfo& f, Shell& sh) {
    std::optional<std::vector<std::string>> args(std::in_place);
    std::string because;
    for (std::size_t w = first + 1; w < s.words.size(); ++w) {
        auto e = expand_word(src, *s.words[w], sh);
        if (!e.known) {
            args.reset();
            because = "an argument of the call of '" + name + "' on " + at_line(src, s.offset) + ": " + e.because;
            break;
        }
        args->insert(args->end(), e.fields.begin(), e.fields.end());
    }
    if (sh.stopped) return {};  // an argument's expansion stopped the script
    // Calls that call each other fan out: each costs work, so a hostile script stops
    // with an error instead of running for hours.
    work_ += kCallWork;
    PREFLIGHT_TRY(within_budget(src, s.offset));
    auto body = f.body;  // the definition may change while it runs
    const Source& where = *f.src;
    auto saved = sh.positional;
    auto saved_because = sh.positional_because;
    sh.positional = args;
    if (!args) sh.positional_because = because;
    calls_.push_back(name);
    locals_.emplace_back();
    context_.push_back("in function '" + name + "' called on line " + std::to_string(src.lines->line_of(s.offset)));
    auto ran = run_list(where, *body, sh);
    context_.pop_back();
    for (auto& [n, v] : locals_.back()) {
        if (v) sh.vars[n] = std::move(*v);
        else sh.vars.erase(n);
    }
    locals_.pop_back();
    calls_.pop_back();
    sh.positional = saved;
    sh.positional_because = saved_because;
    sh.returned = false;
    return ran;
}

}  // namespace preflight::launch::interp
