// `plugins list`: every plugin found, its version, API, file and capabilities, the
// files refused and why, and the directories searched, as text or JSON.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "output/style.hpp"
#include "plugin/discovery.hpp"

namespace preflight::output {

std::string plugin_listing_text(const plugin::PluginSet& set, const Style& style);

// {"api": "1.0", "plugins": [{name, version, api, path, description, capabilities,
// provides, functions: [{name, signature, doc}]}], "refused": [{path, plugin_api,
// reason}], "searched": [{path, from}]}.
nlohmann::ordered_json plugin_listing_json(const plugin::PluginSet& set);

}  // namespace preflight::output
