#include "launch/shell_script.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <deque>
#include <filesystem>
#include <memory>
#include <set>

#include "launch/shell_lexer.hpp"
#include "launch/shell_parser.hpp"
#include "util/input_file.hpp"

namespace preflight::launch {
namespace {

using shell::LineIndex;
using shell::Part;
using shell::Token;
using TK = Token::Kind;
using shell::AndOr;
using shell::Arm;
using shell::Effects;
using shell::Element;
using shell::List;
using shell::Pipeline;
using shell::Simple;

// --- the interpreter ------------------------------------------------------------

struct Var {
    std::optional<std::string> value;               // nullopt: unknown; an array's: its first element
    std::optional<std::vector<std::string>> array;  // an indexed array's elements (value known)
    std::string because;
    Location where;
    bool exported = false;
    bool set = true;  // false: declared or exported, no value yet
    bool from_calling_env = false;

    bool same_as(const Var& o) const {
        return value == o.value && array == o.array && exported == o.exported && set == o.set && (value || because == o.because);
    }
};

struct FunctionInfo {
    Location where;
    Effects effects;
    std::shared_ptr<List> body;  // nullptr: not parsed
    const struct Source* src = nullptr;
};

struct Shell {
    std::map<std::string, Var> vars;
    std::string anything_may_be_set;  // non-empty: after eval, unset names are unknown too
    std::optional<std::vector<std::string>> positional;
    std::string positional_because = "the script's arguments are not known";
    std::optional<bool> allexport = false;
    // `set -u` and `set -e` (nullopt: not known, after branches that differ or `set`
    // with unknown words), and where each was turned on, for messages.
    std::optional<bool> nounset = false;
    std::optional<bool> errexit = false;
    int nounset_line = 0, errexit_line = 0;
    std::optional<std::string> cwd;  // where relative `source` paths resolve; nullopt: unknown
    std::map<std::string, FunctionInfo> functions;
    bool stopped = false;  // `exit` ran, or bash stops the script (see stop_why)
    std::string stop_why;  // non-empty: bash stops the script on an error here, not by `exit`
    Location stop_at;
    bool returned = false;  // `return` ran in a sourced file
};

// Variables bash sets itself whatever the environment says.
bool set_by_bash(std::string_view name) {
    static const std::set<std::string_view> names = {
        "RANDOM", "SRANDOM",      "SECONDS",       "LINENO",      "BASHPID",   "EPOCHSECONDS",  "EPOCHREALTIME",
        "PPID",   "HOSTNAME",     "HOSTTYPE",      "OSTYPE",      "MACHTYPE",  "UID",           "EUID",
        "GROUPS", "BASH",         "BASH_VERSION",  "BASHOPTS",    "SHELLOPTS", "SHLVL",         "PWD",
        "OLDPWD", "BASH_SOURCE",  "FUNCNAME",      "BASH_LINENO", "DIRSTACK",  "PIPESTATUS",    "HISTCMD",
        "OPTIND", "BASH_COMMAND", "BASH_SUBSHELL", "BASH_ARGV",   "BASH_ARGC", "BASH_VERSINFO", "BASH_EXECUTION_STRING"};
    return names.contains(name);
}
bool always_dynamic(std::string_view name) {
    return name == "RANDOM" || name == "SRANDOM" || name == "SECONDS" || name == "LINENO" || name == "BASHPID" ||
           name == "EPOCHSECONDS" || name == "EPOCHREALTIME" || name == "BASH_COMMAND" || name == "PPID";
}

// Variables a scheduler or launch platform sets on the node at run time (torchrun's
// PET_*, Slurm's SLURM_*, the PyTorch job operators' WORLD_SIZE/RANK/MASTER_*, MPI's):
// unset here, they are unknown there, never empty.
bool set_by_platform(std::string_view name) {
    static const std::set<std::string_view> names = {"WORLD_SIZE", "RANK",        "LOCAL_RANK", "LOCAL_WORLD_SIZE",
                                                     "GROUP_RANK", "MASTER_ADDR", "MASTER_PORT"};
    for (std::string_view prefix : {"SLURM_", "PET_", "OMPI_COMM_WORLD_", "PMI_", "PMIX_"})
        if (name.starts_with(prefix)) return true;
    return names.contains(name);
}

std::size_t utf8_length(std::string_view s) {
    return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

// A word after expansion: its fields, or why it cannot be known.
struct Expanded {
    bool known = true;
    std::string because;
    std::vector<std::string> fields;
};

// Builds fields from expanded pieces, splitting unquoted expansions on IFS.
class FieldBuilder {
public:
    FieldBuilder(std::string ifs, bool split) : ifs_(std::move(ifs)), split_(split) {}

    void quoted(std::string_view s) {
        cur_ += s;
        exists_ = true;
    }
    void unquoted_literal(std::string_view s) {
        cur_ += s;
        if (!s.empty()) exists_ = true;
    }
    void unquoted_expansion(std::string_view s) {
        if (!split_ || ifs_.empty()) {
            unquoted_literal(s);
            return;
        }
        auto white = [&](char c) { return (c == ' ' || c == '\t' || c == '\n') && ifs_.find(c) != std::string::npos; };
        auto other = [&](char c) { return !white(c) && ifs_.find(c) != std::string::npos; };
        std::size_t i = 0, n = s.size();
        while (i < n) {
            char c = s[i];
            if (white(c) || other(c)) {
                bool hard = other(c);
                std::size_t j = i + 1;
                while (j < n && white(s[j])) ++j;
                if (!hard && j < n && other(s[j])) {
                    hard = true;
                    ++j;
                    while (j < n && white(s[j])) ++j;
                }
                if (hard || exists_) end_field(hard);
                i = j;
            } else {
                cur_ += c;
                exists_ = true;
                ++i;
            }
        }
    }
    void end_field(bool even_empty = true) {
        if (exists_ || even_empty) fields_.push_back(std::move(cur_));
        cur_.clear();
        exists_ = false;
    }
    std::vector<std::string> finish() {
        if (exists_) fields_.push_back(std::move(cur_));
        return std::move(fields_);
    }
    std::string joined() {
        std::string out;
        for (auto& f : fields_) out += f;
        return out + cur_;
    }

private:
    std::string ifs_;
    bool split_;
    std::string cur_;
    bool exists_ = false;
    std::vector<std::string> fields_;
};

struct Source {
    std::string path;
    std::string text;
    std::unique_ptr<LineIndex> lines;
    std::vector<Token> tokens;
    List tree;
};

std::string line_range(int first, int last) {
    if (first == last) return "line " + std::to_string(first);
    return "lines " + std::to_string(first) + "-" + std::to_string(last);
}

std::string lexically_normal(const std::string& path) { return std::filesystem::path(path).lexically_normal().string(); }

class Interpreter {
public:
    Interpreter(const ReadOptions& options, Script& script) : options_(options), script_(script) {}

    Result<void> run_top(std::string text, const std::string& path) {
        Shell sh;
        for (const auto& [name, value] : options_.calling_env) {
            if (name == "IFS" || set_by_bash(name)) continue;  // bash does not take these from its environment
            Var v;
            v.value = value;
            v.exported = true;
            v.from_calling_env = true;
            sh.vars[name] = std::move(v);
        }
        sh.positional = options_.script_args;
        auto dir = std::filesystem::path(path).parent_path().string();
        sh.cwd = options_.working_dir ? *options_.working_dir : dir.empty() ? "." : dir;
        auto& src = *PREFLIGHT_TRY(load(std::move(text), path));
        std::string_view rest = src.text;
        while (!rest.empty()) {
            auto eol = rest.find('\n');
            auto line = rest.substr(0, eol);
            if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
            script_.lines.emplace_back(line);
            rest = eol == std::string_view::npos ? std::string_view{} : rest.substr(eol + 1);
        }
        shebang_options(sh);
        stack_.push_back(canonical(path));
        PREFLIGHT_TRY(run_list(src, src.tree, sh));
        if (sh.stopped && !sh.stop_why.empty()) script_.stop = Skipped{sh.stop_at, sh.stop_why, {}, false};
        return {};
    }

private:
    // `#!/bin/bash -eu`: the options hold when the script is run as ./train.sh, not as
    // `bash train.sh`, and which of the two is not known.
    void shebang_options(Shell& sh) const {
        if (script_.lines.empty() || !script_.lines.front().starts_with("#!")) return;
        std::string_view rest = script_.lines.front();
        rest.remove_prefix(2);
        while (!rest.empty()) {
            auto start = rest.find_first_not_of(" \t");
            if (start == std::string_view::npos) break;
            rest.remove_prefix(start);
            auto word = rest.substr(0, rest.find_first_of(" \t"));
            rest.remove_prefix(word.size());
            if (word.size() < 2 || word[0] != '-' || word[1] == '-' || word == "-S") continue;
            if (word.find('u') != std::string_view::npos) sh.nounset.reset();
            if (word.find('e') != std::string_view::npos) sh.errexit.reset();
        }
    }

    static std::string canonical(const std::string& path) {
        std::error_code ec;
        auto c = std::filesystem::weakly_canonical(path, ec);
        return ec ? lexically_normal(path) : c.string();
    }

    // Tokenizes and parses a file's text; errors carry the file's name.
    Result<Source*> load(std::string text, const std::string& path) {
        auto src = std::make_unique<Source>();
        src->path = path;
        src->text = std::move(text);
        src->lines = std::make_unique<LineIndex>(src->text);
        auto with_file = [&](Error e) {
            e.location.file = path;
            return tl::unexpected(std::move(e));
        };
        if (auto nul = src->text.find('\0'); nul != std::string::npos) {
            int line = src->lines->line_of(nul);
            return fail(std::string(kLaunchScript.what) + " is a binary file (a NUL byte on line " + std::to_string(line) + ")",
                        Location{path, line, src->lines->column_of(nul)});
        }
        auto tokens = shell::tokenize(src->text, *src->lines);
        if (!tokens) return with_file(tokens.error());
        src->tokens = std::move(*tokens);
        auto tree = shell::parse(src->tokens, *src->lines);
        if (!tree) return with_file(tree.error());
        src->tree = std::move(*tree);
        sources_.push_back(std::move(src));
        return sources_.back().get();
    }

    Location loc(const Source& src, std::size_t offset) const {
        int line = src.lines->line_of(offset);
        return Location{src.path, line, src.lines->column_of(offset), "", std::string(src.lines->line_text(line))};
    }

    // A token's location with its end, when the token lies on one line.
    Location span(const Source& src, const Token& t) const {
        Location l = loc(src, t.offset);
        if (t.raw.find('\n') == std::string_view::npos) l.end_column = l.column + static_cast<int>(t.raw.size());
        return l;
    }

    void note(const Source& src, std::size_t offset, std::string what, std::vector<std::string> runs = {},
              bool runs_unknown = false) {
        if (!noted_.insert({&src, offset, what}).second) return;
        script_.skipped.push_back(Skipped{loc(src, offset), std::move(what), std::move(runs), runs_unknown});
    }

    // Bash stops the script here on an error (not `exit`): nothing after it runs.
    void stop_script(const Source& src, std::size_t offset, Shell& sh, const std::string& why) {
        if (sh.stopped) return;  // bash stopped at the first error already
        note(src, offset, "the script stops here: " + why);
        sh.stopped = true;
        sh.stop_why = why;
        sh.stop_at = loc(src, offset);
    }

    // Commands whose failure `set -e` ignores: conditions, all but the last of an
    // and-or list, negated pipelines, and everything they call.
    struct Exempt {
        int& depth;
        bool on;
        Exempt(int& d, bool o) : depth(d), on(o) { depth += on; }
        ~Exempt() { depth -= on; }
        Exempt(const Exempt&) = delete;
        Exempt& operator=(const Exempt&) = delete;
    };

    std::string at_line(const Source& src, std::size_t offset) const {
        return "line " + std::to_string(src.lines->line_of(offset)) + (&src == sources_.front().get() ? "" : " of " + src.path);
    }

    // --- lists -------------------------------------------------------------------

    Result<void> run_list(const Source& src, const List& list, Shell& sh) {
        for (const auto& item : list.items) {
            if (sh.stopped || sh.returned) break;
            PREFLIGHT_TRY(within_budget(src, item.pipelines[0].elements[0].offset));
            PREFLIGHT_TRY(run_and_or(src, item, sh));
        }
        return {};
    }

    Result<void> run_and_or(const Source& src, const AndOr& item, Shell& sh) {
        if (item.background) {  // a subshell: its assignments stay in it
            Shell copy = PREFLIGHT_TRY(copy_of(sh, src, item.pipelines[0].elements[0].offset));
            return run_and_or_in(src, item, copy);
        }
        return run_and_or_in(src, item, sh);
    }

    Result<void> run_and_or_in(const Source& src, const AndOr& item, Shell& sh) {
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

    static void make_unknown(Var& v, const std::string& because) {
        v.value.reset();
        v.array.reset();
        v.set = true;
        v.because = because;
    }

    // A copy of the shell for a subshell or a command that may not run. Copies cost
    // the variables they copy; a hostile script of 20,000 variables and 60,000
    // `a && a` would otherwise take minutes, so the work is bounded.
    Result<Shell> copy_of(const Shell& sh, const Source& src, std::size_t offset) {
        work_ += sh.vars.size() + sh.functions.size() + (sh.positional ? sh.positional->size() : 0) + 1;
        PREFLIGHT_TRY(within_budget(src, offset));
        return sh;
    }

    Result<void> within_budget(const Source& src, std::size_t offset) const {
        if (work_ <= kMaxWork) return {};
        return fail("the script is too large to read: more than " + std::to_string(kMaxWork / 1000000) +
                        " million variable copies for its subshells, conditional commands, evals and function calls",
                    loc(src, offset));
    }

    void merge(Shell& sh, const Shell& maybe, const std::string& because) {
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

    Result<void> run_pipeline(const Source& src, const Pipeline& pipe, Shell& sh) {
        Exempt exempt(exempt_, pipe.negated);
        if (pipe.elements.size() == 1) return run_element(src, pipe.elements[0], sh);
        for (const auto& e : pipe.elements) {  // each part of a pipeline runs in a subshell
            Shell copy = PREFLIGHT_TRY(copy_of(sh, src, e.offset));
            PREFLIGHT_TRY(run_element(src, e, copy));
        }
        return {};
    }

    Result<void> run_element(const Source& src, const Element& e, Shell& sh) {
        switch (e.kind) {
            case Element::Kind::simple: return run_simple(src, e.simple, sh);
            case Element::Kind::group: return run_list(src, *e.body, sh);
            case Element::Kind::subshell: {
                Shell copy = PREFLIGHT_TRY(copy_of(sh, src, e.offset));
                return run_list(src, *e.body, copy);
            }
            case Element::Kind::test: return {};
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
    std::optional<std::optional<std::size_t>> chosen_arm(const Source& src, const Element& e, Shell& sh) {
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
    Result<void> run_branches(const Source& src, const Element& e, Shell& sh) {
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
    Result<void> run_loop(const Source& src, const Element& e, Shell& sh) {
        int line = src.lines->line_of(e.offset);
        std::string because = "changed in the " + e.what + " on line " + std::to_string(line);
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

    void apply_effects(Shell& sh, const Effects& effects, const std::string& because) {
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

    void everything_unknown(Shell& sh, const std::string& because) {
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

    // --- expansion -----------------------------------------------------------------

    struct Lookup {
        bool known = true;
        bool set = false;
        std::string value;
        std::string because;
        std::vector<std::string> elements;  // an array's; a set scalar is an array of one
        bool platform = false;              // unknown: a scheduler or platform sets it at run time
    };

    Lookup lookup(const Shell& sh, const std::string& name) const {
        Lookup r;
        auto unknown = [&](std::string because) {
            r.known = false;
            r.because = std::move(because);
            return r;
        };
        if (name == "0") return unknown("$0 (the script's name as it is run)");
        if (name == "?" || name == "$" || name == "!" || name == "-") return unknown("$" + name + " (set by bash at run time)");
        if (name == "#" || name == "@" || name == "*" || std::isdigit(static_cast<unsigned char>(name[0]))) {
            if (!sh.positional) return unknown("$" + name + ": " + sh.positional_because);
            const auto& args = *sh.positional;
            r.set = true;
            if (name == "#") {
                r.value = std::to_string(args.size());
            } else if (name == "@" || name == "*") {
                for (std::size_t k = 0; k < args.size(); ++k) r.value += (k ? " " : "") + args[k];
                r.set = !args.empty();
            } else {
                auto index = std::stoul(name.size() > 9 ? std::string("999999999") : name);
                r.set = index >= 1 && index <= args.size();
                if (r.set) r.value = args[index - 1];
            }
            return r;
        }
        auto it = sh.vars.find(name);
        if (always_dynamic(name) || (set_by_bash(name) && (it == sh.vars.end() || it->second.where.file.empty())))
            return unknown("$" + name + " (set by bash at run time)");
        if (it == sh.vars.end()) {
            if (!sh.anything_may_be_set.empty()) return unknown("$" + name + ": " + sh.anything_may_be_set);
            if (set_by_platform(name)) {
                r.platform = true;
                return unknown("$" + name + " (set by the scheduler or platform at run time)");
            }
            return r;
        }
        if (!it->second.set) return r;
        if (!it->second.value) return unknown("$" + name + ": " + it->second.because);
        r.set = true;
        r.value = *it->second.value;
        if (it->second.array) r.elements = *it->second.array;
        else r.elements = {r.value};
        return r;
    }

    std::string ifs(const Shell& sh, bool& known) const {
        auto it = sh.vars.find("IFS");
        known = true;
        if (it == sh.vars.end() || !it->second.set) return " \t\n";
        if (!it->second.value) {
            known = false;
            return {};
        }
        return *it->second.value;
    }

    // Expands `parts` into `out`; false (with `because`) when a part cannot be known.
    // Unquoted text in the operand of ${X:-operand} is an expansion's result, so it
    // is split; unquoted text of the word itself is not.
    bool expand_parts(const Source& src, const std::vector<Part>& parts, Shell& sh, FieldBuilder& out, std::string& because,
                      bool ifs_known, bool operand = false) {
        for (const auto& p : parts) {
            switch (p.kind) {
                case Part::Kind::literal:
                    if (p.quoted) {
                        out.quoted(p.text);
                    } else if (operand) {
                        if (!ifs_known && !p.text.empty()) {
                            because = "$IFS is not known, so the word's splitting is not";
                            return false;
                        }
                        out.unquoted_expansion(p.text);
                    } else {
                        out.unquoted_literal(p.text);
                    }
                    break;
                case Part::Kind::unknown:
                    note(src, p.offset, "not interpreted: " + p.because);
                    because = p.because + " on " + at_line(src, p.offset);
                    return false;
                case Part::Kind::tilde: {
                    if (!p.text.empty()) {
                        because = "~" + p.text + " (another user's home directory)";
                        return false;
                    }
                    auto home = lookup(sh, "HOME");
                    if (!home.known || !home.set) {
                        because = home.known ? "~ with $HOME unset" : home.because;
                        return false;
                    }
                    out.quoted(home.value);
                    break;
                }
                case Part::Kind::param:
                    if (!expand_param(src, p, sh, out, because, ifs_known)) return false;
                    break;
            }
        }
        return true;
    }

    bool expand_param(const Source& src, const Part& p, Shell& sh, FieldBuilder& out, std::string& because, bool ifs_known) {
        auto value = lookup(sh, p.text);
        auto emit = [&](const std::string& s) {
            if (p.quoted) {
                out.quoted(s);
                return true;
            }
            if (!ifs_known && !s.empty()) {
                because = "$IFS is not known, so the word's splitting is not";
                return false;
            }
            if (s.find_first_of("*?") != std::string::npos ||
                (s.find('[') != std::string::npos && s.find(']', s.find('[')) != std::string::npos))
                note(src, p.offset, "not interpreted: pathname expansion of $" + p.text + " (kept as written)");
            out.unquoted_expansion(s);
            return true;
        };
        // "$@" and $@: one field per argument
        if ((p.text == "@" || (p.text == "*" && !p.quoted)) && p.op == Part::Op::none && sh.positional) {
            const auto& args = *sh.positional;
            for (std::size_t k = 0; k < args.size(); ++k) {
                if (k) out.end_field(p.quoted);
                if (!emit(args[k])) return false;
            }
            return true;
        }
        if (p.text == "*" && p.quoted && sh.positional) {
            bool known = true;
            auto sep = ifs(sh, known);
            if (!known) {
                because = "$IFS is not known";
                return false;
            }
            std::string joined;
            for (std::size_t k = 0; k < sh.positional->size(); ++k)
                joined += (k && !sep.empty() ? sep.substr(0, 1) : "") + (*sh.positional)[k];
            out.quoted(joined);
            return true;
        }
        if (!value.known) {
            if (value.platform) note(src, p.offset, "not known here: " + value.because);
            because = value.because;
            return false;
        }
        // Under `set -u` an unset variable's plain value or length is an error: bash says
        // "NAME: unbound variable" and the script stops.
        bool plain = p.op == Part::Op::none || p.op == Part::Op::length;
        auto unbound = [&](const std::string& shown) {
            if (sh.nounset == true) {
                std::string on = sh.nounset_line ? " (set on line " + std::to_string(sh.nounset_line) + ")" : "";
                stop_script(src, p.offset, sh,
                            shown + " is unset and `set -u`" + on + " is on: bash stops with '" + shown + ": unbound variable'");
                because = shown + " is unset under `set -u`, so the script stops here";
            } else {
                because = shown + " is unset, and whether `set -u` is on (which stops the script here) is not known";
                note(src, p.offset, "not known: " + because);
            }
            return false;
        };
        bool positional = std::isdigit(static_cast<unsigned char>(p.text[0])) != 0;
        std::string shown = positional ? "$" + p.text : p.text;
        if (p.index == "@" || p.index == "*") {
            if (p.op == Part::Op::length && !value.set && sh.nounset != false) return unbound(shown);
            // ${#a[@]}; "${a[@]}" one field per element; "${a[*]}" one, joined by IFS's first character
            if (p.op == Part::Op::length) return emit(std::to_string(value.elements.size()));
            if (p.index == "@" || !p.quoted) {
                for (std::size_t k = 0; k < value.elements.size(); ++k) {
                    if (k) out.end_field(p.quoted);
                    if (!emit(value.elements[k])) return false;
                }
                return true;
            }
            bool known = true;
            auto sep = ifs(sh, known);
            if (!known) {
                because = "$IFS is not known";
                return false;
            }
            std::string joined;
            for (std::size_t k = 0; k < value.elements.size(); ++k)
                joined += (k && !sep.empty() ? sep.substr(0, 1) : "") + value.elements[k];
            out.quoted(joined);
            return true;
        }
        if (!p.index.empty()) {  // ${a[N]}: that element, unset past the end
            auto n = std::strtoul(p.index.c_str(), nullptr, 10);
            value.set = value.set && n < value.elements.size();
            value.value = value.set ? value.elements[n] : "";
            shown += "[" + p.index + "]";
        }
        if (plain && !value.set && sh.nounset != false) return unbound(shown);
        bool present = value.set && (!p.colon || !value.value.empty());
        switch (p.op) {
            case Part::Op::none: return emit(value.value);
            case Part::Op::length: return emit(std::to_string(utf8_length(value.value)));
            case Part::Op::use_default:
                if (present) return emit(value.value);
                return expand_parts(src, p.operand, sh, out, because, ifs_known, true);
            case Part::Op::use_alternative:
                if (!present) return true;
                return expand_parts(src, p.operand, sh, out, because, ifs_known, true);
            case Part::Op::assign_default: {
                if (present) return emit(value.value);
                FieldBuilder word("", false);
                std::string why;
                bool known = expand_parts(src, p.operand, sh, word, why, true);
                if (!shell::is_name(p.text)) {
                    because = "${" + p.text + ":=…} (bash refuses to assign a special parameter)";
                    return false;
                }
                Var& v = sh.vars[p.text];
                v.set = true;
                v.where = loc(src, p.offset);
                if (sh.allexport.value_or(false)) v.exported = true;
                if (!known) {
                    make_unknown(v, why);
                    because = why;
                    return false;
                }
                v.value = word.joined();
                return emit(*v.value);
            }
            case Part::Op::error_if_unset:
                if (present) return emit(value.value);
                stop_script(src, p.offset, sh, "${" + p.text + ":?} of an unset variable");
                because = "${" + p.text + "?} of an unset variable stops the script";
                return false;
        }
        return true;
    }

    // A command word, split into fields.
    Expanded expand_word(const Source& src, const Token& t, Shell& sh) {
        Expanded r;
        bool ifs_known = true;
        auto sep = ifs(sh, ifs_known);
        // "$@" alone with no arguments is no word at all
        if (sh.positional && sh.positional->empty()) {
            bool only_at = false, other = false;
            for (const auto& p : t.parts) {
                if (p.kind == Part::Kind::param && p.text == "@" && p.op == Part::Op::none) {
                    only_at = true;
                } else if (!(p.kind == Part::Kind::literal && p.text.empty())) {
                    other = true;
                }
            }
            if (only_at && !other) return r;
        }
        {
            // "${a[@]}" of an empty array alone is no word either
            const Part* array = nullptr;
            bool other = false;
            for (const auto& p : t.parts) {
                if (p.kind == Part::Kind::param && p.index == "@" && p.op == Part::Op::none && !array) array = &p;
                else if (!(p.kind == Part::Kind::literal && p.text.empty())) other = true;
            }
            if (array && !other) {
                auto v = lookup(sh, array->text);
                if (v.known && v.elements.empty()) return r;
            }
        }
        FieldBuilder out(sep, true);
        if (!expand_parts(src, t.parts, sh, out, r.because, ifs_known)) {
            r.known = false;
            return r;
        }
        r.fields = out.finish();
        if (t.has_glob)
            note(src, t.offset, "not interpreted: pathname expansion of '" + std::string(t.raw) + "' (kept as written)");
        return r;
    }

    // An assignment's value (no splitting); nullopt with `because` when unknown.
    std::optional<std::string> expand_value(const Source& src, const std::vector<Part>& parts, Shell& sh, std::string& because) {
        FieldBuilder out("", false);
        if (!expand_parts(src, parts, sh, out, because, true)) return std::nullopt;
        return out.joined();
    }

    // NAME=value, NAME+=value: the name, whether it appends, and the value's parts.
    static std::tuple<std::string, bool, std::vector<Part>> split_assignment(const Token& t) {
        std::vector<Part> parts = t.parts;
        auto& first = parts.front().text;
        auto eq = first.find('=');
        std::string name = first.substr(0, eq);
        bool append = !name.empty() && name.back() == '+';
        if (append) name.pop_back();
        first.erase(0, eq + 1);
        return {name, append, std::move(parts)};
    }

    // Applies an assignment word to `sh` (or to the overlay a command prefix builds).
    void assign(const Source& src, const Token& t, Shell& sh, bool exported) {
        auto [name, append, parts] = split_assignment(t);
        // the value first: NAME=${NAME:-default} reads the variable as it was
        std::string because;
        std::optional<std::string> value;
        std::optional<std::vector<std::string>> elements;
        if (t.array_literal) {
            // Each element is a word, expanded and split as a command's words are.
            elements.emplace();
            for (const Token& e : t.array_elements) {
                auto x = expand_word(src, e, sh);
                if (!x.known) {
                    because = "an element of the array assigned on " + at_line(src, t.offset) + ": " + x.because;
                    elements.reset();
                    break;
                }
                elements->insert(elements->end(), x.fields.begin(), x.fields.end());
            }
            if (elements) value = elements->empty() ? "" : elements->front();
        } else {
            value = expand_value(src, parts, sh, because);
        }
        auto [it, created] = sh.vars.try_emplace(name);
        Var& v = it->second;
        if (created) v.set = false;
        v.where = span(src, t);
        v.from_calling_env = false;
        if (exported || sh.allexport.value_or(false)) v.exported = true;
        if (!sh.allexport) v.exported = true;  // `set -a` may be on: keep it in the environment
        if (!value) {
            make_unknown(v, because);
            return;
        }
        if (elements) {
            // a+=(…) appends elements; on a scalar its value is element 0
            if (append && v.set) {
                if (!v.value) return;  // unknown stays unknown
                auto before = v.array ? *v.array : std::vector<std::string>{*v.value};
                elements->insert(elements->begin(), before.begin(), before.end());
            }
            v.array = std::move(elements);
            v.value = v.array->empty() ? "" : v.array->front();
            v.set = true;
            v.because.clear();
            return;
        }
        if (append && v.set) {
            if (!v.value) return;  // unknown stays unknown
            *value = *v.value + *value;
        }
        if (v.array) {  // NAME=x on an array sets its element 0
            if (v.array->empty()) v.array->push_back(*value);
            else v.array->front() = *value;
        }
        v.value = std::move(value);
        v.because.clear();
        v.set = true;
    }

    // --- simple commands ------------------------------------------------------------

    Result<void> run_simple(const Source& src, const Simple& s, Shell& sh) {
        for (const Token* r : s.redirects)
            if (r->heredoc_first_line > 0)
                note(src, r->offset,
                     "not interpreted: here-document (" + line_range(r->heredoc_first_line, r->heredoc_last_line) +
                         "), the command's input");
        std::size_t k = 0;
        while (k < s.words.size() && s.words[k]->assignment) ++k;
        if (k == s.words.size()) {
            for (const Token* t : s.words) assign(src, *t, sh, false);
            return {};
        }
        // the command's name is the first field: words that expand to nothing come before it
        std::size_t first = k;
        Expanded name_word;
        for (; first < s.words.size(); ++first) {
            name_word = expand_word(src, *s.words[first], sh);
            if (!name_word.known || !name_word.fields.empty()) break;
        }
        if (first == s.words.size()) {  // no command after all: the assignments are the shell's
            for (std::size_t a = 0; a < k; ++a) assign(src, *s.words[a], sh, false);
            return {};
        }
        std::string name = name_word.known ? name_word.fields[0] : "";
        std::vector<const Token*> args(s.words.begin() + static_cast<std::ptrdiff_t>(first) + 1, s.words.end());

        if (name == "export" || name == "declare" || name == "typeset" || name == "readonly") return declare(src, name, args, sh);
        if (name == "local") {  // outside a function bash refuses it
            if (locals_.empty()) return {};
            for (const Token* t : args) {
                std::string n = t->assignment ? std::get<0>(split_assignment(*t)) : std::string(t->raw);
                if (!shell::is_name(n) || locals_.back().count(n)) continue;
                auto it = sh.vars.find(n);
                locals_.back()[n] = it == sh.vars.end() ? std::nullopt : std::optional<Var>(it->second);
            }
            return declare(src, "local", args, sh);
        }
        if (name == "unset") return unset(src, args, sh);
        if (name == "eval") {
            note(src, s.offset, "not interpreted: eval", {}, true);
            everything_unknown(sh, "eval on " + at_line(src, s.offset) + " may set it");
            return {};
        }
        if (name == "exit") {
            sh.stopped = true;
            sh.stop_why.clear();
            return {};
        }
        if (name == "return") {
            sh.returned = true;
            return {};
        }
        if (auto f = sh.functions.find(name); f != sh.functions.end() && f->second.body && calls_.size() < kMaxCallDepth &&
                                              std::count(calls_.begin(), calls_.end(), name) < 2) {
            return call_function(src, s, first, name, f->second, sh);
        }
        if (auto f = sh.functions.find(name); f != sh.functions.end()) {
            note(
                src, s.offset,
                "not interpreted: call of function '" + name + "' (defined on line " + std::to_string(f->second.where.line) + ")",
                f->second.effects.first_words);
            auto effects = f->second.effects;
            apply_effects(sh, effects, "set by function '" + name + "' called on " + at_line(src, s.offset));
            return {};
        }

        // the words, expanded before the prefix assignments take effect
        Command cmd;
        cmd.where = loc(src, s.offset);
        std::vector<std::string> known_args;
        bool all_known = true;
        for (std::size_t w = first; w < s.words.size(); ++w) {
            const Token& t = *s.words[w];
            auto e = w == first ? name_word : expand_word(src, t, sh);
            auto where = span(src, t);
            // A word that expanded to several fields (unquoted $ARGS) does not own its text.
            if (e.known && e.fields.size() != 1) where.end_column = 0;
            if (!e.known) {
                cmd.argv.push_back(Word{std::nullopt, e.because, where});
                all_known = false;
                continue;
            }
            for (auto& f : e.fields) {
                known_args.push_back(f);
                cmd.argv.push_back(Word{std::move(f), "", where});
            }
        }
        // the environment: exported variables, then the prefixes
        std::optional<Shell> overlay;
        if (k > 0) {
            overlay = sh;
            for (std::size_t a = 0; a < k; ++a) assign(src, *s.words[a], *overlay, true);
            if (overlay->stopped && !sh.stopped) {
                sh.stopped = true;
                sh.stop_why = overlay->stop_why;
                sh.stop_at = overlay->stop_at;
            }
        }
        auto environment = [&] {
            for (const auto& [var, v] : (overlay ? *overlay : sh).vars) {
                if (!v.exported || !v.set || v.array) continue;  // bash exports no array
                cmd.env[var] = Binding{v.value, v.because, v.where, v.from_calling_env};
            }
        };
        if (sh.stopped) {
            // An expansion stopped the script (set -u, ${X:?}): the command never runs; a
            // launch is still listed, with the environment it would have had, so that it
            // can be told why.
            environment();
            cmd.stops = sh.stop_why;
            cmd.stops_at = sh.stop_at;
            for (const auto& c : context_) cmd.context += (cmd.context.empty() ? "" : ", ") + c;
            script_.commands.push_back(std::move(cmd));
            return {};
        }
        if (name == "source" || name == ".") return source(src, s, cmd, sh);
        environment();
        if (name == "set" && all_known) set_options(known_args, cmd.where.line, sh);
        if (name == "set" && !all_known) everything_unknown(sh, "set on " + at_line(src, s.offset) + " with unknown words");
        if (name == "cd") change_directory(cmd, sh);
        if (name == "pushd" || name == "popd") sh.cwd.reset();
        if (name == "shift") {
            if (sh.positional && all_known && known_args.size() <= 2) {
                std::size_t n = known_args.size() == 2 ? std::strtoul(known_args[1].c_str(), nullptr, 10) : 1;
                if (n <= sh.positional->size())
                    sh.positional->erase(sh.positional->begin(), sh.positional->begin() + static_cast<std::ptrdiff_t>(n));
            } else {
                sh.positional.reset();
            }
        }
        mark_assigned_by(src, s.offset, name, cmd, sh);
        // `exec CMD` and `command CMD` run CMD: it is the launch (with options they
        // do something else, and stay as written)
        if ((name == "exec" || name == "command") && cmd.argv.size() > 1 && cmd.argv[1].text &&
            !cmd.argv[1].text->starts_with("-")) {
            if (name == "exec") sh.stopped = true;
            cmd.argv.erase(cmd.argv.begin());
        }
        for (const auto& c : context_) cmd.context += (cmd.context.empty() ? "" : ", ") + c;
        script_.commands.push_back(std::move(cmd));
        // `false` fails for certain: under `set -e`, outside a condition or an and-or
        // list, bash stops there.
        if (name == "false" && exempt_ == 0 && sh.errexit == true)
            stop_script(src, s.offset, sh,
                        "'false' fails and `set -e`" +
                            (sh.errexit_line ? " (set on line " + std::to_string(sh.errexit_line) + ")" : std::string()) +
                            " is on: bash stops");
        return {};
    }

    // A function runs where it is called, with the call's words as $1…$N; its `local`
    // variables are restored after it. Recursion is read two calls deep, then its
    // effects are applied as for a block the reader does not run.
    Result<void> call_function(const Source& src, const Simple& s, std::size_t first, const std::string& name,
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

    // read, getopts, mapfile, let, printf -v: the names they set become unknown.
    void mark_assigned_by(const Source& src, std::size_t offset, const std::string& name, const Command& cmd, Shell& sh) {
        std::vector<std::string> names;
        auto words = [&](std::size_t from) {
            for (std::size_t k = from; k < cmd.argv.size(); ++k)
                if (cmd.argv[k].text) names.push_back(*cmd.argv[k].text);
        };
        if (name == "read") {
            words(1);
            names.push_back("REPLY");
        } else if (name == "getopts") {
            words(1);
            names.push_back("OPTARG");
        } else if (name == "mapfile" || name == "readarray") {
            words(1);
            names.push_back("MAPFILE");
        } else if (name == "let") {
            for (std::size_t k = 1; k < cmd.argv.size(); ++k)
                if (cmd.argv[k].text) {
                    const auto& w = *cmd.argv[k].text;
                    std::size_t e = 0;
                    while (e < w.size() && (std::isalnum(static_cast<unsigned char>(w[e])) || w[e] == '_')) ++e;
                    names.push_back(w.substr(0, e));
                }
        } else if (name == "printf") {
            for (std::size_t k = 1; k + 1 < cmd.argv.size(); ++k)
                if (cmd.argv[k].text == "-v" && cmd.argv[k + 1].text) names.push_back(*cmd.argv[k + 1].text);
        } else {
            return;
        }
        for (const auto& n : names)
            if (shell::is_name(n)) make_unknown(sh.vars[n], "set by " + name + " on " + at_line(src, offset));
    }

    // An option `set -o NAME` / `set +o NAME` (or its letter) turns on or off.
    static void set_option(std::string_view name, bool on, int line, Shell& sh) {
        if (name == "allexport") sh.allexport = on;
        if (name == "nounset") {
            sh.nounset = on;
            sh.nounset_line = line;
        }
        if (name == "errexit") {
            sh.errexit = on;
            sh.errexit_line = line;
        }
    }

    void set_options(const std::vector<std::string>& argv, int line, Shell& sh) {
        for (std::size_t k = 1; k < argv.size(); ++k) {
            const auto& a = argv[k];
            if (a == "--" || a == "-") {
                sh.positional = std::vector<std::string>(argv.begin() + static_cast<std::ptrdiff_t>(k) + 1, argv.end());
                return;
            }
            if ((a == "-o" || a == "+o") && k + 1 < argv.size()) {
                set_option(argv[k + 1], a == "-o", line, sh);
                ++k;
                continue;
            }
            if (!a.empty() && (a[0] == '-' || a[0] == '+')) {
                bool on = a[0] == '-';
                if (a.find('a') != std::string::npos) set_option("allexport", on, line, sh);
                if (a.find('u') != std::string::npos) set_option("nounset", on, line, sh);
                if (a.find('e') != std::string::npos) set_option("errexit", on, line, sh);
                if (a.find('o') != std::string::npos && k + 1 < argv.size()) {  // -euo pipefail: o takes a name
                    set_option(argv[k + 1], on, line, sh);
                    ++k;
                }
                continue;
            }
            sh.positional = std::vector<std::string>(argv.begin() + static_cast<std::ptrdiff_t>(k), argv.end());
            return;
        }
    }

    void change_directory(const Command& cmd, Shell& sh) {
        std::optional<std::string> target;
        std::size_t k = 1;
        while (k < cmd.argv.size() && cmd.argv[k].text && (*cmd.argv[k].text == "-P" || *cmd.argv[k].text == "-L")) ++k;
        if (k < cmd.argv.size()) {
            target = cmd.argv[k].text;
            if (target == "-") target.reset();
        } else {
            auto home = lookup(sh, "HOME");
            if (home.known && home.set) target = home.value;
        }
        if (!target || target->empty()) {
            sh.cwd.reset();
        } else if ((*target)[0] == '/') {
            sh.cwd = lexically_normal(*target);
        } else if (sh.cwd) {
            sh.cwd = lexically_normal(*sh.cwd + "/" + *target);
        }
    }

    Result<void> declare(const Source& src, const std::string& builtin, const std::vector<const Token*>& args, Shell& sh) {
        bool exported = builtin == "export";
        bool unexport = false;
        bool indexed = false;  // -a: NAME is an indexed array
        std::string unknown_kind;
        std::size_t k = 0;
        for (; k < args.size(); ++k) {
            const Token& t = *args[k];
            if (t.assignment || t.raw.empty() || (t.raw[0] != '-' && t.raw[0] != '+')) break;
            if (t.raw == "--") {
                ++k;
                break;
            }
            bool minus = t.raw[0] == '-';
            for (char c : t.raw.substr(1)) {
                if (c == 'x') (minus ? exported : unexport) = true;
                if (builtin == "export" && c == 'n') unexport = true;
                if (c == 'f' || c == 'F' || c == 'p') return {};  // functions, or printing
                if (c == 'a') indexed = true;
                if (c == 'A') unknown_kind = "an associative array";
                if (c == 'i') unknown_kind = "an integer (arithmetic) variable";
                if (c == 'n' && builtin != "export") unknown_kind = "a name reference";
                if (c == 'l' || c == 'u' || c == 'c') unknown_kind = "a case-converting variable";
            }
        }
        for (; k < args.size() && !sh.stopped; ++k) {
            const Token& t = *args[k];
            std::string name;
            if (t.assignment) {
                name = std::get<0>(split_assignment(t));
                if (!unknown_kind.empty()) {
                    note(src, t.offset, "not interpreted: " + builtin + " of " + unknown_kind);
                    Var& v = sh.vars[name];
                    make_unknown(v, unknown_kind + ", declared on " + at_line(src, t.offset));
                    v.where = loc(src, t.offset);
                    if (exported) v.exported = true;
                    continue;
                }
                assign(src, t, sh, exported);
            } else {
                auto e = expand_word(src, t, sh);
                if (!e.known) {
                    note(src, t.offset, "not interpreted: " + builtin + " of a name that is not known");
                    everything_unknown(sh, builtin + " on " + at_line(src, t.offset) + " of a name that is not known");
                    continue;
                }
                for (const auto& f : e.fields) {
                    if (!shell::is_name(f)) continue;
                    auto [it, inserted] = sh.vars.try_emplace(f);
                    if (inserted) {
                        it->second.set = false;
                        it->second.where = loc(src, t.offset);
                        if (indexed) it->second.array.emplace();  // an empty array: "${a[@]}" is no word
                        if (!sh.anything_may_be_set.empty()) make_unknown(it->second, sh.anything_may_be_set);
                    }
                    if (!unknown_kind.empty()) make_unknown(it->second, unknown_kind + ", declared on " + at_line(src, t.offset));
                    if (exported) it->second.exported = true;
                    if (unexport) it->second.exported = false;
                }
                continue;
            }
            if (unexport) sh.vars[name].exported = false;
        }
        return {};
    }

    Result<void> unset(const Source& src, const std::vector<const Token*>& args, Shell& sh) {
        bool functions = false;
        for (const Token* t : args) {
            auto e = expand_word(src, *t, sh);
            if (!e.known) {
                note(src, t->offset, "not interpreted: unset of a name that is not known");
                everything_unknown(sh, "unset on " + at_line(src, t->offset) + " of a name that is not known");
                continue;
            }
            for (const auto& f : e.fields) {
                if (f == "-f") {
                    functions = true;
                } else if (f == "-v" || f == "-n") {
                    functions = false;
                } else if (functions) {
                    sh.functions.erase(f);
                } else {
                    sh.vars.erase(f);
                }
            }
        }
        return {};
    }

    Result<void> source(const Source& src, const Simple& s, const Command& cmd, Shell& sh) {
        auto here = loc(src, s.offset);
        if (cmd.argv.size() < 2) return {};
        const Word& file = cmd.argv[1];
        if (!file.text) {
            note(src, s.offset, "not interpreted: source of a file whose name is not known (" + file.unknown_because + ")");
            return {};
        }
        std::string path = *file.text;
        if (path.empty() || path[0] != '/') {
            // bash reads a relative name from the working directory; a script written to
            // be run from its own directory finds it beside itself, which is read then,
            // and said.
            auto dir = std::filesystem::path(src.path).parent_path().string();
            std::string beside = (dir.empty() ? "." : dir) + "/" + path;
            std::error_code ec;
            if (sh.cwd && std::filesystem::exists(*sh.cwd + "/" + path, ec)) {
                path = *sh.cwd + "/" + path;
            } else if (std::filesystem::exists(beside, ec)) {
                note(src, s.offset,
                     "read beside the script: source of '" + path + "', which bash looks for in " +
                         (sh.cwd ? "the working directory (" + *sh.cwd + ")" : "a working directory that is not known"));
                path = beside;
            } else if (!sh.cwd) {
                note(src, s.offset, "not interpreted: source of '" + path + "' after a change to a directory that is not known");
                everything_unknown(sh, "'" + *file.text + "' sourced on " + at_line(src, s.offset) + " may set it");
                return {};
            } else {
                path = *sh.cwd + "/" + path;
            }
        }
        std::error_code ec;
        if (!std::filesystem::exists(path, ec)) {
            // What the file would set is not known: every variable after it is unknown, not unset.
            note(src, s.offset, "not read: source of '" + *file.text + "': no such file; what it sets is not known");
            everything_unknown(sh, "'" + *file.text + "' (not found) sourced on " + at_line(src, s.offset) + " may set it");
            return {};
        }
        auto key = canonical(path);
        if (std::find(stack_.begin(), stack_.end(), key) != stack_.end()) {
            std::string chain;
            for (const auto& p : stack_) chain += p + " -> ";
            return fail("source cycle: " + chain + key, here);
        }
        if (static_cast<int>(stack_.size()) > options_.max_source_depth)
            return fail("source nests more than " + std::to_string(options_.max_source_depth) + " files deep", here);
        auto text = util::read_input(path, kLaunchScript);
        if (!text) return fail("cannot source '" + *file.text + "': " + text.error().message, here);
        auto& inner = *PREFLIGHT_TRY(load(std::move(*text), lexically_normal(path)));
        std::optional<std::vector<std::string>> saved;
        bool has_args = cmd.argv.size() > 2;
        if (has_args) {
            saved = sh.positional;
            sh.positional.emplace();
            for (std::size_t k = 2; k < cmd.argv.size(); ++k) {
                if (!cmd.argv[k].text) {
                    sh.positional.reset();
                    break;
                }
                sh.positional->push_back(*cmd.argv[k].text);
            }
        }
        stack_.push_back(key);
        auto ran = run_list(inner, inner.tree, sh);
        stack_.pop_back();
        sh.returned = false;
        if (has_args) sh.positional = saved;
        return ran;
    }

    const ReadOptions& options_;
    Script& script_;
    std::deque<std::unique_ptr<Source>> sources_;
    std::vector<std::string> stack_;
    std::set<std::tuple<const Source*, std::size_t, std::string>> noted_;
    std::vector<std::string> context_;  // where the commands being read run: "in the else-branch …"
    std::vector<std::string> calls_;    // the functions being called
    std::vector<std::map<std::string, std::optional<Var>>> locals_;  // per call: what `local` hid
    static constexpr std::size_t kMaxCallDepth = 16;
    static constexpr std::size_t kCallWork = 100;
    static constexpr std::size_t kMaxWork = 1'000'000;
    std::size_t work_ = 0;
    int exempt_ = 0;  // > 0: inside what `set -e` ignores (see Exempt)
};

}  // namespace

Result<Script> read_script_text(std::string_view text, const std::string& name, const ReadOptions& options) {
    Script script;
    script.path = name;
    Interpreter interpreter(options, script);
    PREFLIGHT_TRY(interpreter.run_top(std::string(text), name));
    return script;
}

Result<Script> read_script(const std::string& path, const ReadOptions& options) {
    auto text = PREFLIGHT_TRY(util::read_input(path, kLaunchScript));
    return read_script_text(text, path, options);
}

Command command_from_argv(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env) {
    Command cmd;
    for (const auto& a : argv) cmd.argv.push_back(Word{a, "", {}});
    for (const auto& [name, value] : env) cmd.env[name] = Binding{value, "", {}, true};
    return cmd;
}

}  // namespace preflight::launch
