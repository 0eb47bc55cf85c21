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

// Something the scan did not read, and why: an archive inside an archive (or one
// lying in a scanned directory), a link, a special file, a file or folder it could
// not open.
struct ScanSkip {
    std::string member;
    std::string reason;
};

struct ScanResult {
    std::vector<ScannedDist> dists;
    std::vector<ScannedLibrary> libraries;
    std::vector<ScanSkip> skipped;
};

struct ScanOptions {
    ArchiveLimits limits{8ull << 30, 64ull << 30, 200.0};
    // Called now and then: the bytes read (uncompressed), and of the input file the bytes
    // consumed and its size (both 0 for a directory), from which the time left follows.
    std::function<void(std::uint64_t bytes, std::uint64_t consumed, std::uint64_t total)> progress;
};

// Files of a directory are read as a stream too, 256 KiB at a time, so memory does not
// grow with their size. Errors (exit 2) name the member: hostile members as
// ArchiveGuard refuses them, truncated or corrupt data, an unreadable PATH itself.
Result<ScanResult> scan_path(const std::string& path, const ScanOptions& options = {});

}  // namespace preflight::facts
