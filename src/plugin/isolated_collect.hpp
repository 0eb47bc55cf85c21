// Runs a plugin's fact collector in a forked child with a deadline, so that a
// collector that hangs or crashes costs its own facts and nothing else: the parent
// reports it by name (`plugin cuda: timed out after 30 s`, `plugin cuda: crashed
// with SIGSEGV`) and goes on. The child is a copy of this process, so the host the
// collector reads through (files, tools, variables, settings) runs in the child
// unchanged, built-in plugins of the static binary included; only what the
// collector emits, and its return code and message, come back over a pipe, and the
// parent converts them exactly as an in-process collection does (FactSink).
#pragma once

#include <chrono>

#include "plugin/collect.hpp"

namespace preflight::plugin {

// What a probe allows one collector by default: two of its tools at their 10 s limit
// (plugins/common/plugin_support.hpp) and room to spare.
inline constexpr std::chrono::milliseconds kCollectDeadline{30000};

// A hang, a crash or an error is the error value, naming the plugin.
tl::expected<Collection, std::string> collect_facts_isolated(const Plugin& plugin, Host& host, const SchemeOf& scheme_of,
                                                             std::chrono::milliseconds deadline = kCollectDeadline);

// "SIGSEGV" for 11; "signal N" for one without a name.
std::string signal_name(int sig);

}  // namespace preflight::plugin
