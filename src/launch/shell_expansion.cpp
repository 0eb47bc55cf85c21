#include "launch/shell_interpreter.hpp"

#include <algorithm>
#include <cctype>

namespace preflight::launch::interp {

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

Interpreter::Lookup Interpreter::lookup(const Shell& sh, const std::string& name) const {
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

std::string Interpreter::ifs(const Shell& sh, bool& known) const {
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
bool Interpreter::expand_parts(const Source& src, const std::vector<Part>& parts, Shell& sh, FieldBuilder& out,
                               std::string& because, bool ifs_known, bool operand) {
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

bool Interpreter::expand_param(const Source& src, const Part& p, Shell& sh, FieldBuilder& out, std::string& because,
                               bool ifs_known) {
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
Expanded Interpreter::expand_word(const Source& src, const Token& t, Shell& sh) {
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
    if (t.has_glob) note(src, t.offset, "not interpreted: pathname expansion of '" + std::string(t.raw) + "' (kept as written)");
    return r;
}

// An assignment's value (no splitting); nullopt with `because` when unknown.
std::optional<std::string> Interpreter::expand_value(const Source& src, const std::vector<Part>& parts, Shell& sh,
                                                     std::string& because) {
    FieldBuilder out("", false);
    if (!expand_parts(src, parts, sh, out, because, true)) return std::nullopt;
    return out.joined();
}

}  // namespace preflight::launch::interp
