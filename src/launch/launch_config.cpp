#include "launch/launch_config.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "config/key_table.hpp"
#include "launch/flag_acceptance.hpp"
#include "util/did_you_mean.hpp"

namespace preflight::launch {
namespace {

// A fact a launch gives. A script's word has a file and line; a command line's word (or
// this process's environment under it) has neither, so the origin names what gave it:
// "command line --context_parallel_size", "environment $NPROC_PER_NODE", "environment".
Origin launch_origin(const Location& where, const std::string& what) {
    Origin origin{OriginKind::job, where, {}};
    if (!where.file.empty()) return origin;
    if (what == "environment") origin.rule = what;
    else if (what.starts_with('$')) origin.rule = "environment " + what;
    else origin.rule = what.empty() ? "command line" : "command line " + what;
    return origin;
}

constexpr const char* kNotInterpreted = "launch-not-interpreted";
constexpr const char* kUnknownFlag = "launch-unknown-flag";

// How many words a flag the key rows do not name takes, by the type the generated
// tables give it; a flag no table knows takes every word up to the next flag.
FlagForm form_of_unnamed(const Launcher& l, const std::string& written, FlagForm otherwise) {
    std::string type = accepted_type(l, written);
    if (type.empty()) return otherwise;
    if (type == "switch") return FlagForm::switch_flag;
    if (type == "bool") return FlagForm::bool_value;
    if (type == "list") return FlagForm::values;
    return FlagForm::value;
}

bool is_flag(const std::string& t) {
    if (t.size() < 2 || t[0] != '-') return false;
    // A negative number is a value, as argparse reads it.
    return !(std::isdigit(static_cast<unsigned char>(t[1])) || t[1] == '.');
}

std::string basename_of(const std::string& word) { return std::filesystem::path(word).filename().string(); }

// `python` in a recognition row stands for any Python interpreter word.
bool program_word_matches(const std::string& pattern, const std::string& word) {
    std::string base = basename_of(word);
    if (pattern != "python") return word == pattern || base == pattern;
    if (base == "python" || base == "python3") return true;
    if (!base.starts_with("python3.") || base.size() == 8) return false;
    return std::all_of(base.begin() + 8, base.end(), [](unsigned char c) { return std::isdigit(c); });
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

bool contains(const std::vector<std::string>& words, const std::string& w) {
    return std::find(words.begin(), words.end(), w) != words.end();
}

// The location of the value inside `--k=v`.
Word inline_value(const Word& flag_word, std::size_t eq) {
    Word w;
    w.text = flag_word.text->substr(eq + 1);
    w.where = flag_word.where;
    w.where.column += static_cast<int>(eq) + 1;
    return w;
}

class Reader {
public:
    Reader(const Command& command, const Recognised& recognised, const LauncherSet& set, const FactMap* packages)
        : command_(command), launcher_(*recognised.launcher), set_(set), recognised_(recognised), packages_(packages) {}

    Result<Launch> run() {
        Launch launch;
        launch.launcher = &launcher_;
        cfg_.path = command_.where.file;
        read_env();
        PREFLIGHT_TRY(apply_env_rows());
        const std::string& runner_name = recognised_.how->runner;
        const Launcher* runner = runner_name.empty() ? nullptr : set_.find(runner_name);
        const auto& argv = command_.argv;
        if (recognised_.script) {
            // Words before the script are the runner's; after it, the launcher's own unless the
            // runner is the launcher (then they are the script's own arguments).
            PREFLIGHT_TRY(read_flags(*runner, recognised_.args_begin, recognised_.script, launch));
            if (runner == &launcher_) {
                for (std::size_t i = recognised_.script + 1; i < argv.size(); ++i)
                    not_interpreted_word(argv[i], "an argument of the script");
            } else {
                PREFLIGHT_TRY(read_flags(launcher_, recognised_.script + 1, argv.size(), launch));
            }
        } else {
            PREFLIGHT_TRY(read_flags(launcher_, recognised_.args_begin, argv.size(), launch));
        }
        imply("job.framework", launcher_.framework);
        imply("job.backend", launcher_.backend);
        derive_world_size();
        summarize_uninterpreted();
        config::fill_key_defaults(cfg_);
        launch.config = std::move(cfg_);
        return launch;
    }

private:
    const Command& command_;
    const Launcher& launcher_;
    const LauncherSet& set_;
    const Recognised& recognised_;
    const FactMap* packages_;
    config::RunConfig cfg_;
    bool processes_known_ = false;  // devices_per_node is a process count the launch gave

    std::vector<std::string> uninterpreted_;  // words with no key, for one summary note
    Location first_uninterpreted_;

    void note(Severity severity, std::string message, const Location& where) {
        cfg_.diagnostics.push_back({severity, kNotInterpreted, std::move(message), where});
    }

    // A launch names dozens of flags no rule reads (learning rate, dataset …): one note
    // per launch lists them, so the findings that matter are not buried.
    void uninterpreted(std::string what, const Location& where) {
        if (uninterpreted_.empty()) first_uninterpreted_ = where;
        uninterpreted_.push_back(std::move(what));
    }

    void summarize_uninterpreted() {
        if (uninterpreted_.empty()) return;
        constexpr std::size_t kShown = 6;
        auto shown = uninterpreted_.begin() + static_cast<std::ptrdiff_t>(std::min(uninterpreted_.size(), kShown));
        std::string list = fmt::format("{}", fmt::join(uninterpreted_.begin(), shown, ", "));
        if (uninterpreted_.size() > kShown) list += fmt::format(" and {} more", uninterpreted_.size() - kShown);
        note(Severity::info, fmt::format("not interpreted (no key of the run configuration): {}", list), first_uninterpreted_);
    }

    void not_interpreted_word(const Word& w, const std::string& what) {
        if (w.text) uninterpreted(fmt::format("{} ({})", *w.text, what), w.where);
        else uninterpreted(fmt::format("a word the reader could not know ({})", w.unknown_because), w.where);
    }

    void read_env() {
        for (const auto& [name, binding] : command_.env) {
            Value v = binding.value ? Value(*binding.value)
                                    : Value::unknown_because(fmt::format("env {}: {}", name, binding.unknown_because));
            cfg_.env[name] = Fact{v, launch_origin(binding.where, "environment")};
        }
    }

    Value accelerator() const {
        auto it = cfg_.values.find("hardware.accelerator");
        return it == cfg_.values.end() ? Value(Null{}) : it->second.value;
    }

    // The environment rows of the launcher and of its runner, in table order; a key an
    // earlier row gave stays.
    Result<void> apply_env_rows() {
        std::vector<const EnvSpec*> rows;
        auto add = [&](const Launcher& l) {
            for (const auto& r : l.env)
                if (std::none_of(rows.begin(), rows.end(),
                                 [&](const EnvSpec* e) { return e->variable == r.variable && e->key == r.key; }))
                    rows.push_back(&r);
        };
        add(launcher_);
        const std::string& runner = recognised_.how->runner;
        if (!runner.empty() && runner != launcher_.name) add(*set_.find(runner));
        for (const EnvSpec* spec : rows) {
            auto b = command_.env.find(spec->variable);
            if (b == command_.env.end() || spec->key.empty() || cfg_.values.count(spec->key)) continue;
            const Binding& binding = b->second;
            Location where = binding.where;
            where.key = spec->key;
            std::string what = "$" + spec->variable;
            if (!binding.value) {
                set(spec->key, Value::unknown_because(fmt::format("env {}: {}", spec->variable, binding.unknown_because)), where,
                    what);
            } else if (spec->count) {
                std::int64_t n = 0;
                std::size_t start = 0;
                const std::string& list = *binding.value;
                while (start <= list.size()) {
                    auto comma = list.find(',', start);
                    std::string entry = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
                    if (entry.find_first_not_of(" \t") != std::string::npos) ++n;
                    if (comma == std::string::npos) break;
                    start = comma + 1;
                }
                set(spec->key, Value(n), where, what);
            } else if (spec->range) {
                PREFLIGHT_TRY(give_range(spec->key, *binding.value, what, where));
            } else {
                PREFLIGHT_TRY(give(spec->key, *binding.value, spec->map, what, where));
                if (spec->key == "hardware.devices_per_node") processes_known_ = true;
            }
        }
        return {};
    }

    // `what` is the flag or $VARIABLE that gave the value: a command line has no file
    // and line to name, so the origin names that word instead.
    void set(const std::string& key, Value v, const Location& where, const std::string& what = {}) {
        cfg_.values[key] = Fact{std::move(v), launch_origin(where, what)};
    }

    void imply(const std::string& key, const std::string& value) {
        if (value.empty() || cfg_.values.count(key)) return;
        Location where = command_.where;
        where.key = key;
        set(key, Value(value), where);
    }

    // A word for a key: through the row's map, then typed and checked by the key table.
    Result<void> give(const std::string& key, const std::string& word, const std::vector<ValueMapping>& map,
                      const std::string& what, const Location& where) {
        std::string text = word;
        if (!map.empty()) {
            auto mapped = apply_map(map, word, accelerator());
            if (!mapped) {
                note(Severity::info, fmt::format("not interpreted: {} {} (no {} value for it)", what, word, key), where);
                set(key, Value::unknown_because(fmt::format("{}: no value for {} {}", key, what, word)), where, what);
                return {};
            }
            if (mapped->is_unknown()) {
                set(key, Value::unknown(FactRef::config("hardware.accelerator")), where, what);
                return {};
            }
            text = *mapped->get<std::string>();
        }
        auto v = PREFLIGHT_TRY(typed(key, text, what, where));
        set(key, std::move(v), where, what);
        return {};
    }

    // A value or MIN:MAX. A range whose ends differ is settled only when the launch
    // starts (torchrun's elastic --nnodes waits for MIN to MAX nodes): the key is
    // unknown, and the rules over it undetermined rather than judged on either end.
    Result<void> give_range(const std::string& key, const std::string& word, const std::string& what, const Location& where) {
        auto colon = word.find(':');
        if (colon == std::string::npos) return give(key, word, {}, what, where);
        std::string low = word.substr(0, colon), high = word.substr(colon + 1);
        auto lo = PREFLIGHT_TRY(typed(key, low, what, where));
        auto hi = PREFLIGHT_TRY(typed(key, high, what, where));
        if (lo == hi) {
            set(key, std::move(lo), where, what);
            return {};
        }
        const auto* a = lo.get<std::int64_t>();
        const auto* b = hi.get<std::int64_t>();
        if (a && b && *a > *b) return fail(fmt::format("{} {}: the range's minimum is above its maximum", what, word), where);
        set(key, Value::unknown_because(fmt::format("{} {} is a range: the count is settled when the launch starts", what, word)),
            where, what);
        return {};
    }

    // The words of a values flag (`--recompute-modules core_attn mlp`) for a list key: each
    // typed and checked as one element; a word the script leaves open makes the whole
    // list unknown.
    Result<void> give_list(const std::string& key, const std::vector<Word>& words, const std::string& what,
                           const Location& where) {
        List items;
        for (const auto& w : words) {
            if (!w.text) {
                set(key, Value::unknown_because(fmt::format("{}: {}", key, w.unknown_because)), where, what);
                return {};
            }
            items.push_back(PREFLIGHT_TRY(typed(key, *w.text, what, where)));
        }
        set(key, Value(std::move(items)), where, what);
        return {};
    }

    Result<Value> typed(const std::string& key, const std::string& text, const std::string& what, const Location& where) {
        const config::KeyInfo* info = config::find_key(key);
        // A list key's words are its elements, each of the element type.
        lang::TypeKind kind = info->type.kind == lang::TypeKind::list ? info->type.elem : info->type.kind;
        switch (kind) {
            case lang::TypeKind::boolean: {
                std::string l = lower(text);
                if (contains(launcher_.true_words, l) || l == "true") return Value(true);
                if (contains(launcher_.false_words, l) || l == "false") return Value(false);
                return fail(fmt::format("{} {}: {} must be true or false", what, text, key), where);
            }
            case lang::TypeKind::integer: {
                std::int64_t n = 0;
                auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
                if (ec != std::errc() || end != text.data() + text.size())
                    return fail(fmt::format("{} {}: {} must be an integer", what, text, key), where);
                auto minimum = config::minimum_of(*info);
                if (minimum && n < *minimum)
                    return fail(fmt::format("{} {}: {} must be at least {}", what, text, key, *minimum), where);
                if (info->max && n > *info->max)
                    return fail(fmt::format("{} {}: {} must be at most {}", what, text, key, *info->max), where);
                return Value(n);
            }
            case lang::TypeKind::floating: {
                try {
                    std::size_t used = 0;
                    double d = std::stod(text, &used);
                    if (used == text.size()) return Value(d);
                } catch (const std::exception&) {}
                return fail(fmt::format("{} {}: {} must be a number", what, text, key), where);
            }
            default: break;
        }
        if (info->allowed.empty()) return Value(text);
        std::string canonical = text;
        for (const auto& [spelling, to] : info->value_spellings)
            if (canonical == spelling) canonical = to;
        if (std::find(info->allowed.begin(), info->allowed.end(), canonical) != info->allowed.end()) return Value(canonical);
        std::string options = fmt::format("{}", fmt::join(info->allowed, " | "));
        auto near = util::closest(text, info->allowed);
        return fail(fmt::format("{} {}: {} must be one of {}{}", what, text, key, options,
                                near ? fmt::format(" (did you mean \"{}\"?)", *near) : ""),
                    where);
    }

    // Reads the flags in words [begin, end) with `l`'s table.
    Result<void> read_flags(const Launcher& l, std::size_t begin, std::size_t end, Launch& launch) {
        const auto& argv = command_.argv;
        bool runner_part = recognised_.script && end == recognised_.script;
        for (std::size_t i = begin; i < end;) {
            const Word& w = argv[i];
            if (!w.text) {
                not_interpreted_word(w, w.unknown_because.empty() ? "unknown word" : w.unknown_because);
                ++i;
                continue;
            }
            const std::string& t = *w.text;
            if (!is_flag(t)) {
                not_interpreted_word(w, "a word no flag takes");
                ++i;
                continue;
            }
            ReadFlag flag;
            flag.where = w.where;
            flag.index = i;
            auto eq = t.starts_with("--") ? t.find('=') : std::string::npos;
            flag.written = t.substr(0, eq);
            flag.inline_value = eq != std::string::npos;
            if (flag.inline_value) flag.values.push_back(inline_value(w, eq));
            flag.spec = l.find_flag(flag.written);
            ++i;
            auto next_is_value = [&] { return i < end && (!argv[i].text || !is_flag(*argv[i].text)); };
            // Before the script, a flag no table knows is taken as a switch: the script comes next, not a value.
            FlagForm form = flag.spec ? flag.spec->form
                                      : form_of_unnamed(l, flag.written, runner_part ? FlagForm::switch_flag : FlagForm::values);
            if (flag.values.empty()) {
                if (form == FlagForm::value || form == FlagForm::kwarg || form == FlagForm::bool_value ||
                    form == FlagForm::range) {
                    if (next_is_value()) flag.values.push_back(argv[i++]);
                } else if (form == FlagForm::values) {
                    while (next_is_value()) flag.values.push_back(argv[i++]);
                }
            }
            PREFLIGHT_TRY(interpret(l, flag));
            launch.flags.push_back(std::move(flag));
        }
        return {};
    }

    Result<void> interpret(const Launcher& l, const ReadFlag& flag) {
        if (!flag.spec) {
            // Did-you-mean only from every flag the launcher accepts (the generated tables):
            // a valid flag with no key is never a typo.
            if (auto finding = judge_flag(l, flag.written, packages_))
                cfg_.diagnostics.push_back({finding->severity, kUnknownFlag, std::move(finding->message), flag.where});
            else uninterpreted(flag.written, flag.where);
            return {};
        }
        const FlagSpec& spec = *flag.spec;
        Location where = flag.values.empty() ? flag.where : flag.values.front().where;
        where.key = spec.key;
        if (spec.form == FlagForm::switch_flag && !flag.values.empty())
            return fail(fmt::format("{} takes no value", flag.written), where);
        if (spec.form != FlagForm::values && spec.form != FlagForm::switch_flag && spec.form != FlagForm::bool_value &&
            flag.values.empty())
            return fail(fmt::format("{} needs a value", flag.written), flag.where);
        if (spec.key.empty()) return {};
        if (spec.form == FlagForm::values) return give_list(spec.key, flag.values, flag.written, where);
        if (!flag.values.empty() && !flag.values.front().text) {
            set(spec.key, Value::unknown_because(fmt::format("{}: {}", spec.key, flag.values.front().unknown_because)), where,
                flag.written);
            return {};
        }
        std::string word = flag.values.empty() ? "true" : *flag.values.front().text;
        if (spec.form == FlagForm::bool_value && !flag.values.empty()) {
            // Read as the launcher reads a bool, then mapped as "true"/"false".
            auto b = PREFLIGHT_TRY(as_bool(l, word, flag.written, where));
            word = b ? "true" : "false";
        }
        if (spec.key == "hardware.devices_per_node") processes_known_ = true;
        if (spec.form == FlagForm::range) return give_range(spec.key, word, flag.written, where);
        return give(spec.key, word, spec.map, flag.written, where);
    }

    static Result<bool> as_bool(const Launcher& l, const std::string& word, const std::string& flag, const Location& where) {
        std::string w = lower(word);
        if (contains(l.true_words, w)) return true;
        if (contains(l.false_words, w)) return false;
        std::string accepted;
        for (const auto& t : l.true_words) accepted += (accepted.empty() ? "" : "/") + t;
        for (const auto& f : l.false_words) accepted += "/" + f;
        return fail(fmt::format("{} {}: expected a truth value ({})", flag, word, accepted), where);
    }

    // Every process the launch starts trains: their number is per node times nodes.
    void derive_world_size() {
        if (!launcher_.all_train || !processes_known_ || cfg_.values.count("train.world_size")) return;
        const Fact& per_node = cfg_.values.at("hardware.devices_per_node");
        Value nodes = cfg_.values.count("hardware.nodes") ? cfg_.values.at("hardware.nodes").value : Value(std::int64_t{1});
        Location where = per_node.origin.where;
        where.key = "train.world_size";
        const auto* p = per_node.value.get<std::int64_t>();
        const auto* n = nodes.get<std::int64_t>();
        Value product =
            p && n ? Value(*p * *n) : Value::unknown(FactRef::config(p ? "hardware.nodes" : "hardware.devices_per_node"));
        set("train.world_size", std::move(product), where);
    }
};

}  // namespace

std::optional<Recognised> recognise(const Command& command, const LauncherSet& launchers) {
    const auto& argv = command.argv;
    for (const auto& l : launchers.launchers) {
        for (const auto& how : l.recognised_by) {
            std::size_t i = 0;
            bool match = argv.size() >= how.program.size();
            for (; match && i < how.program.size(); ++i)
                match = argv[i].text && program_word_matches(how.program[i], *argv[i].text);
            if (!match) continue;
            if (!how.subcommands.empty()) {
                // ms-swift reads `merge_lora` as `merge-lora`: subcommands compare with '_' as '-'.
                if (i >= argv.size() || !argv[i].text) continue;
                std::string sub = *argv[i].text;
                std::replace(sub.begin(), sub.end(), '_', '-');
                if (!contains(how.subcommands, sub)) continue;
                ++i;
            }
            Recognised r{&l, &how, i, 0};
            if (how.script.empty()) return r;
            // The runner's flags come first; the first word none of them takes is the script.
            const Launcher* runner = launchers.find(how.runner.empty() ? l.name : how.runner);
            std::size_t j = i;
            // `ray job submit [its flags] -- python3 train.py …`: the words of a runner whose
            // flags no table knows end at `--`, and the command after it runs the script
            // with a Python interpreter.
            bool opaque = runner->flags.empty() && runner->accepted.empty();
            auto dashes = !opaque ? argv.end()
                                  : std::find_if(argv.begin() + static_cast<std::ptrdiff_t>(i), argv.end(),
                                                 [](const Word& w) { return w.text && *w.text == "--"; });
            if (dashes != argv.end()) {
                j = static_cast<std::size_t>(dashes - argv.begin()) + 1;
                if (j < argv.size() && argv[j].text && program_word_matches("python", *argv[j].text)) ++j;
            }
            while (dashes == argv.end() && j < argv.size() && argv[j].text && is_flag(*argv[j].text)) {
                const std::string& t = *argv[j].text;
                std::string written = t.substr(0, t.find('='));
                const FlagSpec* spec = runner->find_flag(written);
                FlagForm form = spec ? spec->form : form_of_unnamed(*runner, written, FlagForm::switch_flag);
                ++j;
                bool takes_value = t.find('=') == std::string::npos &&
                                   (form == FlagForm::value || form == FlagForm::kwarg || form == FlagForm::range);
                if (takes_value && j < argv.size()) ++j;
            }
            if (j >= argv.size() || !argv[j].text) continue;
            // A glob with a '/' names where the script lies (`*swift/cli/sft.py`), so it matches the whole path.
            const std::string& word = *argv[j].text;
            bool by_path = how.script.find('/') != std::string::npos;
            if (fnmatch(how.script.c_str(), by_path ? word.c_str() : basename_of(word).c_str(), 0) != 0) continue;
            r.script = j;
            return r;
        }
    }
    return std::nullopt;
}

bool may_start_launch(const std::string& word, const LauncherSet& launchers) {
    for (const auto& l : launchers.launchers)
        for (const auto& how : l.recognised_by)
            if (!how.program.empty() && program_word_matches(how.program.front(), word)) return true;
    return false;
}

Result<Launch> read_launch(const Command& command, const LauncherSet& launchers, const FactMap* packages) {
    auto recognised = recognise(command, launchers);
    if (!recognised) {
        std::string first = command.argv.empty() || !command.argv.front().text ? "" : *command.argv.front().text;
        return fail(fmt::format("'{}' is no launcher the loaded packs know", first), command.where);
    }
    return Reader(command, *recognised, launchers, packages).run();
}

}  // namespace preflight::launch
