// The fact sources behind facts::FactSource: the live node, a snapshot bundle, a
// freeze file. Tests use a FakeSource of their own.
#pragma once

#include <memory>
#include <string>

#include "facts/freeze_file.hpp"
#include "facts/live_probe.hpp"
#include "facts/node_facts.hpp"
#include "facts/snapshot.hpp"

namespace preflight::facts {

class LiveProbeSource : public FactSource {
public:
    LiveProbeSource(ProbeOptions options, SchemeOf scheme_of) : options_(std::move(options)), scheme_of_(std::move(scheme_of)) {}
    Result<NodeFacts> collect() override { return probe_node(options_, scheme_of_); }

private:
    ProbeOptions options_;
    SchemeOf scheme_of_;
};

class SnapshotSource : public FactSource {
public:
    explicit SnapshotSource(std::string path) : path_(std::move(path)) {}
    Result<NodeFacts> collect() override { return read_snapshot(path_); }

private:
    std::string path_;
};

class FreezeFileSource : public FactSource {
public:
    FreezeFileSource(std::string path, SchemeOf scheme_of) : path_(std::move(path)), scheme_of_(std::move(scheme_of)) {}
    Result<NodeFacts> collect() override { return read_freeze_file(path_, scheme_of_); }

private:
    std::string path_;
    SchemeOf scheme_of_;
};

}  // namespace preflight::facts
