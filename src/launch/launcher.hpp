// Launchers compiled from the launcher-flags pack tables (`launchers`,
// `launcher_flags`, `launcher_env`): how a command is recognised, the flags it reads
// and the run-configuration keys they give. Both the launch reader and
// `preflight args` work from these objects, so they cannot disagree.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/error.hpp"
#include "core/value.hpp"

namespace preflight::rules {
class RuleSet;
}

namespace preflight::launch {

// One `from=to` pair of a value map. `from` "*" matches any word; a non-empty
// `accelerator` limits the pair to that hardware.accelerator.
struct ValueMapping {
    std::string from, accelerator, to;
};

// range: one value, or MIN:MAX (a count the launch settles when it starts: a number
// only when both ends agree).
enum class FlagForm { value, values, bool_value, switch_flag, kwarg, range };

struct FlagSpec {
    std::string flag;                  // as written by `args`: "--tensor_model_parallel_size"
    std::vector<std::string> aliases;  // other spellings read the same
    std::string key;                   // "" : read (its words consumed) but gives no key
    FlagForm form = FlagForm::value;
    std::vector<ValueMapping> map;
    Location where;  // the row in the pack

    bool writable() const;  // `args` can spell a value of its key with this flag
    // The word that gives `value` to the key (through the map backwards), nullopt when
    // this flag cannot say it.
    std::optional<std::string> word_for(const Value& value) const;
};

struct EnvSpec {
    std::string variable, key;
    bool count = false;  // the number of comma-separated entries, not the value
    bool range = false;  // a value or MIN:MAX, as FlagForm::range
    std::vector<ValueMapping> map;
    Location where;
};

// One way a command is recognised.
struct Recognition {
    std::vector<std::string> program;      // leading words; "python" matches python3, python3.11 …
    std::vector<std::string> subcommands;  // one must follow the program (empty: none)
    std::string script;                    // glob on the script's file name ("" none, "*" any)
    std::string runner;                    // the launcher whose flags come before the script ("" none)
    Location where;
};

// A release line of a package whose parser a launcher runs, and the tag its flags were
// read at (the generated launcher-flag-tables pack, `launcher_flag_sources`).
struct FlagSource {
    std::string package, line, repo, tag;
    bool complete = true;         // every flag the package's parser defines is listed
    bool refuses_unknown = true;  // the parser stops on a flag it does not define
};

// A flag the launcher accepts (`launcher_accepts`), at the release lines of its package.
struct AcceptedFlag {
    std::string flag, package, type;  // type: switch, bool, int, float, str, list
    std::vector<std::string> aliases, lines;
};

struct Launcher {
    std::string name;                // also its `args --style`
    std::string framework, backend;  // job.framework / job.backend it implies ("" none)
    bool either_separator = false;   // `--a_b` and `--a-b` are one flag
    std::vector<std::string> true_words, false_words;
    bool all_train = false;
    std::string runner;  // its first row's runner (each recognition names its own)
    std::vector<Recognition> recognised_by;
    std::vector<FlagSpec> flags;                                               // in table order (the order `args` writes them)
    std::vector<EnvSpec> env;                                                  // its own rows, then the rows for every launcher
    std::vector<FlagSource> sources;                                           // empty: no full list of its flags is known
    std::vector<AcceptedFlag> accepted;                                        // every flag of every line of `sources`
    std::unordered_map<std::string, std::vector<std::size_t>> accepted_index;  // normalized spelling → `accepted`

    // The flag a written name (no `=value`) stands for, by this launcher's spelling rule.
    const FlagSpec* find_flag(std::string_view written) const;
    // Every spelling this launcher reads, for did-you-mean.
    std::vector<std::string> spellings() const;
    // The accepted flags a written name is (one per package that defines it).
    std::vector<const AcceptedFlag*> accepting(std::string_view written) const;
    // The spelling rule: `--a-b` as `--a_b` when either separator is one flag.
    std::string normalized(std::string_view flag) const;
};

struct LauncherSet {
    std::vector<Launcher> launchers;
    const Launcher* find(std::string_view name) const;
    std::vector<std::string> names() const;
    // The launchers of a framework (`ms-swift`: megatron-swift, swift), the one whose
    // backend is `backend` first; empty when no launcher implies that framework.
    std::vector<const Launcher*> of_framework(std::string_view framework, std::string_view backend) const;
};

// A launcher's flags for a set of values, in table order: each writable flag whose key
// `given` returns a value for and that can say it. `word` is nullopt for a switch that
// is on (a switch that is off is left out).
struct SpelledFlag {
    const FlagSpec* flag = nullptr;
    std::optional<std::string> word;
    const Value* value = nullptr;
};
std::vector<SpelledFlag> spell(const Launcher& launcher, const std::function<const Value*(const std::string& key)>& given);
// The keys a launcher can write, each once.
std::vector<std::string> writable_keys(const Launcher& launcher);

// Compiles the tables of the loaded packs. Errors name the pack row (file, line,
// column) of a malformed cell; a rule set without a `launchers` table has no launchers.
Result<LauncherSet> compile_launchers(const rules::RuleSet& rules);

// The value a word takes under a map: the `to` of the first matching pair, nullopt
// when none matches, or an unknown value where a pair depends on an accelerator
// that is not known.
std::optional<Value> apply_map(const std::vector<ValueMapping>& map, const std::string& word, const Value& accelerator);

}  // namespace preflight::launch
