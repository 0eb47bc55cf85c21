// `preflight scan PATH`: what a wheel, sdist, tarball, .deb or directory carries,
// read as a stream (nothing is extracted): the distributions it holds, from their own
// metadata, and the SHA-256 of every shared library in it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "facts/archive_guard.hpp"

namespace preflight::facts {

struct ScannedDist {
    std::string name, version, member;
};

struct ScannedLibrary {
    std::string member;  // path inside the archive or directory
    std::string sha256;
    std::uint64_t size = 0;
};

struct ScanResult {
    std::vector<ScannedDist> dists;
    std::vector<ScannedLibrary> libraries;
};

struct ScanOptions {
    ArchiveLimits limits{8ull << 30, 64ull << 30, 200.0};
    std::function<void(std::uint64_t bytes)> progress;  // called now and then with bytes read
};

// Errors (exit 2) name the member: hostile members as ArchiveGuard refuses them,
// truncated or corrupt data, an unreadable path.
Result<ScanResult> scan_path(const std::string& path, const ScanOptions& options = {});

}  // namespace preflight::facts
