#include "launch/shell_script.hpp"

#include <algorithm>
#include <filesystem>

#include "launch/shell_interpreter.hpp"
#include "util/input_file.hpp"

namespace preflight::launch::interp {

std::string line_range(int first, int last) {
    if (first == last) return "line " + std::to_string(first);
    return "lines " + std::to_string(first) + "-" + std::to_string(last);
}

std::string lexically_normal(const std::string& path) { return std::filesystem::path(path).lexically_normal().string(); }

Result<void> Interpreter::run_top(std::string text, const std::string& path) {
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

// `#!/bin/bash -eu`: the options hold when the script is run as ./train.sh, not as
// `bash train.sh`, and which of the two is not known.
void Interpreter::shebang_options(Shell& sh) const {
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

Location Interpreter::loc(const Source& src, std::size_t offset) const {
    int line = src.lines->line_of(offset);
    return Location{src.path, line, src.lines->column_of(offset), "", std::string(src.lines->line_text(line))};
}

// A token's location with its end, when the token lies on one line.
Location Interpreter::span(const Source& src, const Token& t) const {
    Location l = loc(src, t.offset);
    if (t.raw.find('\n') == std::string_view::npos) l.end_column = l.column + static_cast<int>(t.raw.size());
    return l;
}

void Interpreter::note(const Source& src, std::size_t offset, std::string what, std::vector<std::string> runs,
                       bool runs_unknown) {
    if (!noted_.insert({&src, offset, what}).second) return;
    script_.skipped.push_back(Skipped{loc(src, offset), std::move(what), std::move(runs), runs_unknown});
}

// Bash stops the script here on an error (not `exit`): nothing after it runs.
void Interpreter::stop_script(const Source& src, std::size_t offset, Shell& sh, const std::string& why) {
    if (sh.stopped) return;  // bash stopped at the first error already
    note(src, offset, "the script stops here: " + why);
    sh.stopped = true;
    sh.stop_why = why;
    sh.stop_at = loc(src, offset);
}

std::string Interpreter::at_line(const Source& src, std::size_t offset) const {
    return "line " + std::to_string(src.lines->line_of(offset)) + (&src == sources_.front().get() ? "" : " of " + src.path);
}

// --- simple commands ------------------------------------------------------------

Result<void> Interpreter::run_simple(const Source& src, const Simple& s, Shell& sh) {
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
        note(src, s.offset,
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
    if ((name == "exec" || name == "command") && cmd.argv.size() > 1 && cmd.argv[1].text && !cmd.argv[1].text->starts_with("-")) {
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

}  // namespace preflight::launch::interp

namespace preflight::launch {

Result<Script> read_script_text(std::string_view text, const std::string& name, const ReadOptions& options) {
    Script script;
    script.path = name;
    interp::Interpreter interpreter(options, script);
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
