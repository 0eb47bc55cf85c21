// A plugin's rule-language functions in the language's function table: each call is
// type-checked against the declared argument types when a pack loads, and its
// arguments and result cross the C boundary as preflight_value.
#pragma once

#include "plugin/loader.hpp"

namespace preflight::plugin {

// Adds every function of `plugin` to lang's function table; returns the names
// refused because a function of that name already exists.
std::vector<std::string> register_functions(const Plugin& plugin);

}  // namespace preflight::plugin
