#include "launch/shell_interpreter.hpp"

#include <algorithm>
#include <cctype>

namespace preflight::launch::interp {

// NAME=value, NAME+=value: the name, whether it appends, and the value's parts.
std::tuple<std::string, bool, std::vector<Part>> Interpreter::split_assignment(const Token& t) {
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
void Interpreter::assign(const Source& src, const Token& t, Shell& sh, bool exported) {
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

// read, getopts, mapfile, let, printf -v: the names they set become unknown.
void Interpreter::mark_assigned_by(const Source& src, std::size_t offset, const std::string& name, const Command& cmd,
                                   Shell& sh) {
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
void Interpreter::set_option(std::string_view name, bool on, int line, Shell& sh) {
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

void Interpreter::set_options(const std::vector<std::string>& argv, int line, Shell& sh) {
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

void Interpreter::change_directory(const Command& cmd, Shell& sh) {
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

Result<void> Interpreter::declare(const Source& src, const std::string& builtin, const std::vector<const Token*>& args,
                                  Shell& sh) {
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

Result<void> Interpreter::unset(const Source& src, const std::vector<const Token*>& args, Shell& sh) {
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

}  // namespace preflight::launch::interp
