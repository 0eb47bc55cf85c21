// The one wording of a fix, wherever it is shown: a finding's fixes (text and the
// JSON "fixes" list), `preflight explain` and the rule reference. It sits beside
// the engine because findings carry it as data.
#pragma once

#include <optional>
#include <string>

#include "core/value.hpp"
#include "rules/rule_set.hpp"

namespace preflight::rules {

// A fix with the value it writes: "set env USE_MCORE_GDN=0", "unset env NAME",
// "set train.packing = false", "unset train.packing"; "(suggested)" follows a
// fix that only --apply-suggested applies.
std::string fix_text(const Fix& fix, const std::optional<Value>& value);

// A fix as its pack declares it, before any job: a literal value as above, an
// expression as its source in backticks ("set env X=`alloc_conf_set(…)`"); no
// safe/suggested mark (each page says that in its own words).
std::string declared_fix_text(const Fix& fix);

}  // namespace preflight::rules
