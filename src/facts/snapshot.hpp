// Snapshot bundles: a node's facts written by `probe -o SNAP.tar.gz` on the node and
// read by `check --env SNAP.tar.gz` where the node cannot be reached.
//
// The bundle is a gzip'd tar holding manifest.json (format version, node, host, time,
// preflight version), facts.json (the facts with their origins) and evidence/ (the
// small files the facts were read from, bounded in size).
#pragma once

#include <string>

#include "facts/archive_guard.hpp"
#include "facts/node_facts.hpp"

namespace preflight::facts {

inline constexpr int kSnapshotFormat = 1;

// Who wrote a bundle, and when. `node` is the scheduler's name for the node (probe
// --node, $SLURMD_NODENAME, else the host name); bundles written before it was
// recorded read with node = host.
struct SnapshotManifest {
    std::string node;
    std::string host;
    std::string time;  // UTC, ISO 8601
    std::string preflight_version;
};

struct Snapshot {
    SnapshotManifest manifest;
    NodeFacts facts;
};

// The bundle's bytes (a gzip'd tar); the caller writes them where -o says. An empty
// `node_name` records the host name.
Result<std::string> snapshot_bundle(const NodeFacts& node, const std::vector<std::string>& evidence_files,
                                    const std::string& node_name = {});

// The name a probe on this node records: $SLURMD_NODENAME when set, else the host name.
std::string default_node_name();

// Refuses, naming the member: absolute or `..` paths, links, devices and other
// non-regular members, duplicates, truncated or corrupt data, and members or totals
// past the limits.
Result<NodeFacts> read_snapshot(const std::string& path, const ArchiveLimits& limits = {});
// The same, with the manifest. `documents_only` stops once manifest.json and
// facts.json are read (probe writes them first): the evidence after them is neither
// read nor checked, which is what `fleet` needs of ten thousand bundles.
Result<Snapshot> read_snapshot_bundle(const std::string& path, const ArchiveLimits& limits = {}, bool documents_only = false);

}  // namespace preflight::facts
