// Whether a launcher accepts a flag its key rows do not name: by the generated tables of
// every flag it accepts (the launcher-flag-tables pack) at the installed release line of
// each package whose parser it runs. A valid flag is never reported as a typo; a flag the
// installed parser refuses is an error, and one that no release read accepts is a
// warning while the installed version is not known.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "core/error.hpp"
#include "core/fact.hpp"
#include "core/severity.hpp"
#include "launch/launcher.hpp"

namespace preflight::launch {

struct FlagFinding {
    Severity severity = Severity::warning;
    std::string message;
};

// nullopt: the flag is accepted, or may be (no full list, or a version not known that
// accepts it): it is only not interpreted. `packages`: the run configuration's
// [packages] (normalized names), nullptr when none are known.
std::optional<FlagFinding> judge_flag(const Launcher& launcher, const std::string& written, const FactMap* packages);

// The type the tables give a flag's words ("switch", "bool", "list", …), "" when none does.
std::string accepted_type(const Launcher& launcher, const std::string& written);

}  // namespace preflight::launch
