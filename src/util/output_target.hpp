// The one way every command writes an output (-o, --in-place): nothing half-written
// is ever left behind, and what already stands at the target keeps what it is.
//
//   "-"                         standard output
//   a missing file              created beside its siblings, mode 0666 less the umask
//   a regular file              replaced atomically (temporary file, fsync, rename);
//                               its mode, owner and POSIX ACL are kept; a read-only
//                               one (no w bit, or not writable by this user) is
//                               refused unless `force`
//   a symbolic link             followed: the file it names is replaced, the link stays
//   a character device, a FIFO  opened and written through, never renamed over
//   (or /dev/stdout, /dev/fd/N) (a FIFO nobody reads is refused rather than waited on)
//   a directory, a block device, a socket: refused
#pragma once

#include <string>
#include <string_view>

#include "util/file_error.hpp"

namespace preflight::util {

struct OutputOptions {
    bool append = false;  // add to the end ($GITHUB_ENV) instead of replacing
    bool force = false;   // replace a read-only file (and one whose owner cannot be kept)
};

FileResult<void> write_output(const std::string& target, std::string_view content, const OutputOptions& options = {});

}  // namespace preflight::util
