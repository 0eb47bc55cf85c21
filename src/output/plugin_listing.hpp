// `plugins list`: every plugin found, its version, API, file (or "built in") and
// capabilities, the files refused and why, and the directories searched, as text or
// JSON; and the refusals other commands report.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "output/style.hpp"
#include "plugin/discovery.hpp"

namespace preflight::output {

std::string plugin_listing_text(const plugin::PluginSet& set, const Style& style);

// {"api": "1.0", "plugins": [{name, version, api, path (null for a built-in), origin,
// description, capabilities, provides, functions: [{name, signature, doc}]}],
// "refused": [{path, plugin_api, reason}], "searched": [{path, from}]}.
nlohmann::ordered_json plugin_listing_json(const plugin::PluginSet& set);

// [{path, plugin_api, reason, message}]: `message` as the warning line says it.
nlohmann::ordered_json plugin_refusals_json(const std::vector<plugin::Refusal>& refusals);

// One warning line per refused plugin, for the stderr of any command that loads
// plugins: the file, the reason and both API versions.
std::string plugin_refusal_warnings(const plugin::PluginSet& set, const Style& style);

}  // namespace preflight::output
