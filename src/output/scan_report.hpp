// `scan`'s report: the distributions and shared-library digests found inside an
// archive or directory, each digest matched against the known ones.
#pragma once

#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "facts/scan.hpp"

namespace preflight::output {

// sha256 → what the packs' known_binaries tables say of it ("known" when they say nothing).
using KnownDigests = std::map<std::string, std::string>;

// "dist NAME VERSION  (member)", "lib  MEMBER  sha256 …  N bytes  [known: note]", "skip MEMBER  (reason)".
std::string scan_text(const facts::ScanResult& scan, const KnownDigests& known);

// {"path", "distributions", "libraries" (known: the note or null), "skipped"}.
nlohmann::ordered_json scan_json(const std::string& path, const facts::ScanResult& scan, const KnownDigests& known);

}  // namespace preflight::output
