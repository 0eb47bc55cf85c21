#include "util/output_target.hpp"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

#include "util/input_file.hpp"

namespace preflight::util {
namespace {

constexpr const char* kAclXattr = "system.posix_acl_access";

tl::unexpected<FileError> cannot_write(const std::string& path, int err) {
    return file_error("cannot write: " + std::string(std::strerror(err)), path);
}

std::string directory_of(const std::string& path) {
    auto parent = std::filesystem::path(path).parent_path();
    return parent.empty() ? "." : parent.string();
}

std::string octal_mode(mode_t mode) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "%04o", static_cast<unsigned>(mode & 07777));
    return buf;
}

bool write_all(int fd, std::string_view content) {
    std::size_t done = 0;
    while (done < content.size()) {
        ssize_t n = ::write(fd, content.data() + done, content.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        done += static_cast<std::size_t>(n);
    }
    return true;
}

struct Resolved {
    std::string path;
    bool descriptor = false;  // a /proc link to an open descriptor (/dev/stdout, /dev/fd/N)
};

// Follows symbolic links in the last component to the file they finally name,
// even when that file does not exist yet. Links under /proc name open descriptors,
// not paths: they are written through, never resolved and renamed over.
FileResult<Resolved> resolve_links(const std::string& target) {
    std::string path = target;
    for (int hops = 0; hops < 40; ++hops) {
        std::string dir = directory_of(path);
        char real_dir[PATH_MAX];
        if (!realpath(dir.c_str(), real_dir)) {
            if (errno == ENOENT || errno == ENOTDIR)
                return file_error("cannot write: directory '" + dir + "' does not exist", target);
            return cannot_write(target, errno);
        }
        if (std::string_view(real_dir).starts_with("/proc/")) return Resolved{path, true};
        struct stat st {};
        if (lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return Resolved{path, false};
        std::vector<char> link(PATH_MAX + 1);
        ssize_t n = readlink(path.c_str(), link.data(), link.size() - 1);
        if (n < 0) return cannot_write(target, errno);
        std::string next(link.data(), static_cast<std::size_t>(n));
        path = next.front() == '/' ? next : dir + "/" + next;
    }
    return cannot_write(target, ELOOP);
}

// Opens what stands at `path` (a device, a FIFO, a descriptor link) and writes into it.
FileResult<void> write_through(const std::string& path, const std::string& target, std::string_view content, bool append) {
    // O_NONBLOCK on open: a FIFO without a reader fails with ENXIO instead of waiting.
    int flags = O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (append ? O_APPEND : 0);
    int fd = ::open(path.c_str(), flags);
    if (fd < 0) {
        if (errno == ENXIO) return file_error("cannot write: no process is reading this FIFO", target);
        return cannot_write(target, errno);
    }
    bool ok = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) == 0 && write_all(fd, content);
    int saved = errno;
    ok = (::close(fd) == 0) && ok;
    if (!ok) return cannot_write(target, saved);
    return {};
}

// The mode, owner and access ACL of `old` onto the temporary file that replaces it.
FileResult<void> keep_attributes(int fd, const std::string& path, const struct stat& old, bool force) {
    if ((old.st_uid != geteuid() || old.st_gid != getegid()) && fchown(fd, old.st_uid, old.st_gid) != 0 && !force)
        return file_error("cannot keep the owner " + std::to_string(old.st_uid) + ":" + std::to_string(old.st_gid) +
                              " of the file it would replace (" + std::strerror(errno) + "); give --force to replace it anyway",
                          path);
    // After fchown, which may clear set-id bits.
    if (fchmod(fd, old.st_mode & 07777) != 0) return cannot_write(path, errno);
    ssize_t size = getxattr(path.c_str(), kAclXattr, nullptr, 0);
    if (size > 0) {
        std::vector<char> acl(static_cast<std::size_t>(size));
        size = getxattr(path.c_str(), kAclXattr, acl.data(), acl.size());
        if (size > 0 && fsetxattr(fd, kAclXattr, acl.data(), static_cast<std::size_t>(size), 0) != 0 && !force)
            return file_error("cannot keep the ACL of the file it would replace (" + std::string(std::strerror(errno)) +
                                  "); give --force to replace it anyway",
                              path);
    }
    return {};
}

FileResult<void> replace_atomically(const std::string& path, std::string_view content, const struct stat* old, bool force) {
    std::string dir = directory_of(path);
    std::string tmp = dir + "/." + std::filesystem::path(path).filename().string() + ".preflight-XXXXXX";
    int fd = mkstemp(tmp.data());
    if (fd < 0) return cannot_write(path, errno);
    auto discard = [&](FileResult<void> r) {
        ::close(fd);
        ::unlink(tmp.c_str());
        return r;
    };
    if (old) {
        if (auto kept = keep_attributes(fd, path, *old, force); !kept) return discard(kept);
    } else {
        // The mode a plain new file would get, not mkstemp's 0600.
        mode_t mask = umask(0);
        umask(mask);
        if (fchmod(fd, 0666 & ~mask) != 0) return discard(cannot_write(path, errno));
    }
    if (!write_all(fd, content) || fsync(fd) != 0) return discard(cannot_write(path, errno));
    if (::close(fd) != 0) {
        int saved = errno;
        ::unlink(tmp.c_str());
        return cannot_write(path, saved);
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        int saved = errno;
        ::unlink(tmp.c_str());
        return cannot_write(path, saved);
    }
    // The rename itself survives a crash once the directory is on disk too.
    if (int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dfd >= 0) {
        fsync(dfd);
        ::close(dfd);
    }
    return {};
}

}  // namespace

FileResult<void> write_output(const std::string& target, std::string_view content, const OutputOptions& options) {
    if (target == "-") {
        if (!write_all(STDOUT_FILENO, content))
            return file_error("cannot write to standard output: " + std::string(std::strerror(errno)));
        return {};
    }
    auto resolved = resolve_links(target);
    if (!resolved) return tl::unexpected(resolved.error());
    const std::string& path = resolved->path;
    struct stat st {};
    bool exists = ::stat(path.c_str(), &st) == 0;
    if (!exists && errno != ENOENT) return cannot_write(target, errno);
    if (exists && !S_ISREG(st.st_mode)) {
        if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) return write_through(path, target, content, options.append);
        return file_error("cannot write: the output is " + std::string(file_type_name(st.st_mode)) +
                              "; give a regular file, a character device, a FIFO or '-'",
                          target);
    }
    // Standard output redirected to a file (`-o /dev/stdout > log`): add to what the
    // shell opened, at its end, never truncating or renaming over it.
    if (resolved->descriptor) return write_through(path, target, content, true);
    if (exists && !options.force && ((st.st_mode & 0222) == 0 || ::access(path.c_str(), W_OK) != 0))
        return file_error(
            "refusing to replace a read-only file (mode " + octal_mode(st.st_mode) + "); give --force to replace it anyway",
            target);
    if (options.append) {
        int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_NOCTTY | O_CLOEXEC, 0666);
        if (fd < 0) return cannot_write(target, errno);
        bool ok = write_all(fd, content);
        int saved = errno;
        ok = (::close(fd) == 0) && ok;
        if (!ok) return cannot_write(target, saved);
        return {};
    }
    return replace_atomically(path, content, exists ? &st : nullptr, options.force);
}

}  // namespace preflight::util
