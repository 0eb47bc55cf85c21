#include "launch/launch_patch.hpp"

#include <algorithm>

namespace preflight::launch {
namespace {

// The last flag that gives `key` (the parsers keep the last occurrence).
const ReadFlag* flag_for(const Launch& launch, const std::string& key) {
    const ReadFlag* found = nullptr;
    for (const auto& f : launch.flags)
        if (f.spec && f.spec->key == key) found = &f;
    return found;
}

// The edit that makes an existing flag say `value`; nullopt when its spelling cannot.
std::optional<ArgvEdit> edit_existing(const ReadFlag& flag, const std::string& key, const Value& value) {
    const FlagSpec& spec = *flag.spec;
    auto word = spec.word_for(value);
    if (!word) return std::nullopt;
    if (spec.form == FlagForm::switch_flag) {
        if (*word == "true") return ArgvEdit{key, flag.index, 0, {}};  // already on: nothing to change
        return ArgvEdit{key, flag.index, 1, {}};                       // off: the switch goes
    }
    if (flag.inline_value) return ArgvEdit{key, flag.index, 1, {flag.written + "=" + *word}};
    // `--flag` then its value words; a bare boolean flag (`--finetune`) gets its value.
    return ArgvEdit{key, flag.index, 1 + flag.values.size(), {flag.written, *word}};
}

}  // namespace

LaunchPatch plan_patch(const Command& command, const Launch& launch, const rules::Patch& patch) {
    LaunchPatch plan;
    for (const auto& [key, entry] : patch.config) {
        if (!entry.value) continue;
        if (const ReadFlag* existing = flag_for(launch, key)) {
            if (auto edit = edit_existing(*existing, key, *entry.value)) {
                if (!(edit->count == 0 && edit->words.empty())) plan.argv.push_back(std::move(*edit));
                continue;
            }
        }
        // clang 14 cannot capture a structured binding in a lambda.
        const std::string& wanted = key;
        const Value* value = &*entry.value;
        auto spelled = spell(*launch.launcher, [&](const std::string& k) { return k == wanted ? value : nullptr; });
        if (spelled.empty()) {
            // A switch asked off that the launch does not give is already off.
            bool off_switch = false;
            for (const auto& f : launch.launcher->flags)
                if (f.key == key && f.form == FlagForm::switch_flag &&
                    f.word_for(*entry.value) == std::optional<std::string>("false"))
                    off_switch = true;
            if (!off_switch) plan.unspellable.push_back(key);
            continue;
        }
        std::vector<std::string> words = {spelled.front().flag->flag};
        if (spelled.front().word) {
            if (spelled.front().flag->form == FlagForm::kwarg) words = {spelled.front().flag->flag + "=" + *spelled.front().word};
            else words.push_back(*spelled.front().word);
        }
        plan.argv.push_back({key, command.argv.size(), 0, std::move(words)});
    }
    std::stable_sort(plan.argv.begin(), plan.argv.end(), [](const ArgvEdit& a, const ArgvEdit& b) { return a.index < b.index; });
    for (const auto& [name, entry] : patch.env) {
        EnvEdit e{name, std::nullopt, nullptr};
        if (entry.value) e.value = display(*entry.value);
        if (auto it = command.env.find(name); it != command.env.end()) e.existing = &it->second;
        plan.env.push_back(std::move(e));
    }
    return plan;
}

std::vector<std::string> patched_argv(const std::vector<std::string>& argv, const LaunchPatch& plan) {
    std::vector<std::string> out;
    std::size_t next = 0;
    for (const auto& e : plan.argv) {
        while (next < e.index && next < argv.size()) out.push_back(argv[next++]);
        out.insert(out.end(), e.words.begin(), e.words.end());
        next = std::max(next, e.index + e.count);
    }
    while (next < argv.size()) out.push_back(argv[next++]);
    return out;
}

}  // namespace preflight::launch
