#include "app/launch_input.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "config/merge_under.hpp"
#include "facts/model_config_path.hpp"
#include "launch/shell_script.hpp"

extern char** environ;

namespace preflight::app {
namespace {

constexpr const char* kNotInterpreted = "launch-not-interpreted";
constexpr const char* kNotReached = "launch-not-reached";

// The launchers a command can be recognised as (some are only spelled by `args`).
std::vector<std::string> recognisable(const launch::LauncherSet& set) {
    std::vector<std::string> names;
    for (const auto& l : set.launchers)
        if (!l.recognised_by.empty() && std::find(names.begin(), names.end(), l.name) == names.end()) names.push_back(l.name);
    return names;
}

std::string text_of(const launch::Word& w) { return w.text ? *w.text : "?"; }

// "megatron sft", "torchrun … pretrain_gpt.py": the words that named the launcher.
std::string launcher_words(const launch::Command& c, const launch::Launch& l) {
    std::string out;
    std::size_t shown = 0;
    for (const auto& w : c.argv) {
        if (w.text && w.text->starts_with("-")) break;
        out += (out.empty() ? "" : " ") + text_of(w);
        if (++shown == 2) break;
    }
    return out.empty() ? l.launcher->name : out;
}

// The model's config.json where the launch's hub would have put it: its keys then come
// from the file, located at the --model flag.
Result<void> find_model(config::RunConfig& cfg, const launch::Command& command, const std::string& base_dir) {
    auto id = cfg.values.find("model.id");
    if (id == cfg.values.end() || !id->second.value.get<std::string>() || cfg.values.count("model.config")) return {};
    facts::ModelConfigQuery q;
    q.model = *id->second.value.get<std::string>();
    q.base_dir = base_dir;
    q.env = [&command](const std::string& name) -> std::optional<std::string> {
        if (auto it = command.env.find(name); it != command.env.end()) return it->second.value;
        return std::nullopt;
    };
    // Which hub the launch downloads from is the launcher tables' to say (model.hub).
    if (auto hub = cfg.values.find("model.hub"); hub != cfg.values.end())
        q.hugging_face_first = hub->second.value == Value("huggingface");
    auto found = facts::find_model_config(q);
    if (!found) return {};
    Location where = id->second.origin.where;
    where.key = "model.config";
    cfg.values["model.config"] = Fact{Value(found->path), Origin{OriginKind::job, where, {}}};
    return config::read_model_config(cfg);
}

Result<std::vector<config::RunConfig>> load_with(const rules::RuleSet& rules, const std::vector<std::string>& with) {
    std::vector<config::RunConfig> out;
    for (const auto& file : with)
        out.push_back(
            PREFLIGHT_TRY(config::load_partial_run_config(file, [&](const std::string& p) { return rules.scheme_of(p); })));
    return out;
}

Result<LaunchRead> read_one(const launch::Command& command, const launch::LauncherSet& launchers, const rules::RuleSet& rules,
                            const std::vector<std::string>& with, const std::string& base_dir, bool script) {
    // The installed versions decide which flags the launcher accepts, so the --with files
    // are read first; the first file that names a package gives it, as merge_under does.
    auto partials = PREFLIGHT_TRY(load_with(rules, with));
    FactMap packages;
    for (const auto& p : partials) packages.insert(p.packages.begin(), p.packages.end());
    auto launch = PREFLIGHT_TRY(launch::read_launch(command, launchers, &packages));
    auto& cfg = launch.config;
    // A script's [env] is what it sets; the environment preflight runs in is not the
    // launch node's. A command line run here (`check --`, `exec`) sees this one.
    if (script)
        for (auto it = cfg.env.begin(); it != cfg.env.end();) {
            auto b = command.env.find(it->first);
            it = b != command.env.end() && b->second.from_calling_env ? cfg.env.erase(it) : std::next(it);
        }
    for (const auto& p : partials) config::merge_under(cfg, p);
    config::fill_key_defaults(cfg);
    PREFLIGHT_TRY(find_model(cfg, command, base_dir));
    std::string label = command.where.file.empty()
                            ? launcher_words(command, launch)
                            : fmt::format("{}:{}: {}", command.where.file, command.where.line, launcher_words(command, launch));
    // A launch that runs on one path of the script only says which.
    if (!command.context.empty()) label += " (" + command.context + ")";
    return LaunchRead{label, command, std::move(launch)};
}

// Where a launch may be that the reader did not read: commands whose name is not
// known, eval, and blocks or functions it did not run that start a launcher's program.
std::vector<launch::Skipped> unread_launches(const launch::Script& script, const launch::LauncherSet& launchers) {
    std::vector<launch::Skipped> out;
    for (const auto& c : script.commands)
        if (!c.argv.empty() && !c.argv.front().text)
            out.push_back({c.where, "a command whose name is not known (" + c.argv.front().unknown_because + ")", {}, false});
    for (const auto& s : script.skipped) {
        bool launches = s.runs_unknown || std::any_of(s.runs.begin(), s.runs.end(), [&](const std::string& w) {
                            return launch::may_start_launch(w, launchers);
                        });
        if (launches) out.push_back(s);
    }
    // In the script's line order; places in the files it sources after them.
    auto key = [&](const launch::Skipped& s) { return std::pair{s.where.file != script.path, s.where.line}; };
    std::stable_sort(out.begin(), out.end(), [&](const auto& a, const auto& b) { return key(a) < key(b); });
    return out;
}

}  // namespace

std::map<std::string, std::string> process_environment() {
    std::map<std::string, std::string> env;
    for (char** e = environ; e && *e; ++e) {
        std::string entry(*e);
        auto eq = entry.find('=');
        if (eq != std::string::npos) env.emplace(entry.substr(0, eq), entry.substr(eq + 1));
    }
    return env;
}

bool is_launch_script(const std::string& path) {
    if (path.ends_with(".sh") || path.ends_with(".bash")) return true;
    if (path.ends_with(".toml")) return false;
    // Only a regular file's first line: a FIFO or a device is left to the job reader,
    // which refuses it with a clear error instead of blocking here.
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return false;
    std::ifstream in(path, std::ios::binary);
    std::string first;
    first.resize(128);
    in.read(first.data(), static_cast<std::streamsize>(first.size()));
    first.resize(static_cast<std::size_t>(in.gcount()));
    if (!first.starts_with("#!")) return false;
    first = first.substr(0, first.find('\n'));
    return first.find("sh") != std::string::npos;
}

Result<LaunchInput> read_launch_script(const std::string& path, const rules::RuleSet& rules, const std::vector<std::string>& with,
                                       bool require_launch) {
    LaunchInput input{path, std::make_unique<launch::LauncherSet>(PREFLIGHT_TRY(launch::compile_launchers(rules))), {}};
    const auto& launchers = *input.launchers;
    launch::ReadOptions options;
    options.calling_env = process_environment();
    options.script_args = std::vector<std::string>{};  // run as written, with no arguments
    options.working_dir = ".";                         // run from here, as `bash path/to/train.sh` would be
    auto script = PREFLIGHT_TRY(launch::read_script(path, options));
    std::string base_dir = std::filesystem::path(path).parent_path().string();
    for (const auto& command : script.commands) {
        if (!launch::recognise(command, launchers)) continue;
        auto one = PREFLIGHT_TRY(read_one(command, launchers, rules, with, base_dir, true));
        // What the reader did not interpret is a note of every launch: the values it
        // touches are unknown, and the rules over them undetermined.
        for (const auto& s : script.skipped)
            if (command.stops.empty() || s.where.file != command.stops_at.file || s.where.line != command.stops_at.line ||
                s.where.column != command.stops_at.column)  // said below, as an error
                one.launch.config.diagnostics.push_back({Severity::info, kNotInterpreted, s.what, s.where});
        // Bash stops the script while expanding the launch's words: it never runs.
        if (!command.stops.empty())
            one.launch.config.diagnostics.push_back(
                {Severity::error, kNotReached, "this launch never runs: " + command.stops, command.stops_at});
        input.launches.push_back(std::move(one));
    }
    if (!input.launches.empty()) return input;
    // Each command considered, by its line, so the one meant as the launch can be found.
    constexpr std::size_t kShown = 12;
    std::vector<std::string> considered;
    for (const auto& c : script.commands) {
        if (considered.size() == kShown) {
            considered.push_back(fmt::format("and {} more", script.commands.size() - kShown));
            break;
        }
        std::string words;
        for (std::size_t k = 0; k < c.argv.size() && k < 3; ++k) words += (k ? " " : "") + text_of(c.argv[k]);
        if (c.argv.size() > 3) words += " …";
        considered.push_back(fmt::format("line {}: {}", c.where.line, words));
    }
    input.no_launch =
        fmt::format("none of its {} command{} is one the loaded launchers recognise ({}){}{}", script.commands.size(),
                    script.commands.size() == 1 ? "" : "s", fmt::join(recognisable(launchers), ", "),
                    considered.empty() ? "" : "; commands considered: ", fmt::join(considered, "; "));
    input.unread = unread_launches(script, launchers);
    input.stop = script.stop;
    if (!require_launch) return input;
    if (!input.unread.empty() || input.stop) return tl::unexpected(unread_launch_error(input));
    return fail(fmt::format("no launch in {}: {}", path, input.no_launch), Location{path});
}

Error unread_launch_error(const LaunchInput& input) {
    // Bash never gets past the stop: what follows is never run, launch or not.
    if (input.stop)
        return Error{fmt::format("no launch in {}: bash stops the script on line {}{}, before any launch: {}", input.path,
                                 input.stop->where.line,
                                 input.stop->where.file == input.path ? "" : " of " + input.stop->where.file, input.stop->what),
                     input.stop->where};
    std::vector<std::string> where;
    for (const auto& u : input.unread)
        where.push_back(
            fmt::format("line {}{}: {}", u.where.line, u.where.file == input.path ? "" : " of " + u.where.file, u.what));
    const Location& at = input.unread.front().where;
    return Error{fmt::format("no launch read in {}: a launch may be where the reader cannot read it ({}); give the launch "
                             "as a command line (check -- …), or exclude the file",
                             input.path, fmt::join(where, "; ")),
                 at};
}

Result<LaunchInput> read_launch_argv(const std::vector<std::string>& argv, const rules::RuleSet& rules,
                                     const std::vector<std::string>& with) {
    LaunchInput input{"", std::make_unique<launch::LauncherSet>(PREFLIGHT_TRY(launch::compile_launchers(rules))), {}};
    const auto& launchers = *input.launchers;
    auto command = launch::command_from_argv(argv, process_environment());
    if (!launch::recognise(command, launchers))
        return fail(fmt::format("'{}' is no launch the loaded launchers recognise ({})", argv.empty() ? "" : argv.front(),
                                fmt::join(recognisable(launchers), ", ")));
    input.launches.push_back(PREFLIGHT_TRY(read_one(command, launchers, rules, with, ".", false)));
    return input;
}

}  // namespace preflight::app
