// The shell reader's interpreter, internal to src/launch (shell_script.hpp says what it
// reads and how). Its members are defined one concern per file:
//   shell_script.cpp     the script, simple commands and the launches they are
//   shell_control.cpp    lists, pipelines, subshells, if/case, loops, function calls
//   shell_expansion.cpp  parameters and words: lookup, ${…} forms, field splitting
//   shell_builtins.cpp   assignments and the builtins that change the shell
//                        (export/declare/local/unset/set/cd, read and the like)
//   shell_source.cpp     loading a file and `source`
#pragma once

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "core/error.hpp"
#include "launch/command.hpp"
#include "launch/shell_lexer.hpp"
#include "launch/shell_parser.hpp"
#include "launch/shell_script.hpp"

namespace preflight::launch::interp {

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
bool set_by_bash(std::string_view name);
bool always_dynamic(std::string_view name);

// Variables a scheduler or launch platform sets on the node at run time (torchrun's
// PET_*, Slurm's SLURM_*, the PyTorch job operators' WORLD_SIZE/RANK/MASTER_*, MPI's):
// unset here, they are unknown there, never empty.
bool set_by_platform(std::string_view name);

std::size_t utf8_length(std::string_view s);

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

std::string line_range(int first, int last);

std::string lexically_normal(const std::string& path);

class Interpreter {
public:
    Interpreter(const ReadOptions& options, Script& script) : options_(options), script_(script) {}

    // Reads the script `text` of `path` into the Script.
    Result<void> run_top(std::string text, const std::string& path);

private:
    // Defined in the file of their concern (see above).

    // `#!/bin/bash -eu`: the options hold when the script is run as ./train.sh, not as
    // `bash train.sh`, and which of the two is not known.
    void shebang_options(Shell& sh) const;

    static std::string canonical(const std::string& path);

    // Tokenizes and parses a file's text; errors carry the file's name.
    Result<Source*> load(std::string text, const std::string& path);

    Location loc(const Source& src, std::size_t offset) const;

    // A token's location with its end, when the token lies on one line.
    Location span(const Source& src, const Token& t) const;

    void note(const Source& src, std::size_t offset, std::string what, std::vector<std::string> runs = {},
              bool runs_unknown = false);

    // Bash stops the script here on an error (not `exit`): nothing after it runs.
    void stop_script(const Source& src, std::size_t offset, Shell& sh, const std::string& why);

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

    std::string at_line(const Source& src, std::size_t offset) const;

    // --- lists -------------------------------------------------------------------
    Result<void> run_list(const Source& src, const List& list, Shell& sh);

    Result<void> run_and_or(const Source& src, const AndOr& item, Shell& sh);

    Result<void> run_and_or_in(const Source& src, const AndOr& item, Shell& sh);

    static void make_unknown(Var& v, const std::string& because);

    // A copy of the shell for a subshell or a command that may not run. Copies cost
    // the variables they copy; a hostile script of 20,000 variables and 60,000
    // `a && a` would otherwise take minutes, so the work is bounded.
    Result<Shell> copy_of(const Shell& sh, const Source& src, std::size_t offset);

    Result<void> within_budget(const Source& src, std::size_t offset) const;

    void merge(Shell& sh, const Shell& maybe, const std::string& because);

    Result<void> run_pipeline(const Source& src, const Pipeline& pipe, Shell& sh);

    Result<void> run_element(const Source& src, const Element& e, Shell& sh);

    // --- if, case, loops -------------------------------------------------------------
    // The arm of a case whose subject and patterns are known and plain: bash runs that
    // one (or none); nullopt when it cannot be told.
    std::optional<std::optional<std::size_t>> chosen_arm(const Source& src, const Element& e, Shell& sh);

    // Each arm is read on its own copy of the shell, its launches said to be in it; a
    // variable the arms leave different is unknown after them.
    Result<void> run_branches(const Source& src, const Element& e, Shell& sh);

    // A loop's body runs any number of times: read once, its variable unknown, on a copy
    // whose changes are unknown after it.
    Result<void> run_loop(const Source& src, const Element& e, Shell& sh);

    void apply_effects(Shell& sh, const Effects& effects, const std::string& because);

    void everything_unknown(Shell& sh, const std::string& because);

    // --- expansion -----------------------------------------------------------------
    struct Lookup {
        bool known = true;
        bool set = false;
        std::string value;
        std::string because;
        std::vector<std::string> elements;  // an array's; a set scalar is an array of one
        bool platform = false;              // unknown: a scheduler or platform sets it at run time
    };

    Lookup lookup(const Shell& sh, const std::string& name) const;
    // The file bash's `source NAME` reads from PATH, when the script makes PATH known.
    std::optional<std::string> search_path(const Shell& sh, const std::string& name) const;

    std::string ifs(const Shell& sh, bool& known) const;

    // Expands `parts` into `out`; false (with `because`) when a part cannot be known.
    // Unquoted text in the operand of ${X:-operand} is an expansion's result, so it
    // is split; unquoted text of the word itself is not.
    bool expand_parts(const Source& src, const std::vector<Part>& parts, Shell& sh, FieldBuilder& out, std::string& because,
                      bool ifs_known, bool operand = false);

    bool expand_param(const Source& src, const Part& p, Shell& sh, FieldBuilder& out, std::string& because, bool ifs_known);

    // A command word, split into fields.
    Expanded expand_word(const Source& src, const Token& t, Shell& sh);

    // An assignment's value (no splitting); nullopt with `because` when unknown.
    std::optional<std::string> expand_value(const Source& src, const std::vector<Part>& parts, Shell& sh, std::string& because);

    // NAME=value, NAME+=value: the name, whether it appends, and the value's parts.
    static std::tuple<std::string, bool, std::vector<Part>> split_assignment(const Token& t);

    // Applies an assignment word to `sh` (or to the overlay a command prefix builds).
    void assign(const Source& src, const Token& t, Shell& sh, bool exported);

    // --- simple commands ------------------------------------------------------------
    Result<void> run_simple(const Source& src, const Simple& s, Shell& sh);

    // A function runs where it is called, with the call's words as $1…$N; its `local`
    // variables are restored after it. Recursion is read two calls deep, then its
    // effects are applied as for a block the reader does not run.
    Result<void> call_function(const Source& src, const Simple& s, std::size_t first, const std::string& name,
                               const FunctionInfo& f, Shell& sh);

    // read, getopts, mapfile, let, printf -v: the names they set become unknown.
    void mark_assigned_by(const Source& src, std::size_t offset, const std::string& name, const Command& cmd, Shell& sh);

    // An option `set -o NAME` / `set +o NAME` (or its letter) turns on or off.
    static void set_option(std::string_view name, bool on, int line, Shell& sh);

    void set_options(const std::vector<std::string>& argv, int line, Shell& sh);

    void change_directory(const Command& cmd, Shell& sh);

    Result<void> declare(const Source& src, const std::string& builtin, const std::vector<const Token*>& args, Shell& sh);

    Result<void> unset(const Source& src, const std::vector<const Token*>& args, Shell& sh);

    Result<void> source(const Source& src, const Simple& s, const Command& cmd, Shell& sh);

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

}  // namespace preflight::launch::interp
