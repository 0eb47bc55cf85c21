#include "rules/patched_state.hpp"

#include <map>

namespace preflight::rules {

std::vector<LaunchVar> launch_environment(const facts::FactSet& facts, const Patch& patch) {
    std::map<std::string, LaunchVar> vars;
    for (const auto& [name, fact] : facts.env)
        if (fact.origin.kind == OriginKind::job)
            if (const auto* s = fact.value.get<std::string>()) vars[name] = LaunchVar{name, *s, ""};
    for (const auto& [name, entry] : patch.env) {
        std::optional<std::string> value;
        if (entry.value) value = display(*entry.value);
        vars[name] = LaunchVar{name, value, entry.rule};
    }
    std::vector<LaunchVar> out;
    for (auto& [name, var] : vars) out.push_back(std::move(var));
    return out;
}

}  // namespace preflight::rules
