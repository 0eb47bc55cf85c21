// Reading the files a user names (job, config.json, packs, freeze files, bundles):
// regular files only, under a size limit per kind, with reads that cannot block.
// A FIFO, a device, a socket or a directory is refused by name before a byte is read.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "util/file_error.hpp"

namespace preflight::util {

// What a file is for, and how large it may be.
struct InputKind {
    std::string_view what;  // "the run configuration", "the rule pack" …
    std::uint64_t max_bytes;
};

inline constexpr std::uint64_t kMiB = 1024 * 1024;
inline constexpr InputKind kJobFile{"the run configuration", 16 * kMiB};
inline constexpr InputKind kModelConfigFile{"the model config.json", 16 * kMiB};
inline constexpr InputKind kPackFile{"the rule pack", 16 * kMiB};
inline constexpr InputKind kPackDocument{"the rule document", 4 * kMiB};  // explain pages, test expectations
inline constexpr InputKind kFreezeFile{"the freeze file", 64 * kMiB};
inline constexpr InputKind kSnapshotBundle{"the snapshot bundle", 1024 * kMiB};
inline constexpr InputKind kScanArchive{"the archive to scan", 64 * 1024 * kMiB};  // members are bounded by the archive guard

// "a directory", "a FIFO (named pipe)", "a character device" … for a stat(2) mode.
std::string_view file_type_name(unsigned mode);

// An open, regular, size-checked file; closes itself.
class InputFd {
public:
    InputFd() = default;
    InputFd(int fd, std::uint64_t size) : fd_(fd), size_(size) {}
    InputFd(InputFd&& o) noexcept : fd_(o.fd_), size_(o.size_) { o.fd_ = -1; }
    InputFd& operator=(InputFd&& o) noexcept;
    InputFd(const InputFd&) = delete;
    InputFd& operator=(const InputFd&) = delete;
    ~InputFd();
    int fd() const { return fd_; }
    std::uint64_t size() const { return size_; }
    int release() { return std::exchange(fd_, -1); }

private:
    int fd_ = -1;
    std::uint64_t size_ = 0;
};

// Opens `path` without blocking (O_NONBLOCK) and checks, on the open descriptor,
// that it is a regular file no larger than `kind.max_bytes`.
FileResult<InputFd> open_input(const std::string& path, const InputKind& kind);

// The whole file, read through open_input; a file that grows past the limit while
// it is read is refused too.
FileResult<std::string> read_input(const std::string& path, const InputKind& kind);

}  // namespace preflight::util
