#include "launch/launcher.hpp"

#include <algorithm>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "config/key_table.hpp"
#include "rules/rule_set.hpp"

namespace preflight::launch {
namespace {

std::vector<std::string> split_words(const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

// `--a-b` and `--a_b` compare equal under the either-separator rule; the leading
// dashes are kept as they are.
std::string normalized(std::string_view flag, bool either) {
    std::string s(flag);
    if (!either) return s;
    auto body = s.find_first_not_of('-');
    if (body == std::string::npos) return s;
    std::replace(s.begin() + static_cast<std::ptrdiff_t>(body), s.end(), '-', '_');
    return s;
}

// Reads the cells of one table row, each one a string or bool of the column named.
class RowReader {
public:
    RowReader(const std::string& table, const rules::TableRow& row) : table_(table), row_(row) {}

    Result<std::string> text(const char* column) const {
        auto it = row_.cells.find(column);
        if (it == row_.cells.end()) return fail(fmt::format("table '{}': a row lacks column '{}'", table_, column), row_.where);
        const auto* s = it->second.get<std::string>();
        if (!s) return fail(fmt::format("table '{}': column '{}' must hold a string", table_, column), where(column));
        return *s;
    }
    Result<bool> flag(const char* column) const {
        auto it = row_.cells.find(column);
        if (it == row_.cells.end()) return fail(fmt::format("table '{}': a row lacks column '{}'", table_, column), row_.where);
        const auto* b = it->second.get<bool>();
        if (!b) return fail(fmt::format("table '{}': column '{}' must hold true or false", table_, column), where(column));
        return *b;
    }
    Location where(const char* column) const {
        auto it = row_.cell_where.find(column);
        return it == row_.cell_where.end() ? row_.where : it->second;
    }

private:
    const std::string& table_;
    const rules::TableRow& row_;
};

Result<std::vector<ValueMapping>> parse_map(const std::string& text, const Location& where) {
    std::vector<ValueMapping> out;
    for (const auto& pair : split_words(text)) {
        auto eq = pair.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == pair.size())
            return fail(fmt::format("map entry '{}' is not FROM=TO", pair), where);
        ValueMapping m{pair.substr(0, eq), "", pair.substr(eq + 1)};
        if (auto at = m.from.find('@'); at != std::string::npos) {
            m.accelerator = m.from.substr(at + 1);
            m.from = m.from.substr(0, at);
            const auto* accel = config::find_key("hardware.accelerator");
            if (std::find(accel->allowed.begin(), accel->allowed.end(), m.accelerator) == accel->allowed.end())
                return fail(fmt::format("map entry '{}': '{}' is not a hardware.accelerator value", pair, m.accelerator), where);
        }
        out.push_back(std::move(m));
    }
    return out;
}

Launcher* find_mutable(LauncherSet& set, const std::string& name) {
    for (auto& l : set.launchers)
        if (l.name == name) return &l;
    return nullptr;
}

Result<void> check_key(const std::string& key, const Location& where) {
    if (key.empty() || config::find_key(key)) return {};
    return fail(fmt::format("'{}' is not a run-configuration key", key), where);
}

// A key of the list type, given only by a flag's words (form values), never by one word
// or a variable. `key` names a key of the table (check_key).
bool is_list_key(const std::string& key) { return config::find_key(key)->type.kind == lang::TypeKind::list; }

Result<FlagForm> parse_form(const std::string& form, const Location& where) {
    if (form == "value") return FlagForm::value;
    if (form == "values") return FlagForm::values;
    if (form == "bool_value") return FlagForm::bool_value;
    if (form == "switch") return FlagForm::switch_flag;
    if (form == "kwarg") return FlagForm::kwarg;
    if (form == "range") return FlagForm::range;
    return fail(fmt::format("form '{}' is not one of value, values, bool_value, switch, kwarg, range", form), where);
}

Result<void> add_launcher_rows(const rules::Table& table, LauncherSet& set) {
    for (const auto& row : table.rows.get()) {
        RowReader r("launchers", row);
        std::string name = PREFLIGHT_TRY(r.text("launcher"));
        if (name.empty()) return fail("table 'launchers': a launcher needs a name", r.where("launcher"));
        Launcher fields;
        fields.name = name;
        fields.framework = PREFLIGHT_TRY(r.text("framework"));
        fields.backend = PREFLIGHT_TRY(r.text("backend"));
        std::string separators = PREFLIGHT_TRY(r.text("separators"));
        if (separators != "either" && separators != "exact")
            return fail(fmt::format("separators '{}' is not either or exact", separators), r.where("separators"));
        fields.either_separator = separators == "either";
        fields.true_words = split_words(PREFLIGHT_TRY(r.text("true_words")));
        fields.false_words = split_words(PREFLIGHT_TRY(r.text("false_words")));
        fields.all_train = PREFLIGHT_TRY(r.flag("all_train"));
        fields.runner = PREFLIGHT_TRY(r.text("runner"));
        for (const auto& [key, column] : {std::pair{"job.framework", "framework"}, std::pair{"job.backend", "backend"}}) {
            const std::string& v = std::string(column) == "framework" ? fields.framework : fields.backend;
            const auto* info = config::find_key(key);
            if (!v.empty() && std::find(info->allowed.begin(), info->allowed.end(), v) == info->allowed.end())
                return fail(fmt::format("'{}' is not a {} value", v, key), r.where(column));
        }
        Recognition how;
        how.program = split_words(PREFLIGHT_TRY(r.text("program")));
        how.subcommands = split_words(PREFLIGHT_TRY(r.text("subcommands")));
        how.script = PREFLIGHT_TRY(r.text("script"));
        how.runner = fields.runner;
        how.where = row.where;

        auto existing =
            std::find_if(set.launchers.begin(), set.launchers.end(), [&](const Launcher& l) { return l.name == name; });
        if (existing == set.launchers.end()) {
            set.launchers.push_back(std::move(fields));
            existing = set.launchers.end() - 1;
        } else if (existing->framework != fields.framework || existing->backend != fields.backend ||
                   existing->either_separator != fields.either_separator || existing->true_words != fields.true_words ||
                   existing->false_words != fields.false_words || existing->all_train != fields.all_train) {
            return fail(fmt::format("launcher '{}': this row's framework, backend or grammar differs from its first row", name),
                        row.where);
        }
        if (!how.program.empty()) existing->recognised_by.push_back(std::move(how));
    }
    for (const auto& l : set.launchers)
        for (const auto& how : l.recognised_by)
            if (!how.script.empty() && how.runner.empty())
                return fail(fmt::format("launcher '{}': a row with a script needs a runner (whose flags come before it)", l.name),
                            how.where);
            else if (!how.runner.empty() && !set.find(how.runner))
                return fail(fmt::format("launcher '{}': runner '{}' is not a launcher", l.name, how.runner), how.where);
    return {};
}

Result<void> add_flag_rows(const rules::Table& table, LauncherSet& set) {
    for (const auto& row : table.rows.get()) {
        RowReader r("launcher_flags", row);
        std::string style = PREFLIGHT_TRY(r.text("style"));
        Launcher* launcher = find_mutable(set, style);
        if (!launcher) return fail(fmt::format("style '{}' is not a launcher of the launchers table", style), r.where("style"));
        FlagSpec spec;
        spec.flag = PREFLIGHT_TRY(r.text("flag"));
        spec.key = PREFLIGHT_TRY(r.text("key"));
        PREFLIGHT_TRY(check_key(spec.key, r.where("key")));
        spec.form = PREFLIGHT_TRY(parse_form(PREFLIGHT_TRY(r.text("form")), r.where("form")));
        spec.aliases = split_words(PREFLIGHT_TRY(r.text("aliases")));
        spec.map = PREFLIGHT_TRY(parse_map(PREFLIGHT_TRY(r.text("map")), r.where("map")));
        spec.where = row.where;
        // A values flag's words are a list: only a list key takes them, and a list key
        // only them.
        if (!spec.key.empty()) {
            bool list_key = is_list_key(spec.key);
            if (spec.form == FlagForm::values && !list_key)
                return fail(fmt::format("a values flag gives a list; key '{}' holds one value", spec.key), r.where("key"));
            if (spec.form != FlagForm::values && list_key)
                return fail(fmt::format("key '{}' is a list: its flag's form is values", spec.key), r.where("form"));
        }
        bool kwarg = spec.form == FlagForm::kwarg;
        if (spec.flag.empty() || (!kwarg && spec.flag.front() != '-'))
            return fail(fmt::format("flag '{}' must start with '-'", spec.flag), r.where("flag"));
        for (const auto& spelling : [&] {
                 auto all = spec.aliases;
                 all.push_back(spec.flag);
                 return all;
             }())
            if (const auto* other = launcher->find_flag(spelling))
                return fail(fmt::format("launcher '{}' already reads '{}' (as {})", style, spelling, other->flag),
                            r.where("flag"));
        launcher->flags.push_back(std::move(spec));
    }
    return {};
}

Result<void> add_env_rows(const rules::Table& table, LauncherSet& set) {
    std::vector<EnvSpec> for_all;
    for (const auto& row : table.rows.get()) {
        RowReader r("launcher_env", row);
        std::string name = PREFLIGHT_TRY(r.text("launcher"));
        EnvSpec spec;
        spec.variable = PREFLIGHT_TRY(r.text("variable"));
        spec.key = PREFLIGHT_TRY(r.text("key"));
        PREFLIGHT_TRY(check_key(spec.key, r.where("key")));
        if (!spec.key.empty() && is_list_key(spec.key))
            return fail(fmt::format("key '{}' is a list, which a variable does not give", spec.key), r.where("key"));
        std::string form = PREFLIGHT_TRY(r.text("form"));
        if (form != "value" && form != "count" && form != "range")
            return fail(fmt::format("form '{}' is not value, count or range", form), r.where("form"));
        spec.count = form == "count";
        spec.range = form == "range";
        spec.map = PREFLIGHT_TRY(parse_map(PREFLIGHT_TRY(r.text("map")), r.where("map")));
        spec.where = row.where;
        if (name == "*") {
            for_all.push_back(std::move(spec));
        } else if (Launcher* launcher = find_mutable(set, name)) {
            launcher->env.push_back(std::move(spec));
        } else {
            return fail(fmt::format("launcher '{}' is not in the launchers table", name), r.where("launcher"));
        }
    }
    for (auto& l : set.launchers) l.env.insert(l.env.end(), for_all.begin(), for_all.end());
    return {};
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (line.find_first_not_of(" \t") != std::string::npos) out.push_back(line);
    return out;
}

// The generated tables of every flag a launcher accepts; rows for a launcher no
// `launchers` row defines are left out (the tables pack loaded without launcher-flags).
Result<void> add_accepted_rows(const rules::Table* sources, const rules::Table* accepts, LauncherSet& set) {
    if (sources)
        for (const auto& row : sources->rows.get()) {
            RowReader r("launcher_flag_sources", row);
            Launcher* launcher = find_mutable(set, PREFLIGHT_TRY(r.text("launcher")));
            if (!launcher) continue;
            FlagSource s{PREFLIGHT_TRY(r.text("package")),  PREFLIGHT_TRY(r.text("line")),
                         PREFLIGHT_TRY(r.text("repo")),     PREFLIGHT_TRY(r.text("tag")),
                         PREFLIGHT_TRY(r.flag("complete")), PREFLIGHT_TRY(r.flag("refuses_unknown"))};
            launcher->sources.push_back(std::move(s));
        }
    if (accepts)
        for (const auto& row : accepts->rows.get()) {
            RowReader r("launcher_accepts", row);
            Launcher* launcher = find_mutable(set, PREFLIGHT_TRY(r.text("launcher")));
            if (!launcher) continue;
            std::string package = PREFLIGHT_TRY(r.text("package"));
            auto lines = split_words(PREFLIGHT_TRY(r.text("lines")));
            for (const auto& entry : lines_of(PREFLIGHT_TRY(r.text("flags")))) {
                auto words = split_words(entry);
                if (words.size() < 2 || words[0].front() != '-')
                    return fail(fmt::format("table 'launcher_accepts': '{}' is not FLAG TYPE [ALIAS ...]", entry),
                                r.where("flags"));
                AcceptedFlag a{words[0], package, words[1], {words.begin() + 2, words.end()}, lines};
                launcher->accepted.push_back(std::move(a));
            }
        }
    for (auto& l : set.launchers)
        for (std::size_t i = 0; i < l.accepted.size(); ++i) {
            l.accepted_index[l.normalized(l.accepted[i].flag)].push_back(i);
            for (const auto& alias : l.accepted[i].aliases) l.accepted_index[l.normalized(alias)].push_back(i);
        }
    return {};
}

}  // namespace

std::string Launcher::normalized(std::string_view flag) const { return launch::normalized(flag, either_separator); }

std::vector<const AcceptedFlag*> Launcher::accepting(std::string_view written) const {
    std::vector<const AcceptedFlag*> out;
    auto it = accepted_index.find(normalized(written));
    if (it == accepted_index.end()) return out;
    for (auto i : it->second)
        if (std::find(out.begin(), out.end(), &accepted[i]) == out.end()) out.push_back(&accepted[i]);
    return out;
}

bool FlagSpec::writable() const {
    // A list is not spelled back as words: a fix to one is left to the user.
    if (key.empty() || form == FlagForm::values) return false;
    return std::none_of(map.begin(), map.end(), [](const ValueMapping& m) { return m.from == "*"; });
}

std::optional<std::string> FlagSpec::word_for(const Value& value) const {
    if (!writable() || value.is_unknown() || value.is_null()) return std::nullopt;
    std::string text = display(value);
    if (map.empty()) return text;
    for (const auto& m : map)
        if (m.to == text) return m.from;
    return std::nullopt;
}

const FlagSpec* Launcher::find_flag(std::string_view written) const {
    std::string wanted = launch::normalized(written, either_separator);
    for (const auto& f : flags) {
        if (launch::normalized(f.flag, either_separator) == wanted) return &f;
        for (const auto& a : f.aliases)
            if (launch::normalized(a, either_separator) == wanted) return &f;
    }
    return nullptr;
}

std::vector<std::string> Launcher::spellings() const {
    std::vector<std::string> out;
    for (const auto& f : flags) {
        out.push_back(f.flag);
        out.insert(out.end(), f.aliases.begin(), f.aliases.end());
    }
    return out;
}

const Launcher* LauncherSet::find(std::string_view name) const {
    for (const auto& l : launchers)
        if (l.name == name) return &l;
    return nullptr;
}

std::vector<std::string> LauncherSet::names() const {
    std::vector<std::string> out;
    for (const auto& l : launchers) out.push_back(l.name);
    return out;
}

std::vector<const Launcher*> LauncherSet::of_framework(std::string_view framework, std::string_view backend) const {
    std::vector<const Launcher*> out;
    for (const auto& l : launchers)
        if (!framework.empty() && l.framework == framework) out.push_back(&l);
    std::stable_partition(out.begin(), out.end(), [&](const Launcher* l) { return !backend.empty() && l->backend == backend; });
    return out;
}

Result<LauncherSet> compile_launchers(const rules::RuleSet& rules) {
    LauncherSet set;
    auto table = [&](const char* name) -> const rules::Table* {
        auto it = rules.tables.find(name);
        return it == rules.tables.end() ? nullptr : &it->second;
    };
    if (const auto* t = table("launchers")) PREFLIGHT_TRY(add_launcher_rows(*t, set));
    if (const auto* t = table("launcher_flags")) PREFLIGHT_TRY(add_flag_rows(*t, set));
    if (const auto* t = table("launcher_env")) PREFLIGHT_TRY(add_env_rows(*t, set));
    PREFLIGHT_TRY(add_accepted_rows(table("launcher_flag_sources"), table("launcher_accepts"), set));
    return set;
}

std::vector<SpelledFlag> spell(const Launcher& launcher, const std::function<const Value*(const std::string& key)>& given) {
    std::vector<SpelledFlag> out;
    std::set<std::string> done;
    for (const auto& flag : launcher.flags) {
        // The first flag that can say the value writes the key: --rlhf_type says "grpo",
        // and --task_type after it says what --rlhf_type cannot.
        if (!flag.writable() || done.count(flag.key)) continue;
        const Value* value = given(flag.key);
        if (!value) continue;
        if (flag.form == FlagForm::kwarg) {
            done.insert(flag.key);
            out.push_back({&flag, display(*value), value});
            continue;
        }
        auto word = flag.word_for(*value);
        if (!word) continue;
        done.insert(flag.key);
        if (flag.form == FlagForm::switch_flag) {
            if (*word == "true") out.push_back({&flag, std::nullopt, value});
        } else {
            out.push_back({&flag, *word, value});
        }
    }
    return out;
}

std::vector<std::string> writable_keys(const Launcher& launcher) {
    std::vector<std::string> out;
    for (const auto& flag : launcher.flags)
        if (flag.writable() && std::find(out.begin(), out.end(), flag.key) == out.end()) out.push_back(flag.key);
    return out;
}

std::optional<Value> apply_map(const std::vector<ValueMapping>& map, const std::string& word, const Value& accelerator) {
    for (const auto& m : map) {
        if (m.from != "*" && m.from != word) continue;
        if (!m.accelerator.empty()) {
            if (accelerator.is_unknown() || accelerator.is_null()) return Value::unknown(FactRef::config("hardware.accelerator"));
            const auto* a = accelerator.get<std::string>();
            if (!a || *a != m.accelerator) continue;
        }
        return Value(m.to);
    }
    return std::nullopt;
}

}  // namespace preflight::launch
