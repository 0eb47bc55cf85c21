// Snapshot bundles: a node's facts written by `probe -o SNAP.tar.gz` on the node and
// read by `check --env SNAP.tar.gz` where the node cannot be reached.
//
// The bundle is a gzip'd tar holding manifest.json (format version, host, time,
// preflight version), facts.json (the facts with their origins) and evidence/ (the
// small files the facts were read from, bounded in size).
#pragma once

#include <string>

#include "facts/archive_guard.hpp"
#include "facts/node_facts.hpp"

namespace preflight::facts {

inline constexpr int kSnapshotFormat = 1;

// The bundle's bytes (a gzip'd tar); the caller writes them where -o says.
Result<std::string> snapshot_bundle(const NodeFacts& node, const std::vector<std::string>& evidence_files);

// Refuses, naming the member: absolute or `..` paths, links, devices and other
// non-regular members, duplicates, truncated or corrupt data, and members or totals
// past the limits.
Result<NodeFacts> read_snapshot(const std::string& path, const ArchiveLimits& limits = {});

}  // namespace preflight::facts
