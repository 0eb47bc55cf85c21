// The member checks every archive reader applies before trusting a member: no path
// leaving the archive, no links or special files, no duplicates, and bounds on
// decompressed sizes and on the decompression ratio.
#pragma once

#include <cstdint>
#include <set>
#include <string>

#include "core/error.hpp"

struct archive;
struct archive_entry;

namespace preflight::facts {

// libarchive's message for the last error of `a`; some failures (a corrupt zip
// header) leave none, where archive_error_string returns NULL.
std::string archive_error_text(archive* a);

struct ArchiveLimits {
    std::uint64_t max_member = 16ull << 20;  // bytes, any one member once decompressed
    std::uint64_t max_total = 64ull << 20;   // bytes, all members
    double max_ratio = 200.0;                // decompressed / archive size, past the first MiB
};

class ArchiveGuard {
public:
    ArchiveGuard(std::string archive_path, std::uint64_t archive_size, ArchiveLimits limits)
        : path_(std::move(archive_path)), size_(archive_size), limits_(limits) {}

    // Whether to read the member; an error refuses the whole archive. Directories are
    // skipped (false).
    Result<bool> admit(archive_entry* e);
    // Called for every block read from the admitted member.
    Result<void> count(std::uint64_t bytes);
    const std::string& member() const { return member_; }

private:
    tl::unexpected<Error> refuse(const std::string& why) const;
    std::string path_;
    std::uint64_t size_;
    ArchiveLimits limits_;
    std::set<std::string> names_;
    std::string member_;
    std::uint64_t member_bytes_ = 0, total_ = 0;
};

}  // namespace preflight::facts
