#include "util/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "util/embedded_files.hpp"

namespace preflight::util {
namespace {

std::string size_text(std::uint64_t bytes) {
    if (bytes >= kMiB && bytes % kMiB == 0) return std::to_string(bytes / kMiB) + " MiB";
    return std::to_string(bytes) + " bytes";
}

tl::unexpected<FileError> too_large(const std::string& path, const InputKind& kind, std::uint64_t size, bool at_least) {
    return file_error(std::string(kind.what) + " is " + (at_least ? "more than " : "") + size_text(size) + "; the limit is " +
                          size_text(kind.max_bytes),
                      path);
}

}  // namespace

std::string_view file_type_name(unsigned mode) {
    switch (mode & S_IFMT) {
        case S_IFREG: return "a regular file";
        case S_IFDIR: return "a directory";
        case S_IFIFO: return "a FIFO (named pipe)";
        case S_IFCHR: return "a character device";
        case S_IFBLK: return "a block device";
        case S_IFSOCK: return "a socket";
        case S_IFLNK: return "a symbolic link";
        default: return "not a regular file";
    }
}

InputFd& InputFd::operator=(InputFd&& o) noexcept {
    if (this != &o) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = o.fd_;
        size_ = o.size_;
        o.fd_ = -1;
    }
    return *this;
}

InputFd::~InputFd() {
    if (fd_ >= 0) ::close(fd_);
}

FileResult<InputFd> open_input(const std::string& path, const InputKind& kind) {
    // O_NONBLOCK: opening a FIFO nobody writes to must not wait for a writer.
    int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return file_error("cannot read " + std::string(kind.what) + ": " + std::strerror(errno), path);
    InputFd file(fd, 0);
    struct stat st {};
    if (fstat(fd, &st) != 0) return file_error("cannot read " + std::string(kind.what) + ": " + std::strerror(errno), path);
    if (!S_ISREG(st.st_mode))
        return file_error(
            std::string(kind.what) + " must be a regular file, but this is " + std::string(file_type_name(st.st_mode)), path);
    auto size = static_cast<std::uint64_t>(st.st_size);
    if (size > kind.max_bytes) return too_large(path, kind, size, false);
    return InputFd(file.release(), size);
}

FileResult<std::string> read_input(const std::string& path, const InputKind& kind) {
    if (path.starts_with(kEmbeddedPrefix)) {
        if (auto text = embedded_file(path)) return std::string(*text);
        return file_error("cannot read " + std::string(kind.what) + ": not embedded in this binary", path);
    }
    auto file = open_input(path, kind);
    if (!file) return tl::unexpected(file.error());
    std::string out;
    out.reserve(static_cast<std::size_t>(file->size()));
    char buf[65536];
    while (true) {
        ssize_t n = ::read(file->fd(), buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return file_error("cannot read " + std::string(kind.what) + ": " + std::strerror(errno), path);
        if (n == 0) break;
        out.append(buf, static_cast<std::size_t>(n));
        if (out.size() > kind.max_bytes) return too_large(path, kind, kind.max_bytes, true);
    }
    return out;
}

}  // namespace preflight::util
